// The search as SQLite statements: exactly what the D1 adapter runs (and the benchmark
// replays). Pure: builds SQL text with numbered parameters; user input only ever becomes a
// bound parameter. The structures it reads (restaurant_search, name_key, geo_band) are made
// by migrations/0003_search.sql; why they look like this is in
// docs/decisions/0010-bounded-search.md. Every statement reads a number of rows bounded by
// the page (at most the offset plus 25, plus the 1,001 of the capped count), not by the
// number of restaurants that match.
import type { Diet } from "../diet";
import { parseLocation } from "../location";
import type { SearchCriteria } from "../search-criteria";
import { MAX_COUNTED, PAGE_SIZE } from "../search-params";
import { EARTH_RADIUS_MILES, NEAREST_BEYOND, beyondRingsFor, ring, ringsFor, type Centre, type Ring } from "./rings";
import { RESTAURANT_COLUMNS } from "./rows";

export type SqlValue = string | number;
export type SqlStatement = { sql: string; params: SqlValue[] };

/** A count stops here: one past MAX_COUNTED says '1,000+'. */
export const COUNT_CAP = MAX_COUNTED + 1;

/** Bits of name_key below the name prefix (migrations/0003_search.sql). */
const SEQUENCE_BITS = 23;
const SEQUENCE_MASK = 2 ** SEQUENCE_BITS - 1;


type Column = "name" | "cuisine_type" | "city" | "state";

const DIET_TAGS: Record<Diet, string> = {
  "gluten-free": "~gf~",
  "dairy-free": "~df~",
  vegetarian: "~vg~",
  vegan: "~vn~",
};

const DIET_COLUMNS: Record<Diet, string> = {
  "gluten-free": "is_gluten_free",
  "dairy-free": "is_dairy_free",
  vegetarian: "is_vegetarian",
  vegan: "is_vegan",
};

