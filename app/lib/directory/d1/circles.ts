// The circles a D1 search around a centre reads, as the map cells of the search index that
// cover them (docs/decisions/0010-bounded-search.md): each restaurant's row holds, at five
// levels, a tag of the cell it lies in (the migrations compute it from the row; cellOf and
// cellId here from a position), and a circle is read as the cells wholly inside it and those
// across its edge. Also the great-circle distance as SQL, which measures the edge cells'
// restaurants. Pure.
import { EARTH_RADIUS_MILES, degrees, distanceMiles, radians } from "../../places/geometry";
import type { LatLng } from "../../places/places";
import { ftsString, token } from "./fts-query";

/** Map cells' tag ids start here (the other tags' ids: ./fts-query.ts). */
const CELL_BASE = 10_000_000;

/**
 * The map cells: level L divides each degree of latitude and longitude into PER_DEGREE[L]
 * parts (1°, 1/4°, 1/16°, 1/64°, 1/256°: about 69, 17, 4.3, 1.1 and 0.27 miles tall).
 */
export const PER_DEGREE = [1, 4, 16, 64, 256] as const;
export type CellLevel = 0 | 1 | 2 | 3 | 4;
export const CELL_OFFSETS = PER_DEGREE.reduce<number[]>((offsets, k, level) => {
  offsets.push(level === 0 ? CELL_BASE : offsets[level - 1]! + 180 * 360 * PER_DEGREE[level - 1]! ** 2);
  return offsets;
}, []);

/** The cell at row i (from the south pole) and column j (from 180° west) of a level. */
export function cellId(level: CellLevel, row: number, column: number): number {
  const k = PER_DEGREE[level];
  const columns = 360 * k;
  return CELL_OFFSETS[level]! + row * columns + (((column % columns) + columns) % columns);
}

/** The row and column of a point at a level, as the migration computes them. */
export function cellOf(level: CellLevel, at: LatLng): { row: number; column: number } {
  const k = PER_DEGREE[level];
  return {
    row: Math.min(180 * k - 1, Math.floor((at.lat + 90) * k)),
    column: Math.floor((at.lng + 180) * k) % (360 * k),
  };
}

/**
 * The most cells a covering may list by default (each is one term of the search). Finer
 * cells read fewer restaurants outside the circle; fewer cells cost the index less work.
 */
export const MAX_CELLS = 160;

/** Tokens of cells, by level. */
export type CellTokens = Partial<Record<CellLevel, string[]>>;

/** The cells that cover a circle: wholly inside it, and crossing its edge. */
export type Covering = { inner: CellTokens; edge: CellTokens };

/** Half the width, in degrees of longitude, of a circle at latitude `lat` (0 if it misses it). */
function halfWidth(centre: LatLng, angle: number, lat: number): number {
  const phi0 = radians(centre.lat);
  const phi = radians(lat);
  const cosine = (Math.cos(angle) - Math.sin(phi0) * Math.sin(phi)) / (Math.cos(phi0) * Math.cos(phi));
  if (cosine >= 1) return 0;
  if (cosine <= -1 || !Number.isFinite(cosine)) return 180;
  return degrees(Math.acos(cosine));
}

/** About how many cells of a level cover a circle, without listing them. */
function estimate(level: CellLevel, centre: LatLng, miles: number): number {
  const k = PER_DEGREE[level];
  const span = degrees(miles / EARTH_RADIUS_MILES);
  const widest = Math.cos(radians(Math.min(89, Math.abs(centre.lat) + span)));
  return (2 * span * k + 1) * (Math.min(360, (2 * span) / widest) * k + 1);
}

type Cell = { level: CellLevel; row: number; column: number };

/** The corners of a cell. */
function cornersOf({ level, row, column }: Cell): LatLng[] {
  const k = PER_DEGREE[level];
  const south = row / k - 90;
  const north = (row + 1) / k - 90;
  const west = column / k - 180;
  const east = (column + 1) / k - 180;
  return [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: west },
    { lat: north, lng: east },
  ];
}

/** Whether a cell is wholly inside the circle: its farthest points from the centre are corners. */
function isInside(cell: Cell, centre: LatLng, miles: number): boolean {
  return cornersOf(cell).every((c) => distanceMiles(centre, c) <= miles);
}

/**
 * Whether a cell may reach into the circle: its centre is no farther from the circle's than
 * the circle's radius plus the cell's own (its centre to its farthest corner), which no point
 * of the cell can exceed.
 */
function mayMeet(cell: Cell, centre: LatLng, miles: number): boolean {
  const k = PER_DEGREE[cell.level];
  const middle = { lat: (cell.row + 0.5) / k - 90, lng: (cell.column + 0.5) / k - 180 };
  const reach = Math.max(...cornersOf(cell).map((c) => distanceMiles(middle, c)));
  return distanceMiles(centre, middle) - reach <= miles + 1e-6;
}

