// What the scheduled jobs that work through a backlog in batches share (open-hours,
// confirmation-window): the loop that runs batches until the backlog is empty, the job's row
// cap is reached or the tick's time budget is spent, and the choice of backend. On Supabase
// their functions belong to the service role, whose secret key is the review queue's
// (docs/configuration.md); without it the job logs what is left undone and writes nothing.
import { createClient } from "@supabase/supabase-js";
import { getConfig } from "../web/config.server";
import type { RpcCall } from "../directory/supabase/open-hours.server";
import type { ScheduledJob } from "./job";

const TIME_BUDGET_MS = 10_000;

type BatchJobSpec = {
  name: string;
  /** Rows asked for per batch. */
  batchSize: number;
  /** Rows written per tick at most. */
  maxRows: number;
  /** One batch of at most `limit` rows on each backend; each returns the rows it wrote. */
  d1: (db: D1Database, limit: number) => Promise<number>;
  postgres: (rpc: RpcCall, limit: number) => Promise<number>;
  /** Logged on Supabase without the service role's key: what is left undone. */
  withoutKey: string;
};

/** One tick's work on a backend; tests may lower or raise the job's row cap. */
type Drain<Backend> = (backend: Backend, options?: { maxRows?: number }) => Promise<number>;

/** Runs `batch` until one comes back short, `maxRows` are written or the tick's budget is spent. */
async function drain(batch: (limit: number) => Promise<number>, batchSize: number, maxRows: number): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (total < maxRows && Date.now() - started < TIME_BUDGET_MS) {
    const limit = Math.min(batchSize, maxRows - total);
    const written = await batch(limit);
    total += written;
    // Fewer than asked for: the backlog is empty (or rows changed under us: next tick).
    if (written < limit) break;
  }
  return total;
}

/** The job's tick on each backend, and the scheduled job that runs it on the configured one. */
export function batchJob(spec: BatchJobSpec): {
  runD1: Drain<D1Database>;
  runPostgres: Drain<RpcCall>;
  job: ScheduledJob;
} {
  const drained =
    <Backend>(batch: (backend: Backend, limit: number) => Promise<number>): Drain<Backend> =>
    (backend, { maxRows = spec.maxRows } = {}) =>
      drain((limit) => batch(backend, limit), spec.batchSize, maxRows);
  const runD1 = drained(spec.d1);
  const runPostgres = drained(spec.postgres);

  async function run(env: Env): Promise<void> {
    const { backend, supabaseReviewKey } = getConfig(env);
    if (backend.kind === "d1") {
      await runD1(backend.db);
      return;
    }
    if (backend.kind !== "supabase") return;
    if (!supabaseReviewKey) {
      console.warn(spec.withoutKey);
      return;
    }
    const client = createClient(backend.url, supabaseReviewKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    await runPostgres(async (name, args) => {
      const { data, error } = await client.rpc(name, args);
      if (error) throw new Error(`${name}: ${error.message}`);
      return data;
    });
  }

  return { runD1, runPostgres, job: { name: spec.name, run } };
}
