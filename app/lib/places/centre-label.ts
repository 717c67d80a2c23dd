// The name of a search's coordinates on the maps (the blue dot's, for screen readers and the
// static map's caption), apart from ./nearest-place.ts so that only the map's chunk and the
// server carry it. Pure.
import { coordinatesText, placeText, type CoordsOrigin, type NearPlace } from "./nearest-place";
import type { LatLng } from "./places";

/** The name of the coordinates' marker on the maps: 'Your location', 'Centre of this map area', 'Search centre near Bellevue, WA'. */
export function coordsCentreLabel(coords: LatLng, origin: CoordsOrigin | null, nearPlace: NearPlace): string {
  if (origin === "mine") return "Your location";
  if (origin === "map") return "Centre of this map area";
  return nearPlace ? `Search centre near ${placeText(nearPlace)}` : `Search centre at ${coordinatesText(coords)}`;
}
