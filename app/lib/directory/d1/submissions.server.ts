// The D1 adapter of the submissions port. Each write is one statement or one batch (a D1
// batch is a transaction), so a check and the write it guards cannot be interleaved with
// another request's, and a fault leaves nothing half-written. A decision's batch states
// first what must still hold (the view review_checks of migrations/0009_review_loop.sql
// aborts it otherwise).
import { QUERY_TIMEOUT_MS, deriveOpenHoursAfterWrite, withDeadline } from "../port";
import { deriveOpenHoursD1 } from "./open-hours.server";
import { CONFIRM_AGAIN_AFTER_DAYS } from "../../trust/confirmations";
import { publishStatements } from "./confirmations";
import {
  listingChangeSchema,
  listingSchema,
  pendingCountSchema,
  pendingSubmissionSchema,
  storedSubmissionSchema,
} from "../submission-rows";
import {
  HISTORY_PAGE_SIZE,
  QUEUE_PAGE_SIZE,
  SUBMISSIONS_PER_CLIENT,
  SUBMISSION_WINDOW_SECONDS,
  WRITABLE_COLUMNS,
  type DecideOutcome,
  type RestaurantColumns,
  type ReviewStore,
  type SubmissionStore,
  type WritableColumn,
} from "../submission-store";

type Options = { timeoutMs?: number };

const WINDOW_START = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${SUBMISSION_WINDOW_SECONDS} seconds')`;
/** One confirmation per client and restaurant in this window (app/lib/trust/confirmations.ts). */
const REPEAT_WINDOW_START = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${CONFIRM_AGAIN_AFTER_DAYS} days')`;

/** D1 keeps booleans as 0/1. */
const toSql = (value: string | boolean | null | undefined) =>
  typeof value === "boolean" ? (value ? 1 : 0) : (value ?? null);

/** The columns of a write, in WRITABLE_COLUMNS order (names from that list only, never from input). */
function columnsOf(columns: RestaurantColumns): WritableColumn[] {
  return WRITABLE_COLUMNS.filter((column) => Object.hasOwn(columns, column));
}

export function createD1Submissions(db: D1Database, { timeoutMs = QUERY_TIMEOUT_MS }: Options = {}): SubmissionStore {
  return {
    async add(submission, { dedupKey, clientKey, repeatKey }) {
      const restaurantId = submission.kind === "restaurant" ? null : submission.restaurantId;
      const reason = submission.kind === "report" ? submission.reason : null;
      const repeat = submission.kind === "confirmation" ? (repeatKey ?? clientKey) : null;
      // One statement: stored only when the same submission is not there from the last
      // minute, the client has fewer than the limit in it, and (a confirmation) the client has
      // not confirmed this restaurant within the repeat window. The counts after it tell a
      // duplicate (answered as a success) from a refusal, and which refusal.
      const [insert, check] = await withDeadline("store submission", timeoutMs, () =>
        db.batch([
          db
            .prepare(
              `INSERT INTO submissions (kind, restaurant_id, reason, payload, dedup_key, client_key, repeat_key)
               SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8
               WHERE NOT EXISTS (SELECT 1 FROM submissions WHERE dedup_key = ?5 AND created_at > ${WINDOW_START})
                 AND (SELECT count(*) FROM submissions WHERE client_key = ?6 AND created_at > ${WINDOW_START}) < ?7
                 AND NOT EXISTS (SELECT 1 FROM submissions WHERE ?8 IS NOT NULL AND repeat_key = ?8 AND created_at > ${REPEAT_WINDOW_START})`,
            )
            .bind(
              submission.kind,
              restaurantId,
              reason,
              JSON.stringify(submission.payload),
              dedupKey,
              clientKey,
              SUBMISSIONS_PER_CLIENT,
              repeat,
            ),
          db
            .prepare(
              `SELECT (SELECT count(*) FROM submissions WHERE dedup_key = ?1 AND created_at > ${WINDOW_START}) AS duplicates,
                      (SELECT count(*) FROM submissions WHERE client_key = ?2 AND created_at > ${WINDOW_START}) AS recent`,
            )
            .bind(dedupKey, clientKey),
        ]),
      );
      if ((insert?.meta.changes ?? 0) === 1) return "stored";
      const counts = (check?.results[0] ?? {}) as { duplicates?: number; recent?: number };
      if (Number(counts.duplicates ?? 0) > 0) return "duplicate";
      return repeat !== null && Number(counts.recent ?? 0) < SUBMISSIONS_PER_CLIENT ? "repeated" : "limited";
    },

    async reportTarget(restaurantId) {
      const row = await withDeadline("report target", timeoutMs, () =>
        db.prepare("SELECT id, name, closed_at FROM restaurants WHERE id = ?").bind(restaurantId).first(),
      );
      if (!row) return null;
      const { id, name, closed_at } = row as { id: number; name: string; closed_at: string | null };
      return { id, name, closedAt: closed_at ?? null };
    },
  };
}

