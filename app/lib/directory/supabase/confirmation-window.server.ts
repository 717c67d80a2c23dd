// Postgres: the restaurants whose confirmations of the last 12 months changed because the
// months moved on, derived again by public.refresh_confirmation_window (service role only;
// supabase/migrations/20250101000011_confirmations.sql), for the scheduled job.
import { z } from "zod";

export type RpcCall = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** Derives again at most `limit` rows (at most 1,000) whose window has moved; returns how many it wrote. */
export async function refreshConfirmationWindowPostgres(rpc: RpcCall, limit: number): Promise<number> {
  return z
    .number()
    .int()
    .parse(await rpc("refresh_confirmation_window", { p_limit: limit }));
}
