// The search as SQLite statements: exactly what the D1 adapter runs (and the benchmark
// replays). Pure: builds SQL text with numbered parameters; user input only ever becomes a
// bound parameter. It reads the structures of migrations/0003_search.sql: the FTS5 index
// restaurant_search, whose rowid is name_key (the name order), and whose columns hold every
// filter, text as trigrams and exact tags as one-trigram tokens (./search-index-tokens.ts). Closed
// restaurants are not in that index (migrations/0004_trust.sql), so no search finds them.
//
// What a statement reads grows with the depth of the page (never past LAST_PAGE, the page of
// the 1,000th result), not with the size of the directory (docs/decisions/0010-bounded-search.md):
// - the count stops at 1,001 ('1,000+');
// - a list by name reads the matches in name_key order up to the page (offset + 25 keys), then
//   sorts only the page and the name groups at its two edges;
// - a list by distance walks the map cells nearest first and stops at the page (without
//   filters; the nearest beyond the radius too): a deep page reads about its depth in
//   restaurants and the cells around them, two rows each (page 40 near the benchmark's New
//   York, at a million restaurants: 4,992 rows). With filters, it reads circles of growing
//   size around the centre (ladderFor), each as the map cells that cover it, until one holds
//   offset + 25 matches, then reads every match of that circle's cells, measures each and
//   sorts those inside (docs/decisions/0018-nearest-first-walk.md).
// Time, rather than rows, goes into the FTS5 queries themselves: each looks up every one of its
// terms, so the statements keep them few (open-hours keys of the zones within reach only,
// short place text as one trigram) and the index is kept in one segment
// (app/lib/jobs/search-index-merge.ts).
import type { Diet } from "../../search/diet";
import { BEYOND_MAX_MILES, NEAREST_BEYOND, circleRadii, type SearchScope } from "../port";
import { degrees, EARTH_RADIUS_MILES, radians, type LatLng, type LocationRule } from "../../places/places";
import { MAX_COUNTED, PAGE_SIZE, type Search } from "../../search/search-url";
import { RESTAURANT_COLUMNS, ZONE_COLUMNS } from "../port";
import {
  CELL_OFFSETS,
  CUISINE_BASE,
  DIET_IDS,
  DIET_ONLY_IDS,
  KITCHEN_IDS,
  MAX_CELLS,
  openToken,
  ZIP_BASE,
  covering,
  startCells,
  token,
  tokenSql,
  type CellLevel,
  type CellTokens,
} from "./index-tokens";

/** The most map cells per circle when filters narrow the search (see aroundCentre). */
const FILTERED_MAX_CELLS = 32;
/**
 * The most map cells of the count's circle (the radius) with filters, once the cells across
 * its edge are refined (see distanceCount).
 */
const COUNT_REFINE_TO = 160;

export type SqlValue = string | number;
export type SqlStatement = { sql: string; params: SqlValue[] };

/** A count stops here: one past MAX_COUNTED says '1,000+'. */
export const COUNT_CAP = MAX_COUNTED + 1;

/** Bits of name_key below the name prefix (migrations/0003_search.sql). */
const SEQUENCE_BITS = 23;
const SEQUENCE_MASK = 2 ** SEQUENCE_BITS - 1;

