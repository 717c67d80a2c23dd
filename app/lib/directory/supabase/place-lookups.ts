// The Supabase adapter's place lookups (the directory port's lookUpPlace, lookUpWorldPlaces and
// nearestPlace), one SQL function each: public.resolve_place, public.resolve_world_place and
// public.nearest_place. The adapter (./directory.server.ts) takes them whole; their rows are
// checked by ../place-rows.ts.
import { z } from "zod";
import { MAX_ALTERNATIVES, type PlaceLookup, type PlaceLookupResult } from "../../places/places";
import type { Directory } from "../port";
import { nearestPlaceRowSchema, placeRowSchema, worldPlaceRowSchema } from "../place-rows";
import type { Rpc } from "./rpc";

/** The arguments of public.resolve_place. */
export function placeArgs(lookup: PlaceLookup) {
  switch (lookup.kind) {
    case "zip":
      return { p_zip: lookup.zip, p_key: null, p_state: null };
    case "place":
      return { p_zip: null, p_key: lookup.key, p_state: lookup.state };
    case "name":
      return { p_zip: null, p_key: lookup.key, p_state: null };
  }
}

/** The place lookups of the directory port through this rpc. */
export function supabasePlaceLookups(rpc: Rpc): Pick<Directory, "lookUpPlace" | "lookUpWorldPlaces" | "nearestPlace"> {
  return {
    async lookUpPlace(lookup): Promise<PlaceLookupResult> {
      const places = z.array(placeRowSchema).parse(await rpc("resolve place", "resolve_place", placeArgs(lookup)));
      if (places.length === 1) return { place: places[0] ?? null, alternatives: [] };
      return { place: null, alternatives: places.slice(0, MAX_ALTERNATIVES) };
    },

    async lookUpWorldPlaces(lookup) {
      return z.array(worldPlaceRowSchema).parse(
        await rpc("resolve world place", "resolve_world_place", {
          p_key: lookup.key,
          p_country: lookup.country,
          p_subdivision: lookup.subdivision,
          p_limit: MAX_ALTERNATIVES + 1,
        }),
      );
    },

    async nearestPlace(coords) {
      const row = await rpc("nearest place", "nearest_place", { p_lat: coords.lat, p_lng: coords.lng });
      return row == null ? null : nearestPlaceRowSchema.parse(row);
    },
  };
}
