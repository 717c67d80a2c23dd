-- Trust facts (docs/decisions/0013-trust-facts.md, docs/schema.md): how safe a listing is for a
-- diet ('100%' menus, celiac kitchen practices), how recently it was confirmed, and whether the
-- place has closed. Every new column has a default, so an insert naming only the older
-- columns keeps working.
--
-- The database keeps the facts consistent and searchable by itself:
-- - a row with `*_only = 1` has the matching `is_* = 1`, whatever the client wrote (the triggers
--   restaurants_search_insert and restaurants_only_implies_diet correct it);
-- - restaurant_search (0003) gains one tag per '100%' diet and per confirmed practice in its
--   diets column (a gluten_free_only restaurant counts as having a dedicated fryer and a
--   separate preparation area: nothing with gluten is cooked there);
-- - a closed restaurant (closed_at set) leaves restaurant_search, the name-order list and
--   restaurant_cities: no list, count, landing page or sitemap shows it.

ALTER TABLE restaurants ADD COLUMN gluten_free_only INTEGER NOT NULL DEFAULT 0 CHECK (gluten_free_only IN (0, 1));
ALTER TABLE restaurants ADD COLUMN dairy_free_only INTEGER NOT NULL DEFAULT 0 CHECK (dairy_free_only IN (0, 1));
ALTER TABLE restaurants ADD COLUMN vegetarian_only INTEGER NOT NULL DEFAULT 0 CHECK (vegetarian_only IN (0, 1));
ALTER TABLE restaurants ADD COLUMN vegan_only INTEGER NOT NULL DEFAULT 0 CHECK (vegan_only IN (0, 1));
-- Celiac kitchen practices: 1 confirmed, 0 confirmed not, NULL not known.
ALTER TABLE restaurants ADD COLUMN gf_dedicated_fryer INTEGER CHECK (gf_dedicated_fryer IN (0, 1));
ALTER TABLE restaurants ADD COLUMN gf_separate_prep INTEGER CHECK (gf_separate_prep IN (0, 1));
ALTER TABLE restaurants ADD COLUMN gf_trained_staff INTEGER CHECK (gf_trained_staff IN (0, 1));
-- Days as YYYY-MM-DD (a real calendar day: date() gives it back unchanged).
ALTER TABLE restaurants ADD COLUMN verified_at TEXT CHECK (verified_at IS NULL OR (verified_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(verified_at) = verified_at));
ALTER TABLE restaurants ADD COLUMN closed_at TEXT CHECK (closed_at IS NULL OR (closed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(closed_at) = closed_at));

-- The default list (no filter at all) walks this index: open restaurants only, in name order.
CREATE INDEX restaurants_open_name_idx ON restaurants (name COLLATE NOCASE, id) WHERE closed_at IS NULL;

-- Cities count open restaurants only, and those serving each diet exclusively.
ALTER TABLE restaurant_cities ADD COLUMN gluten_free_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE restaurant_cities ADD COLUMN dairy_free_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE restaurant_cities ADD COLUMN vegetarian_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE restaurant_cities ADD COLUMN vegan_only INTEGER NOT NULL DEFAULT 0;

