// A search of a whole country or of a postal code in one (issue 41: 'Italy', 'SW1A 1AA, UK')
// as D1 statements: its count and its page, in name order.
// - A country with filters (q, cuisine, diets, ...) is one FTS5 query like the other searches
//   without a centre (./name-order.ts): the country's token (./fts-query.ts countryClause,
//   kept in the index by migrations/0018_country_token.sql) ANDed with the filters, so that
//   every match of the country is found and counted, and a page view reads at most offset +
//   25 keys and COUNT_CAP matches (docs/decisions/0010-bounded-search.md).
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
  Params,
  searchIndexOf,
  SELECTED_COLUMNS,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";
import { nameOrderStatements } from "./name-order";

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
    return nameOrderStatements(criteria, offset, (params) =>
      ftsQuery([countryClause(area.country, params), ...filterClauses(criteria, params)]),
    );
  }
  return [areaCount(criteria, area), areaPage(criteria, area, offset)];
}
