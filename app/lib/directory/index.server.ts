// The one door to the directory that routes read through (the jobs reach their adapters
// themselves): this request's directory (the configured backend, its calls timed as `db` in
// Server-Timing and its answers kept in the query cache), the search as a whole (the location
// box read, the place looked up, then the page), and the 503 page when a backend cannot
// answer (`guard`). The writes have a door of their own (./stores.server.ts). Routes never import an adapter: only the doors and the
// scheduled jobs' .server files do (eslint.config.js holds it).
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, type Backend, edgeCache } from "../web/config.server";
import type { Timing, TimingName } from "../web/timing.server";
import type { Diet } from "../search/diet";
import { serialiseSearch, type Search } from "../search/search-url";
import { landingSearch } from "../search/city-search";
import {
  placeLookupOf,
  searchScope,
  type LatLng,
  type Place,
  type PlaceLookupResult,
  type SearchScope,
} from "../places/places";
import {
  DETAIL_MONTHS,
  LISTED_CONFIRMATIONS,
  monthOf,
  monthsBefore,
  type DinerConfirmations,
} from "../trust/confirmations";
import { combineLookups, countryAreaLabel, countryAreaOf, worldReadingOf } from "../places/world";
import type { City } from "./landing-rows";
import {
  DirectoryUnavailableError,
  type CappedCount,
  type CountRequest,
  type Directory,
  type RestaurantPage,
} from "./port";
import { createD1Directory } from "./d1/directory.server";
import { createSupabaseDirectory } from "./supabase/directory.server";

/** What the 503 page says, and when it asks to be tried again. */
const UNAVAILABLE_MESSAGE = "The restaurant directory is temporarily unavailable. Please try again in a moment.";
const RETRY_AFTER_SECONDS = 30;

/** The 503 response a route throws when the directory cannot answer. */
export function unavailable(): never {
  throw data(
    { message: UNAVAILABLE_MESSAGE },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

/** A backend setting missing or malformed: logged, and the 503 page. */
export function misconfigured(reason: string): never {
  console.error(`[directory] ${reason}`);
  unavailable();
}

/**
 * For routes that answer with a file rather than a page (the sitemaps): what guard() and a
 * missing configuration throw as the 503 page becomes a plain-text 503 with Retry-After
 * (Remix would answer a thrown `data()` from such a route with JSON and without its headers).
 */
export async function fileOrUnavailable(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const init = error && typeof error === "object" && "init" in error ? (error.init as ResponseInit | null) : null;
    if (error instanceof DirectoryUnavailableError || init?.status === 503) {
      if (error instanceof DirectoryUnavailableError) console.error(`[directory] ${error.message}`);
      return new Response(`${UNAVAILABLE_MESSAGE}\n`, {
        status: 503,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(RETRY_AFTER_SECONDS),
          "Cache-Control": "no-store",
        },
      });
    }
    throw error;
  }
}

/** The directory of a configured backend (without the cache). */
function createDirectory(backend: Backend): Directory {
  switch (backend.kind) {
    case "d1":
      return createD1Directory(backend.db);
    case "supabase":
      try {
        return createSupabaseDirectory(backend.url, backend.anonKey);
      } catch (error) {
        // supabase-js refuses a malformed URL when the client is made: a configuration error too.
        return misconfigured(`Supabase client: ${error instanceof Error ? error.message : String(error)}`);
      }
    case "none":
      return misconfigured(backend.reason);
  }
}

/**
 * The directory for this request, behind the query cache when the runtime has one; its backend
 * calls count as `db` and its cache reads as `cache` in the response's Server-Timing.
 */
export function directoryFor(context: AppLoadContext): Directory {
  const { env, ctx } = context.cloudflare;
  const { backend } = getConfig(env);
  const { timing } = context;
  const directory = timing ? timedMethods(createDirectory(backend), timing, "db") : createDirectory(backend);
  const cache = edgeCache();
  if (!cache) return directory;
  const namespace = backend.kind === "supabase" ? `supabase:${backend.url}` : "d1";
  return withQueryCache(directory, { cache, waitUntil: (promise) => ctx.waitUntil(promise), namespace, timing });
}

