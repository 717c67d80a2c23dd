// Scheduled: as the months move on, a visit leaves "the last 12 months" that the cards and
// `confirmed=1` read (docs/decisions/0022-confirmations-from-diners.md). The database derives each restaurant's
// confirmation columns when a confirmation is published, and keeps, per restaurant, the month
// from which they are stale (the oldest visit counted, plus 13 months). Each tick asks the
// index for rows that have reached it (one index probe; on most days there are none: a row goes
// stale only when a month begins) and derives them again, bounded like the other jobs
// (./batched.server.ts). docs/decisions/0022-confirmations-from-diners.md.
import { refreshConfirmationWindowD1 } from "../directory/d1/confirmation-window.server";
import { refreshConfirmationWindowPostgres } from "../directory/supabase/confirmation-window.server";
import { batchJob } from "./batched.server";

const confirmationWindow = batchJob({
  name: "confirmation-window",
  batchSize: 500,
  maxRows: 5000,
  d1: refreshConfirmationWindowD1,
  postgres: refreshConfirmationWindowPostgres,
  withoutKey: "confirmation-window: SUPABASE_REVIEW_KEY is not set; cards and confirmed=1 keep visits past 12 months",
});

export const runConfirmationWindowD1 = confirmationWindow.runD1;
export const runConfirmationWindowPostgres = confirmationWindow.runPostgres;
export const confirmationWindowJob = confirmationWindow.job;
