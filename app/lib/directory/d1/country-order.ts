// A search of a whole country or of a postal code in one (issue 41: 'Italy', 'SW1A 1AA, UK')
// as D1 statements: its count and its page, in name order. Both read restaurants through
// migrations/0017_country_search.sql's indexes, the open rows only:
// - the country: (country, name COLLATE NOCASE, id), so the page reads at most offset + 25
//   rows and the count at most COUNT_CAP (docs/decisions/0010-bounded-search.md);
// - the postal code: (country, zip_code), the code's few rows, sorted.
// The filters (q, cuisine, diets, ...) are the FTS5 query of the other searches, asked of each
// row walked by its key; a country with filters walks at most COUNTRY_WALK of its rows in
// name order, so that a page view stays bounded (at most about 4,000 rows read; a rarer match
// further down the country's names is not found: docs/decisions/0031-world-place-data.md).
import type { CountryArea } from "../../places/world";
import { PAGE_SIZE } from "../../search/search-url";
import {
  COUNT_CAP,
  filterClauses,
  ftsQuery,
  Params,
  searchIndexOf,
  SELECTED_COLUMNS,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";

/** How many of a country's rows, in name order, a search with filters reads at most (count and page each). */
const COUNTRY_WALK = 1000;

/** The area's rows (`r`), with the filters' matches: [FROM ... WHERE ..., ORDER BY] as SQL, with their params. */
function areaRows(criteria: StatementCriteria, area: CountryArea, params: Params): { from: string; prefix: string } {
  const query = ftsQuery(filterClauses(criteria, params));
  const index = searchIndexOf(criteria);
  const country = params.add(area.country);
  // INDEXED BY: without statistics the planner may take the name index for a postal code.
  const rows =
    area.kind === "postal"
      ? `restaurants AS r INDEXED BY restaurants_country_zip_idx WHERE r.country = ${country} AND r.zip_code = ${params.add(area.postalCode)} AND r.closed_at IS NULL`
      : `restaurants AS r INDEXED BY restaurants_country_name_idx WHERE r.country = ${country} AND r.closed_at IS NULL`;
  if (query === null) return { prefix: "", from: rows };
  // Each walked row is looked up in the index by its key (rowid): no list of every match.
  const matched = `EXISTS (SELECT 1 FROM ${index} WHERE ${index} MATCH (SELECT e FROM q) AND ${index}.rowid = r.name_key)`;
  const walked =
    area.kind === "postal"
      ? rows
      : `(SELECT * FROM ${rows} ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${COUNTRY_WALK}) AS r WHERE 1`;
  return { prefix: `WITH q(e) AS (SELECT ${query}) `, from: `${walked} AND ${matched}` };
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
  return [areaCount(criteria, area), areaPage(criteria, area, offset)];
}
