// Postgres (Supabase): the derived open=now index of restaurants, written through the service
// role's functions open_hours_pending and set_open_hours (docs/decisions/0016-opening-hours.md).
import { deriveOpenHours, type OpenHoursSource } from "../../hours/open-slots";

/** A call of a Postgres function (supabase-js rpc, or a test's connection as the service role). */
export type RpcCall = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * Postgres (Supabase): derives up to `limit` pending rows through open_hours_pending and
 * set_open_hours, which only the service role may call. Returns how many it wrote.
 */
export async function deriveOpenHoursPostgres(rpc: RpcCall, limit: number): Promise<number> {
  const rows = (await rpc("open_hours_pending", { p_limit: limit })) as OpenHoursSource[] | null;
  if (!rows || rows.length === 0) return 0;
  const items = rows.map((row) => {
    const { zone, slots } = deriveOpenHours(row);
    return { ...row, zone, slots };
  });
  return Number(await rpc("set_open_hours", { p_rows: items }));
}
