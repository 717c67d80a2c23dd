// The D1 adapter's place lookups (the directory port's lookUpPlace, lookUpWorldPlaces and
// nearestPlace), one statement each: a US place or ZIP code on us_places and us_zip_codes, the
// world's places on world_places and its keys, and the place nearest coordinates
// (./nearest-place.ts). The adapter (./directory.server.ts) takes them whole; their rows are
// checked by ../place-rows.ts.
import { MAX_ALTERNATIVES, type PlaceLookup, type PlaceLookupResult } from "../../places/places";
import type { WorldPlaceLookup } from "../../places/world";
import { type Directory, withDeadline } from "../port";
import { nearestPlaceRowSchema, placeRowSchema, worldPlaceRowSchema } from "../place-rows";
import type { SqlStatement } from "./fts-query";
import { nearestPlaceStatement } from "./nearest-place";

/** The statement that looks a place up (docs/decisions/0006-place-data.md). */
export function placeStatement(lookup: PlaceLookup): SqlStatement {
  switch (lookup.kind) {
    case "zip":
      return {
        sql: "SELECT place_name AS name, state, NULL AS slug, zip, latitude AS lat, longitude AS lng FROM us_zip_codes WHERE zip = ?1",
        params: [lookup.zip],
      };
    case "place":
      return {
        sql: "SELECT name, state, slug, NULL AS zip, latitude AS lat, longitude AS lng FROM us_places WHERE key = ?1 AND state = ?2",
        params: [lookup.key, lookup.state],
      };
    case "name":
      // Most relevant first: most restaurants in the directory there (every spelling of the city
      // that has the place's key, migrations/0007_place_keys.sql), most ZIP codes, name.
      return {
        sql:
          "SELECT p.name, p.state, p.slug, NULL AS zip, p.latitude AS lat, p.longitude AS lng FROM us_places AS p " +
          "WHERE p.key = ?1 ORDER BY coalesce((SELECT sum(c.restaurants) FROM restaurant_cities AS c " +
          "WHERE c.place_key = p.key AND c.state = p.state), 0) DESC, " +
          `p.zip_count DESC, p.name, p.state LIMIT ${MAX_ALTERNATIVES + 1}`,
        params: [lookup.key],
      };
  }
}

/**
 * The statement that looks a world place up (docs/decisions/0031-world-place-data.md): the
 * places of the key or of another name with that key, in the country and the subdivision (by
 * any of its keys) when given, largest first. Reads the index entries of the key and the rows
 * they name: a few rows. The same rows as public.resolve_world_place.
 */
export function worldPlaceStatement(lookup: WorldPlaceLookup): SqlStatement {
  return {
    sql:
      "SELECT p.name, p.country, p.subdivision, p.population, p.latitude AS lat, p.longitude AS lng " +
      "FROM world_places AS p WHERE p.id IN (SELECT w.id FROM world_places AS w WHERE w.key = ?1 " +
      "UNION ALL SELECT a.place_id FROM world_place_aliases AS a WHERE a.key = ?1) " +
      "AND (?2 = '' OR p.country = ?2) " +
      "AND (?3 = '' OR EXISTS (SELECT 1 FROM world_subdivision_keys AS s " +
      "WHERE s.key = ?3 AND s.country = p.country AND s.code = p.subdivision)) " +
      `ORDER BY p.population DESC, p.id LIMIT ${MAX_ALTERNATIVES + 1}`,
    params: [lookup.key, lookup.country ?? "", lookup.subdivision ?? ""],
  };
}

/** The place lookups of the directory port on this D1 database, each under the deadline. */
export function d1PlaceLookups(
  db: D1Database,
  timeoutMs: number,
): Pick<Directory, "lookUpPlace" | "lookUpWorldPlaces" | "nearestPlace"> {
  const prepare = (statement: SqlStatement) => db.prepare(statement.sql).bind(...statement.params);
  return {
    async lookUpPlace(lookup): Promise<PlaceLookupResult> {
      const { results } = await withDeadline("resolve place", timeoutMs, () => prepare(placeStatement(lookup)).all());
      const places = results.map((row) => placeRowSchema.parse(row));
      if (places.length === 1) return { place: places[0] ?? null, alternatives: [] };
      return { place: null, alternatives: places.slice(0, MAX_ALTERNATIVES) };
    },

    async lookUpWorldPlaces(lookup) {
      const { results } = await withDeadline("resolve world place", timeoutMs, () =>
        prepare(worldPlaceStatement(lookup)).all(),
      );
      return results.map((row) => worldPlaceRowSchema.parse(row));
    },

    async nearestPlace(coords) {
      const row = await withDeadline("nearest place", timeoutMs, () => prepare(nearestPlaceStatement(coords)).first());
      return row ? nearestPlaceRowSchema.parse(row) : null;
    },
  };
}
