// The open intervals `open=now` reads, kept for rows other clients write: a row inserted raw
// waits (open_pending), the scheduled job derives it, and a later change of its hours by
// another client sends it back to the queue. Real D1 (workerd's SQLite) and real Postgres (PGlite).
import { describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { runSearch } from "~/lib/directory/index.server";
import { openToken } from "~/lib/directory/d1/fts-query";
import { openStateOf } from "~/lib/hours/hours";
import { searchOf } from "~/lib/search/search-url";
import { deriveOpenHoursPostgres } from "~/lib/directory/supabase/open-hours.server";
import { runOpenHoursD1 } from "~/lib/jobs/open-hours.server";
import { useD1 } from "../support/d1";
import { usePglite } from "../support/pglite";

// Phoenix, Monday 11:00-13:30: hours 11 and 12 of the week, and the quarters 13:00 and 13:15.
const HOURS = "Mon 11am-1:30pm";
const EXPECTED_SLOTS = [11, 12, 168 + 52, 168 + 53];
/** A zone's keys: zone × 10,920 + slot (168 hours, 672 quarters and 10,080 minutes a week). */
const SLOTS_PER_ZONE = 10_920;
const PHOENIX = [33.4484, -112.074] as const;

describe("D1: the open-hours job", () => {
  const d1 = useD1();

  const row = (id: number) =>
    d1.db
      .prepare("SELECT open_slots, open_zone, open_pending FROM restaurants WHERE id = ?")
      .bind(id)
      .first<{ open_slots: string | null; open_zone: string | null; open_pending: number }>();

  it("derives a row inserted raw, then again after another client changes its hours", async () => {
    await d1.db
      .prepare("INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES (1, 'Raw', ?, ?, ?)")
      .bind(HOURS, ...PHOENIX)
      .run();
    expect(await row(1)).toEqual({ open_slots: null, open_zone: null, open_pending: 1 });

    expect(await runOpenHoursD1(d1.db)).toBe(1);
    const zone = await d1.db
      .prepare("SELECT id FROM hours_zones WHERE name = 'America/Phoenix'")
      .first<{ id: number }>();
    expect(await row(1)).toEqual({
      open_slots: EXPECTED_SLOTS.map((slot) => openToken(zone!.id * SLOTS_PER_ZONE + slot)).join(" "),
      open_zone: "America/Phoenix",
      open_pending: 0,
    });
    // Nothing left to do.
    expect(await runOpenHoursD1(d1.db)).toBe(0);

    await d1.db.prepare("UPDATE restaurants SET hours_of_operation = 'Tue 9am-5pm' WHERE id = 1").run();
    expect(await row(1)).toMatchObject({ open_slots: null, open_pending: 1 });
    expect(await runOpenHoursD1(d1.db)).toBe(1);
    expect((await row(1))?.open_slots?.split(" ")).toHaveLength(8);
  });

  it("open=now finds a raw row only once the job has run; its card state never waits", async () => {
    // Monday 23 November 2026, 12:00 in Phoenix (UTC-7).
    const at = new Date("2026-11-23T19:00:00Z");
    const directory = createD1Directory(d1.db, { now: () => at, zonesTtlMs: 0 });
    const openNow = async () =>
      (await runSearch(directory, searchOf({ open: true, query: "Fresh" }))).restaurants.map((r) => r.id);
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES (50, 'Fresh', ?, ?, ?)",
      )
      .bind(HOURS, ...PHOENIX)
      .run();
    expect(await openNow()).toEqual([]);
    const restaurant = await directory.getRestaurant(50);
    expect(openStateOf(restaurant!, at)).toEqual({ open: true, change: "closes 1:30 pm", todayLines: [0] });
    await runOpenHoursD1(d1.db);
    expect(await openNow()).toEqual([50]);
    // An hour later it is closed, and the filter says so.
    const later = createD1Directory(d1.db, { now: () => new Date("2026-11-23T21:00:00Z"), zonesTtlMs: 0 });
    expect((await runSearch(later, searchOf({ open: true, query: "Fresh" }))).restaurants).toEqual([]);
  });

  it("unknown hours and rows without a position are derived as no slots", async () => {
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES (2, 'Odd', 'Call ahead', ?, ?), (3, 'Nowhere', ?, NULL, NULL)",
      )
      .bind(...PHOENIX, HOURS)
      .run();
    expect(await runOpenHoursD1(d1.db)).toBe(2);
    expect(await row(2)).toEqual({ open_slots: "", open_zone: "America/Phoenix", open_pending: 0 });
    expect(await row(3)).toEqual({ open_slots: "", open_zone: null, open_pending: 0 });
  });

  it("each zone keeps the box of its restaurants' positions, which only grows", async () => {
    const bounds = () =>
      d1.db
        .prepare("SELECT south, north, west, east FROM hours_zones WHERE name = 'America/Phoenix'")
        .first<{ south: number; north: number; west: number; east: number }>();
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES (60, 'Box', ?, ?, ?)",
      )
      .bind(HOURS, ...PHOENIX)
      .run();
    await runOpenHoursD1(d1.db);
    const first = await bounds();
    // The rows before this one (ids 1 and 50) are in Phoenix too.
    expect(first).toEqual({ south: PHOENIX[0], north: PHOENIX[0], west: PHOENIX[1], east: PHOENIX[1] });
    // Tucson, in the same zone: the box takes it in, by the job's write.
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES (61, 'Box 2', ?, 32.2226, -110.9747)",
      )
      .bind(HOURS)
      .run();
    await runOpenHoursD1(d1.db);
    expect(await bounds()).toEqual({ south: 32.2226, north: PHOENIX[0], west: PHOENIX[1], east: -110.9747 });
    // A row written with its keys and zone at once (as the app's own writes are), further north.
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude, open_slots, open_zone, open_pending) " +
          "VALUES (62, 'Box 3', ?, 35.1983, -111.6513, '', 'America/Phoenix', 0)",
      )
      .bind(HOURS)
      .run();
    expect(await bounds()).toEqual({ south: 32.2226, north: 35.1983, west: PHOENIX[1], east: -110.9747 });
    // Moved away and closed: the box stays as large (it may only ask for more keys, never fewer).
    await d1.db.prepare("UPDATE restaurants SET latitude = 33.5, longitude = -112 WHERE id = 61").run();
    await runOpenHoursD1(d1.db);
    await d1.db.prepare("DELETE FROM restaurants WHERE id = 62").run();
    expect(await bounds()).toEqual({ south: 32.2226, north: 35.1983, west: PHOENIX[1], east: -110.9747 });
  });

  it("a tick is bounded, and reads the queue through its index", async () => {
    const values = Array.from({ length: 30 }, (_, i) => `(${100 + i}, 'Many ${i}', 'Daily 9am-5pm', 40.7, -74)`);
    await d1.db
      .prepare(
        `INSERT INTO restaurants (id, name, hours_of_operation, latitude, longitude) VALUES ${values.join(", ")}`,
      )
      .run();
    expect(await runOpenHoursD1(d1.db, { maxRows: 10 })).toBe(10);
    expect(await runOpenHoursD1(d1.db)).toBe(20);
    const { results } = await d1.db
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM restaurants WHERE open_pending = 1 LIMIT 100")
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).join("\n")).toMatch(/USING (COVERING )?INDEX restaurants_open_pending_idx/);
  });
});