/** Numbered parameters (?1, ?2, ...) of one statement; each value is bound once, used anywhere. */
class Params {
  readonly values: SqlValue[] = [];
  add(value: SqlValue): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** The trigram index matches terms of this many characters directly. */
export const MIN_TRIGRAM_LENGTH = 3;

/** Case and accents folded as the index folds them (terms of one or two characters). */
export function foldForIndex(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** An FTS5 string: `text` between double quotes (a phrase: with trigrams, a substring). */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every character three times: how city3 and state3 hold the text (migrations/0003_search.sql). */
function tripled(text: string): string {
  return Array.from(text, (c) => c.repeat(3)).join("");
}

// ---------------------------------------------------------------------------------------
// The FTS5 query. Each condition is an SQL expression that yields a piece of the query's text
// (mostly a bound parameter; a subquery where the text comes from the database).

/**
 * q against name or cuisine. Three or more characters: a phrase. Fewer: every trigram of those
 * columns that starts with the term (each value ends in two U+0001, so every character of it
 * starts a trigram), looked up in restaurant_search_terms; none: a phrase that matches nothing.
 */
function queryClause(text: string, params: Params): string {
  const filter = "{name cuisine_type} : ";
  if (Array.from(text).length >= MIN_TRIGRAM_LENGTH) return params.add(`${filter}${ftsString(text)}`);
  const prefix = params.add(foldForIndex(text));
  return (
    `(SELECT '${filter}(' || coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), ${NOTHING}) || ')'` +
    ` FROM (SELECT DISTINCT term FROM restaurant_search_terms WHERE col IN ('name', 'cuisine_type') AND term >= ${prefix} AND term < ${prefix} || char(1114111)))`
  );
}

/**
 * The FTS5 string that finds a text of one or two characters in city3/state3. In the tripled
 * text, the trigram of the first character twice and the second once ("oor" for "or") starts
 * only where the first character meets the second, so one term does what the whole phrase
 * would, without reading any positions (at a million restaurants, "OR" as a phrase took 30 ms,
 * as one term 5). One character: its trigram. Two that fold to the same letter ("aa" would
 * also be found in "a"), or any that is not ASCII (the index may fold it otherwise than
 * foldForIndex does): the phrase.
 */
function shortPlaceString(text: string): string {
  const [first, second, ...rest] = Array.from(foldForIndex(text));
  const ascii = /^[\x20-\x7e]*$/.test(text);
  if (ascii && first && !second) return ftsString(tripled(first));
  if (ascii && first && second && first !== second && rest.length === 0) return ftsString(`${first}${first}${second}`);
  return ftsString(tripled(text));
}

/** A part of the location box in city and/or state: a phrase, or in city3/state3 when short. */
function placeClause(columns: ("city" | "state")[], text: string, params: Params): string {
  if (Array.from(text).length >= MIN_TRIGRAM_LENGTH) return params.add(`{${columns.join(" ")}} : ${ftsString(text)}`);
  return params.add(`{${columns.map((c) => `${c}3`).join(" ")}} : ${shortPlaceString(text)}`);
}

/** The spec's location rule on the location box: a ZIP exactly, "city, state" or either. */
function locationClauses(parsed: LocationRule, params: Params): string[] {
  switch (parsed.kind) {
    case "zip":
      return [params.add(`{zip} : ${ftsString(token(ZIP_BASE + Number(parsed.zip)))}`)];
    case "cityState":
      return [
        ...(parsed.city ? [placeClause(["city"], parsed.city, params)] : []),
        ...(parsed.state ? [placeClause(["state"], parsed.state, params)] : []),
      ];
    case "cityOrState":
      return [placeClause(["city", "state"], parsed.text, params)];
    case "none":
      return [];
  }
}

/** The cuisine's token, from its number in cuisine_tokens (exact, case too); none: no match. */
function cuisineClause(cuisine: string, params: Params): string {
  const id = `(${CUISINE_BASE} + c.id)`;
  return (
    `coalesce((SELECT '{cuisine} : "' || ${tokenSql(id)} || '"'` +
    ` FROM cuisine_tokens AS c WHERE c.name = ${params.add(cuisine)}), ${NOTHING})`
  );
}

function dietClause(diets: Diet[], all: boolean, params: Params): string {
  return params.add(
    `{diets} : (${diets.map((diet) => ftsString(token(DIET_IDS[diet]))).join(all ? " AND " : " OR ")})`,
  );
}

const EVERY_DIET: Diet[] = ["gluten-free", "dairy-free", "vegetarian", "vegan"];

/**
 * dedicated=1: the '100%' tags of the selected diets, all of them with match=all, any of them
 * otherwise; with no diet selected, any of the four.
 */
function dedicatedClause(diets: Diet[], all: boolean, params: Params): string {
  const chosen = diets.length ? diets : EVERY_DIET;
  const joiner = all && diets.length ? " AND " : " OR ";
  return params.add(`{diets} : (${chosen.map((diet) => ftsString(token(DIET_ONLY_IDS[diet]))).join(joiner)})`);
}

/** kitchen: every practice listed must be confirmed (its tag; search-index-tokens.ts). */
function kitchenClause(practices: Search["kitchen"], params: Params): string {
  return params.add(`{diets} : (${practices.map((p) => ftsString(token(KITCHEN_IDS[p]))).join(" AND ")})`);
}

/**
 * open=now: the open-hours keys of the moment of the search (three per time zone, each in its
 * zone's local time: app/lib/hours/open-hours.server.ts openKeysAt), any of them. No keys (no zone
 * known yet, or none within reach): nothing matches.
 */
function openClause(keys: readonly number[], params: Params): string {
  if (keys.length === 0) return NOTHING;
  return params.add(`{diets} : (${keys.map((key) => ftsString(openToken(key))).join(" OR ")})`);
}

/** The box of a time zone's restaurants' positions (hours_zones, migrations/0008_zone_bounds.sql). */
export type ZoneBounds = { south: number; north: number; west: number; east: number };
/** A time zone's open-hours keys at the moment of a search, and its box (null: no restaurant of it has a position). */
export type OpenZone = { keys: readonly number[]; bounds: ZoneBounds | null };

/** Where a statement's matches can be: within `miles` of `centre`, or (null) anywhere. */
type Reach = { centre: LatLng; miles: number } | null;

/**
 * The box of every position within the reach, a little wider (rounding), or null when it
 * holds a pole or crosses longitude ±180. Latitude: the centre's ± the radius's angle ρ; longitude:
 * ± asin(sin ρ / cos latitude), where the circle touches its two outermost meridians.
 */
export function reachBox(centre: LatLng, miles: number): ZoneBounds | null {
  const rho = miles / EARTH_RADIUS_MILES;
  const slack = 1e-6;
  const dLat = degrees(rho) * (1 + slack) + slack;
  const sinRatio = Math.sin(rho) / Math.cos(radians(centre.lat));
  if (centre.lat + dLat >= 90 || centre.lat - dLat <= -90 || sinRatio >= 1) return null;
  const dLng = degrees(Math.asin(sinRatio)) * (1 + slack) + slack;
  if (centre.lng - dLng <= -180 || centre.lng + dLng >= 180) return null;
  return { south: centre.lat - dLat, north: centre.lat + dLat, west: centre.lng - dLng, east: centre.lng + dLng };
}

/**
 * The open-hours keys a statement needs: those of every zone, or, for a reach around a centre,
 * of the zones whose box it touches (a zone elsewhere has no restaurant it could find).
 */
export function openKeysWithin(zones: readonly OpenZone[], reach: Reach): number[] {
  const box = reach ? reachBox(reach.centre, reach.miles) : null;
  return zones
    .filter(
      ({ bounds }) =>
        !reach ||
        (bounds !== null &&
          (box === null ||
            (bounds.south <= box.north &&
              bounds.north >= box.south &&
              bounds.west <= box.east &&
              bounds.east >= box.west))),
    )
    .flatMap(({ keys }) => keys);
}

/**
 * The criteria as the statements read them: the search, the location box as its text rule
 * reads it (parsed once, by the caller), and with open=now the time zones with their keys of
 * the moment, which the adapter adds (the statements stay pure: the same criteria and zones
 * give the same SQL).
 */
export type StatementCriteria = Search & Pick<SearchScope, "locationRule"> & { openZones?: readonly OpenZone[] };

/**
 * q, cuisine, diets, '100%', kitchen practices and open now: what narrows every search, with or
 * without a centre; `reach` (null: anywhere) limits the open-hours keys to the zones it touches.
 */
function filterClauses(criteria: StatementCriteria, params: Params, reach: Reach = null): string[] {
  return [
    ...(criteria.query ? [queryClause(criteria.query, params)] : []),
    ...(criteria.cuisine ? [cuisineClause(criteria.cuisine, params)] : []),
    ...(criteria.diets.length ? [dietClause(criteria.diets, criteria.match === "all", params)] : []),
    ...(criteria.dedicated ? [dedicatedClause(criteria.diets, criteria.match === "all", params)] : []),
    ...(criteria.kitchen.length ? [kitchenClause(criteria.kitchen, params)] : []),
    ...(criteria.open ? [openClause(openKeysWithin(criteria.openZones ?? [], reach), params)] : []),
  ];
}

/** An SQL expression of the FTS5 query text that ANDs the clauses; null when there are none. */
function ftsQuery(clauses: string[]): string | null {
  if (clauses.length === 0) return null;
  return clauses.map((clause) => `'(' || ${clause} || ')'`).join(" || ' AND ' || ");
}

const SELECTED_COLUMNS = [...RESTAURANT_COLUMNS, ...ZONE_COLUMNS].map((c) => `r.${c}`).join(", ");
/** An FTS5 query (as SQL) that matches nothing: a trigram that no text holds. */
const NOTHING = `'"' || char(2, 2, 2) || '"'`;
const MATCH = "restaurant_search MATCH";

// ---------------------------------------------------------------------------------------
// Without a centre: name order.

/** The statements of a search without a centre: [count, page]. */
export function nameOrderStatements(criteria: StatementCriteria, offset: number): [SqlStatement, SqlStatement] {
  return [nameOrderCount(criteria), nameOrderPage(criteria, offset)];
}

function nameOrderQuery(criteria: StatementCriteria, params: Params): string | null {
  return ftsQuery([...locationClauses(criteria.locationRule, params), ...filterClauses(criteria, params)]);
}

function nameOrderCount(criteria: StatementCriteria): SqlStatement {
  const params = new Params();
  const query = nameOrderQuery(criteria, params);
  if (query === null) {
    // Open restaurants only (restaurants_open_name_idx holds exactly those).
    return {
      sql: `SELECT count(*) AS total FROM (SELECT 1 FROM restaurants WHERE closed_at IS NULL LIMIT ${COUNT_CAP})`,
      params: [],
    };
  }
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}) ` +
      `SELECT count(*) AS total FROM (SELECT 1 FROM restaurant_search WHERE ${MATCH} (SELECT e FROM q) LIMIT ${COUNT_CAP})`,
    params: params.values,
  };
}

/**
 * The page reads the matches in name_key order up to it. name_key follows the name except
 * within a group of names that share their first eight bytes (there it follows insertion), so
 * the page's rows and every match of the groups at its two edges are sorted by (name, id), and
 * the page is taken from them at the right place.
 */
function nameOrderPage(criteria: StatementCriteria, offset: number): SqlStatement {
  const params = new Params();
  const query = nameOrderQuery(criteria, params);
  const off = params.add(offset);
  if (query === null) {
    return {
      sql: `SELECT ${SELECTED_COLUMNS} FROM restaurants AS r WHERE r.closed_at IS NULL ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${off}`,
      params: params.values,
    };
  }
  const group = (g: string) =>
    // CROSS JOIN keeps edge first, so that the group's key range limits the index search.
    `SELECT restaurant_search.rowid AS k FROM edge CROSS JOIN restaurant_search WHERE ${MATCH} (SELECT e FROM q) ` +
    `AND restaurant_search.rowid BETWEEN (edge.${g} << ${SEQUENCE_BITS}) AND (edge.${g} << ${SEQUENCE_BITS}) + ${SEQUENCE_MASK}`;
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}), ` +
      `win AS (SELECT rowid AS k FROM restaurant_search WHERE ${MATCH} (SELECT e FROM q) ORDER BY rowid LIMIT ${PAGE_SIZE} OFFSET ${off}), ` +
      `edge AS (SELECT min(k) AS k0, min(k) >> ${SEQUENCE_BITS} AS g1, max(k) >> ${SEQUENCE_BITS} AS g2 FROM win), ` +
      `grp AS (${group("g1")} UNION ${group("g2")}), ` +
      `cand AS (SELECT k FROM win UNION SELECT k FROM grp), ` +
      // Matches of the first group that come before the page in key order: where the page starts.
      `skip AS (SELECT count(*) AS n FROM grp, edge WHERE grp.k < edge.k0) ` +
      // CROSS JOIN: the candidates first, then each row by its key (not the whole name index).
      `SELECT ${SELECTED_COLUMNS} FROM cand CROSS JOIN restaurants AS r ON r.name_key = cand.k ` +
      `ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET (SELECT n FROM skip)`,
    params: params.values,
  };
}

