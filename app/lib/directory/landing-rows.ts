// What the landing pages and the sitemaps read: a city of restaurant_cities with its counts, a
// state's number of cities or of restaurants, and the sitemap index's outline, with the schemas that check those
// rows (D1 and Supabase alike).
import { z } from "zod";
import type { Diet } from "../search/diet";
import { US_STATES, type StateCode } from "../places/places";

type DietCounts = Record<Diet, number>;

/** A city of restaurant_cities: its open restaurants in all, per diet, and per diet served exclusively. */
export type City = {
  state: string;
  slug: string;
  name: string;
  restaurants: number;
  diets: DietCounts;
  /** Open restaurants serving each diet exclusively ('100%'). */
  dedicated: DietCounts;
};

/**
 * What the sitemap index lists: the restaurant files that hold at least one restaurant (file n
 * covers ids (n-1)*idsPerFile+1 … n*idsPerFile), and the number of cities with restaurants in
 * each state that has any (US states, by code), and in each of the areas abroad asked for that
 * has any ('CA-ON', 'SG-'; absent when none has).
 */
export type SitemapOutline = {
  restaurantFiles: number[];
  states: { state: StateCode; cities: number }[];
  areas?: { state: string; cities: number }[];
};

const count = z.number().int().nonnegative();

/** The columns of restaurant_cities that a city read selects (D1, and Supabase's table read). */
export const CITY_COLUMNS = [
  "state",
  "slug",
  "city",
  "restaurants",
  "gluten_free",
  "dairy_free",
  "vegetarian",
  "vegan",
  "gluten_free_only",
  "dairy_free_only",
  "vegetarian_only",
  "vegan_only",
] as const;

/**
 * A row of restaurant_cities: a city (by state and slug) and its number of open restaurants, in
 * all, per diet, and per diet served exclusively.
 */
export const cityRowSchema = z
  .object({
    state: z.string(),
    slug: z.string(),
    city: z.string(),
    restaurants: count,
    gluten_free: count,
    dairy_free: count,
    vegetarian: count,
    vegan: count,
    gluten_free_only: count,
    dairy_free_only: count,
    vegetarian_only: count,
    vegan_only: count,
  })
  .transform((row): City => ({
    state: row.state,
    slug: row.slug,
    name: row.city,
    restaurants: row.restaurants,
    diets: {
      "gluten-free": row.gluten_free,
      "dairy-free": row.dairy_free,
      vegetarian: row.vegetarian,
      vegan: row.vegan,
    },
    /** Open restaurants serving each diet exclusively ('100%'). */
    dedicated: {
      "gluten-free": row.gluten_free_only,
      "dairy-free": row.dairy_free_only,
      vegetarian: row.vegetarian_only,
      vegan: row.vegan_only,
    },
  }));

/** A state (or an area abroad, 'CA-ON') of the sitemap outline and its number of cities with restaurants. */
export const stateCitiesRowSchema = z.object({ state: z.string(), cities: count });

/** The outline's rows as US states and areas abroad (keyed as restaurant_cities keys them; left out when none). */
export function outlineStates(
  rows: readonly { state: string; cities: number }[],
): Omit<SitemapOutline, "restaurantFiles"> {
  const isState = (row: { state: string; cities: number }): row is { state: StateCode; cities: number } =>
    Object.hasOwn(US_STATES, row.state);
  const areas = rows.filter((row) => !isState(row));
  return { states: rows.filter(isState), ...(areas.length > 0 ? { areas } : {}) };
}

/** A state of restaurant_states: its code as the rows hold it, and its open restaurants. */
export type StateRestaurants = { state: string; restaurants: number };

export const stateRestaurantsSchema: z.ZodType<StateRestaurants, z.ZodTypeDef, unknown> = z.object({
  state: z.string(),
  restaurants: count,
});
