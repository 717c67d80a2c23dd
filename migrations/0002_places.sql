-- US place data for the distance search (CONTRACTS.md section 1): ZIP codes and place names
-- with their centres, from GeoNames (CC BY 4.0). Loaded by `npm start` from seed/places.sql,
-- which scripts/generate-places.ts writes; docs/decisions/0006-place-data.md says how a
-- place's centre is computed and why the data lives in the database.

CREATE TABLE us_zip_codes (
  zip TEXT PRIMARY KEY CHECK (length(zip) = 5 AND zip NOT GLOB '*[^0-9]*'),
  place_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (length(state) = 2),
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);

-- One row per place name and state. `key` is placeKey(name) and `slug` placeSlug(name)
-- (app/lib/places.ts): the Worker computes the same from what a visitor typed or requested.
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

-- "City, ST" looks up (key, state); a bare name looks up key alone (the same index's prefix).
CREATE UNIQUE INDEX us_places_key_state_idx ON us_places (key, state);
-- Landing pages: /us/{st}/{slug}, and a state's places in slug order.
CREATE UNIQUE INDEX us_places_state_slug_idx ON us_places (state, slug);