// ---------------------------------------------------------------------------------------
// With a centre: distance order.

/** Great-circle distance in miles from the centre (haversine) to r's position. */
export function distanceSql(lat: string, lng: string): string {
  return haversineSql(lat, lng, "r.geo_lat", "r.geo_lng");
}

/** Great-circle distance in miles between two positions given as SQL expressions. */
function haversineSql(lat: string, lng: string, toLat: string, toLng: string): string {
  // (D1 does not allow power(); a square is a product.)
  const halfLat = `sin(radians(${toLat} - ${lat}) / 2)`;
  const halfLng = `sin(radians(${toLng} - ${lng}) / 2)`;
  return (
    `(2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(${halfLat} * ${halfLat}` +
    ` + cos(radians(${lat})) * cos(radians(${toLat})) * ${halfLng} * ${halfLng}))))`
  );
}

/** Tokens as FTS5 strings joined with OR. */
function tokenList(tokens: string[]): string {
  return tokens.map(ftsString).join(" OR ");
}

/**
 * The circles of a search, as one bound JSON array: for each, its miles and the FTS5 text of
 * its map cells wholly inside it, of those crossing its edge (null: none), and of all of them.
 * The statements read it through the CTE `circles(k, miles, inner, edge, every)`, the filters
 * already joined in, so that however many circles there are, each piece of SQL is written once.
 */
