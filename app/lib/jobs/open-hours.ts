// Scheduled: derive the open intervals of rows other clients wrote (open_pending), so that
// `open=now` finds them within one tick (5 minutes). Bounded per tick: at most MAX_ROWS rows,
// in batches, and no new batch after TIME_BUDGET_MS. docs/decisions/0016-opening-hours.md.
import { getConfig } from "../config.server";
import { deriveOpenHoursD1 } from "../open-hours.server";
import type { ScheduledJob } from "../scheduled.server";

export const BATCH = 100;
export const MAX_ROWS = 2000;
const TIME_BUDGET_MS = 10_000;

export async function runOpenHoursD1(db: D1Database, { maxRows = MAX_ROWS } = {}): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (total < maxRows && Date.now() - started < TIME_BUDGET_MS) {
    const limit = Math.min(BATCH, maxRows - total);
    const written = await deriveOpenHoursD1(db, { limit });
    total += written;
    // Fewer than asked for: the queue is empty (or every row changed under us; next tick).
    if (written < limit) break;
  }
  return total;
}

export const openHoursJob: ScheduledJob = {
  name: "open-hours",
  async run(env) {
    const { backend } = getConfig(env);
    if (backend.kind === "d1") await runOpenHoursD1(backend.db);
  },
};