describe("Postgres: the open-hours job", () => {
  const postgres = usePglite();

  // The functions as the job calls them: as the service role.
  const asServiceRole = async (name: string, args: Record<string, unknown>) =>
    postgres.db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      const keys = Object.keys(args);
      const { rows } = await tx.query<{ result: unknown }>(
        `select public.${name}(${keys.map((k, i) => `${k} => $${i + 1}`).join(", ")}) as result`,
        keys.map((k) => {
          const value = args[k];
          return typeof value === "object" && value !== null ? JSON.stringify(value) : value;
        }),
      );
      return rows[0]?.result;
    });
  const row = async (id: number) =>
    (
      await postgres.db.query<{ open_slots: number[] | null; open_zone: string | null; open_pending: boolean }>(
        "select open_slots, open_zone, open_pending from public.restaurants where id = $1",
        [id],
      )
    ).rows[0];

  it("derives a row inserted raw, then again after another client changes its hours", async () => {
    await postgres.db.query(
      "insert into public.restaurants (id, name, hours_of_operation, latitude, longitude) values (1, 'Raw', $1, $2, $3)",
      [HOURS, ...PHOENIX],
    );
    expect(await row(1)).toEqual({ open_slots: null, open_zone: null, open_pending: true });
    expect(await deriveOpenHoursPostgres(asServiceRole, 100)).toBe(1);
    const zone = (
      await postgres.db.query<{ id: number }>("select id from public.hours_zones where name = 'America/Phoenix'")
    ).rows[0]!.id;
    expect(await row(1)).toEqual({
      open_slots: EXPECTED_SLOTS.map((slot) => zone * SLOTS_PER_ZONE + slot),
      open_zone: "America/Phoenix",
      open_pending: false,
    });
    expect(await deriveOpenHoursPostgres(asServiceRole, 100)).toBe(0);

    await postgres.db.query("update public.restaurants set hours_of_operation = 'Tue 9am-5pm' where id = 1");
    expect(await row(1)).toMatchObject({ open_slots: null, open_pending: true });
    expect(await deriveOpenHoursPostgres(asServiceRole, 100)).toBe(1);
    expect((await row(1))?.open_slots).toHaveLength(8);
  });

  it("the anon key can neither read the queue nor write slots", async () => {
    for (const call of ["select public.open_hours_pending(10)", "select public.set_open_hours('[]'::jsonb)"]) {
      const error = await postgres.db
        .transaction(async (tx) => {
          await tx.exec("set local role anon");
          await tx.query(call);
        })
        .then(
          () => null,
          (e: unknown) => e as { code?: string },
        );
      expect(error).toMatchObject({ code: "42501" });
    }
  });
});