const SUBMISSION_COLUMNS =
  "s.id, s.kind, s.restaurant_id, s.reason, s.payload, s.status, s.created_at, s.reviewed_at, s.reviewed_by";
const LISTING_COLUMNS_SQL = ["id", "version", ...WRITABLE_COLUMNS].join(", ");

/** The column a refused write names (a trigger's or constraint's message), or null. */
function refusedColumn(message: string): WritableColumn | null {
  const named = WRITABLE_COLUMNS.filter((column) => message.includes(column));
  // The longest name that occurs ('closed_at' is not read inside 'verified_at' and the like).
  return named.sort((a, b) => b.length - a.length)[0] ?? null;
}

const REFUSALS = /SQLITE_CONSTRAINT|CHECK constraint failed|NOT NULL constraint failed|_rule:/;

export function createD1Review(db: D1Database, { timeoutMs = QUERY_TIMEOUT_MS }: Options = {}): ReviewStore {
  return {
    async listPending({ kind, offset, limit }) {
      const listing = ["id", "version", ...WRITABLE_COLUMNS].map((c) => `'${c}', r.${c}`).join(", ");
      const where = kind ? "s.status = 'pending' AND s.kind = ?1" : "s.status = 'pending' AND ?1 IS NULL";
      const { results } = await withDeadline("list pending submissions", timeoutMs, () =>
        db
          .prepare(
            `SELECT ${SUBMISSION_COLUMNS}, s.urgent,
                    CASE WHEN r.id IS NULL THEN NULL ELSE json_object(${listing}) END AS restaurant
               FROM (SELECT id FROM submissions AS s WHERE ${where}
                      ORDER BY s.urgent DESC, s.created_at, s.id LIMIT ?2 OFFSET ?3) AS page
               JOIN submissions AS s ON s.id = page.id
               LEFT JOIN restaurants AS r ON r.id = s.restaurant_id
              ORDER BY s.urgent DESC, s.created_at, s.id`,
          )
          .bind(kind, Math.min(Math.max(limit, 1), QUEUE_PAGE_SIZE), Math.max(offset, 0))
          .all(),
      );
      return results.map((row) => pendingSubmissionSchema.parse(row));
    },

    async countPending() {
      const { results } = await withDeadline("count pending submissions", timeoutMs, () =>
        db
          .prepare(
            `SELECT kind, reason, count(*) AS pending FROM submissions WHERE status = 'pending'
              GROUP BY kind, reason ORDER BY kind, reason`,
          )
          .all(),
      );
      return results.map((row) => pendingCountSchema.parse(row));
    },

    async getSubmission(id) {
      const row = await withDeadline("get submission", timeoutMs, () =>
        db.prepare(`SELECT ${SUBMISSION_COLUMNS} FROM submissions AS s WHERE s.id = ?`).bind(id).first(),
      );
      return row ? storedSubmissionSchema.parse(row) : null;
    },

    async getListing(restaurantId) {
      const row = await withDeadline("get listing", timeoutMs, () =>
        db.prepare(`SELECT ${LISTING_COLUMNS_SQL} FROM restaurants WHERE id = ?`).bind(restaurantId).first(),
      );
      return row ? listingSchema.parse(row) : null;
    },

    async listChanges(restaurantId, offset, limit) {
      const { results } = await withDeadline("list listing changes", timeoutMs, () =>
        db
          .prepare(
            `SELECT id, submission_id, column_name, old_value, new_value, changed_by, changed_at
               FROM listing_changes WHERE restaurant_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
          )
          .bind(restaurantId, Math.min(Math.max(limit, 1), HISTORY_PAGE_SIZE), Math.max(offset, 0))
          .all(),
      );
      return results.map((row) => listingChangeSchema.parse(row));
    },

    async getSubmissions(ids) {
      const { results } = await withDeadline("get submissions", timeoutMs, () =>
        db
          .prepare(
            `SELECT ${SUBMISSION_COLUMNS} FROM submissions AS s
              WHERE s.id IN (SELECT value FROM json_each(?)) ORDER BY s.id LIMIT ${QUEUE_PAGE_SIZE}`,
          )
          .bind(JSON.stringify(ids.slice(0, QUEUE_PAGE_SIZE)))
          .all(),
      );
      return results.map((row) => storedSubmissionSchema.parse(row));
    },

    async publishConfirmations(items, reviewer, reviewedAt) {
      if (items.length === 0) return [];
      const statements = publishStatements(items, reviewer, reviewedAt).map(({ sql, params }) =>
        db.prepare(sql).bind(...params),
      );
      const results = await withDeadline("publish confirmations", timeoutMs, () => db.batch(statements));
      // Each item's last statement is the submission's update, RETURNING its id when it was pending.
      return results.flatMap((result) => (result.results ?? []).map((row) => Number((row as { id: number }).id)));
    },

    async decide({ id, status, reviewer, reviewedAt, write }) {
      // First what must still hold: the submission is pending and, for an update, the listing
      // is at the version its columns were compared with (else the batch aborts: nothing written).
      const statements: D1PreparedStatement[] = [
        write.action === "update"
          ? db
              .prepare(
                `INSERT INTO review_checks (name, ok) VALUES
                   ('pending', (SELECT count(*) FROM submissions WHERE id = ?1 AND status = 'pending')),
                   ('current', (SELECT count(*) FROM restaurants WHERE id = ?2 AND version = ?3))`,
              )
              .bind(id, write.restaurantId, write.version)
          : db
              .prepare(
                `INSERT INTO review_checks (name, ok)
                 VALUES ('pending', (SELECT count(*) FROM submissions WHERE id = ?1 AND status = 'pending'))`,
              )
              .bind(id),
      ];
      if (write.action !== "none") {
        const columns = columnsOf(write.columns);
        const values = columns.map((c) => toSql(write.columns[c]));
        // The restaurant the changes are recorded for: the one updated, or the row just
        // inserted (the largest id: nothing else writes restaurants inside this batch).
        const restaurant = write.action === "update" ? "?1" : "(SELECT max(id) FROM restaurants)";
        const record = db
          .prepare(
            `INSERT INTO listing_changes (restaurant_id, submission_id, column_name, old_value, new_value, changed_by, changed_at)
             SELECT ${restaurant}, ?2, json_extract(c.value, '$.column'), json_extract(c.value, '$.old'),
                    json_extract(c.value, '$.new'), ?3, ?4
               FROM json_each(?5) AS c`,
          )
          .bind(
            write.action === "update" ? write.restaurantId : null,
            id,
            reviewer,
            reviewedAt,
            JSON.stringify(write.changes.map((c) => ({ column: c.column, old: c.oldValue, new: c.newValue }))),
          );
        if (write.action === "insert") {
          statements.push(
            db
              .prepare(`INSERT INTO restaurants (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
              .bind(...values),
            record,
          );
        } else if (columns.length > 0) {
          statements.push(
            record,
            db
              .prepare(`UPDATE restaurants SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`)
              .bind(...values, write.restaurantId),
          );
        }
        // A new cuisine joins the cuisine buttons.
        const cuisine = write.columns.cuisine_type;
        if (cuisine) {
          statements.push(
            db
              .prepare(
                "INSERT INTO cuisine_types (name) SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM cuisine_types WHERE name = ?1)",
              )
              .bind(cuisine),
          );
        }
      }
      statements.push(
        db
          .prepare(
            "UPDATE submissions SET status = ?, reviewed_at = ?, reviewed_by = ? WHERE id = ? AND status = 'pending'",
          )
          .bind(status, reviewedAt, reviewer, id),
      );
      const outcome = await withDeadline("decide submission", timeoutMs, async (): Promise<DecideOutcome> => {
        try {
          await db.batch(statements);
          return { outcome: "decided" };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (message.includes("review_conflict")) return { outcome: "conflict" };
          if (message.includes("review_stale")) return { outcome: "stale" };
          if (REFUSALS.test(message)) return { outcome: "refused", column: refusedColumn(message) };
          throw error;
        }
      });
      if (outcome.outcome === "decided" && write.action !== "none") {
        await deriveOpenHoursAfterWrite(() => deriveOpenHoursD1(db, {}));
      }
      return outcome;
    },

    async purgeContacts(decidedBefore, clientKeysBefore, limit) {
      const [contacts, clients] = await withDeadline("purge submitter contacts", timeoutMs, () =>
        db.batch([
          db
            .prepare(
              `UPDATE submissions SET payload = json_remove(payload, '$.submitter_email', '$.submitter_phone')
                WHERE id IN (SELECT id FROM submissions
                              WHERE reviewed_at IS NOT NULL AND reviewed_at < ?1
                                AND (json_extract(payload, '$.submitter_email') IS NOT NULL OR json_extract(payload, '$.submitter_phone') IS NOT NULL)
                              ORDER BY reviewed_at LIMIT ?2)`,
            )
            .bind(decidedBefore, limit),
          db
            .prepare(
              `UPDATE submissions SET client_key = NULL
                WHERE id IN (SELECT id FROM submissions WHERE client_key IS NOT NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2)`,
            )
            .bind(clientKeysBefore, limit),
        ]),
      );
      return (contacts?.meta.changes ?? 0) + (clients?.meta.changes ?? 0);
    },

    async purgeRepeatKeys(before, limit) {
      const result = await withDeadline("purge repeat keys", timeoutMs, () =>
        db
          .prepare(
            `UPDATE submissions SET repeat_key = NULL
              WHERE id IN (SELECT id FROM submissions WHERE repeat_key IS NOT NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2)`,
          )
          .bind(before, limit)
          .run(),
      );
      return result.meta.changes ?? 0;
    },
  };
}
