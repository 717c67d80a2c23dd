-- 'Did you mean' for a misspelt place abroad (issue 41, docs/search-url.md "Misspelt places
-- abroad"): a world place is found by the name its restaurants' city is written under
-- (city_key_variants, migrations/0011_suggestions.sql, which holds the cities abroad too) and
-- by its other names (world_place_aliases: 'München' for Munich, 'Roma' for Rome), so that
-- 'Munchn, Deutschland' finds Munich where its restaurants write 'Munich'.
--
-- 1. world_alias_key_variants: every string made by deleting at most two characters of each
--    other name's key, as city_key_variants holds them for the cities: the lookup asks for
--    the typed key's variants on the primary key. Kept by triggers as the aliases are loaded
--    (scripts/load-world-places.ts empties and fills the table).
-- 2. world_place_aliases_place_idx: a place's other names by its id, for counting its
--    restaurants under each of its names.

CREATE TABLE world_alias_key_variants (
  variant TEXT NOT NULL,
  key TEXT NOT NULL,
  place_id INTEGER NOT NULL,
  PRIMARY KEY (variant, key, place_id)
) WITHOUT ROWID;

CREATE INDEX world_alias_key_variants_alias_idx ON world_alias_key_variants (place_id, key);

CREATE INDEX world_place_aliases_place_idx ON world_place_aliases (place_id);

-- An other name's variants: itself, one character deleted, two deleted (keys of 1 to 40 characters).
CREATE VIEW world_alias_key_variant_rows AS
SELECT a.key AS variant, a.key, a.place_id
FROM world_place_aliases AS a
WHERE length(a.key) BETWEEN 1 AND 40
UNION ALL
SELECT substr(a.key, 1, p.n - 1) || substr(a.key, p.n + 1), a.key, a.place_id
FROM world_place_aliases AS a JOIN spelling_positions AS p ON p.n <= length(a.key)
WHERE length(a.key) <= 40
UNION ALL
SELECT substr(a.key, 1, p.n - 1) || substr(a.key, p.n + 1, q.n - p.n - 1) || substr(a.key, q.n + 1),
  a.key, a.place_id
FROM world_place_aliases AS a
JOIN spelling_positions AS p ON p.n < length(a.key)
JOIN spelling_positions AS q ON q.n > p.n AND q.n <= length(a.key)
WHERE length(a.key) <= 40;

INSERT OR IGNORE INTO world_alias_key_variants (variant, key, place_id)
SELECT variant, key, place_id FROM world_alias_key_variant_rows;

CREATE TRIGGER world_place_aliases_variants_insert AFTER INSERT ON world_place_aliases BEGIN
  INSERT OR IGNORE INTO world_alias_key_variants (variant, key, place_id)
  SELECT variant, key, place_id FROM world_alias_key_variant_rows WHERE key = new.key AND place_id = new.place_id;
END;

CREATE TRIGGER world_place_aliases_variants_delete AFTER DELETE ON world_place_aliases BEGIN
  DELETE FROM world_alias_key_variants WHERE place_id = old.place_id AND key = old.key;
END;