function circlesJson(centre: LatLng, radii: number[], maxCells: number, refineTo: number): string {
  return JSON.stringify(
    radii.map((miles) => {
      const { inner, edge } = covering(centre, miles, maxCells, refineTo);
      const every: CellTokens = {};
      for (const byLevel of [inner, edge]) {
        for (const [level, tokens] of Object.entries(byLevel) as [`${CellLevel}`, string[]][])
          (every[level] ??= []).push(...tokens);
      }
      // Last, the inner cells one by one: [column, token] (their counts in the index's vocabulary).
      const innerCells = Object.entries(inner).flatMap(([level, tokens]) => tokens.map((t) => [`g${level}`, t]));
      return [miles, cellsQuery(inner), cellsQuery(edge), cellsQuery(every), innerCells];
    }),
  );
}

/** Cells as FTS5 text: each level's tokens in its column, ORed; null for none. */
function cellsQuery(byLevel: CellTokens): string | null {
  const parts = Object.entries(byLevel).map(([level, tokens]) => `{g${level}} : (${tokenList(tokens)})`);
  return parts.length ? parts.join(" OR ") : null;
}

/**
 * The pieces of a search around a centre: its CTEs (qf: the filters as an FTS5 query; circles),
 * the distance expression, and SQL for a circle chosen by an expression of its number k:
 * `countWithin(k, cap)` counts its matches up to a cap (those of inner cells from the index
 * alone, those of edge cells measured); `picked` lists the matches of the circle that the CTE
 * pick(k) chose, with their distance and name (only the page's rows are read again, for their
 * columns).
 */
