// A search without a centre as D1 statements: its count and its page, in name order.
// restaurant_search's rowid is name_key, an integer that sorts like the name
// (migrations/0003_search.sql), and FTS5 returns matches in rowid order: the page reads the
// matches up to it (offset + 25 keys), whatever their number (docs/decisions/0010-bounded-search.md).
import { PAGE_SIZE } from "../../search/search-url";
import {
  COUNT_CAP,
  searchIndexOf,
  Params,
  SELECTED_COLUMNS,
  textRuleQuery,
  type SqlStatement,
  type StatementCriteria,
} from "./fts-query";

/** Bits of name_key below the name prefix (migrations/0003_search.sql). */
const SEQUENCE_BITS = 23;
const SEQUENCE_MASK = 2 ** SEQUENCE_BITS - 1;

/**
 * A city page abroad (criteria.country): each match joined to its row by its key, kept when
 * the row is in that country; [the join, the condition] as SQL ('' for a search without).
 */
function withinCountry(criteria: StatementCriteria, index: string, params: Params, alias: string): [string, string] {
  if (!criteria.country) return ["", ""];
  return [
    ` CROSS JOIN restaurants AS ${alias} ON ${alias}.name_key = ${index}.rowid`,
    ` AND ${alias}.country = ${params.add(criteria.country)}`,
  ];
}

function nameOrderCount(criteria: StatementCriteria): SqlStatement {
  const params = new Params();
  const query = textRuleQuery(criteria, params);
  const index = searchIndexOf(criteria);
  if (query === null) {
    // Open restaurants only (restaurants_open_name_idx holds exactly those).
    return {
      sql: `SELECT count(*) AS total FROM (SELECT 1 FROM restaurants WHERE closed_at IS NULL LIMIT ${COUNT_CAP})`,
      params: [],
    };
  }
  const [join, within] = withinCountry(criteria, index, params, "w");
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}) ` +
      `SELECT count(*) AS total FROM (SELECT 1 FROM ${index}${join} WHERE ${index} MATCH (SELECT e FROM q)${within} LIMIT ${COUNT_CAP})`,
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
  const query = textRuleQuery(criteria, params);
  const index = searchIndexOf(criteria);
  const off = params.add(offset);
  if (query === null) {
    return {
      sql: `SELECT ${SELECTED_COLUMNS} FROM restaurants AS r WHERE r.closed_at IS NULL ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${PAGE_SIZE} OFFSET ${off}`,
      params: params.values,
    };
  }
  const [join, within] = withinCountry(criteria, index, params, "w");
  const group = (g: string) =>
    // CROSS JOIN keeps edge first, so that the group's key range limits the index search.
    `SELECT ${index}.rowid AS k FROM edge CROSS JOIN ${index}${join} WHERE ${index} MATCH (SELECT e FROM q)${within} ` +
    `AND ${index}.rowid BETWEEN (edge.${g} << ${SEQUENCE_BITS}) AND (edge.${g} << ${SEQUENCE_BITS}) + ${SEQUENCE_MASK}`;
  return {
    sql:
      `WITH q(e) AS (SELECT ${query}), ` +
      `win AS (SELECT ${index}.rowid AS k FROM ${index}${join} WHERE ${index} MATCH (SELECT e FROM q)${within} ORDER BY ${index}.rowid LIMIT ${PAGE_SIZE} OFFSET ${off}), ` +
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

/** The statements of a search without a centre: [count, page]. */
export function nameOrderStatements(criteria: StatementCriteria, offset: number): [SqlStatement, SqlStatement] {
  return [nameOrderCount(criteria), nameOrderPage(criteria, offset)];
}