DROP VIEW restaurant_city_slugs;
CREATE VIEW restaurant_city_slugs AS
SELECT
  r.id,
  upper(trim(r.state)) AS state,
  replace(replace(replace(lower(trim(r.city)), ' ', '-'), '.', ''), '''', '') AS slug,
  trim(r.city) AS city,
  r.is_gluten_free AS gluten_free,
  r.is_dairy_free AS dairy_free,
  r.is_vegetarian AS vegetarian,
  r.is_vegan AS vegan,
  r.gluten_free_only,
  r.dairy_free_only,
  r.vegetarian_only,
  r.vegan_only
FROM restaurants AS r
WHERE trim(coalesce(r.city, '')) <> '' AND trim(coalesce(r.state, '')) <> '' AND r.closed_at IS NULL;

-- The search index's source: open restaurants only; the diets column adds the tags of the
-- '100%' diets (ids 5-8) and of the confirmed kitchen practices (ids 150001-150003), as
-- app/lib/directory/tokens.ts numbers them (DIET_ONLY_IDS, KITCHEN_IDS).
DROP VIEW restaurant_search_source;
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
    || CASE WHEN r.is_vegan = 1 THEN char(19968, 19968, 19968 + 4) || ' ' ELSE '' END
    || CASE WHEN r.gluten_free_only = 1 THEN char(19968, 19968, 19968 + 5) || ' ' ELSE '' END
    || CASE WHEN r.dairy_free_only = 1 THEN char(19968, 19968, 19968 + 6) || ' ' ELSE '' END
    || CASE WHEN r.vegetarian_only = 1 THEN char(19968, 19968, 19968 + 7) || ' ' ELSE '' END
    || CASE WHEN r.vegan_only = 1 THEN char(19968, 19968, 19968 + 8) || ' ' ELSE '' END
    || CASE WHEN r.gf_dedicated_fryer = 1 OR r.gluten_free_only = 1
       THEN char(19968, 19968 + 150001 / 20992, 19968 + 150001 % 20992) || ' ' ELSE '' END
    || CASE WHEN r.gf_separate_prep = 1 OR r.gluten_free_only = 1
       THEN char(19968, 19968 + 150002 / 20992, 19968 + 150002 % 20992) || ' ' ELSE '' END
    || CASE WHEN r.gf_trained_staff = 1
       THEN char(19968, 19968 + 150003 / 20992, 19968 + 150003 % 20992) ELSE '' END
  ) AS diets,
  CASE WHEN t.zip IS NOT NULL THEN char(19968 + t.zip / 440664064, 19968 + (t.zip / 20992) % 20992, 19968 + t.zip % 20992) END AS zip,
  CASE WHEN t.cuisine IS NOT NULL THEN char(19968 + t.cuisine / 440664064, 19968 + (t.cuisine / 20992) % 20992, 19968 + t.cuisine % 20992) END AS cuisine,
  CASE WHEN t.g0 IS NOT NULL THEN char(19968 + t.g0 / 440664064, 19968 + (t.g0 / 20992) % 20992, 19968 + t.g0 % 20992) END AS g0,
  CASE WHEN t.g1 IS NOT NULL THEN char(19968 + t.g1 / 440664064, 19968 + (t.g1 / 20992) % 20992, 19968 + t.g1 % 20992) END AS g1,
  CASE WHEN t.g2 IS NOT NULL THEN char(19968 + t.g2 / 440664064, 19968 + (t.g2 / 20992) % 20992, 19968 + t.g2 % 20992) END AS g2,
  CASE WHEN t.g3 IS NOT NULL THEN char(19968 + t.g3 / 440664064, 19968 + (t.g3 / 20992) % 20992, 19968 + t.g3 % 20992) END AS g3,
  CASE WHEN t.g4 IS NOT NULL THEN char(19968 + t.g4 / 440664064, 19968 + (t.g4 / 20992) % 20992, 19968 + t.g4 % 20992) END AS g4
FROM restaurants AS r
JOIN restaurant_tag_ids AS t ON t.id = r.id
WHERE r.closed_at IS NULL;

-- Triggers of 0003 that must also react to the new columns, recreated with them.

DROP TRIGGER restaurants_search_insert;
DROP TRIGGER restaurants_search_reindex;
DROP TRIGGER restaurants_search_delete;
DROP TRIGGER restaurants_cities_leave;
DROP TRIGGER restaurants_cities_enter;

-- A new row: as in 0003, then, last, its diets corrected from its '100%' flags (an update that
-- moves its city counts and reindexes it through the triggers below).
CREATE TRIGGER restaurants_search_insert AFTER INSERT ON restaurants BEGIN
  INSERT OR IGNORE INTO cuisine_tokens (name) SELECT new.cuisine_type WHERE new.cuisine_type IS NOT NULL;
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  UPDATE restaurants SET
    name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id),
    (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only
  FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan,
    gluten_free_only = gluten_free_only + excluded.gluten_free_only,
    dairy_free_only = dairy_free_only + excluded.dairy_free_only,
    vegetarian_only = vegetarian_only + excluded.vegetarian_only,
    vegan_only = vegan_only + excluded.vegan_only;
  UPDATE restaurants SET
    is_gluten_free = max(is_gluten_free, gluten_free_only),
    is_dairy_free = max(is_dairy_free, dairy_free_only),
    is_vegetarian = max(is_vegetarian, vegetarian_only),
    is_vegan = max(is_vegan, vegan_only)
  WHERE id = new.id AND (gluten_free_only > is_gluten_free OR dairy_free_only > is_dairy_free
    OR vegetarian_only > is_vegetarian OR vegan_only > is_vegan);
END;

-- An update that leaves a '100%' flag without its diet (either side written): the diet is set.
-- (Its own update fails the WHEN, so it never runs twice.)
CREATE TRIGGER restaurants_only_implies_diet
AFTER UPDATE OF is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only ON restaurants
WHEN new.gluten_free_only > new.is_gluten_free OR new.dairy_free_only > new.is_dairy_free
  OR new.vegetarian_only > new.is_vegetarian OR new.vegan_only > new.is_vegan BEGIN
  UPDATE restaurants SET
    is_gluten_free = max(is_gluten_free, gluten_free_only),
    is_dairy_free = max(is_dairy_free, dairy_free_only),
    is_vegetarian = max(is_vegetarian, vegetarian_only),
    is_vegan = max(is_vegan, vegan_only)
  WHERE id = new.id;
END;

CREATE TRIGGER restaurants_search_reindex
AFTER UPDATE OF name_key, geo_lat, geo_lng, cuisine_type, city, state, zip_code,
  is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only,
  gf_dedicated_fryer, gf_separate_prep, gf_trained_staff, closed_at ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;

-- (restaurant_city_slugs has no row for a closed restaurant: it is neither counted nor uncounted.)
CREATE TRIGGER restaurants_search_delete BEFORE DELETE ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid = old.name_key;
  UPDATE restaurant_cities SET
    restaurants = restaurants - 1,
    gluten_free = gluten_free - old.is_gluten_free,
    dairy_free = dairy_free - old.is_dairy_free,
    vegetarian = vegetarian - old.is_vegetarian,
    vegan = vegan - old.is_vegan,
    gluten_free_only = gluten_free_only - old.gluten_free_only,
    dairy_free_only = dairy_free_only - old.dairy_free_only,
    vegetarian_only = vegetarian_only - old.vegetarian_only,
    vegan_only = vegan_only - old.vegan_only
  WHERE (state, slug) = (SELECT state, slug FROM restaurant_city_slugs WHERE id = old.id);
END;

CREATE TRIGGER restaurants_cities_leave
BEFORE UPDATE OF city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at ON restaurants BEGIN
  UPDATE restaurant_cities SET
    restaurants = restaurants - 1,
    gluten_free = gluten_free - old.is_gluten_free,
    dairy_free = dairy_free - old.is_dairy_free,
    vegetarian = vegetarian - old.is_vegetarian,
    vegan = vegan - old.is_vegan,
    gluten_free_only = gluten_free_only - old.gluten_free_only,
    dairy_free_only = dairy_free_only - old.dairy_free_only,
    vegetarian_only = vegetarian_only - old.vegetarian_only,
    vegan_only = vegan_only - old.vegan_only
  WHERE (state, slug) = (SELECT state, slug FROM restaurant_city_slugs WHERE id = old.id);
END;

CREATE TRIGGER restaurants_cities_enter
AFTER UPDATE OF city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at ON restaurants BEGIN
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only
  FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan,
    gluten_free_only = gluten_free_only + excluded.gluten_free_only,
    dairy_free_only = dairy_free_only + excluded.dairy_free_only,
    vegetarian_only = vegetarian_only + excluded.vegetarian_only,
    vegan_only = vegan_only + excluded.vegan_only;
END;

-- Rows that existed before this migration have no '100%' flag, practice, or closing day: the
-- index and the city counts of 0003 are already right for them.
