// The data port: what the app asks of a directory backend (D1 or Supabase). Adapters
// implement `Directory`; routes reach it only through ./index.server.ts.
import type { StateCode } from "../places";
import type { SearchCriteria } from "../search-criteria";
import type { City, Photo, Restaurant } from "./rows";

export type { SearchCriteria } from "../search-criteria";
export type { City } from "./rows";
// The writes: suggestions and reports (public) and the review queue (./submissions.ts).
export type { ReviewStore, SubmissionStore } from "./submissions";

/** A point on the map, in decimal degrees. */
export type Centre = { lat: number; lng: number };

/** A place of the place data (us_places, us_zip_codes): a name in a state, and its centre. */
export type Place = Centre & {
  name: string;
  /** Two-letter state code. */
  state: string;
  /** The place's slug in landing-page URLs (/us/{state}/{slug}); null for a ZIP. */
  slug: string | null;
  /** The ZIP code, when the place is one. */
  zip: string | null;
};

/** What the location box names, to be looked up in the place data. */
export type PlaceLookup =
  | { kind: "zip"; zip: string }
  /** "City, ST" or "City, State": a place name (as placeKey) in one state. */
  | { kind: "place"; key: string; state: string }
  /** A bare place name (as placeKey), in whatever states have it. */
  | { kind: "name"; key: string };

/**
 * `place`: the one place the lookup names (a search with a centre). `alternatives`: a bare
 * name found in several states, most relevant first (most restaurants in the directory there,
 * then most ZIP codes, then name), at most MAX_ALTERNATIVES.
 */
export type PlaceMatch = { place: Place | null; alternatives: Place[] };

export const MAX_ALTERNATIVES = 5;

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

/**
 * What the sitemap index lists: the restaurant files that hold at least one restaurant (file n
 * covers ids (n-1)*idsPerFile+1 … n*idsPerFile), and the number of cities with restaurants in
 * each state that has any (US states only, by code).
 */
export type SitemapOutline = {
  restaurantFiles: number[];
  states: { state: StateCode; cities: number }[];
};

export interface Directory {
  listCuisines(): Promise<string[]>;
  resolvePlace(lookup: PlaceLookup): Promise<PlaceMatch>;
  /**
   * One page of a search (every list is one: the default list is a search without terms).
   * With a centre: within the radius nearest first, then what the location box's own rule
   * matches further away; without: by name. See docs/search-url.md.
   */
  findRestaurants(criteria: SearchCriteria, centre: Centre | null): Promise<RestaurantPage>;
  /** null when there is no such restaurant. */
  getRestaurant(id: number): Promise<Restaurant | null>;
  /** Newest first. */
  listPhotos(restaurantId: number, limit: number): Promise<Photo[]>;
  /** A city of restaurant_cities with at least one restaurant; null when there is none. */
  getCity(state: StateCode, slug: string): Promise<City | null>;
  /** A state's cities with at least one restaurant, by slug (bytewise), `limit` from `offset`. */
  listCities(state: StateCode, offset: number, limit: number): Promise<City[]>;
  /** The sitemap index's reads: at most maxFiles restaurant files. */
  sitemapOutline(idsPerFile: number, maxFiles: number): Promise<SitemapOutline>;
  /** The ids from fromId to toId (both included), ascending. */
  listRestaurantIds(fromId: number, toId: number): Promise<number[]>;
}
