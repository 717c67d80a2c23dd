// The schemas that check a place lookup's rows (both adapters', D1's statements and Postgres's
// resolve_place, resolve_world_place and nearest_place) into the place types of ../places/.
import { z } from "zod";
import type { Place } from "../places/places";
import { worldPlaceOf, type WorldPlaceRow } from "../places/world";

/** A place of the world place data (docs/decisions/0031-world-place-data.md). */
export const worldPlaceRowSchema: z.ZodType<WorldPlaceRow, z.ZodTypeDef, unknown> = z.object({
  name: z.string(),
  country: z.string(),
  subdivision: z.string().nullable(),
  population: z.number(),
  lat: z.number().finite(),
  lng: z.number().finite(),
});

/** The place nearest a search's coordinates: a US place (country 'US') or a world place, as a Place. */
export const nearestPlaceRowSchema: z.ZodType<Place, z.ZodTypeDef, unknown> = z
  .object({
    name: z.string(),
    state: z.string().nullable(),
    slug: z.string().nullable(),
    country: z.string(),
    subdivision: z.string().nullable(),
    population: z.number(),
    lat: z.number().finite(),
    lng: z.number().finite(),
  })
  .transform(({ state, slug, country, ...row }) =>
    country === "US"
      ? { name: row.name, state: state ?? "", slug, zip: null, lat: row.lat, lng: row.lng }
      : worldPlaceOf({ ...row, country }),
  );

/** A place of the place data (docs/decisions/0006-place-data.md). */
export const placeRowSchema: z.ZodType<Place, z.ZodTypeDef, unknown> = z.object({
  name: z.string(),
  state: z.string(),
  slug: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number().finite(),
  lng: z.number().finite(),
});