function aroundCentre(criteria: StatementCriteria, centre: LatLng, radii: number[], params: Params, refineTo = 0) {
  const lat = params.add(centre.lat);
  const lng = params.add(centre.lng);
  const distance = distanceSql(lat, lng);
  const filters = ftsQuery(filterClauses(criteria, params, { centre, miles: Math.max(...radii) }));
  // The filters' text followed by a circle's cells.
  // (Parentheses: in SQLite ->> binds no tighter than ||.)
  const withFilters = (cells: string) =>
    filters
      ? `CASE WHEN (${cells}) IS NULL THEN NULL ELSE (SELECT e FROM qf) || ' AND (' || (${cells}) || ')' END`
      : `(${cells})`;
  // With filters, few restaurants of a cell match: coarser cells (fewer terms) cost less.
  const maxCells = filters ? FILTERED_MAX_CELLS : MAX_CELLS;
  // refineTo: the cells across each circle's edge are refined while the covering stays within it.
  const json = params.add(circlesJson(centre, radii, maxCells, Math.max(maxCells, refineTo)));
  const ctes = [
    ...(filters ? [`qf(e) AS (SELECT ${filters})`] : []),
    // A circle without inner (or edge) cells gets a query that matches nothing: MATCH refuses NULL.
    `circles(k, miles, inner, edge, every, cells) AS MATERIALIZED (SELECT CAST(key AS INTEGER), value ->> 0, ` +
      `coalesce(${withFilters("value ->> 1")}, ${NOTHING}), coalesce(${withFilters("value ->> 2")}, ${NOTHING}), ` +
      `${withFilters("value ->> 3")}, value -> 4 FROM json_each(${json}))`,
  ];
  // `c` below names a row of circles joined in by the caller (a column, not a subquery: D1
  // allows expressions 100 deep, and each subquery's depth adds to that of its context).
  const measured = (c: string, cells: "edge" | "every", joinedFirst = "") =>
    // CROSS JOIN: the index's matches first, then each row by its key.
    `FROM ${joinedFirst}restaurant_search CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid ` +
    `WHERE ${MATCH} ${c}.${cells} AND ${distance} <= ${c}.miles`;
  // What the inner cells hold: without filters, each cell's count in the index's vocabulary
  // (one row each, exact: deleted rows are not counted); with filters, their matches, up to the cap.
  const inner = (c: string, cap: string) =>
    filters
      ? `(SELECT count(*) AS n FROM (SELECT 1 FROM restaurant_search WHERE ${MATCH} ${c}.inner LIMIT ${cap}))`
      : `(SELECT coalesce(sum(v.doc), 0) AS n FROM json_each(${c}.cells) AS j ` +
        `CROSS JOIN restaurant_search_terms AS v ON v.term = j.value ->> 1 AND v.col = j.value ->> 0)`;
  // The edge cells are measured only when the inner ones hold fewer than the cap.
  const countWithin = (c: string, cap: string) =>
    `(SELECT CASE WHEN n >= ${cap} THEN ${cap} ELSE min(${cap}, n + ` +
    `(SELECT count(*) FROM (SELECT 1 ${measured(c, "edge")} LIMIT ${cap}))) END ` +
    `FROM ${inner(c, cap)})`;
  // Those of the circle that the CTE pick chose.
  const picked = `SELECT r.id AS id, ${distance} AS d, r.name AS name ${measured("c", "every", "pick CROSS JOIN circles AS c ON c.k = pick.k CROSS JOIN ")}`;
  // The last circle's (the radius's) inner cells as FTS5 text, without the filters: no
  // restaurant in them lies beyond the radius. NULL when it has none.
  const radiusInner = `(SELECT value ->> 1 FROM json_each(${json}) ORDER BY key DESC LIMIT 1)`;
  return { ctes, distance, countWithin, picked, radiusInner };
}

