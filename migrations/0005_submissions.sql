-- Suggestions and reports from visitors, kept until the team decides (docs/schema.md,
-- docs/decisions/0014-submissions-and-abuse-limits.md).
--
-- payload: every submitted field by its form name, as typed after trimming (JSON text).
-- Two columns of our own, beside the contract's, both filled by the app:
--   dedup_key   a hash of the kind, the restaurant, the reason and the payload: the same
--               submission again within a minute is not stored twice (a double click, a
--               resubmitted form).
--   client_key  a hash of the client's address (CF-Connecting-IP): at most 5 stored
--               submissions per client in 60 s. Erased by the purge job after a day.
-- The insert that checks both is one statement (app/lib/directory/d1-submissions.server.ts),
-- so two requests at once cannot both pass.

CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('restaurant', 'report')),
  restaurant_id INTEGER REFERENCES restaurants(id) ON DELETE CASCADE,
  reason TEXT CHECK (reason IS NULL OR reason IN ('closed', 'hours', 'diet', 'contact', 'confirm', 'other')),
  payload TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  reviewed_at TEXT,
  reviewed_by TEXT,
  dedup_key TEXT,
  client_key TEXT,
  -- A suggestion names no restaurant and no reason; a report names both.
  CHECK ((kind = 'restaurant' AND restaurant_id IS NULL AND reason IS NULL)
      OR (kind = 'report' AND restaurant_id IS NOT NULL AND reason IS NOT NULL)),
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);

-- The review queue: pending, oldest first.
CREATE INDEX submissions_pending_idx ON submissions (created_at, id) WHERE status = 'pending';
-- The two checks of the insert, each a range of one key over the last minute.
CREATE INDEX submissions_dedup_idx ON submissions (dedup_key, created_at) WHERE dedup_key IS NOT NULL;
CREATE INDEX submissions_client_idx ON submissions (client_key, created_at) WHERE client_key IS NOT NULL;
-- The purge job: decided submissions that still hold the submitter's email or phone.
CREATE INDEX submissions_contact_idx ON submissions (reviewed_at)
  WHERE reviewed_at IS NOT NULL
    AND (json_extract(payload, '$.submitter_email') IS NOT NULL OR json_extract(payload, '$.submitter_phone') IS NOT NULL);
-- The purge job's second part: client keys older than a day.
CREATE INDEX submissions_client_age_idx ON submissions (created_at) WHERE client_key IS NOT NULL;