/** Awaits a directory call; an unavailable backend is logged and becomes the 503 page. */
export async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) {
      console.error(`[directory] ${error.message}`);
      unavailable();
    }
    throw error;
  }
}

/**
 * The cuisines for the filter, or none when they cannot be read: a cuisine load error is only
 * logged, not shown (docs/notices.md), and the page still lists restaurants.
 */
export function cuisinesOrNone(directory: Directory): Promise<string[]> {
  return directory.listCuisines().catch((error: unknown) => {
    console.error(`[directory] ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
}

export type SearchResult = RestaurantPage & {
  /** The search's centre: the visitor's position (place null) or the place the box names. */
  centre: LatLng | null;
  place: Place | null;
  /** 'Did you mean': the places a bare name names in several states or countries. */
  alternatives: Place[];
  /** A country or a postal code in one the box names ('Italy', 'SW1A 1AA, United Kingdom'), for the results line; else null. */
  area: string | null;
  /**
   * For coordinates (lat/lng): the place nearest them that names them for whoever did not
   * press 'Use My Location' or 'Search this area' (app/lib/places/nearest-place.ts); else null.
   */
  nearPlace: Place | null;
};

/**
 * A whole search: its scope first (the location box read by the text rule, the circles up to
 * the radius, the visitor's position if any), and from the box the place it names; without a
 * position, that place looked up for the centre; then the page (with a position, beside the
 * place nearest it). Unavailable backends become the 503 page.
 */
export async function runSearch(directory: Directory, search: Search): Promise<SearchResult> {
  const scope = searchScope(search, search.coords);
  // The box read for the US (the spec's rules) and for the rest of the world (./../places/world.ts), side by side;
  // each adapter looks both up in a file of their own (./d1/place-lookups.ts, ./supabase/place-lookups.ts).
  const lookup = scope.centre ? null : placeLookupOf(scope.locationRule);
  // A country alone or a postal code in one ('Italy', 'SW1A 1AA, UK'): no place, no centre.
  // A US place of the country's name ('Italy', TX) is only offered as 'Did you mean'.
  const area = scope.centre ? null : countryAreaOf(scope.locationRule);
  if (area) {
    const [us, page] = await Promise.all([
      lookup ? guard(directory.lookUpPlace(lookup)) : null,
      guard(directory.findRestaurants(search, { ...scope, area })),
    ]);
    const alternatives = us?.place ? [us.place] : (us?.alternatives ?? []);
    return { ...page, centre: null, place: null, alternatives, area: countryAreaLabel(area), nearPlace: null };
  }
  const reading = scope.centre ? null : worldReadingOf(scope.locationRule);
  const [us, world] = await Promise.all([
    lookup ? guard(directory.lookUpPlace(lookup)) : null,
    reading ? guard(directory.lookUpWorldPlaces(reading.lookup)) : [],
  ]);
  const { place, alternatives } = combineLookups(us, reading, world);
  const centre: LatLng | null = scope.centre ?? (place ? { lat: place.lat, lng: place.lng } : null);
  // Coordinates: the place that names them, looked up beside the page (no round trip more).
  const [page, nearPlace] = await Promise.all([
    guard(directory.findRestaurants(search, { ...scope, centre })),
    scope.centre ? guard(directory.nearestPlace(scope.centre)) : null,
  ]);
  return { ...page, centre, place, alternatives, area: null, nearPlace };
}

/**
 * A city page's restaurants: the spec's text rule for "City, ST" alone (the city's name as
 * restaurant_cities keeps it), without a centre, so by name; abroad (`country` given) only
 * those in that country. Unavailable backends: the 503 page.
 */
export function findCityRestaurants(
  directory: Directory,
  city: City,
  state: string,
  diet: Diet | null,
  page: number,
  dedicated = false,
  country: string | null = null,
): Promise<RestaurantPage> {
  const search = landingSearch(city.name, state, diet, page, dedicated);
  const scope = searchScope(search, null);
  return guard(directory.findRestaurants(search, country ? { ...scope, country } : scope));
}

/**
 * A restaurant page's confirmations: the tallies of the last DETAIL_MONTHS months (in UTC, from
 * `now`) and the newest LISTED_CONFIRMATIONS; null when they cannot be read (logged), so that the
 * page still shows the restaurant.
 */
export function dinersOf(directory: Directory, restaurantId: number, now: Date): Promise<DinerConfirmations | null> {
  const since = monthsBefore(monthOf(now), DETAIL_MONTHS);
  return directory.getConfirmations(restaurantId, since, LISTED_CONFIRMATIONS).catch((error: unknown) => {
    console.error(`[directory] confirmations: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
}

/** `target` with every method's promise timed under `name` (the backend's calls as `db`). */
export function timedMethods<D extends object>(target: D, timing: Timing, name: TimingName): D {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => timing.time(name, async () => (await value.apply(object, args)) as unknown);
    },
  });
}

