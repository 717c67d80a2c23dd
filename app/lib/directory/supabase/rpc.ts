// One call of the Supabase adapter to a SQL function through PostgREST (rpc), under the
// deadline every backend call runs under, and a response's data or its error in the backend's
// own words. The adapter (./directory.server.ts) and its place lookups (./place-lookups.ts) call
// through it.
import type { SupabaseClient } from "@supabase/supabase-js";
import { withDeadline } from "../port";

/** What PostgREST (or supabase-js, for a network failure) reports as `error`. */
type PostgrestFailure = { message: string; code?: string; details?: string | null; hint?: string | null };

/** The backend's own words, for the log (never for the page). */
function failure(error: PostgrestFailure): Error {
  const code = error.code ? ` [${error.code}]` : "";
  // For a network failure supabase-js puts the cause ("connect ECONNREFUSED ...") in details.
  const cause = error.details?.split("\n").find((line) => line.startsWith("Caused by:"));
  return new Error(`${error.message}${code}${cause ? ` (${cause})` : ""}`, { cause: error });
}

/** Resolves to the response's data, or rejects with its error (withDeadline makes it a 503). */
export async function dataOf<T>(response: PromiseLike<{ data: T; error: PostgrestFailure | null }>): Promise<T> {
  const { data, error } = await response;
  if (error) throw failure(error);
  return data;
}

/** Calls the SQL function `name` with `args` (typed arguments only): its answer, unchecked. */
export type Rpc = (label: string, name: string, args: object) => Promise<unknown>;

/** The rpc of this client, each call under `timeoutMs`. */
export function rpcOf(client: SupabaseClient, timeoutMs: number): Rpc {
  return (label, name, args) =>
    withDeadline(label, timeoutMs, (signal) => dataOf(client.rpc(name, args).abortSignal(signal)));
}