/** Numbered parameters (?1, ?2, ...) of one statement. */
class Params {
  readonly values: SqlValue[] = [];
  add(value: SqlValue): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** The trigram index matches terms of this many characters directly. */
export const MIN_TRIGRAM_LENGTH = 3;

/** Case and accents folded as the index folds them (terms under three characters). */
export function foldForIndex(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** An FTS5 string: `text` between double quotes (a phrase: a substring, with trigrams). */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One condition of the FTS5 query, as an SQL expression that yields its text: `text` occurs in
 * one of `columns`. Three or more characters: a quoted phrase. Shorter: every trigram of those
 * columns that starts with the term (each value ends in two U+0001, so every character of it
 * starts a trigram), looked up in restaurant_search_terms; none found: a phrase that matches
 * nothing.
 */
function containsClause(columns: readonly Column[], text: string, params: Params): string {
  const filter = `{${columns.join(" ")}} : `;
  if (Array.from(text).length >= MIN_TRIGRAM_LENGTH) return params.add(`${filter}${ftsString(text)}`);
  const prefix = params.add(foldForIndex(text));
  const cols = columns.map((c) => `'${c}'`).join(", ");
  return (
    `(SELECT '${filter}(' || coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), '"' || char(2, 2, 2) || '"') || ')'` +
    ` FROM (SELECT DISTINCT term FROM restaurant_search_terms WHERE col IN (${cols}) AND term >= ${prefix} AND term < ${prefix} || char(1114111)))`
  );
}

function tagClause(tags: string[], joiner: "OR" | "AND", params: Params): string {
  return params.add(`{tags} : (${tags.map(ftsString).join(` ${joiner} `)})`);
}

/** An SQL expression of the FTS5 query text that ANDs the clauses; null when there are none. */
function ftsQuery(clauses: string[]): string | null {
  if (clauses.length === 0) return null;
  return clauses.map((clause) => `'(' || ${clause} || ')'`).join(" || ' AND ' || ");
}

/** The query's conditions on text: q against name or cuisine. */
function queryClauses(criteria: SearchCriteria, params: Params): string[] {
  return criteria.query ? [containsClause(["name", "cuisine_type"], criteria.query, params)] : [];
}

/** The spec's location rule on the location box: a ZIP exactly, "city, state" or either. */
function locationClauses(location: string, params: Params): string[] {
  const parsed = parseLocation(location);
  switch (parsed.kind) {
    case "zip":
      return [tagClause([`~z${parsed.zip}~`], "AND", params)];
    case "cityState":
      return [
        ...(parsed.city ? [containsClause(["city"], parsed.city, params)] : []),
        ...(parsed.state ? [containsClause(["state"], parsed.state, params)] : []),
      ];
    case "cityOrState":
      return [containsClause(["city", "state"], parsed.text, params)];
    case "none":
      return [];
  }
}

/** Cuisine and diets as tags. The cuisine tag folds case: its exact value is checked on the row. */
function filterTagClauses(criteria: SearchCriteria, params: Params): string[] {
  const clauses: string[] = [];
  if (criteria.cuisine) clauses.push(tagClause([`~c${criteria.cuisine}~`], "AND", params));
  if (criteria.diets.length > 0) {
    clauses.push(
      tagClause(
        criteria.diets.map((diet) => DIET_TAGS[diet]),
        criteria.match === "all" ? "AND" : "OR",
        params,
      ),
    );
  }
  return clauses;
}

/** Conditions checked on the restaurant row itself (alias r). */
function rowConditions(criteria: SearchCriteria, params: Params, { diets }: { diets: boolean }): string[] {
  const conditions: string[] = [];
  if (criteria.cuisine) conditions.push(`r.cuisine_type = ${params.add(criteria.cuisine)}`);
  if (diets && criteria.diets.length > 0) {
    const joiner = criteria.match === "all" ? " AND " : " OR ";
    conditions.push(`(${criteria.diets.map((d) => `r.${DIET_COLUMNS[d]} = 1`).join(joiner)})`);
  }
  return conditions;
}

const SELECTED_COLUMNS = RESTAURANT_COLUMNS.map((c) => `r.${c}`).join(", ");

function and(conditions: string[]): string {
  return conditions.length ? conditions.join(" AND ") : "1";
}

// ---------------------------------------------------------------------------------------
// Without a centre: name order.

/**
 * The statements of a search without a centre: [count, page]. The count stops at COUNT_CAP.
 * The page reads the matches in name_key order (the FTS5 rowid), then sorts the page's rows
 * and the whole name groups at its two edges by (name, id): within a group of names that
 * share their first eight bytes, name_key follows insertion, not the name.
 */
export function nameOrderStatements(criteria: SearchCriteria, offset: number): [SqlStatement, SqlStatement] {
  return [nameOrderCount(criteria), nameOrderPage(criteria, offset)];
}

function nameOrderCount(criteria: SearchCriteria): SqlStatement {
  const params = new Params();
  const query = ftsQuery([
    ...queryClauses(criteria, params),
    ...locationClauses(criteria.location, params),
    ...filterTagClauses(criteria, params),
  ]);
  if (query === null) {
    return { sql: `SELECT count(*) AS total FROM (SELECT 1 FROM restaurants LIMIT ${COUNT_CAP})`, params: [] };
  }
  const exact = rowConditions(criteria, params, { diets: false });
  const join = exact.length ? " CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid" : "";
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}) ` +
      `SELECT count(*) AS total FROM (SELECT 1 FROM restaurant_search${join} ` +
      `WHERE restaurant_search MATCH (SELECT e FROM q)${exact.map((c) => ` AND ${c}`).join("")} LIMIT ${COUNT_CAP})`,
    params: params.values,
  };
}

function nameOrderPage(criteria: SearchCriteria, offset: number): SqlStatement {
  const params = new Params();
  const query = ftsQuery([
    ...queryClauses(criteria, params),
    ...locationClauses(criteria.location, params),
    ...filterTagClauses(criteria, params),
  ]);
  if (query === null) {
    const off = params.add(offset);
    return {
      sql: `SELECT ${SELECTED_COLUMNS} FROM restaurants AS r ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${off}`,
      params: params.values,
    };
  }
  const exact = rowConditions(criteria, params, { diets: false }).map((c) => ` AND ${c}`).join("");
  // CROSS JOIN fixes the join order: SQLite would rather walk the whole name index.
  const join = exact ? " CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid" : "";
  const off = params.add(offset);
  const matches = `FROM restaurant_search${join} WHERE restaurant_search MATCH (SELECT e FROM q)${exact}`;
  const group = (g: string) =>
    `SELECT restaurant_search.rowid AS k FROM edge CROSS JOIN restaurant_search${join} WHERE restaurant_search MATCH (SELECT e FROM q)${exact} ` +
    `AND restaurant_search.rowid BETWEEN (edge.${g} << ${SEQUENCE_BITS}) AND (edge.${g} << ${SEQUENCE_BITS}) + ${SEQUENCE_MASK}`;
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}), ` +
      `win AS (SELECT restaurant_search.rowid AS k ${matches} ORDER BY restaurant_search.rowid LIMIT ${PAGE_SIZE} OFFSET ${off}), ` +
      `edge AS (SELECT min(k) AS k0, min(k) >> ${SEQUENCE_BITS} AS g1, max(k) >> ${SEQUENCE_BITS} AS g2 FROM win), ` +
      `grp AS (${group("g1")} UNION ${group("g2")}), ` +
      `cand AS (SELECT k FROM win UNION SELECT k FROM grp), ` +
      `skip AS (SELECT count(*) AS n FROM grp, edge WHERE grp.k < edge.k0) ` +
      `SELECT ${SELECTED_COLUMNS} FROM cand CROSS JOIN restaurants AS r ON r.name_key = cand.k ` +
      `ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET (SELECT n FROM skip)`,
    params: params.values,
  };
}

