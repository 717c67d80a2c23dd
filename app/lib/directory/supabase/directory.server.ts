// The Supabase adapter of the directory port: PostgREST through supabase-js with the public
// anon key. Cuisines, restaurants by id, their photos and the states' counts are table reads;
// every list, search and count goes through the SQL function public.find_restaurants, every
// place lookup through public.resolve_place, public.resolve_world_place or public.nearest_place
// (./place-lookups.ts, which this adapter takes whole), and the other lists
// through functions too (list_cities, top_cities, sitemap_outline, sitemap_restaurant_ids,
// place_spellings, restaurant_confirmations: rpc), which answer in one round trip with D1's
// exact order and matching rules (PostgREST cannot order by those expressions, and caps the
// rows of a response). User input only ever travels as a typed rpc argument or an `.eq()`
// value, never inside a filter string (a saved list's `.in()` holds only integers the app
// parsed). See docs/decisions/0003-search-as-a-sql-function.md,
// 0010-bounded-search.md and 0011-landing-pages-and-sitemaps.md.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { LAST_PAGE, MAX_COUNTED, PAGE_SIZE, type Search } from "../../search/search-url";
import { type SearchScope, US_STATES } from "../../places/places";
import { dinerConfirmationsSchema } from "../confirmation-rows";
import { type Directory, QUERY_TIMEOUT_MS, MAX_BY_ID, withDeadline } from "../port";
import { cuisineRowSchema, foundRowSchema, photoRowSchema, idSchema, restaurantRowSchema } from "../restaurant-rows";
import { SELECTED_RESTAURANT_COLUMNS } from "../columns";
import { supabasePlaceLookups } from "./place-lookups";
import { dataOf, rpcOf } from "./rpc";
import { beyondCircleRangesFor, circleRangeTuple, circleRangesFor } from "./circle-ranges";
import {
  CITY_COLUMNS,
  cityRowSchema,
  outlineStates,
  stateCitiesRowSchema,
  stateRestaurantsSchema,
} from "../landing-rows";
import { placeSpellingRowSchema, worldPlaceSpellingRowSchema } from "../hint-rows";
import { minSimilarity } from "../../search/spelling";

type Options = {
  timeoutMs?: number;
  /** Another fetch (tests); the runtime's global fetch by default. */
  fetch?: typeof fetch;
  /** The clock `open=now` reads (tests fix it). */
  now?: () => Date;
};

/** The arguments of public.find_restaurants; null for an absent part. */
type SearchArgs = {
  p_query: string | null;
  p_zip: string | null;
  p_city: string | null;
  p_state: string | null;
  p_city_or_state: string | null;
  p_cuisine: string | null;
  p_diets: string[];
  p_match_all: boolean;
  p_lat: number | null;
  p_lng: number | null;
  p_radius: number;
  p_rings: [number, number, number, number, number][] | null;
  p_beyond_rings: [number, number, number, number, number][] | null;
  p_offset: number;
  p_dedicated: boolean;
  p_kitchen: string[];
  /** open=now: the moment of the search (ISO 8601); null without the filter. */
  p_open_at: string | null;
  /** confirmed=1 (supabase/migrations/20250101000011_confirmations.sql). */
  p_confirmed: boolean;
  /** A country alone or a postal code in one, or a city page's country (issue 41; 20250101000019_find_restaurants_area.sql); sent only then. */
  p_country?: string;
  p_postal_code?: string;
};

const outlineSchema = z.object({
  restaurant_files: z.array(idSchema),
  states: z.array(stateCitiesRowSchema),
});

const searchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  restaurants: z.array(z.unknown()),
  nearest_beyond: z.array(z.unknown()),
});

