// Personal data leaves the submissions (docs/schema.md, the privacy policy): the
// submitter's email and phone 90 days after the decision, the hash of the client's
// address (kept for the per-client limit) after a day, and the hash of the client's address
// with a restaurant (kept for one confirmation per restaurant in 30 days) after 30 days. Bounded per tick; a backlog clears
// over the following ticks.
import { reviewOf } from "../directory/stores.server";
import type { ScheduledJob } from "./job";
import { CONFIRM_AGAIN_AFTER_DAYS } from "../trust/confirmations";

const CONTACT_RETENTION_DAYS = 90;
const CLIENT_KEY_RETENTION_HOURS = 24;
/** Rows changed per tick at most (for each of the two erasures). */
const PURGE_BATCH = 500;

const DAY_MS = 86_400_000;

export const contactPurgeJob: ScheduledJob = {
  name: "purge submitter contacts",
  async run(env, now) {
    const review = reviewOf(env);
    if (!review.store) {
      console.error(`[purge] ${review.reason}`);
      return;
    }
    const decidedBefore = new Date(now.getTime() - CONTACT_RETENTION_DAYS * DAY_MS).toISOString();
    const clientKeysBefore = new Date(now.getTime() - (CLIENT_KEY_RETENTION_HOURS * DAY_MS) / 24).toISOString();
    await review.store.purgeContacts(decidedBefore, clientKeysBefore, PURGE_BATCH);
    const repeatKeysBefore = new Date(now.getTime() - CONFIRM_AGAIN_AFTER_DAYS * DAY_MS).toISOString();
    await review.store.purgeRepeatKeys(repeatKeysBefore, PURGE_BATCH);
  },
};
