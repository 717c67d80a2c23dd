-- Confirmations from diners (CONTRACTS.md section 10, docs/decisions/0022-confirmations-from-diners.md,
-- docs/schema.md): a diner's short structured account of a meal, kept as a submission of kind
-- 'confirmation' until the team approves it, then published in `confirmations`. Confirmations
-- never touch a listing's columns or verified_at: what they change is derived (below).
--
-- It builds on the review loop (0009_review_loop.sql): the queue (its `urgent` rule already
-- puts a confirmation of a reaction, or of a diner who could not order, first), the listing's
-- version and listing_changes are that migration's.
--
-- 1. submissions: kind 'confirmation' (a restaurant, no reason), and repeat_key, a hash of the
--    client's network and the restaurant (app/lib/submissions/submit.server.ts): one
--    confirmation per client and restaurant in 30 days, checked by the insert statement of
--    the D1 adapter (app/lib/directory/d1/submissions.server.ts), the review loop's way in on
--    D1. SQLite cannot change a CHECK, so the table is rebuilt with the same columns, checks
--    and indexes as 0005_submissions.sql and 0009_review_loop.sql left them (the generated
--    column `urgent` and the queue's indexes included). A migration numbered before this one
--    that adds a column or an index to submissions must be carried into the rebuild.
--
--    listing_changes (0009) references submissions: dropping the old table sets its
--    submission_id to null (ON DELETE SET NULL, foreign keys being on in D1), so the links
--    are kept aside first and put back once the new table holds the same ids.
CREATE TABLE listing_changes_links_0010 (id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL);
INSERT INTO listing_changes_links_0010 (id, submission_id)
SELECT id, submission_id FROM listing_changes WHERE submission_id IS NOT NULL;

CREATE TABLE submissions_next (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('restaurant', 'report', 'confirmation')),
  restaurant_id INTEGER REFERENCES restaurants(id) ON DELETE CASCADE,
  reason TEXT CHECK (reason IS NULL OR reason IN ('closed', 'hours', 'diet', 'contact', 'confirm', 'other')),
  payload TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  reviewed_at TEXT,
  reviewed_by TEXT,
  dedup_key TEXT,
  client_key TEXT,
  -- The queue's safety-first rule, as 0009_review_loop.sql defines it.
  urgent INTEGER GENERATED ALWAYS AS (
    CASE
      WHEN kind = 'report' AND reason IN ('diet', 'closed') THEN 1
      WHEN kind = 'confirmation' AND json_extract(payload, '$.outcome') IN ('reacted', 'could-not-order') THEN 1
      ELSE 0
    END
  ) VIRTUAL,
  repeat_key TEXT,
  -- A suggestion names no restaurant and no reason; a report names both; a confirmation a
  -- restaurant only.
  CHECK ((kind = 'restaurant' AND restaurant_id IS NULL AND reason IS NULL)
      OR (kind = 'report' AND restaurant_id IS NOT NULL AND reason IS NOT NULL)
      OR (kind = 'confirmation' AND restaurant_id IS NOT NULL AND reason IS NULL)),
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);

INSERT INTO submissions_next (id, kind, restaurant_id, reason, payload, status, created_at, reviewed_at, reviewed_by,
  dedup_key, client_key)
SELECT id, kind, restaurant_id, reason, payload, status, created_at, reviewed_at, reviewed_by, dedup_key, client_key
FROM submissions;

DROP TABLE submissions;
ALTER TABLE submissions_next RENAME TO submissions;

UPDATE listing_changes
SET submission_id = (SELECT l.submission_id FROM listing_changes_links_0010 AS l WHERE l.id = listing_changes.id)
WHERE id IN (SELECT id FROM listing_changes_links_0010);
DROP TABLE listing_changes_links_0010;

CREATE INDEX submissions_dedup_idx ON submissions (dedup_key, created_at) WHERE dedup_key IS NOT NULL;
CREATE INDEX submissions_client_idx ON submissions (client_key, created_at) WHERE client_key IS NOT NULL;
CREATE INDEX submissions_contact_idx ON submissions (reviewed_at)
  WHERE reviewed_at IS NOT NULL
    AND (json_extract(payload, '$.submitter_email') IS NOT NULL OR json_extract(payload, '$.submitter_phone') IS NOT NULL);
CREATE INDEX submissions_client_age_idx ON submissions (created_at) WHERE client_key IS NOT NULL;
-- The queue (0009_review_loop.sql): a page, a page of one kind, the counts by kind and reason.
CREATE INDEX submissions_queue_idx ON submissions (urgent DESC, created_at, id) WHERE status = 'pending';
CREATE INDEX submissions_queue_kind_idx ON submissions (kind, urgent DESC, created_at, id) WHERE status = 'pending';
CREATE INDEX submissions_pending_count_idx ON submissions (kind, reason) WHERE status = 'pending';
-- The 30-day rule: a range of one key; and the purge job's erasure of keys past 30 days.
CREATE INDEX submissions_repeat_idx ON submissions (repeat_key, created_at) WHERE repeat_key IS NOT NULL;
CREATE INDEX submissions_repeat_age_idx ON submissions (created_at) WHERE repeat_key IS NOT NULL;