export function searchArgs(
  search: Search,
  { centre, circles, locationRule, area, country }: SearchScope,
  at: Date = new Date(),
): SearchArgs {
  // A country or a postal code in one replaces the box's text rule (never with a centre).
  const location: SearchScope["locationRule"] = area ? { kind: "none" } : locationRule;
  return {
    p_query: search.query || null,
    p_zip: location.kind === "zip" ? location.zip : null,
    p_city: location.kind === "cityState" ? location.city || null : null,
    p_state: location.kind === "cityState" ? location.state || null : null,
    p_city_or_state: location.kind === "cityOrState" ? location.text || null : null,
    p_cuisine: search.cuisine || null,
    p_diets: search.diets,
    p_match_all: search.match === "all",
    p_lat: centre?.lat ?? null,
    p_lng: centre?.lng ?? null,
    p_radius: search.radius,
    p_rings: centre ? circleRangesFor(centre, circles).map(circleRangeTuple) : null,
    p_beyond_rings: centre ? beyondCircleRangesFor(centre, search.radius).map(circleRangeTuple) : null,
    p_offset: (search.page - 1) * PAGE_SIZE,
    p_dedicated: search.dedicated,
    p_kitchen: search.kitchen,
    p_open_at: search.open ? at.toISOString() : null,
    p_confirmed: search.confirmed,
    // A city page abroad: its text rule within the country (the same equality on restaurants.country).
    ...(area ? { p_country: area.country } : country && !centre ? { p_country: country } : {}),
    ...(area?.kind === "postal" ? { p_postal_code: area.postalCode } : {}),
  };
}

