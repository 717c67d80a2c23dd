// Scheduled: derive the open intervals of rows other clients wrote (open_pending), so that
// `open=now` finds them within one tick (5 minutes). Bounded per tick: at most 2,000 rows, in
// batches of 100, and no new batch once the tick's time budget is spent (./batched.server.ts).
// On Supabase, without the service role's key, rows of other clients wait.
// docs/decisions/0016-opening-hours.md.
import { deriveOpenHoursD1 } from "../directory/d1/open-hours.server";
import { deriveOpenHoursPostgres } from "../directory/supabase/open-hours.server";
import { batchJob } from "./batched.server";

const openHours = batchJob({
  name: "open-hours",
  batchSize: 100,
  maxRows: 2000,
  d1: (db, limit) => deriveOpenHoursD1(db, { limit }),
  postgres: deriveOpenHoursPostgres,
  withoutKey: "open-hours: SUPABASE_REVIEW_KEY is not set; open=now leaves out rows written by other clients",
});

export const runOpenHoursD1 = openHours.runD1;
export const openHoursJob = openHours.job;
