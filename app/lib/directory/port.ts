// The data port: what the app asks of a directory backend (D1 or Supabase), the page of results
// a search answers, and the deadline every backend call runs under. What a backend answers and
// the schemas every adapter checks its rows with are beside it, by kind: ./restaurant-rows.ts
// (a restaurant, a found one, a photo), ./place-rows.ts (a place), ./landing-rows.ts,
// ./hint-rows.ts and ./confirmation-rows.ts. Adapters implement `Directory`; routes reach a
// backend only through ./index.server.ts (the door), never an adapter.
import type { City, SitemapOutline, StateRestaurants } from "./landing-rows";
import type { FoundRestaurant, Photo, Restaurant } from "./restaurant-rows";
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
import type { DinerConfirmations, Month } from "../trust/confirmations";

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
// What a search answers (its restaurants and their rows: ./restaurant-rows.ts).

export type RestaurantPage = {
  restaurants: FoundRestaurant[];
  /** Exact up to MAX_COUNTED; `capped` when there are more. */
  total: number;
  capped: boolean;
  /** For a search with a centre and no result: the nearest few beyond the radius. */
  nearestBeyond: FoundRestaurant[];
};

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
