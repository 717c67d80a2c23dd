// Scheduled: as the months move on, a visit leaves "the last 12 months" that the cards and
// `confirmed=1` read (docs/decisions/0022-confirmations-from-diners.md). The database derives each restaurant's
// confirmation columns when a confirmation is published, and keeps, per restaurant, the month
// from which they are stale (the oldest visit counted, plus 13 months). Each tick asks the
// index for rows that have reached it (one index probe; on most days there are none: a row goes
// stale only when a month begins) and derives them again, bounded like the other jobs.
// docs/decisions/0022-confirmations-from-diners.md.
import { createClient } from "@supabase/supabase-js";
import { getConfig } from "../web/config.server";
import { refreshConfirmationWindowD1 } from "../directory/d1/confirmation-window.server";
import { refreshConfirmationWindowPostgres, type RpcCall } from "../directory/supabase/confirmation-window.server";
import type { ScheduledJob } from "./scheduled.server";

const BATCH = 500;
const MAX_ROWS = 5000;
const TIME_BUDGET_MS = 10_000;

/** Runs `batch` until a batch comes back short, MAX_ROWS are written or the tick's budget is spent. */
async function drain(batch: (limit: number) => Promise<number>, maxRows: number): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (total < maxRows && Date.now() - started < TIME_BUDGET_MS) {
    const limit = Math.min(BATCH, maxRows - total);
    const written = await batch(limit);
    total += written;
    if (written < limit) break;
  }
  return total;
}

export function runConfirmationWindowD1(db: D1Database, { maxRows = MAX_ROWS } = {}): Promise<number> {
  return drain((limit) => refreshConfirmationWindowD1(db, limit), maxRows);
}

export function runConfirmationWindowPostgres(rpc: RpcCall, { maxRows = MAX_ROWS } = {}): Promise<number> {
  return drain((limit) => refreshConfirmationWindowPostgres(rpc, limit), maxRows);
}

/** On Supabase the function belongs to the service role: the review queue's secret key. */
async function runConfirmationWindow(env: Env, maxRows: number): Promise<number> {
  const { backend, supabaseReviewKey } = getConfig(env);
  if (backend.kind === "d1") return runConfirmationWindowD1(backend.db, { maxRows });
  if (backend.kind !== "supabase") return 0;
  if (!supabaseReviewKey) {
    console.warn(
      "confirmation-window: SUPABASE_REVIEW_KEY is not set; cards and confirmed=1 keep visits past 12 months",
    );
    return 0;
  }
  const client = createClient(backend.url, supabaseReviewKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return runConfirmationWindowPostgres(
    async (name, args) => {
      const { data, error } = await client.rpc(name, args);
      if (error) throw new Error(`${name}: ${error.message}`);
      return data;
    },
    { maxRows },
  );
}

export const confirmationWindowJob: ScheduledJob = {
  name: "confirmation-window",
  async run(env) {
    await runConfirmationWindow(env, MAX_ROWS);
  },
};
