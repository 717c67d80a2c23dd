// Backend query results cached in the Workers Cache API, keyed by the normalised query
// (parameters in a fixed order, defaults dropped), so that two URLs that mean the same
// search share an entry. Data is cached, never a page with its nonce: see
// docs/decisions/0004-edge-caching.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDirectory } from "./index.server";
import type { Directory, ListCriteria, SearchCriteria } from "./port";

/** Seconds an entry lives: short for restaurants, longer for the cuisine list. */
export const CACHE_TTL = { restaurants: 60, cuisines: 3600 } as const;

type CacheOptions = {
  cache: Cache;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Keeps backends apart (D1 and each Supabase project). */
  namespace: string;
};

const CACHE_ORIGIN = "https://directory-cache.safebites.internal";

function criteriaKey(criteria: SearchCriteria | ListCriteria): string {
  const params = new URLSearchParams();
  if ("query" in criteria) {
    if (criteria.query) params.set("q", criteria.query);
    const location = criteria.location;
    if (location.kind === "zip") params.set("zip", location.zip);
    if (location.kind === "cityState") {
      params.set("city", location.city);
      params.set("state", location.state);
    }
    if (location.kind === "cityOrState") params.set("place", location.text);
    if (criteria.cuisine) params.set("cuisine", criteria.cuisine);
  }
  for (const diet of criteria.diets) params.append("diet", diet);
  if (criteria.diets.length > 1 && criteria.match === "all") params.set("match", "all");
  params.set("limit", String(criteria.limit));
  params.set("offset", String(criteria.offset));
  return params.toString();
}

export function withQueryCache(directory: Directory, { cache, waitUntil, namespace }: CacheOptions): Directory {
  async function cached<T>(operation: string, key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const request = new Request(`${CACHE_ORIGIN}/${encodeURIComponent(namespace)}/${operation}?${key}`);
    const hit = await cache.match(request).catch(() => undefined);
    if (hit) return (await hit.json()) as T;
    const value = await load();
    const response = new Response(JSON.stringify(value), {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${ttl}` },
    });
    waitUntil(cache.put(request, response).catch(() => undefined));
    return value;
  }

  return {
    listCuisines: () => cached("cuisines", "", CACHE_TTL.cuisines, () => directory.listCuisines()),
    listRestaurants: (criteria) =>
      cached("list", criteriaKey(criteria), CACHE_TTL.restaurants, () => directory.listRestaurants(criteria)),
    searchRestaurants: (criteria) =>
      cached("search", criteriaKey(criteria), CACHE_TTL.restaurants, () => directory.searchRestaurants(criteria)),
    getRestaurant: (id) => cached("restaurant", `id=${id}`, CACHE_TTL.restaurants, () => directory.getRestaurant(id)),
    listPhotos: (restaurantId, limit) =>
      cached("photos", `id=${restaurantId}&limit=${limit}`, CACHE_TTL.restaurants, () => directory.listPhotos(restaurantId, limit)),
  };
}

/** The directory for this request, behind the query cache when the runtime has one. */
export function directoryFor(context: AppLoadContext): Directory {
  const { env, caches, ctx } = context.cloudflare;
  const directory = getDirectory(env);
  const cache = (caches as unknown as { default?: Cache } | undefined)?.default;
  if (!cache) return directory;
  const namespace = env.SUPABASE_URL?.trim() ? `supabase:${env.SUPABASE_URL.trim()}` : "d1";
  return withQueryCache(directory, { cache, waitUntil: (promise) => ctx.waitUntil(promise), namespace });
}
