// The rows a directory backend returns, validated at that boundary into the app's types
// (../domain.ts): every adapter parses what it reads with these schemas.
import { z } from "zod";
import type { City, FoundRestaurant, Photo, Place, Restaurant } from "../domain";
import { US_STATES, type StateCode } from "../places/places";

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === "" ? null : value));
const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((value) => value ?? null);
/** A '100%' flag; absent (a row typed before the trust columns, e.g. in a test) means no. */
const onlyFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .optional()
  .transform((value) => value === true || value === 1);
/** A celiac kitchen practice: true confirmed, false confirmed not, null not known. */
const knownFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .nullish()
  .transform((value) => (value == null ? null : value === true || value === 1));
/** A calendar day, YYYY-MM-DD (D1 text, Postgres date as JSON); anything else is no day. */
const day = z
  .string()
  .nullish()
  .transform((value) => (value != null && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) ? value : null));
const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);

/**
 * The columns of a restaurant: what the D1 statements and the Supabase table reads select, and
 * what the seed and the test fixtures insert. The Postgres function find_restaurants names its
 * columns in its own SQL (supabase/migrations/20250101000002_search.sql); this module's
 * schemas check what it returns.
 */
export const RESTAURANT_COLUMNS = [
  "id",
  "name",
  "cuisine_type",
  "is_gluten_free",
  "is_dairy_free",
  "is_vegetarian",
  "is_vegan",
  "address",
  "city",
  "state",
  "zip_code",
  "phone_number",
  "email_address",
  "website_url",
  "menu_url",
  "hours_of_operation",
  "description",
  "latitude",
  "longitude",
  "gluten_free_only",
  "dairy_free_only",
  "vegetarian_only",
  "vegan_only",
  "gf_dedicated_fryer",
  "gf_separate_prep",
  "gf_trained_staff",
  "verified_at",
  "closed_at",
] as const;

/**
 * Also selected where a restaurant is shown: its position for the time zone (own
 * coordinates, else its ZIP's centre; kept by the database). Not part of an insert.
 */
export const ZONE_COLUMNS = ["geo_lat", "geo_lng"] as const;

export const restaurantRowSchema = z
  .object({
    id,
    name: z.string(),
    cuisine_type: optionalText,
    is_gluten_free: flag,
    is_dairy_free: flag,
    is_vegetarian: flag,
    is_vegan: flag,
    address: optionalText,
    city: optionalText,
    state: optionalText,
    zip_code: optionalText,
    phone_number: optionalText,
    email_address: optionalText,
    website_url: optionalText,
    menu_url: optionalText,
    hours_of_operation: optionalText,
    description: optionalText,
    latitude: optionalNumber,
    longitude: optionalNumber,
    gluten_free_only: onlyFlag,
    dairy_free_only: onlyFlag,
    vegetarian_only: onlyFlag,
    vegan_only: onlyFlag,
    gf_dedicated_fryer: knownFlag,
    gf_separate_prep: knownFlag,
    gf_trained_staff: knownFlag,
    verified_at: day,
    closed_at: day,
    geo_lat: optionalNumber.optional(),
    geo_lng: optionalNumber.optional(),
  })
  .transform((row): Restaurant => ({
    id: row.id,
    name: row.name,
    cuisineType: row.cuisine_type,
    isGlutenFree: row.is_gluten_free,
    isDairyFree: row.is_dairy_free,
    isVegetarian: row.is_vegetarian,
    isVegan: row.is_vegan,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phoneNumber: row.phone_number,
    emailAddress: row.email_address,
    websiteUrl: row.website_url,
    menuUrl: row.menu_url,
    hoursOfOperation: row.hours_of_operation,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    glutenFreeOnly: row.gluten_free_only,
    dairyFreeOnly: row.dairy_free_only,
    vegetarianOnly: row.vegetarian_only,
    veganOnly: row.vegan_only,
    dedicatedFryer: row.gf_dedicated_fryer,
    separatePrep: row.gf_separate_prep,
    trainedStaff: row.gf_trained_staff,
    verifiedAt: row.verified_at,
    closedAt: row.closed_at,
    geoLat: row.geo_lat ?? null,
    geoLng: row.geo_lng ?? null,
  }));

export const photoRowSchema = z
  .object({ id, restaurant_id: id, url: z.string(), created_at: z.string() })
  .transform((row): Photo => ({
    id: row.id,
    restaurantId: row.restaurant_id,
    url: row.url,
    createdAt: row.created_at,
  }));

export const cuisineRowSchema = z.object({ name: z.string() }).transform((row) => row.name);

/** A restaurant of a result list: the row, and its distance from the search's centre (miles). */
export const foundRowSchema = z
  .intersection(restaurantRowSchema, z.object({ distance: optionalNumber.optional() }))
  .transform(({ distance, ...restaurant }): FoundRestaurant => ({ ...restaurant, distance: distance ?? null }));

/** A place of the place data (docs/decisions/0006-place-data.md). */
export const placeRowSchema: z.ZodType<Place, z.ZodTypeDef, unknown> = z.object({
  name: z.string(),
  state: z.string(),
  slug: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number().finite(),
  lng: z.number().finite(),
});

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

export const restaurantIdSchema = id;

/** A state of the sitemap outline and its number of cities with restaurants. */
export const stateCountRowSchema = z.object({
  state: z.string().refine((state): state is StateCode => Object.hasOwn(US_STATES, state)),
  cities: count,
});
