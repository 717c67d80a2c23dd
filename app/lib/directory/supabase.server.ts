// The Supabase adapter of the directory port: PostgREST through supabase-js with the public
// anon key. Cuisines, one restaurant and its photos are table reads; the default list and
// every search go through the SQL function public.search_restaurants (rpc), which answers
// the page and the total in one round trip with D1's exact order and matching rules
// (PostgREST cannot order by that expression). User input only ever travels as a typed rpc
// argument or an `.eq()` value, never inside a filter string.
// See docs/decisions/0003-search-as-a-sql-function.md.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { RESTAURANT_COLUMNS, cuisineRowSchema, photoRowSchema, restaurantRowSchema } from "./rows";
import { QUERY_TIMEOUT_MS, withDeadline } from "./deadline";
import { type Directory, type RestaurantPage, type SearchCriteria } from "./port";

type Options = {
  timeoutMs?: number;
  /** Another fetch (tests); the runtime's global fetch by default. */
  fetch?: typeof fetch;
};

/** The arguments of public.search_restaurants; null for an absent part. */
type SearchArgs = {
  p_query: string | null;
  p_zip: string | null;
  p_city: string | null;
  p_state: string | null;
  p_city_or_state: string | null;
  p_cuisine: string | null;
  p_diets: string[];
  p_match_all: boolean;
  p_limit: number;
  p_offset: number;
};

const searchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  restaurants: z.array(z.unknown()),
});

/** What PostgREST (or supabase-js, for a network failure) reports as `error`. */
type PostgrestFailure = { message: string; code?: string; details?: string | null; hint?: string | null };

/** The backend's own words, for the log (never for the page). */
function failure(error: PostgrestFailure): Error {
  const code = error.code ? ` [${error.code}]` : "";
  // For a network failure supabase-js puts the cause ("connect ECONNREFUSED ...") in details.
  const cause = error.details?.split("\n").find((line) => line.startsWith("Caused by:"));
  return new Error(`${error.message}${code}${cause ? ` (${cause})` : ""}`, { cause: error });
}

/** Resolves to the response's data, or rejects with its error (withDeadline makes it a 503). */
async function dataOf<T>(response: PromiseLike<{ data: T; error: PostgrestFailure | null }>): Promise<T> {
  const { data, error } = await response;
  if (error) throw failure(error);
  return data;
}

function searchArgs(criteria: SearchCriteria): SearchArgs {
  const { location } = criteria;
  return {
    p_query: criteria.query || null,
    p_zip: location.kind === "zip" ? location.zip : null,
    p_city: location.kind === "cityState" ? location.city || null : null,
    p_state: location.kind === "cityState" ? location.state || null : null,
    p_city_or_state: location.kind === "cityOrState" ? location.text || null : null,
    p_cuisine: criteria.cuisine || null,
    p_diets: criteria.diets,
    p_match_all: criteria.match === "all",
    p_limit: criteria.limit,
    p_offset: criteria.offset,
  };
}

const NO_TERMS = {
  p_query: null,
  p_zip: null,
  p_city: null,
  p_state: null,
  p_city_or_state: null,
  p_cuisine: null,
} as const;

/** One client per call: the factory runs per request (no module-level client in a Worker). */
export function createSupabaseDirectory(url: string, anonKey: string, { timeoutMs = QUERY_TIMEOUT_MS, fetch }: Options = {}): Directory {
  const client: SupabaseClient = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetch ? { global: { fetch } } : {}),
  });

  async function runSearch(label: string, args: SearchArgs): Promise<RestaurantPage> {
    const data = await withDeadline(label, timeoutMs, (signal) =>
      dataOf(client.rpc("search_restaurants", args).abortSignal(signal)),
    );
    const result = searchResultSchema.parse(data);
    return { total: result.total, restaurants: result.restaurants.map((row) => restaurantRowSchema.parse(row)) };
  }

  // Reads are not retried by supabase-js (`retry(false)`): within a 3 s budget a retry after
  // its 1 s back-off only delays the 503 page, whose Retry-After tells the visitor when to retry.
  return {
    async listCuisines() {
      const rows = await withDeadline("list cuisines", timeoutMs, (signal) =>
        dataOf(client.from("cuisine_types").select("name").order("name").retry(false).abortSignal(signal)),
      );
      return (rows ?? []).map((row) => cuisineRowSchema.parse(row));
    },

    listRestaurants(criteria) {
      return runSearch("list restaurants", {
        ...NO_TERMS,
        p_diets: criteria.diets,
        p_match_all: criteria.match === "all",
        p_limit: criteria.limit,
        p_offset: criteria.offset,
      });
    },

    searchRestaurants(criteria) {
      return runSearch("search restaurants", searchArgs(criteria));
    },

    async getRestaurant(id) {
      const row = await withDeadline("get restaurant", timeoutMs, (signal) =>
        dataOf(
          client
            .from("restaurants")
            .select(RESTAURANT_COLUMNS.join(","))
            .eq("id", id)
            .retry(false)
            .abortSignal(signal)
            .maybeSingle(),
        ),
      );
      return row ? restaurantRowSchema.parse(row) : null;
    },

    async listPhotos(restaurantId, limit) {
      const rows = await withDeadline("list photos", timeoutMs, (signal) =>
        dataOf(
          client
            .from("restaurant_photos")
            .select("id,restaurant_id,url,created_at")
            .eq("restaurant_id", restaurantId)
            .order("created_at", { ascending: false })
            .order("id", { ascending: false })
            .limit(limit)
            .retry(false)
            .abortSignal(signal),
        ),
      );
      return (rows ?? []).map((row) => photoRowSchema.parse(row));
    },
  };
}
