-- GENERATED FILE: do not edit by hand. Regenerate with `npm run schema:snapshot`
-- (scripts/schema-snapshot.ts); tests/integration/schema-snapshot.test.ts fails when it is stale.
--
-- The Cloudflare D1 (SQLite) schema as all of migrations/*.sql leave it: wrangler applied them
-- in order to an empty local D1 (workerd's SQLite, as D1 runs it), and this is what its
-- sqlite_schema then holds, each statement as SQLite keeps it (ALTER TABLE … ADD COLUMN
-- appends to the CREATE TABLE). Each table (FTS5 virtual tables too) comes with its indexes
-- and triggers, in the order the migrations created them; then the views. Left out: SQLite's
-- own tables (sqlite_*), the shadow tables FTS5 creates for each index (restaurant_search_data,
-- …), automatic indexes (UNIQUE, PRIMARY KEY), and wrangler's d1_migrations. The place data's
-- tables (us_zip_codes, us_places, world_places, world_place_aliases, world_subdivisions, world_subdivision_keys) are in schema/d1-places.sql.
--
-- Why schema/ and not next to the migrations: wrangler 3.114 takes every file whose name ends
-- in .sql at the top of migrations_dir as a migration (it ignores subfolders, but a snapshot
-- there would sit among history); the Supabase CLI takes each file in supabase/migrations/ as a
-- migration and applies every *.sql in supabase/schemas/ for `supabase db diff` (its
-- declarative schemas). No tool reads schema/, and both backends' snapshots sit together.
-- To change the schema, add a migration and regenerate; nothing applies this file.

-- Tables, each followed by its indexes and triggers

CREATE TABLE cuisine_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE restaurants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  cuisine_type TEXT,
  is_gluten_free INTEGER NOT NULL DEFAULT 0 CHECK (is_gluten_free IN (0, 1)),
  is_dairy_free INTEGER NOT NULL DEFAULT 0 CHECK (is_dairy_free IN (0, 1)),
  is_vegetarian INTEGER NOT NULL DEFAULT 0 CHECK (is_vegetarian IN (0, 1)),
  is_vegan INTEGER NOT NULL DEFAULT 0 CHECK (is_vegan IN (0, 1)),
  address TEXT,
  city TEXT,
  state TEXT,
  zip_code TEXT,
  phone_number TEXT,
  email_address TEXT,
  website_url TEXT CHECK (website_url IS NULL OR lower(substr(website_url, 1, 7)) = 'http://' OR lower(substr(website_url, 1, 8)) = 'https://'),
  menu_url TEXT CHECK (menu_url IS NULL OR lower(substr(menu_url, 1, 7)) = 'http://' OR lower(substr(menu_url, 1, 8)) = 'https://'),
  hours_of_operation TEXT,
  description TEXT,
  latitude REAL,
  longitude REAL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, geo_lat REAL, geo_lng REAL, name_key INTEGER, gluten_free_only INTEGER NOT NULL DEFAULT 0 CHECK (gluten_free_only IN (0, 1)), dairy_free_only INTEGER NOT NULL DEFAULT 0 CHECK (dairy_free_only IN (0, 1)), vegetarian_only INTEGER NOT NULL DEFAULT 0 CHECK (vegetarian_only IN (0, 1)), vegan_only INTEGER NOT NULL DEFAULT 0 CHECK (vegan_only IN (0, 1)), gf_dedicated_fryer INTEGER CHECK (gf_dedicated_fryer IN (0, 1)), gf_separate_prep INTEGER CHECK (gf_separate_prep IN (0, 1)), gf_trained_staff INTEGER CHECK (gf_trained_staff IN (0, 1)), verified_at TEXT CHECK (verified_at IS NULL OR (verified_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(verified_at) = verified_at)), closed_at TEXT CHECK (closed_at IS NULL OR (closed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(closed_at) = closed_at)), open_slots TEXT, open_zone TEXT, open_pending INTEGER NOT NULL DEFAULT 1 CHECK (open_pending IN (0, 1)), verified_how TEXT
  CHECK (verified_how IS NULL OR verified_how IN ('phone', 'visit', 'owner', 'menu')), version INTEGER NOT NULL DEFAULT 1, confirmation_tallies TEXT, confirmation_tags TEXT, confirmation_stale_from TEXT, country TEXT NOT NULL DEFAULT 'US'
  CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*'));

CREATE INDEX restaurants_name_idx ON restaurants (name COLLATE NOCASE, id);

CREATE INDEX restaurants_zip_idx ON restaurants (zip_code);

CREATE UNIQUE INDEX restaurants_name_key_idx ON restaurants (name_key);

CREATE INDEX restaurants_open_name_idx ON restaurants (name COLLATE NOCASE, id) WHERE closed_at IS NULL;

CREATE INDEX restaurants_open_pending_idx ON restaurants (id) WHERE open_pending = 1;

CREATE INDEX restaurants_confirmation_stale_idx ON restaurants (confirmation_stale_from)
  WHERE confirmation_stale_from IS NOT NULL;

CREATE INDEX restaurants_country_name_idx ON restaurants (country, name COLLATE NOCASE, id) WHERE closed_at IS NULL;

CREATE INDEX restaurants_country_zip_idx ON restaurants (country, zip_code) WHERE closed_at IS NULL;

CREATE TRIGGER restaurants_search_cuisine BEFORE UPDATE OF cuisine_type ON restaurants BEGIN
  INSERT OR IGNORE INTO cuisine_tokens (name) SELECT new.cuisine_type WHERE new.cuisine_type IS NOT NULL;
END;

CREATE TRIGGER restaurants_search_name AFTER UPDATE OF name ON restaurants
WHEN new.name IS NOT old.name BEGIN
  SELECT RAISE(ABORT, 'restaurant_search: too many names share their first eight characters')
  WHERE (SELECT sequence FROM restaurant_next_name_keys WHERE id = new.id) > 8388607;
  UPDATE restaurants SET name_key = (SELECT name_key FROM restaurant_next_name_keys WHERE id = new.id) WHERE id = new.id;
END;

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

CREATE TRIGGER restaurants_open_changed
AFTER UPDATE OF hours_of_operation, latitude, longitude, zip_code ON restaurants
WHEN new.open_slots IS old.open_slots AND new.open_pending = 0 AND (
  new.hours_of_operation IS NOT old.hours_of_operation OR new.latitude IS NOT old.latitude
  OR new.longitude IS NOT old.longitude OR new.zip_code IS NOT old.zip_code)
BEGIN
  UPDATE restaurants SET open_pending = 1, open_slots = NULL WHERE id = new.id;
END;

CREATE TRIGGER restaurants_open_reindex AFTER UPDATE OF open_slots ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;

CREATE TRIGGER restaurants_zone_bounds AFTER UPDATE OF open_slots, open_zone, geo_lat, geo_lng ON restaurants
WHEN new.open_zone IS NOT NULL AND new.geo_lat IS NOT NULL AND new.geo_lng IS NOT NULL
BEGIN
  UPDATE hours_zones SET
    south = min(coalesce(south, new.geo_lat), new.geo_lat),
    north = max(coalesce(north, new.geo_lat), new.geo_lat),
    west = min(coalesce(west, new.geo_lng), new.geo_lng),
    east = max(coalesce(east, new.geo_lng), new.geo_lng)
  WHERE name = new.open_zone;
END;

CREATE TRIGGER restaurants_website_url_rule_insert BEFORE INSERT ON restaurants
WHEN NOT (new.website_url IS NULL OR (
    ((lower(substr(new.website_url, 1, 7)) = 'http://' AND substr(new.website_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(new.website_url, 1, 8)) = 'https://' AND substr(new.website_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND new.website_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')))
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: restaurants_website_url_rule: website_url starts with http:// or https:// and names a host');
END;

CREATE TRIGGER restaurants_website_url_rule_update BEFORE UPDATE OF website_url ON restaurants
WHEN NOT (new.website_url IS NULL OR (
    ((lower(substr(new.website_url, 1, 7)) = 'http://' AND substr(new.website_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(new.website_url, 1, 8)) = 'https://' AND substr(new.website_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND new.website_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')))
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: restaurants_website_url_rule: website_url starts with http:// or https:// and names a host');
END;

CREATE TRIGGER restaurants_menu_url_rule_insert BEFORE INSERT ON restaurants
WHEN NOT (new.menu_url IS NULL OR (
    ((lower(substr(new.menu_url, 1, 7)) = 'http://' AND substr(new.menu_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(new.menu_url, 1, 8)) = 'https://' AND substr(new.menu_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND new.menu_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')))
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: restaurants_menu_url_rule: menu_url starts with http:// or https:// and names a host');
END;

CREATE TRIGGER restaurants_menu_url_rule_update BEFORE UPDATE OF menu_url ON restaurants
WHEN NOT (new.menu_url IS NULL OR (
    ((lower(substr(new.menu_url, 1, 7)) = 'http://' AND substr(new.menu_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(new.menu_url, 1, 8)) = 'https://' AND substr(new.menu_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND new.menu_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')))
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: restaurants_menu_url_rule: menu_url starts with http:// or https:// and names a host');
END;

CREATE TRIGGER restaurants_confirmation_reindex AFTER UPDATE OF confirmation_tags ON restaurants
WHEN new.confirmation_tags IS NOT old.confirmation_tags BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;

CREATE TRIGGER restaurants_confirmed_search_reindex
AFTER UPDATE OF name_key, geo_lat, geo_lng, cuisine_type, city, state, zip_code,
  is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only,
  gf_dedicated_fryer, gf_separate_prep, gf_trained_staff, closed_at, open_slots ON restaurants
WHEN coalesce(new.confirmation_tags, '') <> '' OR coalesce(old.confirmation_tags, '') <> '' BEGIN
  DELETE FROM confirmed_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO confirmed_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source
  WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id AND coalesce(confirmation_tags, '') <> '');
END;

CREATE TRIGGER restaurants_confirmed_search_tags AFTER UPDATE OF confirmation_tags ON restaurants
WHEN new.confirmation_tags IS NOT old.confirmation_tags BEGIN
  DELETE FROM confirmed_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO confirmed_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source
  WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id AND coalesce(confirmation_tags, '') <> '');
END;

CREATE TRIGGER restaurants_confirmed_search_delete BEFORE DELETE ON restaurants
WHEN coalesce(old.confirmation_tags, '') <> '' BEGIN
  DELETE FROM confirmed_search WHERE rowid = old.name_key;
END;

CREATE TRIGGER restaurants_cities_leave
BEFORE UPDATE OF city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
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
AFTER UPDATE OF city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
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

CREATE TRIGGER restaurants_version
AFTER UPDATE OF name, cuisine_type, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, address, city,
  state, zip_code, phone_number, email_address, website_url, menu_url, hours_of_operation,
  description, latitude, longitude, created_at, gluten_free_only, dairy_free_only,
  vegetarian_only, vegan_only, gf_dedicated_fryer, gf_separate_prep, gf_trained_staff,
  verified_at, closed_at, verified_how, country
ON restaurants
WHEN new.name IS NOT old.name
  OR new.cuisine_type IS NOT old.cuisine_type
  OR new.is_gluten_free IS NOT old.is_gluten_free
  OR new.is_dairy_free IS NOT old.is_dairy_free
  OR new.is_vegetarian IS NOT old.is_vegetarian
  OR new.is_vegan IS NOT old.is_vegan
  OR new.address IS NOT old.address
  OR new.city IS NOT old.city
  OR new.state IS NOT old.state
  OR new.zip_code IS NOT old.zip_code
  OR new.phone_number IS NOT old.phone_number
  OR new.email_address IS NOT old.email_address
  OR new.website_url IS NOT old.website_url
  OR new.menu_url IS NOT old.menu_url
  OR new.hours_of_operation IS NOT old.hours_of_operation
  OR new.description IS NOT old.description
  OR new.latitude IS NOT old.latitude
  OR new.longitude IS NOT old.longitude
  OR new.created_at IS NOT old.created_at
  OR new.gluten_free_only IS NOT old.gluten_free_only
  OR new.dairy_free_only IS NOT old.dairy_free_only
  OR new.vegetarian_only IS NOT old.vegetarian_only
  OR new.vegan_only IS NOT old.vegan_only
  OR new.gf_dedicated_fryer IS NOT old.gf_dedicated_fryer
  OR new.gf_separate_prep IS NOT old.gf_separate_prep
  OR new.gf_trained_staff IS NOT old.gf_trained_staff
  OR new.verified_at IS NOT old.verified_at
  OR new.closed_at IS NOT old.closed_at
  OR new.verified_how IS NOT old.verified_how
  OR new.country IS NOT old.country
BEGIN
  UPDATE restaurants SET version = version + 1 WHERE id = new.id;
END;

CREATE TRIGGER restaurants_search_country AFTER UPDATE OF country ON restaurants
WHEN new.country IS NOT old.country BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;

CREATE TRIGGER restaurants_confirmed_search_country AFTER UPDATE OF country ON restaurants
WHEN new.country IS NOT old.country
  AND (coalesce(new.confirmation_tags, '') <> '' OR coalesce(old.confirmation_tags, '') <> '') BEGIN
  DELETE FROM confirmed_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO confirmed_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source
  WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id AND coalesce(confirmation_tags, '') <> '');
END;

CREATE TRIGGER restaurants_position_update AFTER UPDATE OF latitude, longitude, zip_code, country ON restaurants BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
END;

CREATE TABLE restaurant_photos (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  url TEXT NOT NULL CHECK (
    lower(substr(url, 1, 7)) = 'http://'
    OR lower(substr(url, 1, 8)) = 'https://'
    OR (substr(url, 1, 1) = '/' AND substr(url, 2, 1) NOT IN ('/', '\'))
  ),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX restaurant_photos_restaurant_idx ON restaurant_photos (restaurant_id, created_at DESC, id DESC);

CREATE TABLE cuisine_tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE VIRTUAL TABLE restaurant_search USING fts5(
  name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

CREATE VIRTUAL TABLE restaurant_search_terms USING fts5vocab(restaurant_search, 'col');

CREATE TABLE restaurant_cities (
  state TEXT NOT NULL,
  slug TEXT NOT NULL,
  city TEXT NOT NULL,
  restaurants INTEGER NOT NULL DEFAULT 0,
  gluten_free INTEGER NOT NULL DEFAULT 0,
  dairy_free INTEGER NOT NULL DEFAULT 0,
  vegetarian INTEGER NOT NULL DEFAULT 0,
  vegan INTEGER NOT NULL DEFAULT 0, gluten_free_only INTEGER NOT NULL DEFAULT 0, dairy_free_only INTEGER NOT NULL DEFAULT 0, vegetarian_only INTEGER NOT NULL DEFAULT 0, vegan_only INTEGER NOT NULL DEFAULT 0, place_key TEXT,
  PRIMARY KEY (state, slug)
) WITHOUT ROWID;

CREATE INDEX restaurant_cities_count_idx ON restaurant_cities (state, restaurants);

CREATE INDEX restaurant_cities_place_key_idx ON restaurant_cities (place_key, state, restaurants);

CREATE INDEX restaurant_cities_top_idx ON restaurant_cities (restaurants DESC);

CREATE TRIGGER restaurant_cities_place_key AFTER INSERT ON restaurant_cities BEGIN
  UPDATE restaurant_cities SET place_key = (
    SELECT k.place_key FROM restaurant_city_place_keys AS k WHERE k.state = new.state AND k.slug = new.slug
  )
  WHERE state = new.state AND slug = new.slug;
END;

CREATE TRIGGER restaurant_cities_key_variants AFTER UPDATE OF place_key ON restaurant_cities
WHEN new.place_key IS NOT NULL BEGIN
  INSERT OR IGNORE INTO city_key_variants (variant, place_key, state)
  SELECT variant, place_key, state FROM restaurant_city_key_variants
  WHERE state = new.state AND place_key = new.place_key;
END;

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

CREATE TABLE hours_zones (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
, south REAL, north REAL, west REAL, east REAL);

CREATE TABLE place_key_letters (
  letter TEXT PRIMARY KEY,
  ascii TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE listing_changes (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  submission_id INTEGER REFERENCES submissions(id) ON DELETE SET NULL,
  column_name TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX listing_changes_restaurant_idx ON listing_changes (restaurant_id, id);

CREATE TABLE "submissions" (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('restaurant', 'report', 'confirmation')),
  restaurant_id INTEGER REFERENCES restaurants(id) ON DELETE CASCADE,
  reason TEXT CHECK (reason IS NULL OR reason IN ('closed', 'hours', 'diet', 'contact', 'confirm', 'other')),
  payload TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  reviewed_at TEXT,
  reviewed_by TEXT,
  dedup_key TEXT,
  client_key TEXT,
  
  urgent INTEGER GENERATED ALWAYS AS (
    CASE
      WHEN kind = 'report' AND reason IN ('diet', 'closed') THEN 1
      WHEN kind = 'confirmation' AND json_extract(payload, '$.outcome') IN ('reacted', 'could-not-order') THEN 1
      ELSE 0
    END
  ) VIRTUAL,
  repeat_key TEXT,
  
  
  CHECK ((kind = 'restaurant' AND restaurant_id IS NULL AND reason IS NULL)
      OR (kind = 'report' AND restaurant_id IS NOT NULL AND reason IS NOT NULL)
      OR (kind = 'confirmation' AND restaurant_id IS NOT NULL AND reason IS NULL)),
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);

CREATE INDEX submissions_dedup_idx ON submissions (dedup_key, created_at) WHERE dedup_key IS NOT NULL;

CREATE INDEX submissions_client_idx ON submissions (client_key, created_at) WHERE client_key IS NOT NULL;

CREATE INDEX submissions_contact_idx ON submissions (reviewed_at)
  WHERE reviewed_at IS NOT NULL
    AND (json_extract(payload, '$.submitter_email') IS NOT NULL OR json_extract(payload, '$.submitter_phone') IS NOT NULL);

CREATE INDEX submissions_client_age_idx ON submissions (created_at) WHERE client_key IS NOT NULL;

CREATE INDEX submissions_queue_idx ON submissions (urgent DESC, created_at, id) WHERE status = 'pending';

CREATE INDEX submissions_queue_kind_idx ON submissions (kind, urgent DESC, created_at, id) WHERE status = 'pending';

CREATE INDEX submissions_pending_count_idx ON submissions (kind, reason) WHERE status = 'pending';

CREATE INDEX submissions_repeat_idx ON submissions (repeat_key, created_at) WHERE repeat_key IS NOT NULL;

CREATE INDEX submissions_repeat_age_idx ON submissions (created_at) WHERE repeat_key IS NOT NULL;

CREATE TABLE confirmations (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  submission_id INTEGER REFERENCES submissions(id) ON DELETE SET NULL,
  condition TEXT NOT NULL CHECK (condition IN ('celiac', 'gluten-sensitive', 'wheat-allergy', 'dairy-allergy',
    'lactose-intolerant', 'vegan', 'vegetarian')),
  visited TEXT NOT NULL CHECK (visited GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]' AND substr(visited, 6, 2) BETWEEN '01' AND '12'),
  outcome TEXT NOT NULL CHECK (outcome IN ('ate-safely', 'reacted', 'could-not-order')),
  staff TEXT CHECK (staff IS NULL OR staff IN ('knowledgeable', 'unsure', 'not-knowledgeable')),
  seen TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(seen) AND json_type(seen) = 'array'),
  ordered TEXT CHECK (ordered IS NULL OR length(ordered) <= 140),
  note TEXT CHECK (note IS NULL OR length(note) <= 1000),
  published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX confirmations_restaurant_idx ON confirmations (restaurant_id, visited, id);

CREATE UNIQUE INDEX confirmations_submission_idx ON confirmations (submission_id) WHERE submission_id IS NOT NULL;

CREATE TRIGGER confirmations_derive_insert AFTER INSERT ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts WHERE id = new.restaurant_id)
  WHERE id = new.restaurant_id;
END;

CREATE TRIGGER confirmations_derive_update AFTER UPDATE OF restaurant_id, condition, visited, outcome ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts AS f WHERE f.id = restaurants.id)
  WHERE id IN (old.restaurant_id, new.restaurant_id);
END;

CREATE TRIGGER confirmations_derive_delete AFTER DELETE ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts WHERE id = old.restaurant_id)
  WHERE id = old.restaurant_id;
END;

CREATE TABLE spelling_positions (n INTEGER PRIMARY KEY);

CREATE TABLE city_key_variants (
  variant TEXT NOT NULL,
  place_key TEXT NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (variant, place_key, state)
) WITHOUT ROWID;

CREATE TABLE restaurant_states (
  state TEXT PRIMARY KEY,
  restaurants INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE VIRTUAL TABLE confirmed_search USING fts5(
  name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

CREATE TABLE world_alias_key_variants (
  variant TEXT NOT NULL,
  key TEXT NOT NULL,
  place_id INTEGER NOT NULL,
  PRIMARY KEY (variant, key, place_id)
) WITHOUT ROWID;

CREATE INDEX world_alias_key_variants_alias_idx ON world_alias_key_variants (place_id, key);

-- Views, each followed by its triggers

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

CREATE VIEW restaurant_city_place_keys AS
SELECT
  state,
  slug,
  replace(
    CASE
      WHEN words LIKE 'n %' THEN 'north' || substr(words, 2)
      WHEN words LIKE 's %' THEN 'south' || substr(words, 2)
      WHEN words LIKE 'e %' THEN 'east' || substr(words, 2)
      WHEN words LIKE 'w %' THEN 'west' || substr(words, 2)
      ELSE words
    END,
    ' ', '') AS place_key
FROM (
  SELECT
    state,
    slug,
    trim(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        ' ' || folded || ' ',
        ' st ', ' saint '), ' st ', ' saint '),
        ' ste ', ' sainte '), ' ste ', ' sainte '),
        ' ft ', ' fort '), ' ft ', ' fort '),
        ' mt ', ' mount '), ' mt ', ' mount '),
        ' pt ', ' point '), ' pt ', ' point ')
    ) AS words
  FROM (
    SELECT
      c.state,
      c.slug,
      (WITH RECURSIVE t(i, s) AS (
         SELECT 1, ''
         UNION ALL
         SELECT i + 1, s || coalesce(
           (SELECT l.ascii FROM place_key_letters AS l WHERE l.letter = substr(c.city, i, 1)),
           CASE
             WHEN substr(c.city, i, 1) GLOB '[a-z0-9]' THEN substr(c.city, i, 1)
             WHEN substr(c.city, i, 1) GLOB '[A-Z]' THEN lower(substr(c.city, i, 1))
             ELSE ' '
           END)
         FROM t WHERE i <= length(c.city))
       SELECT s FROM t ORDER BY i DESC LIMIT 1) AS folded
    FROM restaurant_cities AS c
  )
);

CREATE VIEW review_checks (name, ok) AS SELECT NULL, NULL WHERE 0;

CREATE TRIGGER review_checks_pending INSTEAD OF INSERT ON review_checks
WHEN new.name = 'pending' AND new.ok IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'review_conflict: the submission is no longer pending');
END;

CREATE TRIGGER review_checks_current INSTEAD OF INSERT ON review_checks
WHEN new.name = 'current' AND new.ok IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'review_stale: the listing changed since the form was loaded');
END;

CREATE VIEW restaurant_confirmation_facts AS
SELECT
  f.id,
  f.tallies,
  nullif(trim(
    CASE WHEN (f.safe & 1) <> 0 AND (f.reacted & 1) = 0 THEN char(19968, 19968 + 150101 / 20992, 19968 + 150101 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 2) <> 0 AND (f.reacted & 2) = 0 THEN char(19968, 19968 + 150102 / 20992, 19968 + 150102 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 3) <> 0 AND (f.reacted & 3) = 0 THEN char(19968, 19968 + 150103 / 20992, 19968 + 150103 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 8) <> 0 AND (f.reacted & 8) = 0 THEN char(19968, 19968 + 150108 / 20992, 19968 + 150108 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 9) <> 0 AND (f.reacted & 9) = 0 THEN char(19968, 19968 + 150109 / 20992, 19968 + 150109 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 10) <> 0 AND (f.reacted & 10) = 0 THEN char(19968, 19968 + 150110 / 20992, 19968 + 150110 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 11) <> 0 AND (f.reacted & 11) = 0 THEN char(19968, 19968 + 150111 / 20992, 19968 + 150111 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 12) <> 0 AND (f.reacted & 12) = 0 THEN char(19968, 19968 + 150112 / 20992, 19968 + 150112 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 13) <> 0 AND (f.reacted & 13) = 0 THEN char(19968, 19968 + 150113 / 20992, 19968 + 150113 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 14) <> 0 AND (f.reacted & 14) = 0 THEN char(19968, 19968 + 150114 / 20992, 19968 + 150114 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 15) <> 0 AND (f.reacted & 15) = 0 THEN char(19968, 19968 + 150115 / 20992, 19968 + 150115 % 20992) ELSE '' END
  ), '') AS tags,
  CASE WHEN f.earliest IS NULL THEN NULL ELSE strftime('%Y-%m', f.earliest || '-01', '+13 months') END AS stale_from
FROM (
  SELECT
    r.id,
    json_extract(p.value, '$.tallies') AS tallies,
    coalesce(json_extract(p.value, '$.safe'), 0) AS safe,
    coalesce(json_extract(p.value, '$.reacted'), 0) AS reacted,
    json_extract(p.value, '$.earliest') AS earliest
  FROM restaurants AS r, json_each(json_array((
    SELECT json_object(
        'tallies', json_group_array(json_array(t.condition, t.outcome, t.n, t.latest)),
        'safe', max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 1)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 2)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 4)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 8),
        'reacted', max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 1)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 2)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 4)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 8),
        'earliest', min(t.earliest))
      FROM (
        SELECT
          c.condition,
          c.outcome,
          count(*) AS n,
          max(c.visited) AS latest,
          min(c.visited) AS earliest,
          CASE
            WHEN c.condition IN ('celiac', 'gluten-sensitive', 'wheat-allergy') THEN 1
            WHEN c.condition IN ('dairy-allergy', 'lactose-intolerant') THEN 2
            WHEN c.condition = 'vegetarian' THEN 4
            WHEN c.condition = 'vegan' THEN 8
            ELSE 0
          END AS bit
        FROM confirmations AS c
        WHERE c.restaurant_id = r.id AND c.visited >= strftime('%Y-%m', 'now', 'start of month', '-12 months')
        GROUP BY c.condition, c.outcome
        ORDER BY c.condition, c.outcome
      ) AS t
      HAVING count(*) > 0))) AS p
) AS f;

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

CREATE VIEW restaurant_city_slugs AS
SELECT
  r.id,
  CASE WHEN r.country = 'US' THEN upper(trim(r.state))
    ELSE r.country || '-' || upper(trim(coalesce(r.state, ''))) END AS state,
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
WHERE trim(coalesce(r.city, '')) <> '' AND (r.country <> 'US' OR trim(coalesce(r.state, '')) <> '')
  AND r.closed_at IS NULL;

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
    || ' ' || coalesce(r.open_slots, '')
    || ' ' || coalesce(r.confirmation_tags, '')
    || ' ' || char(19968, 19968 + (160000 + (unicode(substr(r.country, 1, 1)) - 65) * 26 + unicode(substr(r.country, 2, 1)) - 65) / 20992,
      19968 + (160000 + (unicode(substr(r.country, 1, 1)) - 65) * 26 + unicode(substr(r.country, 2, 1)) - 65) % 20992)
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

CREATE VIEW restaurant_positions AS
SELECT
  r.id,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.latitude ELSE z.latitude END AS lat,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.longitude ELSE z.longitude END AS lng
FROM restaurants AS r
LEFT JOIN us_zip_codes AS z
  ON r.country = 'US'
  AND z.zip = substr(trim(r.zip_code), 1, 5)
  AND (length(trim(r.zip_code)) = 5 OR substr(trim(r.zip_code), 6, 1) = '-');

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
