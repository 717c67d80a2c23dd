// The data port: what the app asks of a directory backend (D1 or Supabase), what a backend
// answers (a restaurant, a page of results, a photo, a place), the schemas every adapter
// checks its rows with, and the deadline every backend call runs under. Adapters implement
// `Directory`; routes reach a backend only through ./index.server.ts (the door), never an adapter.
import { z } from "zod";
import { BASE_LISTING_COLUMNS, TRUST_COLUMNS } from "./columns";
import type { City, SitemapOutline, StateRestaurants } from "./landing-rows";
import type {
  LatLng,
  Place,
  PlaceLookup,
  PlaceLookupResult,
  PlaceSpelling,
  PlaceSpellingProbe,
  SearchScope,
} from "../places/places";
import type { WorldPlaceLookup, WorldPlaceRow } from "../places/world";
import type { Search } from "../search/search-url";
import {
  CONDITIONS,
  OUTCOMES,
  type ConfirmationTally,
  type DinerConfirmations,
  type Month,
} from "../trust/confirmations";
import { isVerificationMethod, type TrustFacts } from "../trust/trust";

export interface Directory {
  listCuisines(): Promise<string[]>;
  lookUpPlace(lookup: PlaceLookup): Promise<PlaceLookupResult>;
  /**
   * The world's places beyond the US of one key (in one country or subdivision when given),
   * largest first, at most MAX_ALTERNATIVES + 1 (app/lib/places/world.ts,
   * docs/decisions/0031-world-place-data.md).
   */
  lookUpWorldPlaces(lookup: WorldPlaceLookup): Promise<WorldPlaceRow[]>;
  /**
   * The place that names a search's coordinates: the nearest US or world place in the nine
   * quarter-degree cells around the point, or null when none is (app/lib/places/nearest-place.ts).
   */
  nearestPlace(coords: LatLng): Promise<Place | null>;
  /**
   * One page of a search (every list is one: the default list is a search without terms).
   * With a centre: within the radius nearest first, then what the location box's own rule
   * matches further away; without: by name. The scope comes with the location box already
   * read (the door's runSearch); adapters never parse it. See docs/search-url.md.
   */
  findRestaurants(search: Search, scope: SearchScope): Promise<RestaurantPage>;
  /** null when there is no such restaurant. */
  getRestaurant(id: number): Promise<Restaurant | null>;
  /**
   * The restaurants of these ids (a saved list, app/lib/saved/saved-list.ts), closed ones
   * included, in one query; ids with no row are left out, the order is the backend's. At most
   * MAX_BY_ID ids are read: any past them are ignored.
   */
  getRestaurantsByIds(ids: readonly number[]): Promise<Restaurant[]>;
  /** Newest first. */
  listPhotos(restaurantId: number, limit: number): Promise<Photo[]>;
  /**
   * A city of restaurant_cities with at least one restaurant; null when there is none. `state`
   * as restaurant_cities keys it: a US state's code, or abroad the country-qualified one
   * ('CA-ON', 'SG-': migrations/0015_cities_by_country.sql).
   */
  getCity(state: string, slug: string): Promise<City | null>;
  /** A state's (or, keyed as getCity's, a subdivision's) cities with at least one restaurant, by slug (bytewise), `limit` from `offset`. */
  listCities(state: string, offset: number, limit: number): Promise<City[]>;
  /**
   * The sitemap index's reads: at most maxFiles restaurant files, the US states' numbers of
   * cities, and those of these areas abroad (keyed as restaurant_cities keys them: 'CA-ON').
   */
  sitemapOutline(idsPerFile: number, maxFiles: number, abroad?: readonly string[]): Promise<SitemapOutline>;
  /** The ids from fromId to toId (both included), ascending. */
  listRestaurantIds(fromId: number, toId: number): Promise<number[]>;

  // What people type (app/lib/hints/search-hints.ts, docs/decisions/0023-search-suggestions.md).
  /**
   * The capped count of each search (as findRestaurants counts it), in one round trip where
   * the backend allows: the counts beside the page's suggestions.
   */
  countRestaurants(searches: readonly CountRequest[]): Promise<CappedCount[]>;
  /**
   * The places of the directory's cities whose key may lie within the probe's edits of its key
   * (a superset: the caller measures each), with how many open restaurants each has.
   */
  placesSpeltLike(probe: PlaceSpellingProbe): Promise<PlaceSpelling[]>;
  /** The states with open restaurants and how many, by state code (any code the rows hold). */
  listStates(): Promise<StateRestaurants[]>;
  /** The cities with the most open restaurants (ties by state and slug, bytewise), at most `limit`. */
  listTopCities(limit: number): Promise<City[]>;
  /**
   * A restaurant's published confirmations (its page's 'From diners' card): the tallies of the
   * visits from `since` on, and its newest `limit` confirmations, newest visit first.
   */
  getConfirmations(restaurantId: number, since: Month, limit: number): Promise<DinerConfirmations>;
}

/** The most ids getRestaurantsByIds reads (a saved list's most, MAX_SAVED). */
export const MAX_BY_ID = 100;

/** A search to count, with where it looks (as findRestaurants takes it). */
export type CountRequest = { search: Search; scope: SearchScope };
/** Exact up to MAX_COUNTED; `capped` when there are more. */
export type CappedCount = { total: number; capped: boolean };

// ---------------------------------------------------------------------------------------
// Where a search looks (its scope: SearchScope in ../places/places.ts).

/** How many of the nearest beyond the radius a search around a centre that found nothing shows. */
export const NEAREST_BEYOND = 3;
/** How far 'the nearest beyond the radius' looks, in miles (docs/search-url.md). */
export const BEYOND_MAX_MILES = 300;

// ---------------------------------------------------------------------------------------
// What a backend answers, and the schemas that check its rows into these types.

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

export type RestaurantPage = {
  restaurants: FoundRestaurant[];
  /** Exact up to MAX_COUNTED; `capped` when there are more. */
  total: number;
  capped: boolean;
  /** For a search with a centre and no result: the nearest few beyond the radius. */
  nearestBeyond: FoundRestaurant[];
};

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

/**
 * The columns of a restaurant: what the D1 statements and the Supabase table reads select, and
 * what the seed and the test fixtures insert. The Postgres function find_restaurants names its
 * columns in its own SQL (as the last migration to replace it left it: schema/postgres.sql);
 * this module's schemas check what it returns.
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

// ---------------------------------------------------------------------------------------
// The time budget of one backend call: a slow or failing backend becomes
// DirectoryUnavailableError, which routes turn into the 503 page.

/** The backend could not answer (unreachable, failing or too slow): the page answers 503. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DirectoryUnavailableError";
  }
}

/** Runs `work` with a deadline; a timeout or failure becomes DirectoryUnavailableError. */
export async function withDeadline<T>(
  label: string,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DirectoryUnavailableError(`${label}: timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DirectoryUnavailableError(`${label}: ${message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export const QUERY_TIMEOUT_MS = 3000;

/**
 * After the app itself writes a restaurant (a decision of the review queue): one batch of
 * what the open=now index has pending, so that the row is found at once rather than at the
 * next scheduled run (docs/decisions/0016-opening-hours.md). Should it fail, that run derives
 * it within five minutes: the write stands, and the failure is only logged.
 */
export async function deriveOpenHoursAfterWrite(derive: () => Promise<number>): Promise<void> {
  await derive().catch((error: unknown) =>
    console.warn(`open-hours after a write: ${error instanceof Error ? error.message : String(error)}`),
  );
}
