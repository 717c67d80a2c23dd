-- SafeBites directory schema for Cloudflare D1 (SQLite). CONTRACTS.md section 4.
-- Booleans are integers 0/1. URL columns refuse anything that is not http(s) as a second
-- line of defence behind the app's own checks (photo urls may also be root-relative paths
-- to images the app serves itself, e.g. /photos/x.svg).

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
);

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

-- Default list and every search are ordered by name (ASCII case-insensitive), then id.
CREATE INDEX restaurants_name_idx ON restaurants (name COLLATE NOCASE, id);
CREATE INDEX restaurants_zip_idx ON restaurants (zip_code);
CREATE INDEX restaurants_cuisine_idx ON restaurants (cuisine_type);
CREATE INDEX restaurant_photos_restaurant_idx ON restaurant_photos (restaurant_id, created_at DESC, id DESC);

-- Partial, case- and accent-insensitive matching of name, cuisine, city and state: an FTS5
-- trigram index over those columns (external content: the text lives in restaurants only),
-- kept in sync by triggers. See docs/decisions/0002-search-in-sqlite.md.
CREATE VIRTUAL TABLE restaurants_fts USING fts5(
  name, cuisine_type, city, state,
  content = 'restaurants', content_rowid = 'id',
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

CREATE TRIGGER restaurants_fts_insert AFTER INSERT ON restaurants BEGIN
  INSERT INTO restaurants_fts (rowid, name, cuisine_type, city, state)
  VALUES (new.id, new.name, new.cuisine_type, new.city, new.state);
END;

CREATE TRIGGER restaurants_fts_delete AFTER DELETE ON restaurants BEGIN
  INSERT INTO restaurants_fts (restaurants_fts, rowid, name, cuisine_type, city, state)
  VALUES ('delete', old.id, old.name, old.cuisine_type, old.city, old.state);
END;

CREATE TRIGGER restaurants_fts_update AFTER UPDATE OF name, cuisine_type, city, state ON restaurants BEGIN
  INSERT INTO restaurants_fts (restaurants_fts, rowid, name, cuisine_type, city, state)
  VALUES ('delete', old.id, old.name, old.cuisine_type, old.city, old.state);
  INSERT INTO restaurants_fts (rowid, name, cuisine_type, city, state)
  VALUES (new.id, new.name, new.cuisine_type, new.city, new.state);
END;