// ---------------------------------------------------------------------------------------
// The query cache: backend answers kept in the Workers Cache API. A search is keyed by its
// canonical query string (serialiseSearch) and its centre, so that two URLs that mean the same
// search share an entry. Data is cached, never a page with its nonce (docs/decisions/0004-edge-caching.md).

/**
 * Seconds an entry lives: short for restaurants and cities (landing pages), longer for
 * cuisines, a day for places found and for the sitemaps' reads (the sitemaps themselves are
 * kept a day). A place lookup that finds nothing is kept only briefly: place data loaded
 * after the first visitors must not read as "no such place" for a day.
 */
const CACHE_TTL = { restaurants: 60, cuisines: 3600, places: 86400, placeMissed: 60, sitemap: 86400 } as const;

/** How long a place lookup's answer is kept: a day when it names a place, a minute when not. */
export function placeLifetime(found: PlaceLookupResult): number {
  return found.place || found.alternatives.length > 0 ? CACHE_TTL.places : CACHE_TTL.placeMissed;
}

type CacheOptions = {
  cache: Cache;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Keeps backends apart (D1 and each Supabase project). */
  namespace: string;
  /** Where the cache reads are counted (Server-Timing `cache`). */
  timing?: Timing;
};

const CACHE_ORIGIN = "https://directory-cache.safebites.internal";