/** One client per call: the factory runs per request (no module-level client in a Worker). */
export function createSupabaseDirectory(
  url: string,
  anonKey: string,
  { timeoutMs = QUERY_TIMEOUT_MS, fetch, now = () => new Date() }: Options = {},
): Directory {
  const client: SupabaseClient = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetch ? { global: { fetch } } : {}),
  });

  const rpc = rpcOf(client, timeoutMs);

  /** The row of `table` whose columns equal `key` (its primary key), or null. */
  async function oneRow(
    label: string,
    table: string,
    columns: readonly string[],
    key: Record<string, string | number>,
  ): Promise<unknown> {
    return withDeadline(label, timeoutMs, (signal) => {
      let query = client.from(table).select(columns.join(","));
      for (const [column, value] of Object.entries(key)) query = query.eq(column, value);
      return dataOf(query.retry(false).abortSignal(signal).maybeSingle());
    });
  }

  // Reads are not retried by supabase-js (`retry(false)`): within a 3 s budget a retry after
  // its 1 s back-off only delays the 503 page, whose Retry-After tells the visitor when to retry.
  return {
    ...supabasePlaceLookups(rpc),

    async listCuisines() {
      const rows = await withDeadline("list cuisines", timeoutMs, (signal) =>
        dataOf(client.from("cuisine_types").select("name").order("name").retry(false).abortSignal(signal)),
      );
      return (rows ?? []).map((row) => cuisineRowSchema.parse(row));
    },

    async findRestaurants(search, scope) {
      if (search.page > LAST_PAGE) {
        // Past the page that holds the MAX_COUNTED-th result: the count alone.
        const counted = searchResultSchema.parse(
          await rpc("find restaurants", "find_restaurants", {
            ...searchArgs({ ...search, page: 1 }, scope, now()),
            p_beyond_rings: null,
          }),
        );
        return {
          restaurants: [],
          total: Math.min(counted.total, MAX_COUNTED),
          capped: counted.total > MAX_COUNTED,
          nearestBeyond: [],
        };
      }
      const result = searchResultSchema.parse(
        await rpc("find restaurants", "find_restaurants", searchArgs(search, scope, now())),
      );
      return {
        restaurants: result.restaurants.map((row) => foundRowSchema.parse(row)),
        total: Math.min(result.total, MAX_COUNTED),
        capped: result.total > MAX_COUNTED,
        nearestBeyond: result.nearest_beyond.map((row) => foundRowSchema.parse(row)),
      };
    },

    async getRestaurant(id) {
      const row = await oneRow("get restaurant", "restaurants", SELECTED_RESTAURANT_COLUMNS, { id });
      return row ? restaurantRowSchema.parse(row) : null;
    },

    // One table read, `id=in.(…)`: the ids are integers (the port's type, checked again here).
    async getRestaurantsByIds(ids) {
      const wanted = ids.slice(0, MAX_BY_ID).filter((id) => Number.isSafeInteger(id));
      if (wanted.length === 0) return [];
      const rows = await withDeadline("get restaurants by id", timeoutMs, (signal) =>
        dataOf(
          client
            .from("restaurants")
            .select(SELECTED_RESTAURANT_COLUMNS.join(","))
            .in("id", wanted)
            .retry(false)
            .abortSignal(signal),
        ),
      );
      return (rows ?? []).map((row) => restaurantRowSchema.parse(row));
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

    async getCity(state, slug) {
      const row = await oneRow("get city", "restaurant_cities", CITY_COLUMNS, { state, slug });
      // One row by its primary key; a city whose restaurants have all left is no city.
      const city = row ? cityRowSchema.parse(row) : null;
      return city && city.restaurants > 0 ? city : null;
    },

    async listCities(state, offset, limit) {
      const rows = await rpc("list cities", "list_cities", { p_state: state, p_offset: offset, p_limit: limit });
      return z.array(cityRowSchema).parse(rows);
    },

    async sitemapOutline(idsPerFile, maxFiles, abroad = []) {
      const outline = outlineSchema.parse(
        await rpc("sitemap outline", "sitemap_outline", {
          p_ids_per_file: idsPerFile,
          p_max_files: maxFiles,
          p_states: [...Object.keys(US_STATES), ...abroad],
        }),
      );
      return { restaurantFiles: outline.restaurant_files, ...outlineStates(outline.states) };
    },

    async listRestaurantIds(fromId, toId) {
      const ids = await rpc("list restaurant ids", "sitemap_restaurant_ids", { p_from: fromId, p_to: toId });
      return z.array(idSchema).parse(ids);
    },

    // Each count is find_restaurants' own, for the first page and without the nearest beyond
    // (the function has no count alone); the calls go out together.
    async countRestaurants(requests) {
      return Promise.all(
        requests.map(async ({ search, scope }) => {
          const counted = searchResultSchema.parse(
            await rpc("count restaurants", "find_restaurants", {
              ...searchArgs({ ...search, page: 1 }, scope, now()),
              p_beyond_rings: null,
            }),
          );
          return { total: Math.min(counted.total, MAX_COUNTED), capped: counted.total > MAX_COUNTED };
        }),
      );
    },

    async placesSpeltLike(probe) {
      // A US state: its places only; a country abroad: its world places only; else both.
      const similarity = minSimilarity(probe.key, probe.maxEdits);
      const [us, world] = await Promise.all([
        probe.country
          ? []
          : rpc("places spelt like", "place_spellings", {
              p_key: probe.key,
              p_state: probe.state,
              p_min_similarity: similarity,
            }),
        probe.state
          ? []
          : rpc("world places spelt like", "world_place_spellings", {
              p_key: probe.key,
              p_country: probe.country ?? null,
              p_min_similarity: similarity,
            }),
      ]);
      return [...z.array(placeSpellingRowSchema).parse(us), ...z.array(worldPlaceSpellingRowSchema).parse(world)];
    },

    async listStates() {
      const rows = await withDeadline("list states", timeoutMs, (signal) =>
        dataOf(
          client.from("restaurant_states").select("state,restaurants").order("state").retry(false).abortSignal(signal),
        ),
      );
      return (rows ?? []).map((row) => stateRestaurantsSchema.parse(row)).filter((row) => row.restaurants > 0);
    },

    async listTopCities(limit) {
      return z.array(cityRowSchema).parse(await rpc("list top cities", "top_cities", { p_limit: limit }));
    },

    async getConfirmations(restaurantId, since, limit) {
      const answer = await rpc("get confirmations", "restaurant_confirmations", {
        p_restaurant_id: restaurantId,
        p_since: since,
        p_limit: limit,
      });
      return dinerConfirmationsSchema.parse(answer);
    },
  };
}
