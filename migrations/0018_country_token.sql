-- The country in the search index (issue 41): a search of a country with filters ('Italy' +
-- vegan) is one FTS5 query, the country's token ANDed with the filters
-- (app/lib/directory/d1/country-order.ts), so that every match of the country is found and
-- counted, whatever its place in the country's names, within the bounds of the other searches.
--
-- 1. The view: migrations/0010_confirmations.sql's, with the country's token added to the
--    diets column: 160,000 + its two letters in base 26 ('AA' 0, 'ZZ' 675), three CJK
--    ideographs like every tag (app/lib/directory/d1/fts-query.ts countryToken).
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

-- 2. Both indexes again from the view, for the rows there are (confirmed_search holds the
--    restaurants with a diners' confirmation tag: migrations/0012_confirmed_search.sql).
INSERT INTO restaurant_search (restaurant_search) VALUES ('delete-all');
INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4 FROM restaurant_search_source;

INSERT INTO confirmed_search (confirmed_search) VALUES ('delete-all');
INSERT INTO confirmed_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
SELECT s.name_key, s.name, s.cuisine_type, s.city, s.state, s.city3, s.state3, s.diets, s.zip, s.cuisine, s.g0, s.g1, s.g2, s.g3, s.g4
FROM restaurant_search_source AS s
WHERE s.name_key IN (SELECT name_key FROM restaurants WHERE coalesce(confirmation_tags, '') <> '');

-- 3. A row whose country changes is indexed again (the triggers of the other columns,
--    restaurants_search_reindex and restaurants_confirmed_search_reindex, do not list it).
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
