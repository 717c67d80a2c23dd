// The Supabase adapter of the submissions port. The public key inserts submissions (a
// row-level-security policy for insert only, with the checks in a trigger of the unexposed
// schema `private`: supabase/migrations/20250101000010_review_loop.sql) and reads nothing of
// the table; the review store runs with the secret review key, through functions only
// service_role may execute (docs/decisions/0015-review-queue-behind-access.md).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { QUERY_TIMEOUT_MS, deriveOpenHoursAfterWrite, withDeadline } from "../port";
import { deriveOpenHoursPostgres } from "./open-hours.server";
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
  WRITABLE_COLUMNS,
  type DecideOutcome,
  type ReviewStore,
  type SubmissionStore,
} from "../submission-store";

type Options = { timeoutMs?: number; fetch?: typeof globalThis.fetch };

type PostgrestFailure = { message: string; code?: string };

function clientOf(url: string, key: string, fetch?: typeof globalThis.fetch): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetch ? { global: { fetch } } : {}),
  });
}

async function dataOf<T>(response: PromiseLike<{ data: T; error: PostgrestFailure | null }>): Promise<T> {
  const { data, error } = await response;
  if (error) throw new Error(`${error.message}${error.code ? ` [${error.code}]` : ""}`, { cause: error });
  return data;
}

/**
 * What the insert trigger raises for a client over the limit, and for a confirmation of a
 * restaurant this client confirmed within the last 30 days (with the detail 'repeated'):
 * PostgREST answers it as HTTP 429.
 */
const LIMITED = "PT429";

/** A client with `key`; `within`, work under the deadline; `call`, one request under the deadline, its error thrown. */
function connect(url: string, key: string, { timeoutMs = QUERY_TIMEOUT_MS, fetch }: Options) {
  const client = clientOf(url, key, fetch);
  const within = <T>(label: string, work: (signal: AbortSignal) => Promise<T>) => withDeadline(label, timeoutMs, work);
  const call = <T>(
    label: string,
    request: (signal: AbortSignal) => PromiseLike<{ data: T; error: PostgrestFailure | null }>,
  ) => within(label, (signal) => dataOf(request(signal)));
  return { client, within, call };
}

export function createSupabaseSubmissions(url: string, anonKey: string, options: Options = {}): SubmissionStore {
  const { client, within, call } = connect(url, anonKey, options);
  return {
    async add(submission, { dedupKey, clientKey, repeatKey }) {
      // A write is never retried: the duplicate rule makes a retry by the visitor safe instead.
      // The row counted 0: the trigger found the same submission within the minute.
      return within("store submission", async (signal) => {
        const { error, count } = await client
          .from("submissions")
          .insert(
            {
              kind: submission.kind,
              restaurant_id: submission.kind === "restaurant" ? null : submission.restaurantId,
              reason: submission.kind === "report" ? submission.reason : null,
              payload: submission.payload,
              dedup_key: dedupKey,
              client_key: clientKey,
              repeat_key: submission.kind === "confirmation" ? (repeatKey ?? clientKey) : null,
            },
            { count: "exact" },
          )
          .abortSignal(signal);
        if (error?.code === LIMITED) return error.details === "repeated" ? "repeated" : "limited";
        if (error) throw new Error(`${error.message}${error.code ? ` [${error.code}]` : ""}`, { cause: error });
        return count === 0 ? "duplicate" : "stored";
      });
    },

    async reportTarget(restaurantId) {
      const row = await call("report target", (signal) =>
        client
          .from("restaurants")
          .select("id,name,closed_at")
          .eq("id", restaurantId)
          .retry(false)
          .abortSignal(signal)
          .maybeSingle(),
      );
      if (!row) return null;
      const { id, name, closed_at } = z
        .object({ id: z.number(), name: z.string(), closed_at: z.string().nullable() })
        .parse(row);
      return { id, name, closedAt: closed_at };
    },
  };
}

