-- Search structures, all kept by the database itself, so that a row inserted by any client
-- (a bulk load, a dashboard) is found by every search at once. The design and its costs are in
-- docs/decisions/0010-bounded-search.md; in short:
--
-- 1. geo_lat, geo_lng, geo_band: where a restaurant is for distance searches: its own
--    latitude/longitude when both are valid, else the centre of its ZIP code (us_zip_codes).
--    geo_band is the latitude in 0.01-degree bands, so that a circle is read as a few short
--    ranges of (geo_band, geo_lng) in one index.
-- 2. name_key: an integer that sorts like the name (the order of every list): the first eight
--    bytes of lower(name), five bits each, then a sequence number within that prefix.
-- 3. restaurant_search: one FTS5 index holding every filter (name, cuisine, city and state as
--    trigrams; diets, ZIP and cuisine as tags) whose rowid is name_key, so that matches come
--    out in name order and a page costs its offset plus 25 rows, however many rows match.
-- 4. restaurant_cities: how many restaurants each city has, in all and per diet (landing
--    pages, sitemaps, 'Did you mean').

ALTER TABLE restaurants ADD COLUMN geo_lat REAL;
ALTER TABLE restaurants ADD COLUMN geo_lng REAL;
ALTER TABLE restaurants ADD COLUMN geo_band INTEGER;
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
  p.id,
  p.lat,
  p.lng,
  CASE WHEN p.lat IS NULL OR p.lng IS NULL THEN NULL ELSE CAST(floor((p.lat + 90) * 100) AS INTEGER) END AS band
FROM (
  SELECT
    r.id,
    CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.latitude ELSE z.latitude END AS lat,
    CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.longitude ELSE z.longitude END AS lng
  FROM restaurants AS r
  LEFT JOIN us_zip_codes AS z
    ON z.zip = substr(trim(r.zip_code), 1, 5)
    AND (length(trim(r.zip_code)) = 5 OR substr(trim(r.zip_code), 6, 1) = '-')
) AS p;

CREATE INDEX restaurants_geo_idx ON restaurants (geo_band, geo_lng, geo_lat) WHERE geo_band IS NOT NULL;

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

-- Text columns end in two U+0001 characters, so that every character of a value starts a
-- trigram: terms of one or two characters are found through the trigrams that start with
-- them (restaurant_search_terms). Tags are words between '~': the diets (~gf~ ~df~ ~vg~ ~vn~),
-- a five-digit ZIP (~z97201~) and the cuisine (~cThai~; its exact case is checked on the row).
CREATE VIEW restaurant_search_source AS
SELECT
  r.id,
  r.name_key,
  r.name || char(1, 1) AS name,
  coalesce(r.cuisine_type, '') || char(1, 1) AS cuisine_type,
  coalesce(r.city, '') || char(1, 1) AS city,
  coalesce(r.state, '') || char(1, 1) AS state,
  CASE WHEN r.is_gluten_free = 1 THEN ' ~gf~' ELSE '' END
    || CASE WHEN r.is_dairy_free = 1 THEN ' ~df~' ELSE '' END
    || CASE WHEN r.is_vegetarian = 1 THEN ' ~vg~' ELSE '' END
    || CASE WHEN r.is_vegan = 1 THEN ' ~vn~' ELSE '' END
    || CASE WHEN r.zip_code GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' ~z' || r.zip_code || '~' ELSE '' END
    || CASE WHEN r.cuisine_type IS NOT NULL THEN ' ~c' || r.cuisine_type || '~' ELSE '' END AS tags
FROM restaurants AS r;

CREATE VIRTUAL TABLE restaurant_search USING fts5(
  name, cuisine_type, city, state, tags,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

-- The index's trigrams, per column: how a short term finds the trigrams that start with it.
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

CREATE TRIGGER restaurants_search_insert AFTER INSERT ON restaurants BEGIN
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  UPDATE restaurants SET
    name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id),
    (geo_lat, geo_lng, geo_band) = (SELECT lat, lng, band FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, tags)
  SELECT name_key, name, cuisine_type, city, state, tags FROM restaurant_search_source WHERE id = new.id;
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan;
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

CREATE TRIGGER restaurants_search_update_name AFTER UPDATE OF name ON restaurants
WHEN new.name IS NOT old.name BEGIN
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  DELETE FROM restaurant_search WHERE rowid = old.name_key;
  UPDATE restaurants SET name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id) WHERE id = new.id;
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, tags)
  SELECT name_key, name, cuisine_type, city, state, tags FROM restaurant_search_source WHERE id = new.id;
END;

CREATE TRIGGER restaurants_search_update_filters
AFTER UPDATE OF cuisine_type, city, state, zip_code, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan ON restaurants
WHEN new.name IS old.name BEGIN
  DELETE FROM restaurant_search WHERE rowid = old.name_key;
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, tags)
  SELECT name_key, name, cuisine_type, city, state, tags FROM restaurant_search_source WHERE id = new.id;
END;

CREATE TRIGGER restaurants_position_update AFTER UPDATE OF latitude, longitude, zip_code ON restaurants BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng, geo_band) = (SELECT lat, lng, band FROM restaurant_positions WHERE id = new.id)
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
  UPDATE restaurants SET (geo_lat, geo_lng, geo_band) = (SELECT lat, lng, band FROM restaurant_positions AS p WHERE p.id = restaurants.id)
  WHERE zip_code = new.zip OR (zip_code > new.zip || '-' AND zip_code < new.zip || '.');
END;

-- Restaurants that existed before this migration.
UPDATE restaurants SET name_key = (SELECT k.name_key FROM restaurant_next_name_keys AS k WHERE k.id = restaurants.id);
UPDATE restaurants SET (geo_lat, geo_lng, geo_band) = (SELECT lat, lng, band FROM restaurant_positions AS p WHERE p.id = restaurants.id);
INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, tags)
SELECT name_key, name, cuisine_type, city, state, tags FROM restaurant_search_source;
INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
SELECT state, slug, min(city), count(*), sum(gluten_free), sum(dairy_free), sum(vegetarian), sum(vegan)
FROM restaurant_city_slugs GROUP BY state, slug;
