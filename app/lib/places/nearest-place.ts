// The place a search's coordinates are named by ('Within 50 miles of Bellevue, WA'): 'Search
// this area' and 'Use My Location' both put coordinates in the URL (lat/lng), and whoever opens
// such a link without having pressed either reads the nearest place's name rather than 'your
// location' (issue 39, docs/search-url.md "Coordinates and the place named for them"). The
// place data is looked up by cells of a quarter degree: the nine cells around the point, each
// through an index on both backends (migrations/0019_place_cells.sql). Pure.
import type { LatLng, Place } from "./places";

/** Cells per degree of latitude and of longitude: a cell is 0.25° on a side (about 17 miles north to south). */
const CELLS_PER_DEGREE = 4;

/**
 * The cell of a position: its row (from the south pole) and column (from the antimeridian), as
 * the index expressions compute them (both non-negative, so truncation is floor).
 */
export function cellOf({ lat, lng }: LatLng): { row: number; column: number } {
  return { row: Math.floor((lat + 90) * CELLS_PER_DEGREE), column: Math.floor((lng + 180) * CELLS_PER_DEGREE) };
}

/**
 * What the lookup binds: the three rows and three columns of cells around the point, and the
 * cosine of its latitude (east-west degrees are that much shorter there), with which the nearest
 * of the places in the nine cells is chosen. Cells do not wrap around the antimeridian.
 */
export function nearCells(coords: LatLng): { rows: number[]; columns: number[]; cos: number } {
  const { row, column } = cellOf(coords);
  return {
    rows: [row - 1, row, row + 1],
    columns: [column - 1, column, column + 1],
    cos: Math.cos((coords.lat * Math.PI) / 180),
  };
}

/** Coordinates as the URL writes them, for a point with no place in its nine cells: '47.61, -122.2'. */
export const coordinatesText = ({ lat, lng }: LatLng) => `${lat}, ${lng}`;

/**
 * Whose the coordinates are, as far as the page knows: the visitor's own position ('Use My
 * Location': this tab remembered it, or the server's redirect for near=me just made it) or the
 * centre of the map after 'Search this area' (this tab remembered it); null for a link opened
 * anywhere else, whose coordinates are named by the nearest place.
 */
export type CoordsOrigin = "mine" | "map";

/** The place nearest a search's coordinates (Directory's nearestPlace), or null. */
export type NearPlace = Pick<Place, "name" | "state" | "km"> | null;

/**
 * What the server tells the page of a search's coordinates: their name for anyone
 * (nearestName), the nearest place's kilometres, and whether they are this visitor's (`own`).
 */
export type CoordsNaming = { name: string; km?: true; own: boolean };

export const placeText = (place: Pick<Place, "name" | "state">) => `${place.name}, ${place.state}`;

/**
 * Coordinates named for whoever reads them: the nearest place ('Bellevue, WA'), or the
 * coordinates themselves when no place is in the nine cells around them ('47.61, -122.2').
 */
export const nearestName = (coords: LatLng, nearPlace: NearPlace) =>
  nearPlace ? placeText(nearPlace) : coordinatesText(coords);

/** The coordinates in a sentence ('Within 50 miles of …'): 'your location', 'this map area', or `name` (nearestName). */
export const coordsName = (origin: CoordsOrigin | null, name: string) =>
  origin === "mine" ? "your location" : origin === "map" ? "this map area" : name;
