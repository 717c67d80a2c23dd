-- The review loop (docs/decisions/0021-verification-is-a-deliberate-act.md, docs/schema.md):
-- how a listing was verified, a version for the review queue's forms, the history of every
-- column a decision changes, one URL rule for the links, and the queue's safety-first order.

-- How the facts were last verified (with verified_at): 'phone' called the restaurant, 'visit'
-- visited, 'owner' the restaurant confirmed in writing, 'menu' the restaurant's own published
-- menu or allergen statement. Null: not said (rows verified before this column).
ALTER TABLE restaurants ADD COLUMN verified_how TEXT
  CHECK (verified_how IS NULL OR verified_how IN ('phone', 'visit', 'owner', 'menu'));

-- Bumped by the database on every write that changes a listing column (section 4's columns
-- and verified_how; LISTING_COLUMNS in app/lib/submissions/store.ts), never by the derived
-- ones (geo_*, name_key, open_*, the search index), so a reviewer's form goes stale only when
-- the listing itself changed. The queue's form sends the version it was loaded with; a
-- decision on another version writes nothing (409).
ALTER TABLE restaurants ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

CREATE TRIGGER restaurants_version
AFTER UPDATE OF name, cuisine_type, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, address, city,
  state, zip_code, phone_number, email_address, website_url, menu_url, hours_of_operation,
  description, latitude, longitude, created_at, gluten_free_only, dairy_free_only,
  vegetarian_only, vegan_only, gf_dedicated_fryer, gf_separate_prep, gf_trained_staff,
  verified_at, closed_at, verified_how
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
BEGIN
  UPDATE restaurants SET version = version + 1 WHERE id = new.id;
END;

-- Nothing overwritten is lost: every column a decision of the review queue changes, with its
-- value before and after (as text: 'true'/'false' for flags, YYYY-MM-DD for days, null for
-- none), who changed it and when. Shown on /review/restaurant/{id}.
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

-- A restaurant's history, newest first, a page at a time.
CREATE INDEX listing_changes_restaurant_idx ON listing_changes (restaurant_id, id);

-- One URL rule (app/lib/submissions/text.ts, isHttpUrl): the literal http:// or https:// (any
-- case), then a host: the next character is none of / \ ? # @ : and no character is a space
-- or a control character. The URL parser alone accepts `https:example.com`; this refuses it,
-- and the app refuses everything this refuses before it writes. The column CHECKs of
-- 0001_schema.sql stay (SQLite cannot change a column's CHECK without rebuilding the table):
-- these triggers hold the stricter rule. Links written before it that break it are moved into
-- listing_changes and cleared, so that every later write of the row passes.
INSERT INTO listing_changes (restaurant_id, column_name, old_value, new_value, changed_by)
SELECT id, 'website_url', website_url, NULL, 'migration 0009_review_loop' FROM restaurants
WHERE NOT (website_url IS NULL OR (
    ((lower(substr(website_url, 1, 7)) = 'http://' AND substr(website_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(website_url, 1, 8)) = 'https://' AND substr(website_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND website_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')));
INSERT INTO listing_changes (restaurant_id, column_name, old_value, new_value, changed_by)
SELECT id, 'menu_url', menu_url, NULL, 'migration 0009_review_loop' FROM restaurants
WHERE NOT (menu_url IS NULL OR (
    ((lower(substr(menu_url, 1, 7)) = 'http://' AND substr(menu_url, 8, 1) NOT IN ('', '/', '\', '?', '#', '@', ':'))
      OR (lower(substr(menu_url, 1, 8)) = 'https://' AND substr(menu_url, 9, 1) NOT IN ('', '/', '\', '?', '#', '@', ':')))
    AND menu_url NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 127) || ']*')));
UPDATE restaurants SET website_url = NULL WHERE id IN (
  SELECT restaurant_id FROM listing_changes WHERE changed_by = 'migration 0009_review_loop' AND column_name = 'website_url');
UPDATE restaurants SET menu_url = NULL WHERE id IN (
  SELECT restaurant_id FROM listing_changes WHERE changed_by = 'migration 0009_review_loop' AND column_name = 'menu_url');

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

-- The review queue, safety first: reports that the dietary information is wrong or that the
-- place closed, and diners' confirmations that report a reaction or that they could not
-- order (kind 'confirmation', the contract's section 10), before the rest; then oldest
-- first. `urgent` is that rule, kept by the database; the queue reads a page through the
-- first two indexes and counts the pending by kind and reason through the third.
ALTER TABLE submissions ADD COLUMN urgent INTEGER GENERATED ALWAYS AS (
  CASE
    WHEN kind = 'report' AND reason IN ('diet', 'closed') THEN 1
    WHEN kind = 'confirmation' AND json_extract(payload, '$.outcome') IN ('reacted', 'could-not-order') THEN 1
    ELSE 0
  END
) VIRTUAL;

DROP INDEX submissions_pending_idx;
CREATE INDEX submissions_queue_idx ON submissions (urgent DESC, created_at, id) WHERE status = 'pending';
CREATE INDEX submissions_queue_kind_idx ON submissions (kind, urgent DESC, created_at, id) WHERE status = 'pending';
CREATE INDEX submissions_pending_count_idx ON submissions (kind, reason) WHERE status = 'pending';

-- A decision is one batch (app/lib/directory/d1/submissions.server.ts), and a batch cannot
-- branch: its first statement states what must still hold, as rows inserted here:
-- ('pending', 1) the submission is still pending, ('current', 1) the listing is still at the
-- version the reviewer's form was loaded with. A 0 aborts the batch with the named reason, so
-- nothing of the decision is written. Nothing is ever stored: the view is always empty.
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
