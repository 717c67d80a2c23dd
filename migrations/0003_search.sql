-- Search structures, all kept by the database itself, so that a row inserted by any client
-- (a bulk load, a dashboard) is found by every search at once. The design and its costs are in
-- docs/decisions/0010-bounded-search.md; in short:
--
-- 1. geo_lat, geo_lng: where a restaurant is for distance searches: its own latitude and
--    longitude when both are valid, else the centre of its ZIP code (us_zip_codes).
-- 2. name_key: an integer that sorts like the name (the order of every list): the first eight
--    bytes of lower(name), five bits each, then a sequence number within that prefix.
-- 3. restaurant_search: one FTS5 index holding every filter, whose rowid is name_key, so that
--    matches come out in name order and a page costs its offset plus 25 rows, however many
--    rows match. Text (name, cuisine, city, state) as trigrams; exact tags (diets, ZIP,
--    cuisine, and the map cells a restaurant lies in, at five sizes) as one-trigram tokens
--    (app/lib/directory/tokens.ts computes the same tokens for a query).
-- 4. restaurant_cities: how many restaurants each city has, in all and per diet (landing
--    pages, sitemaps, 'Did you mean').

ALTER TABLE restaurants ADD COLUMN geo_lat REAL;
ALTER TABLE restaurants ADD COLUMN geo_lng REAL;
ALTER TABLE restaurants ADD COLUMN name_key INTEGER;

-- The old search index is replaced by restaurant_search; cuisine is matched there too.
DROP TRIGGER restaurants_fts_insert;
DROP TRIGGER restaurants_fts_delete;
DROP TRIGGER restaurants_fts_update;
DROP TABLE restaurants_fts;
DROP INDEX restaurants_cuisine_idx;

-- 1. Position -------------------------------------------------------------------------------

-- Own coordinates when both are in range, else the ZIP's centre; a ZIP+4 ('97201-1234') is
-- placed at its five-digit ZIP.
CREATE VIEW restaurant_positions AS
SELECT
  r.id,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.latitude ELSE z.latitude END AS lat,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.longitude ELSE z.longitude END AS lng
FROM restaurants AS r
LEFT JOIN us_zip_codes AS z
  ON z.zip = substr(trim(r.zip_code), 1, 5)
  AND (length(trim(r.zip_code)) = 5 OR substr(trim(r.zip_code), 6, 1) = '-');

-- 2. Name order -----------------------------------------------------------------------------

-- The prefix of name_key: each of the first eight bytes of lower(name) (lower() folds ASCII
-- only, as COLLATE NOCASE does) mapped to five bits so that the order of the codes never
-- contradicts `name COLLATE NOCASE`: 0 past the end, 1 below '0', 2 digits, 3 other ASCII
-- below 'a', 4-29 'a'-'z', 30 other ASCII above 'z', 31 bytes of non-ASCII characters.
CREATE VIEW restaurant_name_groups AS
SELECT
  r.id,
  (SELECT
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 1, 1) AS b)) << 35) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 2, 1) AS b)) << 30) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 3, 1) AS b)) << 25) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 4, 1) AS b)) << 20) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 5, 1) AS b)) << 15) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 6, 1) AS b)) << 10) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 7, 1) AS b)) << 5) |
      ((SELECT CASE WHEN b = x'' THEN 0 WHEN b < x'30' THEN 1 WHEN b < x'3A' THEN 2 WHEN b < x'61' THEN 3
               WHEN b < x'7B' THEN 3 + instr('abcdefghijklmnopqrstuvwxyz', CAST(b AS TEXT)) WHEN b < x'80' THEN 30 ELSE 31 END
          FROM (SELECT substr(k, 8, 1) AS b)) << 0)
   FROM (SELECT CAST(lower(r.name) AS BLOB) AS k)) AS name_group
FROM restaurants AS r;

-- (In SQLite `<<` and `|` bind equally tightly, left to right: hence the parentheses.)