// ---------------------------------------------------------------------------------------
// With a centre: distance order.

/** Great-circle distance in miles from the centre (haversine) to r's position. */
function distanceSql(lat: string, lng: string): string {
  // (D1 does not allow power(); a square is a product.)
  const halfLat = `sin(radians(r.geo_lat - ${lat}) / 2)`;
  const halfLng = `sin(radians(r.geo_lng - ${lng}) / 2)`;
  return (
    `(2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(${halfLat} * ${halfLat}` +
    ` + cos(radians(${lat})) * cos(radians(r.geo_lat)) * ${halfLng} * ${halfLng}))))`
  );
}

/**
 * The pieces shared by distance statements: the CTEs (`qf`, the text query as an FTS5 query,
 * if any; `band_K`, the bands of ring K), the distance expression, and `inRing(K)`, the FROM
 * and WHERE of the restaurants within ring K that pass the filters. `inRing("picked")` reads
 * the ring that the CTE `pick(k)` chose (its bands in `band_picked`).
 */
function distanceParts(criteria: SearchCriteria, centre: Centre, rings: Ring[], params: Params) {
  const lat = params.add(centre.lat);
  const lng = params.add(centre.lng);
  const distance = distanceSql(lat, lng);
  const text = ftsQuery(queryClauses(criteria, params));
  // Filters on a restaurant near the centre: diets and cuisine on the row, text in the index.
  const filters = [
    ...rowConditions(criteria, params, { diets: true }),
    ...(text
      ? [`EXISTS (SELECT 1 FROM restaurant_search WHERE restaurant_search MATCH (SELECT e FROM qf) AND restaurant_search.rowid = r.name_key)`]
      : []),
  ];
  const bounds = rings.map((ring) => ({
    from: params.add(ring.bandFrom),
    to: params.add(ring.bandTo),
    west: params.add(ring.lngFrom),
    east: params.add(ring.lngTo),
    miles: params.add(ring.miles),
  }));
  /** The value of one bound for the picked ring. */
  const picked = (bound: keyof (typeof bounds)[number]) =>
    bounds.length === 1
      ? (bounds[0]?.[bound] ?? "NULL")
      : `(CASE (SELECT k FROM pick) ${bounds.map((b, k) => `WHEN ${k} THEN ${b[bound]}`).join(" ")} END)`;
  const bandCte = (name: string, from: string, to: string) =>
    `${name}(b) AS (SELECT ${from} UNION ALL SELECT b + 1 FROM ${name} WHERE b < ${to})`;
  const ctes = [
    ...(text ? [`qf(e) AS (SELECT ${text})`] : []),
    ...bounds.map(({ from, to }, k) => bandCte(`band_${k}`, from, to)),
  ];
  const pickedCtes = [bandCte("band_picked", picked("from"), picked("to"))];
  const inRing = (k: number | "picked") => {
    const ring = k === "picked" ? { west: picked("west"), east: picked("east"), miles: picked("miles") } : bounds[k];
    if (!ring) throw new Error(`no ring ${k}`);
    // CROSS JOIN keeps the bands outside: one short range of the index per band.
    return (
      `FROM band_${k} AS rb CROSS JOIN restaurants AS r ON r.geo_band = rb.b AND r.geo_lng BETWEEN ${ring.west} AND ${ring.east} ` +
      `WHERE ${distance} <= ${ring.miles} AND ${and(filters)}`
    );
  };
  return { ctes, pickedCtes, distance, inRing };
}

/**
 * An SQL expression for the first ring that holds at least `need` restaurants (the last ring
 * when none does). CASE tries the rings in order and stops at the first that holds enough.
 */
function pickRing(rings: Ring[], need: string, rowsIn: (k: number) => string): string {
  const last = rings.length - 1;
  const tries = rings
    .slice(0, last)
    .map((_, k) => `WHEN (SELECT count(*) FROM (SELECT 1 ${rowsIn(k)} LIMIT ${need})) >= ${need} THEN ${k}`);
  return tries.length ? `CASE ${tries.join(" ")} ELSE ${last} END` : String(last);
}

/**
 * The restaurants the location box's own rule matches beyond the radius (or with no position):
 * they follow the restaurants within the radius. null when the search has no location text.
 */