function coveringAt(level: CellLevel, centre: LatLng, miles: number): { inner: Cell[]; edge: Cell[] } {
  const k = PER_DEGREE[level];
  const angle = miles / EARTH_RADIUS_MILES;
  const span = degrees(angle);
  const inner: Cell[] = [];
  const edge: Cell[] = [];
  const rowFrom = Math.max(0, Math.floor((centre.lat - span + 90) * k));
  const rowTo = Math.min(180 * k - 1, Math.floor((centre.lat + span + 90) * k));
  for (let row = rowFrom; row <= rowTo; row++) {
    const south = row / k - 90;
    const north = (row + 1) / k - 90;
    // The circle is widest, within this row, at the latitude nearest its centre.
    const nearest = Math.min(Math.max(centre.lat, south), north);
    const half = halfWidth(centre, angle, nearest) + 1e-9;
    const columnFrom = half >= 180 ? 0 : Math.floor((centre.lng - half + 180) * k);
    const columnTo = half >= 180 ? 360 * k - 1 : Math.floor((centre.lng + half + 180) * k);
    for (let column = columnFrom; column <= columnTo; column++) {
      const cell = { level, row, column };
      (isInside(cell, centre, miles) ? inner : edge).push(cell);
    }
  }
  return { inner, edge };
}

/**
 * The cells of one level that may meet a circle, as [level, row, column] (column within the
 * world): the finest level at which they are at most `maxCells`, else the coarsest. A
 * nearest-first walk (nearest-walk.ts) starts from them and splits them as it goes.
 */
export function startCells(centre: LatLng, miles: number, maxCells: number): [CellLevel, number, number][] {
  for (const level of [4, 3, 2, 1, 0] as const) {
    if (level > 0 && estimate(level, centre, miles) > 4 * maxCells) continue;
    const { inner, edge } = coveringAt(level, centre, miles);
    if (level > 0 && inner.length + edge.length > maxCells) continue;
    const columns = 360 * PER_DEGREE[level];
    return [...inner, ...edge].map((c) => [level, c.row, ((c.column % columns) + columns) % columns]);
  }
  return [];
}

/** The sixteen cells of the next level that make up a cell. */
function children({ level, row, column }: Cell): Cell[] {
  const next = (level + 1) as CellLevel;
  const cells: Cell[] = [];
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) cells.push({ level: next, row: row * 4 + i, column: column * 4 + j });
  return cells;
}

function tokensOf(cells: Cell[]): CellTokens {
  const byLevel: CellTokens = {};
  for (const cell of cells) (byLevel[cell.level] ??= []).push(token(cellId(cell.level, cell.row, cell.column)));
  return byLevel;
}

/** Map cells as FTS5 text: each level's tokens in its column, ORed; null for none. */
export function cellsQuery(byLevel: CellTokens): string | null {
  const parts = Object.entries(byLevel).map(([lv, tokens]) => `{g${lv}} : (${tokens.map(ftsString).join(" OR ")})`);
  return parts.length ? parts.join(" OR ") : null;
}

/**
 * The covering of a circle: the finest level at which it takes at most `maxCells` cells.
 * With `refineTo` above that, the cells across the edge are then split into the next level's,
 * level by level, while the covering stays within `refineTo` cells: the inside stays coarse
 * (few terms), the edge gets fine (few restaurants outside the circle to measure).
 */
export function covering(centre: LatLng, miles: number, maxCells = MAX_CELLS, refineTo = maxCells): Covering {
  let cover: { inner: Cell[]; edge: Cell[] } | null = null;
  for (const level of [4, 3, 2, 1] as const) {
    if (estimate(level, centre, miles) > 4 * maxCells) continue;
    const at = coveringAt(level, centre, miles);
    if (at.inner.length + at.edge.length <= maxCells) {
      cover = at;
      break;
    }
  }
  cover ??= coveringAt(0, centre, miles);
  for (;;) {
    const edgeLevel = cover.edge[0]?.level;
    if (edgeLevel === undefined || edgeLevel === 4) break;
    const inner: Cell[] = [];
    const edge: Cell[] = [];
    for (const cell of cover.edge.flatMap(children)) {
      if (isInside(cell, centre, miles)) inner.push(cell);
      else if (mayMeet(cell, centre, miles)) edge.push(cell);
    }
    if (cover.inner.length + inner.length + edge.length > refineTo) break;
    cover = { inner: [...cover.inner, ...inner], edge };
  }
  return { inner: tokensOf(cover.inner), edge: tokensOf(cover.edge) };
}

/** SQL of the great-circle distance in miles from a centre (SQL expressions) to r's position. */
export function distanceSql(lat: string, lng: string): string {
  return haversineSql(lat, lng, "r.geo_lat", "r.geo_lng");
}

/** SQL of the great-circle distance in miles between two positions given as SQL expressions. */
export function haversineSql(lat: string, lng: string, toLat: string, toLng: string): string {
  // (D1 does not allow power(); a square is a product.)
  const halfLat = `sin(radians(${toLat} - ${lat}) / 2)`;
  const halfLng = `sin(radians(${toLng} - ${lng}) / 2)`;
  return (
    `(2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(${halfLat} * ${halfLat}` +
    ` + cos(radians(${lat})) * cos(radians(${toLat})) * ${halfLng} * ${halfLng}))))`
  );
}
