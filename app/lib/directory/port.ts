// The data port: what the app asks of a directory backend (D1 or Supabase). Adapters
// implement `Directory`; routes reach it through ./index.server.ts.
import type { Diet, MatchMode } from "../diet";
import type { LocationFilter } from "../location";
import type { Photo, Restaurant } from "./rows";

export type DietFilter = { diets: Diet[]; match: MatchMode };

export type SearchCriteria = DietFilter & {
  /** Partial, case-insensitive against name or cuisine; '' for none. */
  query: string;
  location: LocationFilter;
  /** Exact cuisine_type; null for All Cuisines. */
  cuisine: string | null;
  limit: number;
  offset: number;
};

export type ListCriteria = DietFilter & { limit: number; offset: number };

export type RestaurantPage = { restaurants: Restaurant[]; total: number };

export interface Directory {
  listCuisines(): Promise<string[]>;
  /** The default list (before any search): every restaurant by name, diet filter applied. */
  listRestaurants(criteria: ListCriteria): Promise<RestaurantPage>;
  searchRestaurants(criteria: SearchCriteria): Promise<RestaurantPage>;
  /** null when there is no such restaurant. */
  getRestaurant(id: number): Promise<Restaurant | null>;
  /** Newest first. */
  listPhotos(restaurantId: number, limit: number): Promise<Photo[]>;
}