-- The next free key in a restaurant's name group: (group << 23) + sequence.
CREATE VIEW restaurant_next_name_keys AS
SELECT s.id, (s.name_group << 23) + s.sequence AS name_key, s.sequence
FROM (
  SELECT
    g.id,
    g.name_group,
    coalesce(
      (SELECT max(o.name_key) - (g.name_group << 23) + 1 FROM restaurants AS o
       WHERE o.name_key BETWEEN (g.name_group << 23) AND (g.name_group << 23) + 8388607),
      0) AS sequence
  FROM restaurant_name_groups AS g
) AS s;

CREATE UNIQUE INDEX restaurants_name_key_idx ON restaurants (name_key);

-- 3. The search index -----------------------------------------------------------------------

-- Every cuisine name gets a number, hence a token: the cuisine filter is exact (case too).
CREATE TABLE cuisine_tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

-- The tag ids of a restaurant (tokens.ts): diets 1-4, ZIP 10 + zip, cuisine 200000 + its
-- number, and at each cell size (1, 1/4, 1/16, 1/64 and 1/256 of a degree) the cell
-- CELL_OFFSET + row * columns + column, counted from the south pole and 180° west.
CREATE VIEW restaurant_tag_ids AS
SELECT
  r.id,
  CASE WHEN r.zip_code GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN 10 + CAST(r.zip_code AS INTEGER) END AS zip,
  (SELECT 200000 + c.id FROM cuisine_tokens AS c WHERE c.name = r.cuisine_type) AS cuisine,
    10000000 + min(179, CAST(floor((r.geo_lat + 90) * 1) AS INTEGER)) * 360
      + CAST(floor((r.geo_lng + 180) * 1) AS INTEGER) % 360 AS g0,
    10064800 + min(719, CAST(floor((r.geo_lat + 90) * 4) AS INTEGER)) * 1440
      + CAST(floor((r.geo_lng + 180) * 4) AS INTEGER) % 1440 AS g1,
    11101600 + min(2879, CAST(floor((r.geo_lat + 90) * 16) AS INTEGER)) * 5760
      + CAST(floor((r.geo_lng + 180) * 16) AS INTEGER) % 5760 AS g2,
    27690400 + min(11519, CAST(floor((r.geo_lat + 90) * 64) AS INTEGER)) * 23040
      + CAST(floor((r.geo_lng + 180) * 64) AS INTEGER) % 23040 AS g3,
    293111200 + min(46079, CAST(floor((r.geo_lat + 90) * 256) AS INTEGER)) * 92160
      + CAST(floor((r.geo_lng + 180) * 256) AS INTEGER) % 92160 AS g4
FROM restaurants AS r;

