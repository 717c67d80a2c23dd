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
 * The world places spelt like a misspelt one (issue 41), found by two names: the cities of
 * open restaurants abroad whose key is a variant's (city_key_variants' primary key, kept to
 * the cities abroad: their state the country's code, a hyphen and the subdivision's, 'CA-ON',
 * migrations/0015_cities_by_country.sql; in the probe's country when it names one), each the
 * key of world places (world_places_key_idx) or another name of them (world_place_aliases'
 * primary key); and the other names whose key is a variant's (world_alias_key_variants,
 * migrations/0021_world_alias_spellings.sql). Each place (in the probe's country) with the
 * key found and its open restaurants: those of its country whose city is any of its names, in
 * its subdivision when both have one (restaurant_cities_place_key_idx). The same rows as
 * public.world_place_spellings.
 */
export function worldPlaceSpellingsStatement(probe: PlaceSpellingProbe): SqlStatement {
  return {
    sql:
      "WITH typed AS (SELECT value AS variant FROM json_each(?1)), " +
      "cities AS (SELECT DISTINCT v.place_key FROM city_key_variants AS v " +
      "WHERE v.variant IN (SELECT variant FROM typed) AND substr(v.state, 3, 1) = '-' " +
      "AND (?2 = '' OR substr(v.state, 1, 2) = ?2) " +
      "AND EXISTS (SELECT 1 FROM restaurant_cities AS c WHERE c.place_key = v.place_key AND c.state = v.state " +
      `AND c.restaurants > 0) LIMIT ${MAX_SPELLING_CANDIDATES}), ` +
      "found AS (SELECT c.place_key AS key, w.id AS place_id FROM cities AS c " +
      "CROSS JOIN world_places AS w ON w.key = c.place_key " +
      "UNION SELECT c.place_key, a.place_id FROM cities AS c CROSS JOIN world_place_aliases AS a ON a.key = c.place_key " +
      "UNION SELECT av.key, av.place_id FROM world_alias_key_variants AS av " +
      `WHERE av.variant IN (SELECT variant FROM typed) LIMIT ${MAX_SPELLING_CANDIDATES}) ` +
      "SELECT p.name, p.country, p.subdivision, p.population, p.latitude AS lat, p.longitude AS lng, f.key, " +
      "(SELECT sum(r.restaurants) FROM restaurant_cities AS r WHERE r.place_key IN " +
      "(SELECT p.key UNION SELECT o.key FROM world_place_aliases AS o WHERE o.place_id = p.id) " +
      "AND r.state >= p.country || '-' AND r.state < p.country || '.' " +
      "AND (p.subdivision IS NULL OR substr(r.state, 4) = '' OR substr(r.state, 4) = p.subdivision)) AS restaurants " +
      "FROM found AS f CROSS JOIN world_places AS p ON p.id = f.place_id " +
      "WHERE (?2 = '' OR p.country = ?2) AND restaurants > 0 ORDER BY p.id, f.key",
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
