// The groups of restaurant columns that both the port (RESTAURANT_COLUMNS) and the review
// queue (its form's columns, LISTING_COLUMNS) list, each written once; apart from port.ts so
// that the browser's bundle takes them without the port's row schemas.

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