function withQueryCache(directory: Directory, { cache, waitUntil, namespace, timing }: CacheOptions): Directory {
  const match = (request: Request) => cache.match(request).catch(() => undefined);
  async function cached<T>(
    operation: string,
    key: string,
    ttl: number | ((value: T) => number),
    load: () => Promise<T>,
  ): Promise<T> {
    const request = new Request(`${CACHE_ORIGIN}/${encodeURIComponent(namespace)}/${operation}?${key}`);
    const hit = timing ? await timing.time("cache", () => match(request)) : await match(request);
    if (hit) return (await hit.json()) as T;
    const value = await load();
    const response = new Response(JSON.stringify(value), {
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": `public, max-age=${typeof ttl === "number" ? ttl : ttl(value)}`,
      },
    });
    waitUntil(cache.put(request, response).catch(() => undefined));
    return value;
  }

  return {
    listCuisines: () => cached("cuisines", "", CACHE_TTL.cuisines, () => directory.listCuisines()),
    lookUpPlace: (lookup) =>
      cached("place", new URLSearchParams(lookup).toString(), placeLifetime, () => directory.lookUpPlace(lookup)),
    lookUpWorldPlaces: (lookup) =>
      cached(
        "world-place",
        new URLSearchParams({
          key: lookup.key,
          country: lookup.country ?? "",
          subdivision: lookup.subdivision ?? "",
        }).toString(),
        (rows) => (rows.length > 0 ? CACHE_TTL.places : CACHE_TTL.placeMissed),
        () => directory.lookUpWorldPlaces(lookup),
      ),
    nearestPlace: (coords) =>
      cached(
        "nearest-place",
        `lat=${coords.lat}&lng=${coords.lng}`,
        (place) => (place ? CACHE_TTL.places : CACHE_TTL.placeMissed),
        () => directory.nearestPlace(coords),
      ),
    // open=now changes with the clock: never kept, so that with the page cache's 30 s (and 30 s
    // stale) no result list is more than 60 s old (docs/decisions/0016-opening-hours.md).
    // (The scope's location rule is read from the search's location, which the key holds.)
    findRestaurants: (search, scope) =>
      search.open
        ? directory.findRestaurants(search, scope)
        : cached("search", searchKey(search, scope), CACHE_TTL.restaurants, () =>
            directory.findRestaurants(search, scope),
          ),
    getRestaurant: (id) => cached("restaurant", `id=${id}`, CACHE_TTL.restaurants, () => directory.getRestaurant(id)),
    // A saved list is one visitor's: not kept (each id's row is fresh, closed or gone).
    getRestaurantsByIds: (ids) => directory.getRestaurantsByIds(ids),
    listPhotos: (restaurantId, limit) =>
      cached("photos", `id=${restaurantId}&limit=${limit}`, CACHE_TTL.restaurants, () =>
        directory.listPhotos(restaurantId, limit),
      ),
    getCity: (state, slug) =>
      cached("city", new URLSearchParams({ state, slug }).toString(), CACHE_TTL.restaurants, () =>
        directory.getCity(state, slug),
      ),
    listCities: (state, offset, limit) =>
      cached("cities", `state=${state}&offset=${offset}&limit=${limit}`, CACHE_TTL.restaurants, () =>
        directory.listCities(state, offset, limit),
      ),
    sitemapOutline: (idsPerFile, maxFiles, abroad = []) =>
      cached(
        "sitemap-outline",
        `ids=${idsPerFile}&max=${maxFiles}&abroad=${encodeURIComponent(abroad.join(","))}`,
        CACHE_TTL.sitemap,
        () => directory.sitemapOutline(idsPerFile, maxFiles, abroad),
      ),
    listRestaurantIds: (fromId, toId) =>
      cached("restaurant-ids", `from=${fromId}&to=${toId}`, CACHE_TTL.sitemap, () =>
        directory.listRestaurantIds(fromId, toId),
      ),
    // Each count is kept like a search (open=now never), under the same key; those not kept
    // are counted together, in one call.
    async countRestaurants(requests) {
      const requestOf = ({ search, scope }: CountRequest) =>
        new Request(`${CACHE_ORIGIN}/${encodeURIComponent(namespace)}/count?${searchKey(search, scope)}`);
      const kept = await Promise.all(
        requests.map(async (request): Promise<CappedCount | null> => {
          if (request.search.open) return null;
          const cacheRequest = requestOf(request);
          const hit = timing ? await timing.time("cache", () => match(cacheRequest)) : await match(cacheRequest);
          return hit ? ((await hit.json()) as CappedCount) : null;
        }),
      );
      const missing = requests.filter((_, i) => kept[i] === null);
      const counted = missing.length > 0 ? await directory.countRestaurants(missing) : [];
      missing.forEach((request, i) => {
        if (request.search.open || !counted[i]) return;
        const response = new Response(JSON.stringify(counted[i]), {
          headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${CACHE_TTL.restaurants}` },
        });
        waitUntil(cache.put(requestOf(request), response).catch(() => undefined));
      });
      let next = 0;
      return kept.map((count) => count ?? counted[next++] ?? { total: 0, capped: false });
    },
    placesSpeltLike: (probe) =>
      cached(
        "place-spellings",
        new URLSearchParams({
          key: probe.key,
          state: probe.state ?? "",
          edits: String(probe.maxEdits),
          country: probe.country ?? "",
        }).toString(),
        CACHE_TTL.restaurants,
        () => directory.placesSpeltLike(probe),
      ),
    listStates: () => cached("states", "", CACHE_TTL.restaurants, () => directory.listStates()),
    listTopCities: (limit) =>
      cached("top-cities", `limit=${limit}`, CACHE_TTL.restaurants, () => directory.listTopCities(limit)),
    getConfirmations: (restaurantId, since, limit) =>
      cached("confirmations", `id=${restaurantId}&since=${since}&limit=${limit}`, CACHE_TTL.restaurants, () =>
        directory.getConfirmations(restaurantId, since, limit),
      ),
  };
}

/** A search's key in the query cache: its canonical query string and its centre. */
function searchKey(search: Search, scope: SearchScope): string {
  const within = scope.country ? `&within=${scope.country}` : "";
  return `${serialiseSearch(search)}${scope.centre ? `&centre=${scope.centre.lat},${scope.centre.lng}` : ""}${within}`;
}
