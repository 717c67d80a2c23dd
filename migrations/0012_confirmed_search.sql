-- confirmed=1 reads a search index of its own: docs/decisions/0027-confirmed-search-index.md.
--
-- confirmed_search has restaurant_search's columns, tokens and rows (rowid = name_key), but
-- only for the restaurants that hold a diners' confirmation tag (confirmation_tags,
-- migrations/0010_confirmations.sql): about a fifth of them. A confirmed search matches the
-- same FTS5 query against it (app/lib/directory/d1/fts-query.ts, searchIndexOf), and every
-- term's list of rows is that much shorter: when the filter leaves few matches, the count and
-- the page walk those lists to their end, and that walk was the cost.
--
-- Kept by triggers beside restaurant_search's own (restaurants_search_reindex,
-- restaurants_open_reindex, restaurants_confirmation_reindex, restaurants_search_delete):
-- each takes the row out and puts it back from restaurant_search_source when it is tagged.

CREATE VIRTUAL TABLE confirmed_search USING fts5(
  name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);

INSERT INTO confirmed_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
SELECT s.name_key, s.name, s.cuisine_type, s.city, s.state, s.city3, s.state3, s.diets, s.zip, s.cuisine, s.g0, s.g1, s.g2, s.g3, s.g4
FROM restaurant_search_source AS s
WHERE s.name_key IN (SELECT name_key FROM restaurants WHERE coalesce(confirmation_tags, '') <> '');

-- What restaurants_search_reindex and restaurants_open_reindex index again.
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

-- New or cleared tags (restaurants_confirmation_reindex): in, out, or in again with the new ones.
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
