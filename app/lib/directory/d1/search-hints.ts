// The search hints' statement, as the D1 adapter runs it: the places spelt like a misspelt one
// ('Did you mean'). Pure. It reads through indexes (migrations/0011_suggestions.sql,
// docs/decisions/0023-search-suggestions.md): the typed key's deletion variants, point lookups
// on city_key_variants' primary key, then each candidate's place (us_places by key and state)
// and its restaurants (restaurant_cities_place_key_idx).
import type { z } from "zod";
import { deletionVariants } from "../../search/spelling";
import type { PlaceSpelling, PlaceSpellingProbe } from "../../places/places";
import { placeSpellingRowSchema, worldPlaceSpellingRowSchema } from "../hint-rows";
import type { SqlStatement } from "./fts-query";

/** The most candidate places a spelling lookup returns (more than any key has in practice). */
const MAX_SPELLING_CANDIDATES = 200;

export function placeSpellingsStatement(probe: PlaceSpellingProbe): SqlStatement {
  return {
    sql:
      "SELECT p.name, p.state, p.slug, p.latitude AS lat, p.longitude AS lng, p.key, p.zip_count, m.restaurants " +
      "FROM (SELECT k.place_key, k.state, (SELECT sum(c.restaurants) FROM restaurant_cities AS c " +
      "WHERE c.place_key = k.place_key AND c.state = k.state) AS restaurants " +
      "FROM (SELECT DISTINCT v.place_key, v.state FROM city_key_variants AS v " +
      "WHERE v.variant IN (SELECT value FROM json_each(?1)) AND (?2 = '' OR v.state = ?2)) AS k " +
      `LIMIT ${MAX_SPELLING_CANDIDATES}) AS m ` +
      "CROSS JOIN us_places AS p ON p.key = m.place_key AND p.state = m.state " +
      "WHERE m.restaurants > 0 ORDER BY p.key, p.state",
    params: [JSON.stringify(deletionVariants(probe.key, probe.maxEdits)), probe.state ?? ""],
  };
}

/**
 * The world places spelt like a misspelt one (issue 41): the same point lookups on
 * city_key_variants, kept to the cities abroad (their state the country's code, a hyphen and
 * the subdivision's: 'CA-ON', migrations/0015_cities_by_country.sql), in the probe's country
 * when it names one; each city's open restaurants (restaurant_cities_place_key_idx); then the
 * world places of that key or of another name with that key (world_places_key_idx,
 * world_place_aliases' primary key) in the city's country, and in its subdivision when both
 * have one. One row per world place and key, with that key's restaurants. The same rows as
 * public.world_place_spellings.
 */
export function worldPlaceSpellingsStatement(probe: PlaceSpellingProbe): SqlStatement {
  return {
    sql:
      "WITH m AS (SELECT k.place_key, k.state, (SELECT sum(c.restaurants) FROM restaurant_cities AS c " +
      "WHERE c.place_key = k.place_key AND c.state = k.state) AS restaurants " +
      "FROM (SELECT DISTINCT v.place_key, v.state FROM city_key_variants AS v " +
      "WHERE v.variant IN (SELECT value FROM json_each(?1)) AND substr(v.state, 3, 1) = '-' " +
      "AND (?2 = '' OR substr(v.state, 1, 2) = ?2)) AS k " +
      `LIMIT ${MAX_SPELLING_CANDIDATES}) ` +
      "SELECT p.name, p.country, p.subdivision, p.population, p.latitude AS lat, p.longitude AS lng, " +
      "x.place_key AS key, sum(x.restaurants) AS restaurants " +
      "FROM (SELECT m.place_key, m.state, m.restaurants, w.id AS place_id " +
      "FROM m CROSS JOIN world_places AS w ON w.key = m.place_key WHERE m.restaurants > 0 " +
      "UNION ALL SELECT m.place_key, m.state, m.restaurants, a.place_id " +
      "FROM m CROSS JOIN world_place_aliases AS a ON a.key = m.place_key WHERE m.restaurants > 0) AS x " +
      "CROSS JOIN world_places AS p ON p.id = x.place_id " +
      "WHERE p.country = substr(x.state, 1, 2) " +
      "AND (p.subdivision IS NULL OR substr(x.state, 4) = '' OR p.subdivision = substr(x.state, 4)) " +
      "GROUP BY p.id, x.place_key ORDER BY p.id, x.place_key",
    params: [JSON.stringify(deletionVariants(probe.key, probe.maxEdits)), probe.country ?? ""],
  };
}

/**
 * What a spelling lookup reads, in one batch, each statement with the schema of its rows: a US
 * state's places, a country's world places (issue 41), or, with neither, the US places of
 * every state and the world's.
 */
export function placeSpellingReads(
  probe: PlaceSpellingProbe,
): { statement: SqlStatement; schema: z.ZodType<PlaceSpelling, z.ZodTypeDef, unknown> }[] {
  return [
    ...(probe.country ? [] : [{ statement: placeSpellingsStatement(probe), schema: placeSpellingRowSchema }]),
    ...(probe.state ? [] : [{ statement: worldPlaceSpellingsStatement(probe), schema: worldPlaceSpellingRowSchema }]),
  ];
}
