// A search of a whole country or of a postal code in one (issue 41: 'Italy', 'SW1A 1AA, UK')
// as D1 statements: its count and its page, in name order.
// - A country with filters (q, cuisine, diets, ...) is one FTS5 query like the other searches
//   without a centre (./name-order.ts): the country's token (./fts-query.ts countryClause,
//   kept in the index by migrations/0018_country_token.sql) ANDed with the filters, so that
//   every match of the country is found and counted (the count reads at most COUNT_CAP
//   matches); its page: countryFilteredPage below.
// - A country alone reads restaurants through migrations/0017_country_search.sql's index on
//   the open rows, (country, name COLLATE NOCASE, id): the page reads at most offset + 25
//   rows and the count at most COUNT_CAP.
// - A postal code reads (country, zip_code), the code's few rows, sorted, and asks the filters
//   of each by its key.
import type { CountryArea } from "../../places/places";
import { PAGE_SIZE } from "../../search/search-url";
import {
  COUNT_CAP,
  countryClause,
  filterClauses,
  ftsQuery,
  hasFilters,
  NOTHING,
  Params,
  searchIndexOf,
  SELECTED_COLUMNS,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";
import { keyOrderPage, nameOrderStatements } from "./name-order";

/** How many of a country's rows, in name order, the page of a broad search walks first. */
const COUNTRY_WALK = 1000;

/**
 * The page of a country with filters, the first of three ways that applies (each SQL
 * condition on no row, checked before anything of its way is read):
 * - at most 1,000 matches (the FTS5 query's, read up to COUNT_CAP in key order): all of them,
 *   each row by its key, sorted; at most about 2,000 rows read;
 * - more: they are many, so the page is likely among the country's first names: the walk of
 *   COUNTRY_WALK of them in name order, each asked of the index by its key;
 * - when that walk does not fill the page: the matches in name_key order (./name-order.ts).
 * Each way is complete where it answers, so the page is the same as a full sort would give.
 */
function countryFilteredPage(criteria: StatementCriteria, country: string, offset: number): SqlStatement {
  const params = new Params();
  const query = ftsQuery([countryClause(country, params), ...filterClauses(criteria, params)]) ?? NOTHING;
  const index = searchIndexOf(criteria);
  const off = params.add(offset);
  const cc = params.add(country);
  const order = `ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${off}`;
  const matched = `EXISTS (SELECT 1 FROM ${index} WHERE ${index} MATCH (SELECT e FROM q) AND ${index}.rowid = r.name_key)`;
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}), ` +
      `m AS (SELECT rowid AS k FROM ${index} WHERE ${index} MATCH (SELECT e FROM q) LIMIT ${COUNT_CAP}), ` +
      `n AS (SELECT count(*) AS c FROM m), ` +
      // few, many: one row or none, first in their CROSS JOIN, so that a way not taken reads nothing.
      `few AS (SELECT 1 FROM n WHERE c < ${COUNT_CAP}), ` +
      `many AS (SELECT 1 FROM n WHERE c >= ${COUNT_CAP}), ` +
      `walked AS (SELECT ${SELECTED_COLUMNS} FROM (SELECT r.* FROM many CROSS JOIN restaurants AS r INDEXED BY restaurants_country_name_idx ` +
      `WHERE r.country = ${cc} AND r.closed_at IS NULL ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${COUNTRY_WALK}) AS r ` +
      // In the walk's order (SQLite keeps it through the subquery): it stops at the page's end.
      `WHERE ${matched} LIMIT ${PAGE_SIZE} OFFSET ${off}) ` +
      `SELECT * FROM (SELECT ${SELECTED_COLUMNS} FROM few CROSS JOIN m CROSS JOIN restaurants AS r ON r.name_key = m.k ${order}) ` +
      `UNION ALL SELECT * FROM walked ` +
      `UNION ALL SELECT * FROM (${keyOrderPage(index, query, off, `EXISTS (SELECT 1 FROM many) AND (SELECT count(*) FROM walked) < ${PAGE_SIZE}`)})`,
    params: params.values,
  };
}

/** The area's rows (`r`), with the filters' matches: FROM ... WHERE ... as SQL, with their params. */
function areaRows(criteria: StatementCriteria, area: CountryArea, params: Params): { from: string; prefix: string } {
  const query = area.kind === "postal" ? ftsQuery(filterClauses(criteria, params)) : null;
  const index = searchIndexOf(criteria);
  const country = params.add(area.country);
  // INDEXED BY: without statistics the planner may take the name index for a postal code.
  const rows =
    area.kind === "postal"
      ? `restaurants AS r INDEXED BY restaurants_country_zip_idx WHERE r.country = ${country} AND r.zip_code = ${params.add(area.postalCode)} AND r.closed_at IS NULL`
      : `restaurants AS r INDEXED BY restaurants_country_name_idx WHERE r.country = ${country} AND r.closed_at IS NULL`;
  if (query === null) return { prefix: "", from: rows };
  // Each of the code's rows is looked up in the index by its key (rowid): no list of every match.
  const matched = `EXISTS (SELECT 1 FROM ${index} WHERE ${index} MATCH (SELECT e FROM q) AND ${index}.rowid = r.name_key)`;
  return { prefix: `WITH q(e) AS (SELECT ${query}) `, from: `${rows} AND ${matched}` };
}

function areaCount(criteria: StatementCriteria, area: CountryArea): SqlStatement {
  const params = new Params();
  const { prefix, from } = areaRows(criteria, area, params);
  return {
    sql: `${prefix}SELECT count(*) AS total FROM (SELECT 1 FROM ${from} LIMIT ${COUNT_CAP})`,
    params: params.values,
  };
}

function areaPage(criteria: StatementCriteria, area: CountryArea, offset: number): SqlStatement {
  const params = new Params();
  const { prefix, from } = areaRows(criteria, area, params);
  return {
    sql: `${prefix}SELECT ${SELECTED_COLUMNS} FROM ${from} ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${params.add(offset)}`,
    params: params.values,
  };
}

/** The statements of a country or postal-code search: [count, page]. */
export function countryStatements(
  criteria: StatementCriteria,
  area: CountryArea,
  offset: number,
): [SqlStatement, SqlStatement] {
  if (area.kind === "country" && hasFilters(criteria)) {
    const [count] = nameOrderStatements(criteria, offset, (params) =>
      ftsQuery([countryClause(area.country, params), ...filterClauses(criteria, params)]),
    );
    return [count, countryFilteredPage(criteria, area.country, offset)];
  }
  return [areaCount(criteria, area), areaPage(criteria, area, offset)];
}
