// A search with a centre as D1 statements, its count and its page, nearest first: within the
// radius, then what the location box's text rule matches further away or without a position.
// The count, and the page with filters, read circles of growing size as the map cells that
// cover them (./circles.ts) up to the first that holds what they need (on the confirmed
// index, a radius of few matches first); the page without filters walks the cells
// (./nearest-walk.ts). Bounded by the page: decisions/0010, 0018, 0027.
import { PAGE_SIZE } from "../../search/search-url";
import type { LatLng } from "../../places/places";
import {
  COUNT_CAP,
  NOTHING,
  Params,
  SELECTED_COLUMNS,
  filterClauses,
  ftsQuery,
  hasFilters,
  reachesBeyond,
  searchIndexOf,
  textRuleQuery,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";
import { MAX_CELLS, cellsQuery, covering, distanceSql, type CellLevel, type CellTokens } from "./circles";
import { walkNear, walkPage } from "./nearest-walk";

/** The most map cells per circle when filters narrow the search: fewer FTS5 terms (record 10). */
const FILTERED_MAX_CELLS = 32;
/**
 * The count's circle (the radius) has the cells across its edge refined up to this many
 * cells: with filters, its coarse cells would hold most of a dense circle, each match measured,
 * before the inner cells reached the cap. Only the count: the page would pay each refined cell
 * as one more FTS5 term in every circle it tries (record 18 measured both).
 */
const COUNT_REFINE_TO = 160;

/**
 * The circles of a search, as one bound JSON array: for each, its miles, the FTS5 text of its
 * map cells wholly inside it, of those crossing its edge (null: none), and of all of them, and
 * its inner cells one by one as [column, token] (their counts in the index's vocabulary). The
 * statements read it through the CTE `circles`, so that however many circles there are, each
 * piece of SQL is written once.
 */
function circlesJson(centre: LatLng, circles: number[], maxCells: number, refineTo: number): string {
  return JSON.stringify(
    circles.map((miles) => {
      const { inner, edge } = covering(centre, miles, maxCells, refineTo);
      const every: CellTokens = {};
      for (const byLevel of [inner, edge]) {
        for (const [level, tokens] of Object.entries(byLevel) as [`${CellLevel}`, string[]][])
          (every[level] ??= []).push(...tokens);
      }
      const innerCells = Object.entries(inner).flatMap(([level, tokens]) => tokens.map((t) => [`g${level}`, t]));
      return [miles, cellsQuery(inner), cellsQuery(edge), cellsQuery(every), innerCells];
    }),
  );
}

/**
 * The pieces of a search around a centre: its CTEs (qf: the filters as an FTS5 query; circles,
 * the filters already joined into each circle's cells), the distance expression, and SQL for a
 * circle chosen by an expression of its number k: `countWithin(k, cap)` counts its matches up
 * to a cap; `matchesIn(from)` lists the matches of the circles `from` joins in as c, with their
 * distance and name (only the page's rows are read again, for their columns).
 */
function aroundCentre(criteria: StatementCriteria, centre: LatLng, circles: number[], params: Params, refineTo = 0) {
  const lat = params.add(centre.lat);
  const lng = params.add(centre.lng);
  const distance = distanceSql(lat, lng);
  const index = searchIndexOf(criteria);
  const filters = ftsQuery(filterClauses(criteria, params, { centre, miles: Math.max(...circles) }));
  // The filters' text followed by a circle's cells. (Parentheses: in SQLite ->> binds no tighter than ||.)
  const withFilters = (cells: string) =>
    filters
      ? `CASE WHEN (${cells}) IS NULL THEN NULL ELSE (SELECT e FROM qf) || ' AND (' || (${cells}) || ')' END`
      : `(${cells})`;
  const maxCells = filters ? FILTERED_MAX_CELLS : MAX_CELLS;
  const json = params.add(circlesJson(centre, circles, maxCells, Math.max(maxCells, refineTo)));
  const ctes = [
    ...(filters ? [`qf(e) AS (SELECT ${filters})`] : []),
    `circles(k, miles, inner, edge, every, cells) AS MATERIALIZED (SELECT CAST(key AS INTEGER), value ->> 0, ` +
      `coalesce(${withFilters("value ->> 1")}, ${NOTHING}), coalesce(${withFilters("value ->> 2")}, ${NOTHING}), ` +
      `${withFilters("value ->> 3")}, value -> 4 FROM json_each(${json}))`,
  ];
  // `c` below names a row of circles joined in by the caller (a column, not a subquery: D1
  // allows expressions 100 deep, and each subquery's depth adds to that of its context).
  const measured = (c: string, cells: "edge" | "every", joinedFirst = "") =>
    // CROSS JOIN: the index's matches first, then each row by its key.
    `FROM ${joinedFirst}${index} CROSS JOIN restaurants AS r ON r.name_key = ${index}.rowid ` +
    `WHERE ${index} MATCH ${c}.${cells} AND ${distance} <= ${c}.miles`;
  // The inner cells' restaurants are all within the circle: without filters, each cell's count
  // in the index's vocabulary (one row each, exact: deleted rows are not counted; record 18);
  // with filters, their matches, up to the cap.
  const inner = (c: string, cap: string) =>
    filters
      ? `(SELECT count(*) AS n FROM (SELECT 1 FROM ${index} WHERE ${index} MATCH ${c}.inner LIMIT ${cap}))`
      : `(SELECT coalesce(sum(v.doc), 0) AS n FROM json_each(${c}.cells) AS j ` +
        `CROSS JOIN restaurant_search_terms AS v ON v.term = j.value ->> 1 AND v.col = j.value ->> 0)`;
  // The edge cells' matches are measured, and only when the inner ones hold fewer than the cap.
  const countWithin = (c: string, cap: string) =>
    `(SELECT CASE WHEN n >= ${cap} THEN ${cap} ELSE min(${cap}, n + ` +
    `(SELECT count(*) FROM (SELECT 1 ${measured(c, "edge")} LIMIT ${cap}))) END ` +
    `FROM ${inner(c, cap)})`;
  const matchesIn = (from: string) =>
    `SELECT r.id AS id, ${distance} AS d, r.name AS name ${measured("c", "every", `${from} CROSS JOIN `)}`;
  // The last circle's (the radius's) inner cells as FTS5 text, without the filters: no
  // restaurant in them lies beyond the radius. NULL when it has none.
  const radiusInner = `(SELECT value ->> 1 FROM json_each(${json}) ORDER BY key DESC LIMIT 1)`;
  return { ctes, distance, countWithin, matchesIn, radiusInner };
}

/**
 * The CTE pick(k): the first circle that holds `need` matches, or the last when none does;
 * none (-1) when the SQL condition `skip` holds. The smallest is counted first (where
 * restaurants are dense it holds a page); then a binary search over the others (CTE tries):
 * each row keeps the range [lo, hi] that holds the answer and counts circle m of it, so that n
 * circles cost about log2(n) counts (what a circle holds only grows with it). Record 10.
 */
function pick(last: number, need: string, countWithin: (c: string, cap: string) => string, skip: string | null) {
  if (last === 0) return ["pick(k) AS (SELECT 0)"];
  // The next row's range, from this row's count of circle m.
  const lo = `(CASE WHEN t.found >= ${need} THEN t.lo ELSE t.m + 1 END)`;
  const hi = `(CASE WHEN t.found >= ${need} THEN t.m ELSE t.hi END)`;
  return [
    `tries(lo, hi, m, found) AS (SELECT 0, ${last}, 0, ${countWithin("c", need)} FROM circles AS c WHERE c.k = 0 UNION ALL ` +
      `SELECT ${lo}, ${hi}, (${lo} + ${hi}) / 2, CASE WHEN ${lo} < ${hi} THEN ${countWithin("c", need)} END ` +
      `FROM tries AS t CROSS JOIN circles AS c ON c.k = (${lo} + ${hi}) / 2 WHERE t.lo < t.hi)`,
    // (A CASE: the binary search runs only when it is reached.)
    `pick(k) AS (SELECT ${skip ? `CASE WHEN ${skip} THEN -1 ELSE (SELECT lo FROM tries WHERE lo = hi) END` : "lo FROM tries WHERE lo = hi"})`,
  ];
}

/**
 * The circles (miles) a filtered page tries: all of the domain's for a deep page, every second
 * one (and the radius) for the first seven pages. Each circle tried is one more FTS5 query with
 * every filter term in it, and the circle picked is read whole: it holds at most about what
 * the page needs times the growth in area from the circle before (2.25 with every circle, 5.1
 * with every second). Record 18's amendment measured every circle, every second and every third.
 */
function circlesToTry(all: readonly number[], need: number): number[] {
  const step = need <= 175 ? 2 : 1;
  return all.filter((_, i) => i % step === 0 || i === all.length - 1);
}

/**
 * The page's `near` with filters: the first circle that holds the page (pick), read whole. On
 * the confirmed index, whose radius seldom holds many matches, the radius's are read first, up
 * to eight times the page's need: when it holds fewer, they are `near` and no circle is counted
 * (on the full index a dense radius would pay that read for nothing: record 27's amendment).
 */
function circlesNear(criteria: StatementCriteria, centre: LatLng, offset: number, params: Params) {
  const circles = circlesToTry(criteria.circles, offset + PAGE_SIZE);
  const around = aroundCentre(criteria, centre, circles, params);
  const need = params.add(offset + PAGE_SIZE);
  const last = circles.length - 1;
  const radiusFirst = last > 0 && searchIndexOf(criteria) === "confirmed_search";
  const few = radiusFirst ? params.add(Math.min(8 * (offset + PAGE_SIZE), COUNT_CAP - 1)) : null;
  const sparse = few && `(SELECT count(*) FROM radius_rows) < ${few}`;
  const ctes = [
    ...around.ctes,
    ...(few
      ? [`radius_rows AS MATERIALIZED (${around.matchesIn("circles AS c")} AND c.k = ${last} LIMIT ${few})`]
      : []),
    ...pick(last, need, around.countWithin, sparse),
    `near AS MATERIALIZED (${sparse ? `SELECT id, d, name FROM radius_rows WHERE ${sparse} UNION ALL ` : ""}` +
      `${around.matchesIn("pick CROSS JOIN circles AS c ON c.k = pick.k")})`,
  ];
  return { ctes, distance: around.distance, need, radiusInner: around.radiusInner };
}

/**
 * The restaurants that the location box's text rule matches beyond the radius (or with no
 * position), which follow those within it; null when it adds none. `within`: SQL of FTS5 text
 * (or NULL) for map cells wholly within the radius, whose restaurants the index leaves out at
 * once rather than each being read and measured.
 */
function beyondRadius(criteria: StatementCriteria, distance: string, params: Params, within: string | null) {
  if (!reachesBeyond(criteria)) return null;
  const radius = params.add(criteria.radius);
  const query = textRuleQuery(criteria, params)!;
  const index = searchIndexOf(criteria);
  const text = within
    ? `CASE WHEN ${within} IS NULL THEN ${query} ELSE '(' || ${query} || ') NOT (' || ${within} || ')' END`
    : query;
  return {
    cte: `qs(e) AS (SELECT ${text})`,
    from:
      `FROM ${index} CROSS JOIN restaurants AS r ON r.name_key = ${index}.rowid ` +
      `WHERE ${index} MATCH (SELECT e FROM qs) AND (r.geo_lat IS NULL OR ${distance} > ${radius})`,
  };
}

/** The count: the radius as one circle, then the text rule's matches beyond it, up to the cap. */
function distanceCount(criteria: StatementCriteria, centre: LatLng): SqlStatement {
  const params = new Params();
  const radius = [criteria.radius];
  const { ctes, distance, countWithin, radiusInner } = aroundCentre(criteria, centre, radius, params, COUNT_REFINE_TO);
  const cap = params.add(COUNT_CAP);
  const within = `SELECT ${countWithin("c", cap)} AS n FROM circles AS c`;
  const beyond = beyondRadius(criteria, distance, params, radiusInner);
  const sql = beyond
    ? `WITH ${[...ctes, beyond.cte, `near(n) AS MATERIALIZED (${within})`].join(", ")} ` +
      // Beyond only when the radius holds fewer than the cap (a LIMIT of 0 reads nothing; a
      // condition in the WHERE would be tested row by row). Record 10.
      `SELECT min(${cap}, (SELECT n FROM near) + (SELECT count(*) FROM (SELECT 1 ${beyond.from} ` +
      `LIMIT CASE WHEN (SELECT n FROM near) < ${cap} THEN ${cap} ELSE 0 END))) AS total`
    : `WITH ${ctes.join(", ")} SELECT n AS total FROM (${within})`;
  return { sql, params: params.values };
}

/**
 * The page: the restaurants within the radius, nearest first, up to the page (`near`), then
 * those of the text rule beyond it (`far`). With filters, `near` is the first of the circles
 * to try that holds the page (circlesNear); without, the nearest-first walk. Each cell the walk
 * looks at would be one more FTS5 query with every filter term in it: record 18.
 */
function distancePage(criteria: StatementCriteria, centre: LatLng, offset: number): SqlStatement {
  const filtered = hasFilters(criteria);
  if (!filtered && !reachesBeyond(criteria)) return walkPage(criteria, centre, offset);
  const params = new Params();
  const near = filtered ? circlesNear(criteria, centre, offset, params) : walkNear(criteria, centre, offset, params);
  const beyond = beyondRadius(criteria, near.distance, params, near.radiusInner);
  const off = params.add(offset);
  const far = beyond && [
    beyond.cte,
    // Read only when the radius holds fewer than the page needs (LIMIT 0 reads nothing).
    `far AS (SELECT r.id AS id, CASE WHEN r.geo_lat IS NULL THEN NULL ELSE ${near.distance} END AS d, r.name AS name ${beyond.from} ` +
      `LIMIT CASE WHEN (SELECT count(*) FROM near) < ${near.need} THEN -1 ELSE 0 END)`,
  ];
  const union = `SELECT id, d, name FROM near${far ? " UNION ALL SELECT id, d, name FROM far" : ""}`;
  const order = "d IS NULL, d, name COLLATE NOCASE, id";
  return {
    sql:
      `WITH RECURSIVE ${[...near.ctes, ...(far ?? [])].join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM ` +
      `(SELECT id, d, name FROM (${union}) ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${off}) AS u ` +
      `CROSS JOIN restaurants AS r ON r.id = u.id ORDER BY u.d IS NULL, u.d, u.name COLLATE NOCASE, u.id`,
    params: params.values,
  };
}

/** The statements of a search with a centre: [count, page]. */
export function distanceStatements(
  criteria: StatementCriteria,
  centre: LatLng,
  offset: number,
): [SqlStatement, SqlStatement] {
  return [distanceCount(criteria, centre), distancePage(criteria, centre, offset)];
}
