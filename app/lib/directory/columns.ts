// The groups of restaurant columns that both the port's rows (RESTAURANT_COLUMNS,
// SELECTED_RESTAURANT_COLUMNS) and the review queue (its form's columns, LISTING_COLUMNS) list,
// each written once; apart from ./restaurant-rows.ts so that the browser's bundle takes them
// without the row schemas.

/** A restaurant's listing as text: where it is, how to reach it, its hours and its description. */
export const LISTING_TEXT_COLUMNS = [
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
] as const;

/** The diets it serves. */
export const DIET_FLAG_COLUMNS = ["is_gluten_free", "is_dairy_free", "is_vegetarian", "is_vegan"] as const;
/** The diets it serves exclusively ('100%'). */
export const DEDICATED_FLAG_COLUMNS = ["gluten_free_only", "dairy_free_only", "vegetarian_only", "vegan_only"] as const;
/** Celiac kitchen practices: true, false, or null (not known). */
export const PRACTICE_COLUMNS = ["gf_dedicated_fryer", "gf_separate_prep", "gf_trained_staff"] as const;

/** The listing of the first schema (migrations/0001_schema.sql), but for its id and created_at, in table order. */
export const BASE_LISTING_COLUMNS = [
  "name",
  "cuisine_type",
  ...DIET_FLAG_COLUMNS,
  ...LISTING_TEXT_COLUMNS,
  "latitude",
  "longitude",
] as const;

/** The trust facts (migrations/0004_trust.sql), in table order. */
export const TRUST_COLUMNS = [...DEDICATED_FLAG_COLUMNS, ...PRACTICE_COLUMNS, "verified_at", "closed_at"] as const;

/**
 * The columns of a restaurant: what the D1 statements and the Supabase table reads select, and
 * what the seed and the test fixtures insert. The Postgres function find_restaurants names its
 * columns in its own SQL (as the last migration to replace it left it: schema/postgres.sql);
 * ./restaurant-rows.ts's schemas check what it returns.
 */
export const RESTAURANT_COLUMNS = ["id", ...BASE_LISTING_COLUMNS, "country", ...TRUST_COLUMNS] as const;

/**
 * Also selected where a restaurant is shown, not part of an insert: its position for the time
 * zone (own coordinates, else its ZIP's centre; kept by the database), and how its facts were
 * verified ('Verified Mar 4, 2026 by phone'; written by the review queue only).
 */
const SHOWN_COLUMNS = ["geo_lat", "geo_lng", "verified_how"] as const;

/**
 * Also selected where a restaurant is shown: its diners' confirmations of the last 12 months
 * (a card's one line), derived by the database (migrations/0010_confirmations.sql). Not part of
 * an insert.
 */
const CARD_COLUMNS = ["confirmation_tallies"] as const;

/** What is selected where a restaurant is shown (a result list, a card, its page): restaurantRowSchema's columns. */
export const SELECTED_RESTAURANT_COLUMNS = [...RESTAURANT_COLUMNS, ...SHOWN_COLUMNS, ...CARD_COLUMNS] as const;
