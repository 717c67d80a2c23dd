// A restaurant without coordinates of its own is placed at its ZIP code's centre only in the US
// (migrations/0020_positions_in_the_us.sql, supabase/migrations/20250101000023_positions_in_the_us.sql):
// Berlin's postal code 10115 is also a New York ZIP code, and a Berlin row without coordinates
// must not stand in New York. On real D1 (local, every migration) and Postgres (PGlite).
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startD1 } from "../support/d1";
import { startPglite } from "../support/pglite";

// New York's 10115, as a ZIP centre the place data could hold (a fixed row for this test).
const ZIP = { zip: "10115", place: "New York", state: "NY", lat: 40.81, lng: -73.96 };

type Position = { geo_lat: number | null; geo_lng: number | null };

/** The cases on one backend: run(sql) for statements, position(id) reads geo_lat and geo_lng. */
function describePositions(
  backend: string,
  run: () => (sql: string) => Promise<void>,
  position: () => (id: number) => Promise<Position>,
) {
  describe(`positions from a ZIP code on ${backend}`, () => {
    it("a US row without coordinates stands at its ZIP's centre; a row abroad with the same postal code has none", async () => {
      await run()(
        "INSERT INTO restaurants (id, name, city, state, zip_code, country) VALUES " +
          "(501, 'Harlem Greens', 'New York', 'NY', '10115', 'US'), " +
          "(502, 'Mitte Mahlzeit', 'Berlin', 'BE', '10115', 'DE')",
      );
      expect(await position()(501)).toEqual({ geo_lat: ZIP.lat, geo_lng: ZIP.lng });
      expect(await position()(502)).toEqual({ geo_lat: null, geo_lng: null });
    });

    it("coordinates of its own place a row abroad as anywhere", async () => {
      await run()(
        "INSERT INTO restaurants (id, name, city, state, zip_code, country, latitude, longitude) VALUES " +
          "(503, 'Prenzlauer Teller', 'Berlin', 'BE', '10115', 'DE', 52.53, 13.38)",
      );
      expect(await position()(503)).toEqual({ geo_lat: 52.53, geo_lng: 13.38 });
    });

    it("a change of country places the row again", async () => {
      await run()("UPDATE restaurants SET country = 'US' WHERE id = 502");
      expect(await position()(502)).toEqual({ geo_lat: ZIP.lat, geo_lng: ZIP.lng });
      await run()("UPDATE restaurants SET country = 'DE' WHERE id = 502");
      expect(await position()(502)).toEqual({ geo_lat: null, geo_lng: null });
    });
  });
}

let d1: Awaited<ReturnType<typeof startD1>>;
let pg: PGlite;

beforeAll(async () => {
  d1 = await startD1();
  await d1.db
    .prepare("INSERT INTO us_zip_codes (zip, place_name, state, latitude, longitude) VALUES (?, ?, ?, ?, ?)")
    .bind(ZIP.zip, ZIP.place, ZIP.state, ZIP.lat, ZIP.lng)
    .run();
  pg = await startPglite();
  await pg.query(
    "insert into public.us_zip_codes (zip, place_name, state, latitude, longitude) values ($1, $2, $3, $4, $5)",
    [ZIP.zip, ZIP.place, ZIP.state, ZIP.lat, ZIP.lng],
  );
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
  await pg?.close();
});

describePositions(
  "D1",
  () => async (sql) => {
    await d1.db.prepare(sql).run();
  },
  () => async (id) =>
    (await d1.db.prepare("SELECT geo_lat, geo_lng FROM restaurants WHERE id = ?").bind(id).first<Position>())!,
);

describePositions(
  "Postgres (PGlite)",
  () => async (sql) => {
    await pg.exec(
      sql
        .replaceAll("INSERT INTO restaurants", "insert into public.restaurants")
        .replaceAll("UPDATE restaurants", "update public.restaurants"),
    );
  },
  () => async (id) =>
    (await pg.query<Position>("select geo_lat, geo_lng from public.restaurants where id = $1", [id])).rows[0]!,
);