export function createSupabaseReview(url: string, reviewKey: string, options: Options = {}): ReviewStore {
  const { client, call } = connect(url, reviewKey, options);
  const rpc = (label: string, name: string, args: object) =>
    call(label, (signal) => client.rpc(name, args).abortSignal(signal));

  const rows = async (label: string, name: string, args: object) =>
    z.array(z.record(z.unknown())).parse(await rpc(label, name, args));

  return {
    async listPending({ kind, offset, limit }) {
      const page = await rows("list pending submissions", "review_queue", {
        p_kind: kind,
        p_offset: Math.max(offset, 0),
        p_limit: Math.min(Math.max(limit, 1), QUEUE_PAGE_SIZE),
      });
      return page.map((row) => pendingSubmissionSchema.parse(row));
    },

    async countPending() {
      return (await rows("count pending submissions", "review_counts", {})).map((row) => pendingCountSchema.parse(row));
    },

    async getSubmission(id) {
      const row = await rpc("get submission", "review_submission", { p_id: id });
      return row ? storedSubmissionSchema.parse(row) : null;
    },

    async getListing(restaurantId) {
      const row = await rpc("get listing", "review_listing", { p_restaurant_id: restaurantId });
      return row ? listingSchema.parse(row) : null;
    },

    async listChanges(restaurantId, offset, limit) {
      const page = await rows("list listing changes", "review_history", {
        p_restaurant_id: restaurantId,
        p_offset: Math.max(offset, 0),
        p_limit: Math.min(Math.max(limit, 1), HISTORY_PAGE_SIZE),
      });
      return page.map((row) => listingChangeSchema.parse(row));
    },

    async getSubmissions(ids) {
      const found = await rpc("get submissions", "review_submissions", { p_ids: ids.slice(0, QUEUE_PAGE_SIZE) });
      return z.array(storedSubmissionSchema).parse(found);
    },

    async publishConfirmations(items, reviewer, reviewedAt) {
      if (items.length === 0) return [];
      const published = await rpc("publish confirmations", "review_publish_confirmations", {
        p_items: items,
        p_reviewer: reviewer,
        p_reviewed_at: reviewedAt,
      });
      return z.array(z.union([z.number(), z.string().transform(Number)])).parse(published);
    },

    async decide({ id, status, reviewer, reviewedAt, write }) {
      const columns =
        write.action === "none"
          ? null
          : Object.fromEntries(
              WRITABLE_COLUMNS.filter((c) => Object.hasOwn(write.columns, c)).map((c) => [c, write.columns[c] ?? null]),
            );
      const answer = z.string().parse(
        await rpc("decide submission", "review_decide", {
          p_id: id,
          p_status: status,
          p_reviewer: reviewer,
          p_reviewed_at: reviewedAt,
          p_action: write.action,
          p_restaurant_id: write.action === "update" ? write.restaurantId : null,
          p_version: write.action === "update" ? write.version : null,
          p_columns: columns,
          p_changes:
            write.action === "none"
              ? null
              : write.changes.map((c) => ({ column: c.column, old: c.oldValue, new: c.newValue })),
        }),
      );
      const outcome = outcomeOf(answer);
      if (outcome.outcome === "decided" && write.action !== "none") {
        await deriveOpenHoursAfterWrite(() =>
          deriveOpenHoursPostgres((name, args) => rpc("derive open hours", name, args), 100),
        );
      }
      return outcome;
    },

    async purgeContacts(decidedBefore, clientKeysBefore, limit) {
      return z
        .number()
        .int()
        .parse(
          await rpc("purge submitter contacts", "purge_submitter_contacts", {
            p_decided_before: decidedBefore,
            p_client_keys_before: clientKeysBefore,
            p_limit: limit,
          }),
        );
    },

    async purgeRepeatKeys(before, limit) {
      return z
        .number()
        .int()
        .parse(await rpc("purge repeat keys", "purge_repeat_keys", { p_before: before, p_limit: limit }));
    },
  };
}

/** review_decide's answer: 'decided', 'conflict', 'stale', or 'refused:' and the column or constraint. */
function outcomeOf(answer: string): DecideOutcome {
  if (answer === "decided" || answer === "conflict" || answer === "stale") return { outcome: answer };
  const refused = /^refused:(.*)$/.exec(answer);
  if (!refused) throw new Error(`review_decide answered ${JSON.stringify(answer)}`);
  const named = refused[1] ?? "";
  const column = WRITABLE_COLUMNS.filter((c) => named === c || named.includes(`_${c}_`)).sort(
    (a, b) => b.length - a.length,
  )[0];
  return { outcome: "refused", column: column ?? null };
}
