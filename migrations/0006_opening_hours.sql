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
