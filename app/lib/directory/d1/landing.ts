// The landing pages' and sitemaps' reads as SQLite statements: exactly what the D1 adapter runs
// (and the benchmark replays, bench/lib/sitemap.mjs). Pure. Each reads rows through an index
// and as many as its page or file holds (docs/decisions/0011-landing-pages-and-sitemaps.md):
// - restaurant_cities by its primary key (state, slug);
// - the sitemap's restaurant files by skipping from range to range on the primary key (one
//   row read per file, plus any closed restaurants skipped), and each file's open ids as one
//   range of the primary key;
// - each state's number of cities from the covering index (state, restaurants);
// - each state's number of restaurants from restaurant_states (the /us page), and the cities
//   with the most from restaurant_cities_top_idx (the home page).
import { CITY_COLUMNS } from "../landing-rows";
import type { SqlStatement } from "./fts-query";

const columns = CITY_COLUMNS.join(", ");

export function cityStatement(state: string, slug: string): SqlStatement {
  return {
    sql: `SELECT ${columns} FROM restaurant_cities WHERE state = ?1 AND slug = ?2 AND restaurants > 0`,
    params: [state, slug],
  };
}

/** A state's cities in slug order; `+restaurants` keeps SQLite on the primary key, already in that order. */
export function citiesStatement(state: string, offset: number, limit: number): SqlStatement {
  return {
    sql: `SELECT ${columns} FROM restaurant_cities WHERE state = ?1 AND +restaurants > 0 ORDER BY slug LIMIT ?2 OFFSET ?3`,
    params: [state, limit, offset],
  };
}

/**
 * The numbers of the restaurant files that hold a restaurant, ascending: from the smallest id,
 * each step seeks the first id past the current file (min() on the primary key: one row).
 */
export function restaurantFilesStatement(idsPerFile: number, maxFiles: number): SqlStatement {
  return {
    // D1 may bind a number as REAL: the CAST keeps the division an integer one.
    sql:
      "WITH RECURSIVE files(n) AS (" +
      "SELECT (SELECT (min(id) - 1) / CAST(?1 AS INTEGER) + 1 FROM restaurants WHERE id > 0 AND closed_at IS NULL) " +
      "UNION ALL SELECT (SELECT (min(id) - 1) / CAST(?1 AS INTEGER) + 1 FROM restaurants WHERE id > files.n * ?1 AND closed_at IS NULL) " +
      "FROM files WHERE files.n IS NOT NULL" +
      ") SELECT n FROM files WHERE n IS NOT NULL LIMIT ?2",
    params: [idsPerFile, maxFiles],
  };
}

/** Each of these states with cities that have restaurants, and how many, by state. */
export function stateCitiesStatement(states: readonly string[]): SqlStatement {
  return {
    sql:
      "SELECT state, count(*) AS cities FROM restaurant_cities " +
      "WHERE state IN (SELECT value FROM json_each(?1)) AND restaurants > 0 GROUP BY state ORDER BY state",
    params: [JSON.stringify(states)],
  };
}

export function restaurantIdsStatement(fromId: number, toId: number): SqlStatement {
  return {
    sql: "SELECT id FROM restaurants WHERE id BETWEEN ?1 AND ?2 AND closed_at IS NULL ORDER BY id",
    params: [fromId, toId],
  };
}

/** Each state with open restaurants, and how many (restaurant_states, one row per state). */
export function stateRestaurantsStatement(): SqlStatement {
  return { sql: "SELECT state, restaurants FROM restaurant_states WHERE restaurants > 0 ORDER BY state", params: [] };
}

/** The cities with the most open restaurants (restaurant_cities_top_idx, `limit` rows). */
export function topCitiesStatement(limit: number): SqlStatement {
  return {
    sql:
      `SELECT ${CITY_COLUMNS.join(", ")} FROM restaurant_cities INDEXED BY restaurant_cities_top_idx ` +
      "WHERE restaurants > 0 ORDER BY restaurants DESC, state, slug LIMIT ?1",
    params: [limit],
  };
}
