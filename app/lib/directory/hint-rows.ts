// The rows of the search hints (app/lib/hints/search-hints.ts): a place spelt like a misspelt
// one, in the US or abroad, with the schema that checks it (D1 and Supabase alike).
import { z } from "zod";
import type { PlaceSpelling } from "../places/places";
import { worldPlaceOf } from "../places/world";

const count = z.number().int().nonnegative();

/** A place of us_places with its key, ZIP count and open restaurants (restaurant_cities by place key). */
export const placeSpellingRowSchema: z.ZodType<PlaceSpelling, z.ZodTypeDef, unknown> = z
  .object({
    name: z.string(),
    state: z.string(),
    slug: z.string().nullable(),
    lat: z.number().finite(),
    lng: z.number().finite(),
    key: z.string(),
    zip_count: count,
    restaurants: z.union([count, z.null()]).transform((value) => value ?? 0),
  })
  .transform((row) => ({
    name: row.name,
    state: row.state,
    slug: row.slug,
    zip: null,
    lat: row.lat,
    lng: row.lng,
    key: row.key,
    zipCount: row.zip_count,
    restaurants: row.restaurants,
  }));

/**
 * A world place spelt like a misspelt one, with the key of its name found and its open
 * restaurants (under any of its names); named as the app names world places ('Toronto, ON',
 * 'Rome, Italy': worldPlaceOf). No ZIP codes: zipCount 0.
 */
export const worldPlaceSpellingRowSchema: z.ZodType<PlaceSpelling, z.ZodTypeDef, unknown> = z
  .object({
    name: z.string(),
    country: z.string(),
    subdivision: z.string().nullable(),
    population: count,
    lat: z.number().finite(),
    lng: z.number().finite(),
    key: z.string(),
    restaurants: z.union([count, z.null()]).transform((value) => value ?? 0),
  })
  .transform((row) => ({ ...worldPlaceOf(row), key: row.key, zipCount: 0, restaurants: row.restaurants }));
