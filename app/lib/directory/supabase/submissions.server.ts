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

/** A client with `key`, and `call`: one request under the deadline, its error thrown. */
function connect(url: string, key: string, { timeoutMs = QUERY_TIMEOUT_MS, fetch }: Options) {
  const client = clientOf(url, key, fetch);
  const call = <T>(
    label: string,
    request: (signal: AbortSignal) => PromiseLike<{ data: T; error: PostgrestFailure | null }>,
  ) => withDeadline(label, timeoutMs, (signal) => dataOf(request(signal)));
  return { client, call };
}

const outcomeSchema = z.enum(["stored", "duplicate", "limited"]);

export function createSupabaseSubmissions(url: string, anonKey: string, options: Options = {}): SubmissionStore {
  const { client, call } = connect(url, anonKey, options);
  return {
    async add(submission, { dedupKey, clientKey }) {
      // A write is never retried: the duplicate rule makes a retry by the visitor safe instead.
      const outcome = await call("store submission", (signal) =>
        client
          .rpc("submit_submission", {
            p_kind: submission.kind,
            p_restaurant_id: submission.kind === "report" ? submission.restaurantId : null,
            p_reason: submission.kind === "report" ? submission.reason : null,
            p_payload: submission.payload,
            p_dedup_key: dedupKey,
            p_client_key: clientKey,
          })
          .abortSignal(signal),
      );
      return outcomeSchema.parse(outcome);
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

  return {
    async listPending(limit) {
      const rows = z
        .array(z.record(z.unknown()))
        .parse(await rpc("list pending submissions", "review_pending", { p_limit: Math.min(limit, QUEUE_PAGE_SIZE) }));
      return rows.map(({ restaurant, ...submission }) => ({
        ...storedSubmissionSchema.parse(submission),
        restaurant: restaurant ? pendingRestaurantSchema.parse(restaurant) : null,
      }));
    },

    async getSubmission(id) {
      const row = await rpc("get submission", "review_submission", { p_id: id });
      return row ? storedSubmissionSchema.parse(row) : null;
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
  };
}