/**
 * The restaurants that the location box's own rule matches beyond the radius (or with no
 * position): they follow the restaurants within it. null when the box names nothing.
 * `within`: SQL of FTS5 text (or NULL) for map cells wholly within the radius, whose
 * restaurants the index leaves out at once rather than each being read and measured.
 */
function beyondRadius(criteria: StatementCriteria, distance: string, params: Params, within: string | null = null) {
  if (criteria.locationRule.kind === "none") return null;
  const radius = params.add(criteria.radius);
  const query = ftsQuery([...locationClauses(criteria.locationRule, params), ...filterClauses(criteria, params)]);
  if (query === null) return null;
  const text = within
    ? `CASE WHEN ${within} IS NULL THEN ${query} ELSE '(' || ${query} || ') NOT (' || ${within} || ')' END`
    : query;
  return {
    cte: `qs(e) AS (SELECT ${text})`,
    from:
      `FROM restaurant_search CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid ` +
      `WHERE ${MATCH} (SELECT e FROM qs) AND (r.geo_lat IS NULL OR ${distance} > ${radius})`,
  };
}

/**
 * The CTE pick(k): the first circle that holds `need` matches, or the last when none does.
 * The smallest is counted first (where restaurants are dense it holds a page); then a binary
 * search over the others (CTE tries): each row keeps the range [lo, hi] that holds the answer
 * and counts circle m of it, so that a ladder of n circles costs about log2(n) counts (what a
 * circle holds only grows with it).
 */
function pick(last: number, need: string, countWithin: (c: string, cap: string) => string): string[] {
  if (last === 0) return ["pick(k) AS (SELECT 0)"];
  // The next row's range, from this row's count of circle m.
  const lo = `(CASE WHEN t.found >= ${need} THEN t.lo ELSE t.m + 1 END)`;
  const hi = `(CASE WHEN t.found >= ${need} THEN t.m ELSE t.hi END)`;
  return [
    `tries(lo, hi, m, found) AS (SELECT 0, ${last}, 0, ${countWithin("c", need)} FROM circles AS c WHERE c.k = 0 UNION ALL ` +
      `SELECT ${lo}, ${hi}, (${lo} + ${hi}) / 2, CASE WHEN ${lo} < ${hi} THEN ${countWithin("c", need)} END ` +
      `FROM tries AS t CROSS JOIN circles AS c ON c.k = (${lo} + ${hi}) / 2 WHERE t.lo < t.hi)`,
    `pick(k) AS (SELECT lo FROM tries WHERE lo = hi)`,
  ];
}

/**
 * The circles a filtered page tries: every circle of the domain's ladder for a deep page, every
 * second one for the first seven pages. Each circle tried is one more FTS5 query with every
 * filter term in it (at a million restaurants, 2-5 ms each, whatever the circle holds), and the
 * circle picked is read whole: where matches spread evenly it holds less than the page needs
 * times the growth in area from the circle before (2.25 with every circle, 5.1 with every
 * second), which keeps it within about 900 matches for 175 (two rows read each) and 2,250 for
 * the 1,000 of the last page. (Every third circle measured no faster at a million: its picked
 * circles held twice the matches.)
 */