function beyondRadius(criteria: SearchCriteria, distance: string, params: Params) {
  if (parseLocation(criteria.location).kind === "none") return null;
  const radius = params.add(criteria.radius);
  const query = ftsQuery([
    ...locationClauses(criteria.location, params),
    ...queryClauses(criteria, params),
    ...filterTagClauses(criteria, params),
  ]);
  if (query === null) return null;
  const exact = rowConditions(criteria, params, { diets: false });
  return {
    cte: `qs(e) AS (SELECT ${query})`,
    from:
      `FROM restaurant_search CROSS JOIN restaurants AS r ON r.name_key = restaurant_search.rowid ` +
      `WHERE restaurant_search MATCH (SELECT e FROM qs) AND (r.geo_lat IS NULL OR ${distance} > ${radius})` +
      exact.map((c) => ` AND ${c}`).join(""),
  };
}

/**
 * The statements of a search with a centre: [count, page]. Results are the restaurants within
 * the radius, nearest first, then those that the location box's own rule matches further away
 * or without a position. The page reads the smallest ring around the centre that holds it.
 */
export function distanceStatements(criteria: SearchCriteria, centre: Centre, offset: number): [SqlStatement, SqlStatement] {
  return [distanceCount(criteria, centre), distancePage(criteria, centre, offset)];
}

function distanceCount(criteria: SearchCriteria, centre: Centre): SqlStatement {
  const params = new Params();
  const { ctes, distance, inRing } = distanceParts(criteria, centre, [ring(centre, criteria.radius)], params);
  const beyond = beyondRadius(criteria, distance, params);
  const within = `(SELECT count(*) FROM (SELECT 1 ${inRing(0)} LIMIT ${COUNT_CAP}))`;
  const sql = beyond
    ? `WITH RECURSIVE ${[...ctes, beyond.cte, `near(n) AS (SELECT ${within})`].join(", ")} ` +
      `SELECT min(${COUNT_CAP}, (SELECT n FROM near) + (SELECT count(*) FROM (SELECT 1 ${beyond.from} ` +
      `AND (SELECT n FROM near) < ${COUNT_CAP} LIMIT ${COUNT_CAP}))) AS total`
    : `WITH RECURSIVE ${ctes.join(", ")} SELECT ${within} AS total`;
  return { sql, params: params.values };
}

function distancePage(criteria: SearchCriteria, centre: Centre, offset: number): SqlStatement {
  const params = new Params();
  const rings = ringsFor(centre, criteria.radius);
  const { ctes, pickedCtes, distance, inRing } = distanceParts(criteria, centre, rings, params);
  const need = params.add(offset + PAGE_SIZE);
  const beyond = beyondRadius(criteria, distance, params);
  const off = params.add(offset);
  const parts = [
    ...ctes,
    ...(beyond ? [beyond.cte] : []),
    `pick(k) AS (SELECT ${pickRing(rings, need, inRing)})`,
    ...pickedCtes,
    `near AS MATERIALIZED (SELECT r.id AS id, ${distance} AS d ${inRing("picked")})`,
    ...(beyond
      ? [
          `far AS (SELECT r.id AS id, CASE WHEN r.geo_lat IS NULL THEN NULL ELSE ${distance} END AS d ${beyond.from} ` +
            `AND (SELECT count(*) FROM near) < ${need})`,
        ]
      : []),
  ];
  const union = beyond ? "SELECT id, d FROM near UNION ALL SELECT id, d FROM far" : "SELECT id, d FROM near";
  return {
    sql:
      `WITH RECURSIVE ${parts.join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, u.d AS distance FROM (${union}) AS u CROSS JOIN restaurants AS r ON r.id = u.id ` +
      `ORDER BY u.d IS NULL, u.d, r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${off}`,
    params: params.values,
  };
}

/**
 * The nearest few restaurants beyond the radius that pass the search's other filters, for
 * a search with a centre that found nothing: rings of growing size outside the radius.
 */
export function nearestBeyondStatement(criteria: SearchCriteria, centre: Centre): SqlStatement {
  const params = new Params();
  const rings = beyondRingsFor(centre, criteria.radius);
  const { ctes, pickedCtes, distance, inRing } = distanceParts(criteria, centre, rings, params);
  const radius = params.add(criteria.radius);
  const need = params.add(NEAREST_BEYOND);
  const outside = (k: number | "picked") => `${inRing(k)} AND ${distance} > ${radius}`;
  return {
    sql:
      `WITH RECURSIVE ${[...ctes, `pick(k) AS (SELECT ${pickRing(rings, need, outside)})`, ...pickedCtes].join(", ")} ` +
      `SELECT ${SELECTED_COLUMNS}, ${distance} AS distance ${outside("picked")} ` +
      `ORDER BY distance, r.name COLLATE NOCASE, r.id LIMIT ${need}`,
    params: params.values,
  };
}
