// Scheduled: derive the open intervals of rows other clients wrote (open_pending), so that
// `open=now` finds them within one tick (5 minutes). Bounded per tick: at most MAX_ROWS rows,
// in batches, and no new batch after TIME_BUDGET_MS. docs/decisions/0016-opening-hours.md.
import { createClient } from "@supabase/supabase-js";
import { getConfig } from "../web/config.server";
import { deriveOpenHoursD1 } from "../directory/d1/open-hours.server";
import { deriveOpenHoursPostgres, type RpcCall } from "../directory/supabase/open-hours.server";
import type { ScheduledJob } from "./scheduled.server";

const BATCH = 100;
const MAX_ROWS = 2000;
const TIME_BUDGET_MS = 10_000;

/** Runs `batch` (rows written per call, at most `limit`) until the queue is empty or the tick's budget is spent. */
async function drain(batch: (limit: number) => Promise<number>, maxRows: number): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (total < maxRows && Date.now() - started < TIME_BUDGET_MS) {
    const limit = Math.min(BATCH, maxRows - total);
    const written = await batch(limit);
    total += written;
    // Fewer than asked for: the queue is empty (or rows changed under us: next tick).
    if (written < limit) break;
  }
  return total;
}

export function runOpenHoursD1(db: D1Database, { maxRows = MAX_ROWS } = {}): Promise<number> {
  return drain((limit) => deriveOpenHoursD1(db, { limit }), maxRows);
}

function runOpenHoursPostgres(rpc: RpcCall, { maxRows = MAX_ROWS } = {}): Promise<number> {
  return drain((limit) => deriveOpenHoursPostgres(rpc, limit), maxRows);
}

/**
 * Derives up to `maxRows` pending rows of the configured backend. On Supabase the queue's two
 * functions belong to the service role: the secret key the review queue uses
 * (docs/configuration.md); without it, rows of other clients wait.
 */
async function runOpenHours(env: Env, maxRows: number): Promise<number> {
  const { backend, supabaseReviewKey } = getConfig(env);
  if (backend.kind === "d1") return runOpenHoursD1(backend.db, { maxRows });
  if (backend.kind !== "supabase") return 0;
  if (!supabaseReviewKey) {
    console.warn("open-hours: SUPABASE_REVIEW_KEY is not set; open=now leaves out rows written by other clients");
    return 0;
  }
  const client = createClient(backend.url, supabaseReviewKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return runOpenHoursPostgres(
    async (name, args) => {
      const { data, error } = await client.rpc(name, args);
      if (error) throw new Error(`${name}: ${error.message}`);
      return data;
    },
    { maxRows },
  );
}

export const openHoursJob: ScheduledJob = {
  name: "open-hours",
  async run(env) {
    await runOpenHours(env, MAX_ROWS);
  },
};