function ladderFor(radius: number, need: number): number[] {
  const all = circleRadii(radius);
  const step = need <= 175 ? 2 : 1;
  return all.filter((_, i) => i % step === 0 || i === all.length - 1);
}

/**
 * The statements of a search with a centre: [count, page]. Results are the restaurants within
 * the radius, nearest first, then those that the location box's own rule matches further away
 * or without a position.
 */
export function distanceStatements(
  criteria: StatementCriteria,
  centre: LatLng,
  offset: number,
): [SqlStatement, SqlStatement] {
  return [distanceCount(criteria, centre), distancePage(criteria, centre, offset)];
}

function distanceCount(criteria: StatementCriteria, centre: LatLng): SqlStatement {
  const params = new Params();
  // With filters, the cells across the radius's edge are refined: coarse ones would hold most
  // of a dense circle, each match measured (two rows read), before the inner cells reached the
  // cap. Only here: each refined cell is one more term of the FTS5 query, which the ladder of
  // the page would pay in every circle it tries.
  const { ctes, distance, countWithin, radiusInner } = aroundCentre(
    criteria,
    centre,
    [criteria.radius],
    params,
    COUNT_REFINE_TO,
  );
  const cap = params.add(COUNT_CAP);
  // One circle: the radius.
  const within = `SELECT ${countWithin("c", cap)} AS n FROM circles AS c`;
  const beyond = beyondRadius(criteria, distance, params, radiusInner);
  const sql = beyond
    ? `WITH ${[...ctes, beyond.cte, `near(n) AS MATERIALIZED (${within})`].join(", ")} ` +
      // (A LIMIT of 0 reads nothing: a condition in the WHERE would be tested row by row.)
      `SELECT min(${cap}, (SELECT n FROM near) + (SELECT count(*) FROM (SELECT 1 ${beyond.from} ` +
      `LIMIT CASE WHEN (SELECT n FROM near) < ${cap} THEN ${cap} ELSE 0 END))) AS total`
    : `WITH ${ctes.join(", ")} SELECT n AS total FROM (${within})`;
  return { sql, params: params.values };
}

/**
 * The page: the restaurants within the radius, nearest first, up to the page (`near`), then
 * those of the location box's own rule beyond it. Without filters, `near` is a nearest-first
 * walk over the map cells (nearestFirst), which reads about the page's rows and the cells
 * around them. With filters, each cell the walk looked at would be one more FTS5 query with
 * every filter term in it, so `near` reads the first circle of the ladder that holds the page
 * (pick) and sorts it.
 */
function distancePage(criteria: StatementCriteria, centre: LatLng, offset: number): SqlStatement {
  const params = new Params();
  const filtered = filterClauses(criteria, new Params()).length > 0;
  let ctes: string[];
  let distance: string;
  let need: string;
  let radiusInner: string | null = null;
  if (filtered) {
    const radii = ladderFor(criteria.radius, offset + PAGE_SIZE);
    const around = aroundCentre(criteria, centre, radii, params);
    need = params.add(offset + PAGE_SIZE);
    ({ distance, radiusInner } = around);
    ctes = [
      ...around.ctes,
      ...pick(radii.length - 1, need, around.countWithin),
      `near AS MATERIALIZED (${around.picked})`,
    ];
  } else {
    const walk = nearestFirst(criteria, centre, params, criteria.radius, null);
    need = params.add(offset + PAGE_SIZE);
    ({ distance } = walk);
    ctes = [...walk.ctes, `near AS MATERIALIZED (SELECT id, p AS d, name FROM nf WHERE kind = 1 LIMIT ${need})`];
  }
  const beyond = beyondRadius(criteria, distance, params, radiusInner);
  const off = params.add(offset);
  if (!beyond && !filtered) {
    // The walk alone: its rows come out in the page's order (the queue's), so the page is
    // taken from them as they come, without sorting the rows before it again.
    return {
      sql:
        `WITH RECURSIVE ${ctes.slice(0, -1).join(", ")} ` +
        `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM ` +
        `(SELECT id, p AS d, name FROM nf WHERE kind = 1 LIMIT ${PAGE_SIZE} OFFSET ${off}) AS u ` +
        `CROSS JOIN restaurants AS r ON r.id = u.id ORDER BY u.d, u.name COLLATE NOCASE, u.id`,
      params: params.values,
    };
  }
  const parts = [
    ...ctes,
    ...(beyond
      ? [
          beyond.cte,
          // Read only when the radius holds fewer than the page needs (LIMIT 0 reads nothing).
          `far AS (SELECT r.id AS id, CASE WHEN r.geo_lat IS NULL THEN NULL ELSE ${distance} END AS d, r.name AS name ${beyond.from} ` +
            `LIMIT CASE WHEN (SELECT count(*) FROM near) < ${need} THEN -1 ELSE 0 END)`,
        ]
      : []),
  ];
  const union = beyond
    ? "SELECT id, d, name FROM near UNION ALL SELECT id, d, name FROM far"
    : "SELECT id, d, name FROM near";
  const order = "d IS NULL, d, name COLLATE NOCASE, id";
  return {
    sql:
      `WITH RECURSIVE ${parts.join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM ` +
      `(SELECT id, d, name FROM (${union}) ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${off}) AS u ` +
      `CROSS JOIN restaurants AS r ON r.id = u.id ORDER BY u.d IS NULL, u.d, u.name COLLATE NOCASE, u.id`,
    params: params.values,
  };
}

