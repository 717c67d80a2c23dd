-- GENERATED FILE: do not edit by hand. Regenerate with `npm run schema:snapshot`
-- (scripts/schema-snapshot.ts); tests/integration/schema-snapshot.test.ts fails when it is stale.
--
-- The place data's tables of the D1 schema, made as schema/d1.sql is (which has the rest): what
-- the place lookups read (us_zip_codes and us_places for the US, the world_* tables beyond it),
-- each with its indexes and triggers. scripts/load-places.ts and scripts/load-world-places.ts fill them.

-- Tables, each followed by its indexes and triggers

CREATE TABLE us_zip_codes (
  zip TEXT PRIMARY KEY CHECK (length(zip) = 5 AND zip NOT GLOB '*[^0-9]*'),
  place_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (length(state) = 2),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);

CREATE TRIGGER us_zip_codes_place_restaurants AFTER INSERT ON us_zip_codes BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions AS p WHERE p.id = restaurants.id)
  WHERE (zip_code = new.zip OR (zip_code > new.zip || '-' AND zip_code < new.zip || '.'))
    AND NOT coalesce(latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180, 0);
END;

CREATE TABLE us_places (
  id INTEGER PRIMARY KEY,
  state TEXT NOT NULL CHECK (length(state) = 2),
  name TEXT NOT NULL,
  key TEXT NOT NULL CHECK (key <> ''),
  slug TEXT NOT NULL CHECK (slug <> ''),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  zip_count INTEGER NOT NULL CHECK (zip_count > 0)
);

CREATE UNIQUE INDEX us_places_key_state_idx ON us_places (key, state);

CREATE UNIQUE INDEX us_places_state_slug_idx ON us_places (state, slug);

CREATE INDEX us_places_cell_idx ON us_places (CAST((latitude + 90) * 4 AS INTEGER), CAST((longitude + 180) * 4 AS INTEGER));

CREATE TABLE world_places (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*' AND country <> 'US'),
  subdivision TEXT CHECK (subdivision <> ''),
  name TEXT NOT NULL,
  key TEXT NOT NULL CHECK (key <> ''),
  slug TEXT NOT NULL CHECK (slug <> ''),
  population INTEGER NOT NULL CHECK (population >= 0),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);

CREATE INDEX world_places_key_idx ON world_places (key, population DESC);

CREATE INDEX world_places_country_slug_idx ON world_places (country, subdivision, slug);

CREATE INDEX world_places_cell_idx ON world_places (CAST((latitude + 90) * 4 AS INTEGER), CAST((longitude + 180) * 4 AS INTEGER));

CREATE TABLE world_place_aliases (
  key TEXT NOT NULL CHECK (key <> ''),
  place_id INTEGER NOT NULL REFERENCES world_places (id) ON DELETE CASCADE,
  PRIMARY KEY (key, place_id)
) WITHOUT ROWID;

CREATE INDEX world_place_aliases_place_idx ON world_place_aliases (place_id);

CREATE TRIGGER world_place_aliases_variants_insert AFTER INSERT ON world_place_aliases BEGIN
  INSERT OR IGNORE INTO world_alias_key_variants (variant, key, place_id)
  SELECT variant, key, place_id FROM world_alias_key_variant_rows WHERE key = new.key AND place_id = new.place_id;
END;

CREATE TRIGGER world_place_aliases_variants_delete AFTER DELETE ON world_place_aliases BEGIN
  DELETE FROM world_alias_key_variants WHERE place_id = old.place_id AND key = old.key;
END;

CREATE TABLE world_subdivisions (
  country TEXT NOT NULL CHECK (length(country) = 2),
  code TEXT NOT NULL CHECK (code <> ''),
  name TEXT NOT NULL,
  PRIMARY KEY (country, code)
) WITHOUT ROWID;

CREATE TABLE world_subdivision_keys (
  key TEXT NOT NULL CHECK (key <> ''),
  country TEXT NOT NULL,
  code TEXT NOT NULL,
  PRIMARY KEY (key, country, code),
  FOREIGN KEY (country, code) REFERENCES world_subdivisions (country, code) ON DELETE CASCADE
) WITHOUT ROWID;
