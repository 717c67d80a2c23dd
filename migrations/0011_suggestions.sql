-- What people type (CONTRACTS.md section 11) and a way in (/us, the home page's cities):
-- docs/decisions/0023-search-suggestions.md.
--
-- 1. city_key_variants: every string made by deleting at most two characters of each city's
--    place key (restaurant_cities.place_key, migrations/0007_place_keys.sql). Two keys within
--    two edits of each other share one (a substitution or a swap is a deletion on each side),
--    so 'Did you mean' for a misspelt place asks for the typed key's variants: a few dozen
--    point lookups on the primary key, whatever the size of the directory, and only places
--    that have restaurants can come back. The app measures each candidate
--    (app/lib/search/spelling.ts). Keys longer than 40 characters have no variants.
-- 2. restaurant_states: each state's open restaurants, kept from restaurant_cities (/us).
-- 3. restaurant_cities_top_idx: the cities with the most restaurants (the home page).

-- The positions of a key's characters that a deletion may take.
CREATE TABLE spelling_positions (n INTEGER PRIMARY KEY);
INSERT INTO spelling_positions (n)
WITH RECURSIVE p(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < 40) SELECT n FROM p;

CREATE TABLE city_key_variants (
  variant TEXT NOT NULL,
  place_key TEXT NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (variant, place_key, state)
) WITHOUT ROWID;

-- A key's variants: itself, one character deleted, two deleted.
CREATE VIEW restaurant_city_key_variants AS
SELECT c.place_key AS variant, c.place_key, c.state
FROM restaurant_cities AS c
WHERE c.place_key IS NOT NULL AND length(c.place_key) BETWEEN 1 AND 40
UNION ALL
SELECT substr(c.place_key, 1, a.n - 1) || substr(c.place_key, a.n + 1), c.place_key, c.state
FROM restaurant_cities AS c JOIN spelling_positions AS a ON a.n <= length(c.place_key)
WHERE c.place_key IS NOT NULL AND length(c.place_key) <= 40
UNION ALL
SELECT substr(c.place_key, 1, a.n - 1) || substr(c.place_key, a.n + 1, b.n - a.n - 1) || substr(c.place_key, b.n + 1),
  c.place_key, c.state
FROM restaurant_cities AS c
JOIN spelling_positions AS a ON a.n < length(c.place_key)
JOIN spelling_positions AS b ON b.n > a.n AND b.n <= length(c.place_key)
WHERE c.place_key IS NOT NULL AND length(c.place_key) <= 40;

INSERT OR IGNORE INTO city_key_variants (variant, place_key, state)
SELECT variant, place_key, state FROM restaurant_city_key_variants;

-- A city's place key is set once, just after its row is made (migrations/0007_place_keys.sql).
-- (Variants of a city whose restaurants have all left stay: the lookup counts restaurants.)
CREATE TRIGGER restaurant_cities_key_variants AFTER UPDATE OF place_key ON restaurant_cities
WHEN new.place_key IS NOT NULL BEGIN
  INSERT OR IGNORE INTO city_key_variants (variant, place_key, state)
  SELECT variant, place_key, state FROM restaurant_city_key_variants
  WHERE state = new.state AND place_key = new.place_key;
END;

-- 2. Each state's open restaurants.
CREATE TABLE restaurant_states (
  state TEXT PRIMARY KEY,
  restaurants INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO restaurant_states (state, restaurants)
SELECT state, sum(restaurants) FROM restaurant_cities GROUP BY state;

CREATE TRIGGER restaurant_cities_state_insert AFTER INSERT ON restaurant_cities BEGIN
  INSERT INTO restaurant_states (state, restaurants) VALUES (new.state, new.restaurants)
  ON CONFLICT (state) DO UPDATE SET restaurants = restaurants + excluded.restaurants;
END;

CREATE TRIGGER restaurant_cities_state_update AFTER UPDATE OF restaurants ON restaurant_cities BEGIN
  UPDATE restaurant_states SET restaurants = restaurants - old.restaurants + new.restaurants WHERE state = new.state;
END;

CREATE TRIGGER restaurant_cities_state_delete AFTER DELETE ON restaurant_cities BEGIN
  UPDATE restaurant_states SET restaurants = restaurants - old.restaurants WHERE state = old.state;
END;

-- 3. The cities with the most restaurants, most first (ties by state and slug: the primary key).
CREATE INDEX restaurant_cities_top_idx ON restaurant_cities (restaurants DESC);
