// The Supabase adapter of the submissions port. The public key adds submissions through one
// function (public.submit_submission) and reads nothing of the table; the review store runs
// with the secret review key, through functions only service_role may execute
// (docs/decisions/0015-review-queue-behind-access.md).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { QUERY_TIMEOUT_MS, deriveOpenHoursAfterWrite, withDeadline } from "../port";
import { deriveOpenHoursPostgres } from "./open-hours.server";
import { pendingRestaurantSchema, storedSubmissionSchema } from "../submission-rows";
import { QUEUE_PAGE_SIZE, WRITABLE_COLUMNS, type ReviewStore, type SubmissionStore } from "../../submissions/store";

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

const outcomeSchema = z.enum(["stored", "duplicate", "limited", "repeated"]);

export function createSupabaseSubmissions(
  url: string,
  anonKey: string,
  { timeoutMs = QUERY_TIMEOUT_MS, fetch }: Options = {},
): SubmissionStore {
  const client = clientOf(url, anonKey, fetch);
  return {
    async add(submission, { dedupKey, clientKey, repeatKey }) {
      // A write is never retried: the duplicate rule makes a retry by the visitor safe instead.
      const outcome = await withDeadline("store submission", timeoutMs, (signal) =>
        dataOf(
          client
            .rpc("submit_submission", {
              p_kind: submission.kind,
              p_restaurant_id: submission.kind === "restaurant" ? null : submission.restaurantId,
              p_reason: submission.kind === "report" ? submission.reason : null,
              p_payload: submission.payload,
              p_dedup_key: dedupKey,
              p_client_key: clientKey,
              p_repeat_key: submission.kind === "confirmation" ? (repeatKey ?? clientKey) : null,
            })
            .abortSignal(signal),
        ),
      );
      return outcomeSchema.parse(outcome);
    },

    async reportTarget(restaurantId) {
      const row = await withDeadline("report target", timeoutMs, (signal) =>
        dataOf(
          client
            .from("restaurants")
            .select("id,name,closed_at")
            .eq("id", restaurantId)
            .retry(false)
            .abortSignal(signal)
            .maybeSingle(),
        ),
      );
      if (!row) return null;
      const { id, name, closed_at } = z
        .object({ id: z.number(), name: z.string(), closed_at: z.string().nullable() })
        .parse(row);
      return { id, name, closedAt: closed_at };
    },
  };
}

export function createSupabaseReview(
  url: string,
  reviewKey: string,
  { timeoutMs = QUERY_TIMEOUT_MS, fetch }: Options = {},
): ReviewStore {
  const client = clientOf(url, reviewKey, fetch);
  const rpc = (label: string, name: string, args: object) =>
    withDeadline(label, timeoutMs, (signal) => dataOf(client.rpc(name, args).abortSignal(signal)));

  return {
    async listPending(limit) {
      const rows = z.array(z.record(z.unknown())).parse(
        await rpc("list pending submissions", "review_pending_reactions_first", {
          p_limit: Math.min(limit, QUEUE_PAGE_SIZE),
        }),
      );
      return rows.map(({ restaurant, ...submission }) => ({
        ...storedSubmissionSchema.parse(submission),
        restaurant: restaurant ? pendingRestaurantSchema.parse(restaurant) : null,
      }));
    },

    async getSubmission(id) {
      const row = await rpc("get submission", "review_submission", { p_id: id });
      return row ? storedSubmissionSchema.parse(row) : null;
    },

    async getSubmissions(ids) {
      const rows = await rpc("get submissions", "review_submissions", { p_ids: ids.slice(0, QUEUE_PAGE_SIZE) });
      return z.array(storedSubmissionSchema).parse(rows);
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
      const outcome = await rpc("decide submission", "review_decide", {
        p_id: id,
        p_status: status,
        p_reviewer: reviewer,
        p_reviewed_at: reviewedAt,
        p_action: write.action,
        p_restaurant_id: write.action === "update" ? write.restaurantId : null,
        p_columns: columns,
      });
      const decided = z.enum(["decided", "conflict"]).parse(outcome);
      if (decided === "decided" && write.action !== "none") {
        await deriveOpenHoursAfterWrite(() =>
          deriveOpenHoursPostgres((name, args) => rpc("derive open hours", name, args), 100),
        );
      }
      return decided;
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
