// Deriving the open intervals of restaurants for the `open=now` filter, and writing them: what
// the scheduled job does for rows other clients wrote, and what the app's own writes call.
// docs/decisions/0016-opening-hours.md.
import { parseHours, weekIntervals } from "./hours";
import { openSlots, slotsAt, zoneSlotKey } from "./open-slots";
import { localWeekMinute, restaurantTimeZone } from "./hours";
import { openToken } from "../directory/d1/index-tokens";

/** What the derivation reads of a row. */
export type OpenHoursSource = {
  id: number;
  hours_of_operation: string | null;
  latitude: number | null;
  longitude: number | null;
  geo_lat: number | null;
  geo_lng: number | null;
};

/** A row's zone and slots; no slots (and perhaps no zone) when its hours are unknown or it has no position. */
export function deriveOpenHours(row: OpenHoursSource): { zone: string | null; slots: number[] } {
  const zone = restaurantTimeZone({
    hoursOfOperation: row.hours_of_operation,
    latitude: row.latitude,
    longitude: row.longitude,
    geoLat: row.geo_lat,
    geoLng: row.geo_lng,
  });
  const schedule = parseHours(row.hours_of_operation);
  return { zone, slots: zone && schedule ? openSlots(weekIntervals(schedule)) : [] };
}

/** D1: the open_slots text of a row (tokens, space-separated). */
export function openSlotsText(zoneId: number, slots: readonly number[]): string {
  return slots.map((slot) => openToken(zoneSlotKey(zoneId, slot))).join(" ");
}

/** The keys that hold the instant `at` in each zone: three per zone, in each zone's local time. */
export function openKeysAt(zones: readonly { id: number; name: string }[], at: Date): number[] {
  return zones.flatMap(({ id, name }) => {
    let minute: number;
    try {
      minute = localWeekMinute(at, name);
    } catch {
      // A zone this runtime does not know: its restaurants cannot be placed in time.
      return [];
    }
    return slotsAt(minute).map((slot) => zoneSlotKey(id, slot));
  });
}

const SOURCE_COLUMNS = "id, hours_of_operation, latitude, longitude, geo_lat, geo_lng";

/**
 * D1: derives up to `limit` pending rows (or the rows `ids`), writing each only if what it was
 * derived from is unchanged. Returns how many it wrote.
 */
export async function deriveOpenHoursD1(db: D1Database, options: { limit?: number; ids?: number[] }): Promise<number> {
  const { results } = options.ids
    ? await db
        .prepare(`SELECT ${SOURCE_COLUMNS} FROM restaurants WHERE id IN (SELECT value FROM json_each(?))`)
        .bind(JSON.stringify(options.ids))
        .all<OpenHoursSource>()
    : await db
        .prepare(`SELECT ${SOURCE_COLUMNS} FROM restaurants WHERE open_pending = 1 LIMIT ?`)
        .bind(options.limit ?? 100)
        .all<OpenHoursSource>();
  if (results.length === 0) return 0;
  const derived = results.map((row) => ({ row, ...deriveOpenHours(row) }));
  const zones = [...new Set(derived.flatMap((d) => (d.zone ? [d.zone] : [])))];
  const zoneIds = new Map<string, number>();
  if (zones.length > 0) {
    const list = JSON.stringify(zones);
    const [, read] = await db.batch([
      db.prepare("INSERT OR IGNORE INTO hours_zones (name) SELECT value FROM json_each(?)").bind(list),
      db.prepare("SELECT id, name FROM hours_zones WHERE name IN (SELECT value FROM json_each(?))").bind(list),
    ]);
    for (const zone of (read?.results ?? []) as { id: number; name: string }[]) zoneIds.set(zone.name, zone.id);
  }
  const updates = derived.map(({ row, zone, slots }) => {
    const zoneId = zone ? zoneIds.get(zone) : undefined;
    const text = zoneId === undefined ? "" : openSlotsText(zoneId, slots);
    return db
      .prepare(
        "UPDATE restaurants SET open_slots = ?, open_zone = ?, open_pending = 0 WHERE id = ? " +
          "AND hours_of_operation IS ? AND latitude IS ? AND longitude IS ? AND geo_lat IS ? AND geo_lng IS ? RETURNING id",
      )
      .bind(text, zone, row.id, row.hours_of_operation, row.latitude, row.longitude, row.geo_lat, row.geo_lng);
  });
  const written = await db.batch(updates);
  // Rows written, from RETURNING: meta.changes also counts what the triggers wrote (the index).
  return written.reduce((n, result) => n + (result.results?.length ?? 0), 0);
}

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
