// The search as SQLite SQL: the exact statements the D1 adapter runs (and the benchmark
// replays). Pure: builds SQL text with ? placeholders; user input only ever becomes a
// bound parameter. See docs/decisions/0002-search-in-sqlite.md.
import type { Diet } from "../diet";
import type { ListCriteria, SearchCriteria } from "./port";
import { RESTAURANT_COLUMNS } from "./rows";

export type SqlStatement = { sql: string; params: (string | number)[] };
export type SearchStatements = { count: SqlStatement; page: SqlStatement };

const DIET_COLUMNS: Record<Diet, string> = {
  "gluten-free": "is_gluten_free",
  "dairy-free": "is_dairy_free",
  vegetarian: "is_vegetarian",
  vegan: "is_vegan",
};

type TextColumn = "name" | "cuisine_type" | "city" | "state";

/** The trigram index only answers terms of three or more characters. */
export const MIN_INDEXED_LENGTH = 3;

/** A LIKE pattern that matches `text` literally anywhere (escape character: backslash). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 query: `text` as one quoted phrase (a substring, with the trigram tokenizer). */
export function ftsPhrase(columns: readonly TextColumn[], text: string): string {
  return `{${columns.join(" ")}} : "${text.replace(/"/g, '""')}"`;
}

/**
 * `text` occurs in one of `columns`, ignoring case (and accents, through the index).
 * Three or more characters: the FTS5 trigram index. Shorter: a LIKE scan, which folds
 * ASCII letters only.
 */
function containsCondition(columns: readonly TextColumn[], text: string): SqlStatement {
  if (Array.from(text).length >= MIN_INDEXED_LENGTH) {
    return {
      sql: "r.id IN (SELECT rowid FROM restaurants_fts WHERE restaurants_fts MATCH ?)",
      params: [ftsPhrase(columns, text)],
    };
  }
  const pattern = containsPattern(text);
  return {
    sql: `(${columns.map((c) => `r.${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`,
    params: columns.map(() => pattern),
  };
}

function dietCondition({ diets, match }: Pick<ListCriteria, "diets" | "match">): SqlStatement | null {
  if (diets.length === 0) return null;
  const joiner = match === "all" ? " AND " : " OR ";
  return { sql: `(${diets.map((d) => `r.${DIET_COLUMNS[d]} = 1`).join(joiner)})`, params: [] };
}

function searchConditions(criteria: SearchCriteria): SqlStatement[] {
  const conditions: SqlStatement[] = [];
  if (criteria.query) conditions.push(containsCondition(["name", "cuisine_type"], criteria.query));
  const location = criteria.location;
  switch (location.kind) {
    case "zip":
      conditions.push({ sql: "r.zip_code = ?", params: [location.zip] });
      break;
    case "cityState":
      if (location.city) conditions.push(containsCondition(["city"], location.city));
      if (location.state) conditions.push(containsCondition(["state"], location.state));
      break;
    case "cityOrState":
      conditions.push(containsCondition(["city", "state"], location.text));
      break;
    case "none":
      break;
  }
  if (criteria.cuisine) conditions.push({ sql: "r.cuisine_type = ?", params: [criteria.cuisine] });
  return conditions;
}

function statements(conditions: SqlStatement[], limit: number, offset: number): SearchStatements {
  const where = conditions.length ? ` WHERE ${conditions.map((c) => c.sql).join(" AND ")}` : "";
  const params = conditions.flatMap((c) => c.params);
  const columns = RESTAURANT_COLUMNS.map((c) => `r.${c}`).join(", ");
  return {
    count: { sql: `SELECT count(*) AS total FROM restaurants r${where}`, params },
    page: {
      sql: `SELECT ${columns} FROM restaurants r${where} ORDER BY r.name COLLATE NOCASE, r.id LIMIT ? OFFSET ?`,
      params: [...params, limit, offset],
    },
  };
}

export function buildSearchStatements(criteria: SearchCriteria): SearchStatements {
  const conditions = searchConditions(criteria);
  const diet = dietCondition(criteria);
  if (diet) conditions.push(diet);
  return statements(conditions, criteria.limit, criteria.offset);
}

export function buildListStatements(criteria: ListCriteria): SearchStatements {
  const diet = dietCondition(criteria);
  return statements(diet ? [diet] : [], criteria.limit, criteria.offset);
}
