// The search hints' statement, as the D1 adapter runs it: the places spelt like a misspelt one
// ('Did you mean'). Pure. It reads through indexes (migrations/0011_suggestions.sql,
// docs/decisions/0023-search-suggestions.md): the typed key's deletion variants, point lookups
// on city_key_variants' primary key, then each candidate's place (us_places by key and state)
// and its restaurants (restaurant_cities_place_key_idx).
import { deletionVariants } from "../../search/spelling";
import type { PlaceSpellingProbe } from "../../places/places";
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
