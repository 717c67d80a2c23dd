// Scheduled work (Cron Triggers, wrangler.toml `[triggers]`): every job runs on each tick, is
// bounded in the rows it touches, and fails on its own without stopping the others. Locally,
// `npm start` runs wrangler with `--test-scheduled`, so GET /__scheduled runs one tick.
// Each job lives in app/lib/jobs/ and is listed here.
import { openHoursJob } from "./open-hours.server";
import { searchIndexMergeJob } from "./search-index-merge.server";
import { contactPurgeJob } from "./contact-purge.server";
import { confirmationWindowJob } from "./confirmation-window.server";
import type { ScheduledJob } from "./job";

/** The jobs of a tick, in order. */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  openHoursJob,
  confirmationWindowJob,
  contactPurgeJob,
  searchIndexMergeJob,
];

/** Runs every job; a failing job is logged and the rest still run. */
export async function runScheduledJobs(env: Env, now: Date, jobs: ScheduledJob[] = SCHEDULED_JOBS): Promise<void> {
  for (const job of jobs) {
    try {
      await job.run(env, now);
    } catch (error) {
      console.error(`scheduled job ${job.name} failed:`, error instanceof Error ? error.message : error);
    }
  }
}
