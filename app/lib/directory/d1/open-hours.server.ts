// D1: the derived open=now index of restaurants (open_slots, open_zone): what the scheduled
// job writes for rows other clients wrote, and what the app's own writes call at once
// (docs/decisions/0016-opening-hours.md).
import { deriveOpenHours, zoneSlotKey, type OpenHoursSource } from "../../hours/open-slots";
import { openToken } from "./fts-query";

/** D1: the open_slots text of a row (tokens, space-separated). */
export function openSlotsText(zoneId: number, slots: readonly number[]): string {
  return slots.map((slot) => openToken(zoneSlotKey(zoneId, slot))).join(" ");
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
