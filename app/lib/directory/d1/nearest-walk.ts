// Nearest first, cell by cell, as D1 statements: the page of a search with a centre and no
// filters, and the nearest few beyond the radius of one that found nothing. A best-first walk
// over the map cells (./circles.ts), in the order of the least distance each cell can
// hold, splitting a cell into its sixteen children while it holds many matches. SQLite
// evaluates a recursive CTE with an ORDER BY as a priority queue, lazily: a LIMIT on what
// reads it stops the walk. So the rows read follow the results wanted and the cells around
// them, not the size of a circle (docs/decisions/0018-nearest-first-walk.md).
import { BEYOND_MAX_MILES, NEAREST_BEYOND } from "../port";
import { EARTH_RADIUS_MILES } from "../../places/geometry";
import type { LatLng } from "../../places/places";
import { PAGE_SIZE } from "../../search/search-url";
import {
  searchIndexOf,
  Params,
  SELECTED_COLUMNS,
  filterClauses,
  ftsQuery,
  tokenSql,
  type SearchIndex,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";
import { CELL_OFFSETS, distanceSql, haversineSql, startCells } from "./circles";

/** A cell with more matches than this is split (at the finest level, its matches are read). */
const SPLIT_ABOVE = 4;
/** The most cells the walk starts from (one level: startCells). */
const START_CELLS = 24;

/**
 * SQL of a cell given by its level, row and column (SQL expressions): the least distance from
 * the centre that any point of it can have, or a little less, never more. The largest of three
 * lower bounds: the distance to its middle less its reach (half its height along a meridian
 * plus half its width along its parallel nearest the equator, which bounds every path from the
 * middle to a point of it); the difference in latitude (no path is shorter); and, for a cell
 * east or west of the centre (by less than 89°), the distance to the great circle of its nearer
 * meridian, which every path into the cell crosses.
 */
function cellLowerBound(lat: string, lng: string, lv: string, rw: string, cl: string): string {
  const k = `(1 << (2 * (${lv})))`;
  const south = `((${rw}) * 1.0 / ${k} - 90)`;
  const north = `((${rw} + 1.0) / ${k} - 90)`;
  const west = `((${cl}) * 1.0 / ${k} - 180)`;
  const east = `((${cl} + 1.0) / ${k} - 180)`;
  const midLat = `((${rw} + 0.5) / ${k} - 90)`;
  const midLng = `((${cl} + 0.5) / ${k} - 180)`;
  const equatorward = `min(abs(${south}), abs(${north}))`;
  const reach = `(${EARTH_RADIUS_MILES} * radians(0.5 / ${k}) * (1 + cos(radians(${equatorward}))))`;
  const fromMiddle = `${haversineSql(lat, lng, midLat, midLng)} - ${reach}`;
  const latitudeGap = `${EARTH_RADIUS_MILES} * radians(max(0, ${south} - ${lat}, ${lat} - ${north}))`;
  const lngGap = `max(0, ${lng} - ${east}, ${west} - ${lng})`;
  const meridianGap = `CASE WHEN ${lngGap} < 89 THEN ${EARTH_RADIUS_MILES} * asin(cos(radians(${lat})) * sin(radians(${lngGap}))) ELSE 0 END`;
  return `(max(${fromMiddle}, ${latitudeGap}, ${meridianGap}) * (1 - 1e-9) - 1e-9)`;
}

/** SQL of a cell's token (as cellId and token compute it), in the column g<level>. */
function cellToken(alias: string): string {
  const offset = `CASE ${alias}.lv ${CELL_OFFSETS.map((o, level) => `WHEN ${level} THEN ${o}`).join(" ")} END`;
  return tokenSql(`(${offset} + ${alias}.rw * (360 * (1 << (2 * ${alias}.lv))) + ${alias}.cl)`);
}

/** SQL of the FTS5 text that matches a cell's restaurants (its token in its level's column). */
function cellMatch(alias: string, filtered: boolean): string {
  const cell = `'{g' || ${alias}.lv || '} : "' || ${cellToken(alias)} || '"'`;
  return filtered ? `'(' || (SELECT e FROM qf) || ') AND (' || ${cell} || ')'` : cell;
}

/**
 * SQL of how many restaurants a cell holds that pass the filters, up to SPLIT_ABOVE + 1 (only
 * whether it is more matters). Without filters, the cell's count in the index's vocabulary:
 * one row read where counting its matches reads up to five.
 */
function cellCount(alias: string, filtered: boolean, index: SearchIndex): string {
  if (filtered)
    return `(SELECT count(*) FROM (SELECT 1 FROM ${index} WHERE ${index} MATCH ${cellMatch(alias, true)} LIMIT ${SPLIT_ABOVE + 1}))`;
  return (
    `(SELECT coalesce(sum(v.doc), 0) FROM restaurant_search_terms AS v ` +
    `WHERE v.term = ${cellToken(alias)} AND v.col = 'g' || ${alias}.lv)`
  );
}

/**
 * The CTEs of a nearest-first walk around the centre, through the restaurants that pass the
 * search's filters at a distance in (beyond, upTo] miles (beyond: null for none): `nf(p, kind,
 * lv, rw, cl, n, id, name)`, whose rows with kind = 1 come out nearest first, ties by name and
 * id, as the pages order them. A cell (kind 0) is counted when it first comes out (n, up to
 * SPLIT_ABOVE + 1), then either split or, with few matches, its restaurants are measured and
 * queued by distance; a cell of the finest level is read at once.
 */
function nearestFirst(
  criteria: StatementCriteria,
  centre: LatLng,
  params: Params,
  upToMiles: number,
  beyond: string | null,
) {
  const lat = params.add(centre.lat);
  const lng = params.add(centre.lng);
  const distance = distanceSql(lat, lng);
  const index = searchIndexOf(criteria);
  const filters = ftsQuery(filterClauses(criteria, params, { centre, miles: upToMiles }));
  const upTo = params.add(upToMiles);
  const cells = params.add(JSON.stringify(startCells(centre, upToMiles, START_CELLS)));
  const match = cellMatch("w", filters !== null);
  const child = cellLowerBound(lat, lng, "w.lv + 1", "w.rw * 4 + q.i", "w.cl * 4 + q.j");
  const quads = Array.from({ length: 16 }, (_, n) => `(${n >> 2}, ${n & 3})`).join(", ");
  const ctes = [
    ...(filters ? [`qf(e) AS (SELECT ${filters})`] : []),
    `quad(i, j) AS (VALUES ${quads})`,
    // NOT MATERIALIZED: read where it is used, so that the LIMIT there stops the walk (a
    // materialized walk runs to its end).
    `nf(p, kind, lv, rw, cl, n, id, name) AS NOT MATERIALIZED (` +
      `SELECT ${cellLowerBound(lat, lng, "value ->> 0", "value ->> 1", "value ->> 2")}, 0, value ->> 0, value ->> 1, value ->> 2, NULL, NULL, NULL ` +
      `FROM json_each(${cells}) ` +
      // A cell when it first comes out: counted (not one of the finest level: it is read).
      `UNION ALL SELECT w.p, 0, w.lv, w.rw, w.cl, ` +
      `${cellCount("w", filters !== null, index)}, NULL, NULL ` +
      `FROM nf AS w WHERE w.kind = 0 AND w.n IS NULL AND w.lv < 4 ` +
      // Many matches: its sixteen children, those that may reach within upTo.
      `UNION ALL SELECT ${child}, 0, w.lv + 1, w.rw * 4 + q.i, w.cl * 4 + q.j, NULL, NULL, NULL ` +
      `FROM nf AS w CROSS JOIN quad AS q WHERE w.kind = 0 AND w.n > ${SPLIT_ABOVE} AND w.lv < 4 AND ${child} <= ${upTo} ` +
      // Few, or the finest cells: its restaurants, measured (CROSS JOIN: the cell, then its matches, then each row by its key).
      `UNION ALL SELECT ${distance}, 1, NULL, NULL, NULL, NULL, r.id, r.name ` +
      `FROM nf AS w CROSS JOIN ${index} CROSS JOIN restaurants AS r ON r.name_key = ${index}.rowid ` +
      `WHERE w.kind = 0 AND (w.n BETWEEN 1 AND ${SPLIT_ABOVE} OR (w.lv = 4 AND w.n IS NULL)) AND ${index} MATCH ${match} ` +
      `AND ${distance} <= ${upTo}${beyond ? ` AND ${distance} > ${beyond}` : ""} ` +
      `ORDER BY 1, 2, 8 COLLATE NOCASE, 7)`,
  ];
  return { ctes, distance };
}

/** A statement of the walk's restaurants as they come out: already in the pages' order. */
function walkStatement(ctes: string[], limit: string, params: Params): SqlStatement {
  return {
    sql:
      `WITH RECURSIVE ${ctes.join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM ` +
      `(SELECT id, p AS d, name FROM nf WHERE kind = 1 LIMIT ${limit}) AS u ` +
      `CROSS JOIN restaurants AS r ON r.id = u.id ORDER BY u.d, u.name COLLATE NOCASE, u.id`,
    params: params.values,
  };
}

/** The page of a search with a centre, no filters and nothing beyond the radius: the walk alone. */
export function walkPage(criteria: StatementCriteria, centre: LatLng, offset: number): SqlStatement {
  const params = new Params();
  const { ctes } = nearestFirst(criteria, centre, params, criteria.radius, null);
  return walkStatement(ctes, `${PAGE_SIZE} OFFSET ${params.add(offset)}`, params);
}

/**
 * The CTEs of the page's `near` without filters, for a page that adds the location text rule's
 * matches beyond the radius (./distance-order.ts): the walk's first `need` restaurants (no
 * `radiusInner`: the walk has no circle of cells to leave out beyond it).
 */
export function walkNear(criteria: StatementCriteria, centre: LatLng, offset: number, params: Params) {
  const { ctes, distance } = nearestFirst(criteria, centre, params, criteria.radius, null);
  const need = params.add(offset + PAGE_SIZE);
  const near = `near AS MATERIALIZED (SELECT id, p AS d, name FROM nf WHERE kind = 1 LIMIT ${need})`;
  return { ctes: [...ctes, near], distance, need, radiusInner: null };
}

/**
 * The nearest few restaurants beyond the radius that pass the search's filters, for a search
 * with a centre that found nothing: the walk from the radius out to BEYOND_MAX_MILES, stopped
 * by its LIMIT once it has them.
 */
export function nearestBeyondStatement(criteria: StatementCriteria, centre: LatLng): SqlStatement {
  const params = new Params();
  const radius = params.add(criteria.radius);
  const { ctes } = nearestFirst(criteria, centre, params, BEYOND_MAX_MILES, radius);
  return walkStatement(ctes, params.add(NEAREST_BEYOND), params);
}