-- Text columns end in two U+0001 characters, so that every character of a value starts a
-- trigram: a query term of one or two characters is found through the trigrams that start
-- with it (restaurant_search_terms). city3 and state3 hold every character three times, so that
-- a place part of one or two characters ('OR') is a phrase of trigrams too. Each tag column
-- holds one token (diets: up to four); a tag id becomes three CJK ideographs, base 20992.
CREATE VIEW restaurant_search_source AS
SELECT
  r.name_key,
  r.name || char(1, 1) AS name,
  coalesce(r.cuisine_type, '') || char(1, 1) AS cuisine_type,
  coalesce(r.city, '') || char(1, 1) AS city,
  coalesce(r.state, '') || char(1, 1) AS state,
  (WITH RECURSIVE t(i, s) AS (SELECT 1, '' UNION ALL SELECT i + 1, s || substr(r.city, i, 1) || substr(r.city, i, 1) || substr(r.city, i, 1) FROM t WHERE i <= length(r.city))
   SELECT s FROM t ORDER BY i DESC LIMIT 1) AS city3,
  (WITH RECURSIVE t(i, s) AS (SELECT 1, '' UNION ALL SELECT i + 1, s || substr(r.state, i, 1) || substr(r.state, i, 1) || substr(r.state, i, 1) FROM t WHERE i <= length(r.state))
   SELECT s FROM t ORDER BY i DESC LIMIT 1) AS state3,
  trim(
    CASE WHEN r.is_gluten_free = 1 THEN char(19968, 19968, 19968 + 1) || ' ' ELSE '' END
    || CASE WHEN r.is_dairy_free = 1 THEN char(19968, 19968, 19968 + 2) || ' ' ELSE '' END
    || CASE WHEN r.is_vegetarian = 1 THEN char(19968, 19968, 19968 + 3) || ' ' ELSE '' END
    || CASE WHEN r.is_vegan = 1 THEN char(19968, 19968, 19968 + 4) ELSE '' END
  ) AS diets,
  CASE WHEN t.zip IS NOT NULL THEN char(19968 + t.zip / 440664064, 19968 + (t.zip / 20992) % 20992, 19968 + t.zip % 20992) END AS zip,
  CASE WHEN t.cuisine IS NOT NULL THEN char(19968 + t.cuisine / 440664064, 19968 + (t.cuisine / 20992) % 20992, 19968 + t.cuisine % 20992) END AS cuisine,
  CASE WHEN t.g0 IS NOT NULL THEN char(19968 + t.g0 / 440664064, 19968 + (t.g0 / 20992) % 20992, 19968 + t.g0 % 20992) END AS g0,
  CASE WHEN t.g1 IS NOT NULL THEN char(19968 + t.g1 / 440664064, 19968 + (t.g1 / 20992) % 20992, 19968 + t.g1 % 20992) END AS g1,
  CASE WHEN t.g2 IS NOT NULL THEN char(19968 + t.g2 / 440664064, 19968 + (t.g2 / 20992) % 20992, 19968 + t.g2 % 20992) END AS g2,
  CASE WHEN t.g3 IS NOT NULL THEN char(19968 + t.g3 / 440664064, 19968 + (t.g3 / 20992) % 20992, 19968 + t.g3 % 20992) END AS g3,
  CASE WHEN t.g4 IS NOT NULL THEN char(19968 + t.g4 / 440664064, 19968 + (t.g4 / 20992) % 20992, 19968 + t.g4 % 20992) END AS g4
FROM restaurants AS r
JOIN restaurant_tag_ids AS t ON t.id = r.id;

