// The one entry routes use for data: the directory of this request (the configured backend
// behind the query cache), the search as a whole (the location box read, the place looked up,
// then the page), and the 503 page when the backend cannot answer. Routes never import an
// adapter.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, type Backend } from "../web/config.server";
import type { Diet } from "../search/diet";
import type { City, LatLng, Place, RestaurantPage, Search } from "../domain";
import { edgeCache } from "../web/edge-cache.server";
import { landingSearch } from "../seo/landing";
import { parseLocation, placeLookupOf, searchScope, type StateCode } from "../places/places";
import { timedMethods } from "../web/timing.server";
import { withQueryCache } from "./cache.server";
import { createD1Directory } from "./d1/directory.server";
import type { Directory } from "./port";
import { createSupabaseDirectory } from "./supabase/directory.server";
import { DirectoryUnavailableError } from "./unavailable";

export type { Directory } from "./port";

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
export function createDirectory(backend: Backend): Directory {
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

export type SearchResult = RestaurantPage & {
  /** The search's centre: the visitor's position (place null) or the place the box names. */
  centre: LatLng | null;
  place: Place | null;
  /** 'Did you mean': the places a bare name names in several states. */
  alternatives: Place[];
};

/**
 * A whole search: the location box parsed (its text rule, and from it the place it names); the
 * centre (lat/lng, or that place, looked up); then the page. Unavailable backends become the
 * 503 page.
 */
export async function searchRestaurants(directory: Directory, search: Search): Promise<SearchResult> {
  let place: Place | null = null;
  let alternatives: Place[] = [];
  const locationRule = parseLocation(search.location);
  const lookup = search.coords ? null : placeLookupOf(locationRule);
  if (lookup) ({ place, alternatives } = await guard(directory.resolvePlace(lookup)));
  const centre: LatLng | null = search.coords ?? (place ? { lat: place.lat, lng: place.lng } : null);
  const page = await guard(directory.findRestaurants(search, { centre, locationRule }));
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
  const search = landingSearch(city.name, state, diet, page, dedicated);
  return guard(directory.findRestaurants(search, searchScope(search, null)));
}
