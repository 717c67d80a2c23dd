// The data port: what the app asks of a directory backend (D1 or Supabase). Adapters
// implement `Directory`; routes reach it only through ./index.server.ts. The types it speaks
// (a search, a restaurant, a place, a page of results) live in ../domain.ts.
import type { City, Photo, PlaceLookup, PlaceMatch, Restaurant, RestaurantPage, Search, SearchScope } from "../domain";
import type { StateCode } from "../places/places";

// The writes: suggestions and reports (public) and the review queue (./submissions.ts).
export type { ReviewStore, SubmissionStore } from "../submissions/store";

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
   * matches further away; without: by name. The scope comes with the location box already
   * read (index.server.ts searchRestaurants); adapters never parse it. See docs/search-url.md.
   */
  findRestaurants(search: Search, scope: SearchScope): Promise<RestaurantPage>;
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