// ---------------------------------------------------------------------------------------
// Nearest first, cell by cell: a best-first walk over the map cells (search-index-tokens.ts), in the order of
// the least distance each cell can hold, splitting a cell into its sixteen children while it
// holds many matches. SQLite's recursive CTE with an ORDER BY is a priority queue, and it is
// evaluated lazily: a LIMIT on what reads it stops the walk. So the rows read follow the
// results wanted and the cells around them, not the size of a circle.

/** A cell with more matches than this is split (at the finest level, its matches are read). */
const SPLIT_ABOVE = 4;
/** The most cells the walk starts from (one level; search-index-tokens.ts startCells). */
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

/** SQL of a cell's token (search-index-tokens.ts), in the column g<level>. */
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
function cellCount(alias: string, filtered: boolean): string {
  if (filtered)
    return `(SELECT count(*) FROM (SELECT 1 FROM restaurant_search WHERE ${MATCH} ${cellMatch(alias, true)} LIMIT ${SPLIT_ABOVE + 1}))`;
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
      `${cellCount("w", filters !== null)}, NULL, NULL ` +
      `FROM nf AS w WHERE w.kind = 0 AND w.n IS NULL AND w.lv < 4 ` +
      // Many matches: its sixteen children, those that may reach within upTo.
      `UNION ALL SELECT ${child}, 0, w.lv + 1, w.rw * 4 + q.i, w.cl * 4 + q.j, NULL, NULL, NULL ` +
      `FROM nf AS w CROSS JOIN quad AS q WHERE w.kind = 0 AND w.n > ${SPLIT_ABOVE} AND w.lv < 4 AND ${child} <= ${upTo} ` +
      // Few, or the finest cells: its restaurants, measured (CROSS JOIN: the cell, then its matches, then each row by its key).
      `UNION ALL SELECT ${distance}, 1, NULL, NULL, NULL, NULL, r.id, r.name ` +
      `FROM nf AS w CROSS JOIN restaurant_search CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid ` +
      `WHERE w.kind = 0 AND (w.n BETWEEN 1 AND ${SPLIT_ABOVE} OR (w.lv = 4 AND w.n IS NULL)) AND ${MATCH} ${match} ` +
      `AND ${distance} <= ${upTo}${beyond ? ` AND ${distance} > ${beyond}` : ""} ` +
      `ORDER BY 1, 2, 8 COLLATE NOCASE, 7)`,
  ];
  return { ctes, distance };
}

/**
 * The nearest few restaurants beyond the radius that pass the search's filters, for a search
 * with a centre that found nothing: a nearest-first walk from the radius out to 300 miles,
 * stopped by its LIMIT once it has them.
 */
export function nearestBeyondStatement(criteria: StatementCriteria, centre: LatLng): SqlStatement {
  const params = new Params();
  const radius = params.add(criteria.radius);
  const { ctes } = nearestFirst(criteria, centre, params, BEYOND_MAX_MILES, radius);
  const need = params.add(NEAREST_BEYOND);
  return {
    sql:
      `WITH RECURSIVE ${ctes.join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM ` +
      `(SELECT id, p AS d, name FROM nf WHERE kind = 1 LIMIT ${need}) AS u ` +
      `CROSS JOIN restaurants AS r ON r.id = u.id ORDER BY u.d, u.name COLLATE NOCASE, u.id`,
    params: params.values,
  };
}