CREATE VIRTUAL TABLE restaurant_search USING fts5(
  name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

-- The index's trigrams, per column: how a query term of one or two characters finds the
-- trigrams of names and cuisines that start with it.
CREATE VIRTUAL TABLE restaurant_search_terms USING fts5vocab(restaurant_search, 'col');

-- 4. Cities ---------------------------------------------------------------------------------

-- One row per state and city slug (the city in ASCII lower case, spaces as '-', without '.'
-- and apostrophes) with the number of restaurants there, in all and for each diet.
CREATE TABLE restaurant_cities (
  state TEXT NOT NULL,
  slug TEXT NOT NULL,
  city TEXT NOT NULL,
  restaurants INTEGER NOT NULL DEFAULT 0,
  gluten_free INTEGER NOT NULL DEFAULT 0,
  dairy_free INTEGER NOT NULL DEFAULT 0,
  vegetarian INTEGER NOT NULL DEFAULT 0,
  vegan INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (state, slug)
) WITHOUT ROWID;

CREATE INDEX restaurant_cities_count_idx ON restaurant_cities (state, restaurants);

CREATE VIEW restaurant_city_slugs AS
SELECT
  r.id,
  upper(trim(r.state)) AS state,
  replace(replace(replace(lower(trim(r.city)), ' ', '-'), '.', ''), '''', '') AS slug,
  trim(r.city) AS city,
  r.is_gluten_free AS gluten_free,
  r.is_dairy_free AS dairy_free,
  r.is_vegetarian AS vegetarian,
  r.is_vegan AS vegan
FROM restaurants AS r
WHERE trim(coalesce(r.city, '')) <> '' AND trim(coalesce(r.state, '')) <> '';

-- Triggers ----------------------------------------------------------------------------------

-- A new row: its cuisine's number, then its name_key and position, which (re)index it.
CREATE TRIGGER restaurants_search_insert AFTER INSERT ON restaurants BEGIN
  INSERT OR IGNORE INTO cuisine_tokens (name) SELECT new.cuisine_type WHERE new.cuisine_type IS NOT NULL;
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  UPDATE restaurants SET
    name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id),
    (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan;
END;

-- Whatever the index holds changed: the row is indexed again. (It deletes both the old and the
-- current key, so that it does no harm when a name change has already reindexed the row.)
CREATE TRIGGER restaurants_search_reindex
AFTER UPDATE OF name_key, geo_lat, geo_lng, cuisine_type, city, state, zip_code,
  is_gluten_free, is_dairy_free, is_vegetarian, is_vegan ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;

CREATE TRIGGER restaurants_search_cuisine BEFORE UPDATE OF cuisine_type ON restaurants BEGIN
  INSERT OR IGNORE INTO cuisine_tokens (name) SELECT new.cuisine_type WHERE new.cuisine_type IS NOT NULL;
END;

CREATE TRIGGER restaurants_search_name AFTER UPDATE OF name ON restaurants
WHEN new.name IS NOT old.name BEGIN
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  UPDATE restaurants SET name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id) WHERE id = new.id;
END;

CREATE TRIGGER restaurants_search_delete BEFORE DELETE ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid = old.name_key;
  UPDATE restaurant_cities SET
    restaurants = restaurants - 1,
    gluten_free = gluten_free - old.is_gluten_free,
    dairy_free = dairy_free - old.is_dairy_free,
    vegetarian = vegetarian - old.is_vegetarian,
    vegan = vegan - old.is_vegan
  WHERE (state, slug) = (SELECT state, slug FROM restaurant_city_slugs WHERE id = old.id);
END;

CREATE TRIGGER restaurants_position_update AFTER UPDATE OF latitude, longitude, zip_code ON restaurants BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
END;

CREATE TRIGGER restaurants_cities_leave
BEFORE UPDATE OF city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan ON restaurants BEGIN
  UPDATE restaurant_cities SET
    restaurants = restaurants - 1,
    gluten_free = gluten_free - old.is_gluten_free,
    dairy_free = dairy_free - old.is_dairy_free,
    vegetarian = vegetarian - old.is_vegetarian,
    vegan = vegan - old.is_vegan
  WHERE (state, slug) = (SELECT state, slug FROM restaurant_city_slugs WHERE id = old.id);
END;

CREATE TRIGGER restaurants_cities_enter
AFTER UPDATE OF city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan ON restaurants BEGIN
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan;
END;

-- ZIP centres loaded after the restaurants (or corrected later) place the restaurants without
-- coordinates of their own. (The zip_code conditions are ranges so that they use its index.)
CREATE TRIGGER us_zip_codes_place_restaurants AFTER INSERT ON us_zip_codes BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions AS p WHERE p.id = restaurants.id)
  WHERE (zip_code = new.zip OR (zip_code > new.zip || '-' AND zip_code < new.zip || '.'))
    AND NOT coalesce(latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180, 0);
END;

-- Restaurants that existed before this migration: the UPDATE reindexes each row.
INSERT OR IGNORE INTO cuisine_tokens (name) SELECT DISTINCT cuisine_type FROM restaurants WHERE cuisine_type IS NOT NULL;
UPDATE restaurants SET
  name_key = (SELECT k.name_key FROM restaurant_next_name_keys AS k WHERE k.id = restaurants.id),
  (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions AS p WHERE p.id = restaurants.id);
INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
SELECT state, slug, min(city), count(*), sum(gluten_free), sum(dairy_free), sum(vegetarian), sum(vegan)
FROM restaurant_city_slugs GROUP BY state, slug;
