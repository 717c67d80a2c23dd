-- Opening hours for `open=now` (docs/decisions/0016-opening-hours.md, docs/schema.md).
--
-- The search cannot parse hours_of_operation (SQLite has no time zones either), so the app
-- derives each restaurant's week of open time, in its own local time, as index keys
-- (app/lib/open-slots.ts) and stores them in open_slots. Who keeps them:
-- - rows the app writes itself (the seeds, approved suggestions) carry them at once;
-- - a row another client inserts starts with open_pending = 1 (the default), and a change of
--   its hours or position by a client that does not also write open_slots sets it again
--   (and empties open_slots, so that the filter never keeps outdated hours);
-- - the scheduled job app/lib/jobs/open-hours.ts derives pending rows every 5 minutes.
-- Cards and detail pages never read open_slots: they work the state out from the text.

-- Time zones by number: a key is zone * 10920 + slot (open-slots.ts).
CREATE TABLE hours_zones (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

-- The keys as search tokens (tokens.ts, openToken), space-separated; '' when the hours are
-- unknown or the restaurant has no position; NULL while pending.
ALTER TABLE restaurants ADD COLUMN open_slots TEXT;
-- The zone they were derived for (IANA name), for the record.
ALTER TABLE restaurants ADD COLUMN open_zone TEXT;
ALTER TABLE restaurants ADD COLUMN open_pending INTEGER NOT NULL DEFAULT 1 CHECK (open_pending IN (0, 1));

-- The job's queue: only pending rows are in it.
CREATE INDEX restaurants_open_pending_idx ON restaurants (id) WHERE open_pending = 1;

-- Hours or own position changed by a writer that left open_slots alone: derive again.
CREATE TRIGGER restaurants_open_changed
AFTER UPDATE OF hours_of_operation, latitude, longitude, zip_code ON restaurants
WHEN new.open_slots IS old.open_slots AND new.open_pending = 0 AND (
  new.hours_of_operation IS NOT old.hours_of_operation OR new.latitude IS NOT old.latitude
  OR new.longitude IS NOT old.longitude OR new.zip_code IS NOT old.zip_code)
BEGIN
  UPDATE restaurants SET open_pending = 1, open_slots = NULL WHERE id = new.id;
END;

-- The search index: the open-hours tokens join the exact tags in the diets column. The view
-- is migrations/0004_trust.sql's, with the last line of `diets` added.
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

-- New or cleared slots: the row is indexed again (as restaurants_search_reindex does).
CREATE TRIGGER restaurants_open_reindex AFTER UPDATE OF open_slots ON restaurants BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;
