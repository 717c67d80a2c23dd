// The one entry routes use for data: the directory of this request (the configured backend
// behind the query cache), the search as a whole (place lookup, then the page), and the 503
// page when the backend cannot answer. Routes never import an adapter.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, type Backend } from "../config.server";
import { edgeCache } from "../edge-cache.server";
import { timedMethods } from "../timing.server";
import type { Diet } from "../diet";
import { landingCriteria } from "../landing";
import { parsePlaceQuery, type StateCode } from "../places";
import type { SearchCriteria } from "../search-criteria";
import { withQueryCache } from "./cache.server";
import { createD1Directory } from "./d1.server";
import { DirectoryUnavailableError } from "./unavailable";
import type { Centre, City, Directory, Place, PlaceLookup, RestaurantPage } from "./port";
import { createSupabaseDirectory } from "./supabase.server";

export type { City, Directory, FoundRestaurant, Place } from "./port";

export const RETRY_AFTER_SECONDS = 30;

/** The 503 response a route throws when the directory cannot answer. */
export function unavailable(): never {
  throw data(
    { message: "The restaurant directory is temporarily unavailable. Please try again in a moment." },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

function misconfigured(reason: string): never {
  console.error(`[directory] ${reason}`);
  unavailable();
}

/** The directory of a configured backend (without the cache). */
export function directoryOf(backend: Backend): Directory {
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
  const directory = timing ? timedMethods(directoryOf(backend), timing, "db") : directoryOf(backend);
  const cache = edgeCache();
  if (!cache) return directory;
  const namespace = backend.kind === "supabase" ? `supabase:${backend.url}` : "d1";
  return withQueryCache(directory, { cache, waitUntil: (promise) => ctx.waitUntil(promise), namespace, timing });
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
      return new Response("The restaurant directory is temporarily unavailable. Please try again in a moment.\n", {
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

/** What the location box names in the place data, if it can name a place at all. */
export function placeLookupOf(location: string): PlaceLookup | null {
  const query = parsePlaceQuery(location);
  switch (query.kind) {
    case "zip":
      return { kind: "zip", zip: query.zip };
    case "cityState":
      return { kind: "place", key: query.key, state: query.state };
    case "name":
      return { kind: "name", key: query.key };
    default:
      return null;
  }
}

export type SearchResult = RestaurantPage & {
  /** The search's centre: the visitor's position (place null) or the place the box names. */
  centre: Centre | null;
  place: Place | null;
  /** 'Did you mean': the places a bare name names in several states. */
  alternatives: Place[];
};

/**
 * A whole search: the centre (lat/lng, or the place the location box names), then the page.
 * Unavailable backends become the 503 page.
 */
export async function findRestaurants(directory: Directory, criteria: SearchCriteria): Promise<SearchResult> {
  let place: Place | null = null;
  let alternatives: Place[] = [];
  const lookup = criteria.coords || !criteria.location ? null : placeLookupOf(criteria.location);
  if (lookup) ({ place, alternatives } = await guard(directory.resolvePlace(lookup)));
  const centre: Centre | null = criteria.coords ?? (place ? { lat: place.lat, lng: place.lng } : null);
  const page = await guard(directory.findRestaurants(criteria, centre));
  return { ...page, centre, place, alternatives };
}

/**
 * A city page's restaurants: the spec's text rule for "City, ST" alone (the city's name as
 * restaurant_cities keeps it), without a centre, so by name. Unavailable backends: the 503 page.
 */
export function findCityRestaurants(
  directory: Directory,
  city: City,
  state: StateCode,
  diet: Diet | null,
  page: number,
  dedicated = false,
): Promise<RestaurantPage> {
  return guard(directory.findRestaurants(landingCriteria(city.name, state, diet, page, dedicated), null));
}