-- 2. The published confirmations: what the anon key may read (nothing of the submission's
--    contact fields). `seen` is a JSON array of the signs the diner saw; `visited` a month.
CREATE TABLE confirmations (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  submission_id INTEGER REFERENCES submissions(id) ON DELETE SET NULL,
  condition TEXT NOT NULL CHECK (condition IN ('celiac', 'gluten-sensitive', 'wheat-allergy', 'dairy-allergy',
    'lactose-intolerant', 'vegan', 'vegetarian')),
  visited TEXT NOT NULL CHECK (visited GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]' AND substr(visited, 6, 2) BETWEEN '01' AND '12'),
  outcome TEXT NOT NULL CHECK (outcome IN ('ate-safely', 'reacted', 'could-not-order')),
  staff TEXT CHECK (staff IS NULL OR staff IN ('knowledgeable', 'unsure', 'not-knowledgeable')),
  seen TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(seen) AND json_type(seen) = 'array'),
  ordered TEXT CHECK (ordered IS NULL OR length(ordered) <= 140),
  note TEXT CHECK (note IS NULL OR length(note) <= 1000),
  published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A restaurant's confirmations, newest visit first (its page), and a window of months (the
-- derived facts below).
CREATE INDEX confirmations_restaurant_idx ON confirmations (restaurant_id, visited, id);
-- A submission is published once.
CREATE UNIQUE INDEX confirmations_submission_idx ON confirmations (submission_id) WHERE submission_id IS NOT NULL;

-- 3. Derived per restaurant, for the cards and `confirmed=1` (never written by a client):
--    confirmation_tallies  JSON [[condition, outcome, count, latest month], ...] of the visits
--                          of the last 12 months (the card's one line); NULL: none
--    confirmation_tags     the search index's tags (app/lib/directory/d1/index-tokens.ts,
--                          CONFIRMED_BASE + mask): one per set of conditions (a mask of
--                          CONDITION_BITS, app/lib/trust/confirmations.ts) for which the last 12
--                          months hold an ate-safely visit and no reaction from such a diner
--    confirmation_stale_from the month in which the oldest visit counted leaves the 12 months:
--                          from then on the scheduled job (app/lib/jobs/confirmation-window.server.ts)
--                          derives the row again. NULL: nothing will change by time alone.
-- "The last 12 months" are the visits at most 12 months before the current month in UTC (in
-- November 2026, from November 2025), as SQLite's 'now' sees it when the row is derived.
-- These columns are not listing columns: the trigger restaurants_version (0009_review_loop.sql)
-- fires only on an update of the listing columns, so a write to them changes no version of the
-- listing, and a reviewer's form does not go stale because a confirmation was published.
ALTER TABLE restaurants ADD COLUMN confirmation_tallies TEXT;
ALTER TABLE restaurants ADD COLUMN confirmation_tags TEXT;
ALTER TABLE restaurants ADD COLUMN confirmation_stale_from TEXT;

-- The job's queue: rows with something to forget, by month.
CREATE INDEX restaurants_confirmation_stale_idx ON restaurants (confirmation_stale_from)
  WHERE confirmation_stale_from IS NOT NULL;

