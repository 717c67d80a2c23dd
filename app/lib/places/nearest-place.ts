// The place a search's coordinates are named by ('Within 50 miles of Bellevue, WA'): 'Search
// this area' and 'Use My Location' both put coordinates in the URL (lat/lng), and whoever opens
// such a link without having pressed either reads the nearest place's name rather than 'your
// location' (issue 39, docs/search-url.md "Coordinates and the place named for them"). The
// place data is looked up by cells of a quarter degree: the nine cells around the point, each
// through an index on both backends (migrations/0019_place_cells.sql). Pure.
import type { LatLng } from "./places";

/** Cells per degree of latitude and of longitude: a cell is 0.25° on a side (about 17 miles north to south). */
export const CELLS_PER_DEGREE = 4;

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
