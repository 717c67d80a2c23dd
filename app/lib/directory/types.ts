// The data port: what the app asks of a directory backend (D1 or Supabase), and the typed
// values rows are validated into at that boundary.
import { z } from "zod";
import type { Diet, MatchMode } from "../diet";
import type { LocationFilter } from "../location";

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === "" ? null : value));
const optionalNumber = z.number().finite().nullish().transform((value) => value ?? null);
const id = z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number)]);

/** The columns every adapter selects for a restaurant. */
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
] as const;

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
  })
  .transform((row) => ({
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
  }));

export type Restaurant = z.output<typeof restaurantRowSchema>;

export const photoRowSchema = z
  .object({ id, restaurant_id: id, url: z.string(), created_at: z.string() })
  .transform((row) => ({
    id: row.id,
    restaurantId: row.restaurant_id,
    url: row.url,
    createdAt: row.created_at,
  }));

export type Photo = z.output<typeof photoRowSchema>;

export const cuisineRowSchema = z.object({ name: z.string() }).transform((row) => row.name);

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