-- What the three columns should hold now, for a restaurant: one pass over its confirmations
-- of the last 12 months, grouped by condition and outcome, gives the tallies, the earliest
-- month counted, and the groups of conditions (as bits: celiac, gluten-sensitive and
-- wheat-allergy 1; dairy-allergy and lactose-intolerant 2; vegetarian 4; vegan 8) that ate
-- safely (safe) and that reacted (reacted). That pass is one JSON object handed to json_each,
-- so that it runs once per restaurant however often the columns below read it (a subquery in
-- a view is copied into every expression that names its column).
CREATE VIEW restaurant_confirmation_facts AS
SELECT
  f.id,
  f.tallies,
  nullif(trim(
    CASE WHEN (f.safe & 1) <> 0 AND (f.reacted & 1) = 0 THEN char(19968, 19968 + 150101 / 20992, 19968 + 150101 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 2) <> 0 AND (f.reacted & 2) = 0 THEN char(19968, 19968 + 150102 / 20992, 19968 + 150102 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 3) <> 0 AND (f.reacted & 3) = 0 THEN char(19968, 19968 + 150103 / 20992, 19968 + 150103 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 8) <> 0 AND (f.reacted & 8) = 0 THEN char(19968, 19968 + 150108 / 20992, 19968 + 150108 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 9) <> 0 AND (f.reacted & 9) = 0 THEN char(19968, 19968 + 150109 / 20992, 19968 + 150109 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 10) <> 0 AND (f.reacted & 10) = 0 THEN char(19968, 19968 + 150110 / 20992, 19968 + 150110 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 11) <> 0 AND (f.reacted & 11) = 0 THEN char(19968, 19968 + 150111 / 20992, 19968 + 150111 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 12) <> 0 AND (f.reacted & 12) = 0 THEN char(19968, 19968 + 150112 / 20992, 19968 + 150112 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 13) <> 0 AND (f.reacted & 13) = 0 THEN char(19968, 19968 + 150113 / 20992, 19968 + 150113 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 14) <> 0 AND (f.reacted & 14) = 0 THEN char(19968, 19968 + 150114 / 20992, 19968 + 150114 % 20992) || ' ' ELSE '' END
    || CASE WHEN (f.safe & 15) <> 0 AND (f.reacted & 15) = 0 THEN char(19968, 19968 + 150115 / 20992, 19968 + 150115 % 20992) ELSE '' END
  ), '') AS tags,
  CASE WHEN f.earliest IS NULL THEN NULL ELSE strftime('%Y-%m', f.earliest || '-01', '+13 months') END AS stale_from
FROM (
  SELECT
    r.id,
    json_extract(p.value, '$.tallies') AS tallies,
    coalesce(json_extract(p.value, '$.safe'), 0) AS safe,
    coalesce(json_extract(p.value, '$.reacted'), 0) AS reacted,
    json_extract(p.value, '$.earliest') AS earliest
  FROM restaurants AS r, json_each(json_array((
    SELECT json_object(
        'tallies', json_group_array(json_array(t.condition, t.outcome, t.n, t.latest)),
        'safe', max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 1)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 2)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 4)
          | max(CASE WHEN t.outcome = 'ate-safely' THEN t.bit ELSE 0 END & 8),
        'reacted', max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 1)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 2)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 4)
          | max(CASE WHEN t.outcome = 'reacted' THEN t.bit ELSE 0 END & 8),
        'earliest', min(t.earliest))
      FROM (
        SELECT
          c.condition,
          c.outcome,
          count(*) AS n,
          max(c.visited) AS latest,
          min(c.visited) AS earliest,
          CASE
            WHEN c.condition IN ('celiac', 'gluten-sensitive', 'wheat-allergy') THEN 1
            WHEN c.condition IN ('dairy-allergy', 'lactose-intolerant') THEN 2
            WHEN c.condition = 'vegetarian' THEN 4
            WHEN c.condition = 'vegan' THEN 8
            ELSE 0
          END AS bit
        FROM confirmations AS c
        WHERE c.restaurant_id = r.id AND c.visited >= strftime('%Y-%m', 'now', 'start of month', '-12 months')
        GROUP BY c.condition, c.outcome
        ORDER BY c.condition, c.outcome
      ) AS t
      HAVING count(*) > 0))) AS p
) AS f;

-- A confirmation published, changed or removed: its restaurant is derived again at once.
CREATE TRIGGER confirmations_derive_insert AFTER INSERT ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts WHERE id = new.restaurant_id)
  WHERE id = new.restaurant_id;
END;

CREATE TRIGGER confirmations_derive_update AFTER UPDATE OF restaurant_id, condition, visited, outcome ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts AS f WHERE f.id = restaurants.id)
  WHERE id IN (old.restaurant_id, new.restaurant_id);
END;

CREATE TRIGGER confirmations_derive_delete AFTER DELETE ON confirmations BEGIN
  UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
    (SELECT tallies, tags, stale_from FROM restaurant_confirmation_facts WHERE id = old.restaurant_id)
  WHERE id = old.restaurant_id;
END;

-- 4. The search index: the confirmation tags join the exact tags in the diets column. The
--    view is migrations/0006_opening_hours.sql's, with the last line of `diets` added.
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

-- New or cleared tags: the row is indexed again (as restaurants_search_reindex does).
CREATE TRIGGER restaurants_confirmation_reindex AFTER UPDATE OF confirmation_tags ON restaurants
WHEN new.confirmation_tags IS NOT old.confirmation_tags BEGIN
  DELETE FROM restaurant_search WHERE rowid IN (old.name_key, (SELECT name_key FROM restaurants WHERE id = new.id));
  INSERT INTO restaurant_search (rowid, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4)
  SELECT name_key, name, cuisine_type, city, state, city3, state3, diets, zip, cuisine, g0, g1, g2, g3, g4
  FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = new.id);
END;
