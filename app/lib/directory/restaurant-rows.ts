// What a backend answers about restaurants (a restaurant, one found by a search, a photo, a
// cuisine) and the schemas every adapter checks those rows with, for the port (./port.ts), with
// the small schemas the other rows' files share (idSchema, monthSchema, jsonOf). The columns
// they are selected by: ./columns.ts.
import { z } from "zod";
import { CONDITIONS, OUTCOMES, type ConfirmationTally } from "../trust/confirmations";
import { isVerificationMethod, type TrustFacts } from "../trust/trust";

/** A restaurant: its listing, and what a diner needs before trusting it (TrustFacts). */
export type Restaurant = TrustFacts & {
  id: number;
  name: string;
  cuisineType: string | null;
  isGlutenFree: boolean;
  isDairyFree: boolean;
  isVegetarian: boolean;
  isVegan: boolean;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** ISO 3166-1 alpha-2, upper case ('US' unless the row says otherwise). */
  country: string;
  phoneNumber: string | null;
  emailAddress: string | null;
  websiteUrl: string | null;
  menuUrl: string | null;
  hoursOfOperation: string | null;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Its position for the time zone: own coordinates, else its ZIP's centre (kept by the database). */
  geoLat: number | null;
  geoLng: number | null;
  /** Diners' confirmations of the last 12 months, per condition and outcome (kept by the database). */
  recentConfirmations: ConfirmationTally[];
};

/** A restaurant in a result list; `distance` in miles from the search's centre, if it has one. */
export type FoundRestaurant = Restaurant & { distance: number | null };

export type Photo = { id: number; restaurantId: number; url: string; createdAt: string };

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
/**
 * ISO 3166-1 alpha-2 (migrations/0013_country.sql). Absent (a row from a reader that does not
 * select it yet, or typed before the column, e.g. in a test) means the United States.
 */
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .nullish()
  .transform((value) => value ?? "US");
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
/** A row's id: a number (D1), or a bigint as text (Postgres). */
export const idSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);

/** A calendar month, YYYY-MM. */
export const monthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);
/** D1 hands JSON over as text, Postgres (jsonb) as values. */
export const jsonOf = <T extends z.ZodTypeAny>(schema: T) =>
  z.union([z.string().transform((text) => JSON.parse(text) as unknown), z.unknown()]).pipe(schema);

const tally = z
  .tuple([z.enum(CONDITIONS), z.enum(OUTCOMES), z.number().int().nonnegative(), monthSchema])
  .transform(([condition, outcome, count, latest]): ConfirmationTally => ({ condition, outcome, count, latest }));

/** Tallies in a fixed order (the conditions', then the outcomes'), whatever order the backend gave. */
function inOrder(tallies: ConfirmationTally[]): ConfirmationTally[] {
  return [...tallies].sort(
    (a, b) =>
      CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition) ||
      OUTCOMES.indexOf(a.outcome) - OUTCOMES.indexOf(b.outcome),
  );
}

/**
 * A list of confirmation tallies ([condition, outcome, count, latest month] each: a card's line,
 * a restaurant page's card); null (none in the window) is an empty list.
 */
export const tallyListSchema = z
  .union([z.null(), jsonOf(z.array(tally).nullable())])
  .transform((tallies) => inOrder(tallies ?? []));

export const restaurantRowSchema = z
  .object({
    id: idSchema,
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
    country: countryCode,
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
    verified_how: z
      .unknown()
      .optional()
      .transform((value) => (isVerificationMethod(value) ? value : null)),
    closed_at: day,
    geo_lat: optionalNumber.optional(),
    geo_lng: optionalNumber.optional(),
    confirmation_tallies: tallyListSchema.optional(),
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
    country: row.country,
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
    verifiedHow: row.verified_how,
    closedAt: row.closed_at,
    geoLat: row.geo_lat ?? null,
    geoLng: row.geo_lng ?? null,
    recentConfirmations: row.confirmation_tallies ?? [],
  }));

export const photoRowSchema = z
  .object({ id: idSchema, restaurant_id: idSchema, url: z.string(), created_at: z.string() })
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
