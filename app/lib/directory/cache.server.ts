// Backend answers cached in the Workers Cache API. A search is keyed by its canonical query
// string (serialiseSearch) and its centre, so that two URLs that mean the same search share an
// entry. Data is cached, never a page with its nonce: see docs/decisions/0004-edge-caching.md.
import type { PlaceMatch } from "../domain";
import { serialiseSearch } from "../search/search-url";
import type { Timing } from "../web/timing.server";
import type { Directory } from "./port";

/**
 * Seconds an entry lives: short for restaurants and cities (landing pages), longer for
 * cuisines, a day for places found and for the sitemaps' reads (the sitemaps themselves are
 * kept a day). A place lookup that finds nothing is kept only briefly: place data loaded
 * after the first visitors must not read as "no such place" for a day.
 */
export const CACHE_TTL = { restaurants: 60, cuisines: 3600, places: 86400, placeMissed: 60, sitemap: 86400 } as const;

/** How long a place lookup's answer is kept: a day when it names a place, a minute when not. */
export function placeLifetime(found: PlaceMatch): number {
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

export function withQueryCache(directory: Directory, { cache, waitUntil, namespace, timing }: CacheOptions): Directory {
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
    resolvePlace: (lookup) =>
      cached("place", new URLSearchParams(lookup).toString(), placeLifetime, () => directory.resolvePlace(lookup)),
    // open=now changes with the clock: never kept, so that with the page cache's 30 s (and 30 s
    // stale) no result list is more than 60 s old (docs/decisions/0016-opening-hours.md).
    // (The scope's location rule is read from the search's location, which the key holds.)
    findRestaurants: (search, scope) =>
      search.open
        ? directory.findRestaurants(search, scope)
        : cached(
            "search",
            `${serialiseSearch(search)}${scope.centre ? `&centre=${scope.centre.lat},${scope.centre.lng}` : ""}`,
            CACHE_TTL.restaurants,
            () => directory.findRestaurants(search, scope),
          ),
    getRestaurant: (id) => cached("restaurant", `id=${id}`, CACHE_TTL.restaurants, () => directory.getRestaurant(id)),
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
    sitemapOutline: (idsPerFile, maxFiles) =>
      cached("sitemap-outline", `ids=${idsPerFile}&max=${maxFiles}`, CACHE_TTL.sitemap, () =>
        directory.sitemapOutline(idsPerFile, maxFiles),
      ),
    listRestaurantIds: (fromId, toId) =>
      cached("restaurant-ids", `from=${fromId}&to=${toId}`, CACHE_TTL.sitemap, () =>
        directory.listRestaurantIds(fromId, toId),
      ),
  };
}
