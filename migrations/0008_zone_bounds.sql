-- Where each time zone's restaurants are: the box of their positions (geo_lat, geo_lng).
--
-- open=now matches three open-hours keys per time zone (migrations/0006_opening_hours.sql),
-- and the directory has a dozen or more zones, so every FTS5 query of an open=now search held
-- dozens of keys. A search around a centre can only find restaurants within its reach, so it
-- now asks only for the keys of the zones whose box its reach touches
-- (app/lib/directory/sqlite-search.ts, openClause): at a million restaurants, open=now near
-- Chicago took 30 ms with the keys of 16 zones and 14 ms with those of one.
--
-- A box only grows: a restaurant that moves or closes leaves it as large as it was, which can
-- only add keys to a search, never leave one out. A zone without positioned restaurants has
-- no box (NULL): a search around a centre needs none of its keys.
ALTER TABLE hours_zones ADD COLUMN south REAL;
ALTER TABLE hours_zones ADD COLUMN north REAL;
ALTER TABLE hours_zones ADD COLUMN west REAL;
ALTER TABLE hours_zones ADD COLUMN east REAL;

UPDATE hours_zones SET (south, north, west, east) = (
  SELECT min(geo_lat), max(geo_lat), min(geo_lng), max(geo_lng)
  FROM restaurants
  WHERE open_zone = hours_zones.name AND geo_lat IS NOT NULL AND geo_lng IS NOT NULL
);

-- A row's keys are written with its zone (open_slots and open_zone, by the app or the job);
-- its position may be set after them. Whichever comes last, the box of its zone takes the
-- position in. One trigger serves a new row too: restaurants_search_insert
-- (migrations/0004_trust.sql) sets every new row's geo_lat and geo_lng with an UPDATE, which
-- fires this one with the row as inserted.
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
