// The place tables (migrations/0002_places.sql and its Supabase twin) on real databases, with
// the full GeoNames data loaded the way `npm start` (D1) and supabase/places.sql (Postgres)
// load it: every row arrives, each lookup the distance search and landing pages make is an
// index search, and on Postgres the API roles can read and nothing else.
import { describe, expect, it } from "vitest";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { useD1 } from "../support/d1";
import { usePglite } from "../support/pglite";

const data = loadPlaceData();

/** Each lookup with its parameters, as D1 (?) and Postgres ($n) spell them. */
const LOOKUPS = {
  zip: { sql: "SELECT * FROM us_zip_codes WHERE zip = ?1", params: ["97201"] },
  keyAndState: { sql: "SELECT * FROM us_places WHERE key = ?1 AND state = ?2", params: ["portland", "OR"] },
  key: { sql: "SELECT * FROM us_places WHERE key = ?1 ORDER BY zip_count DESC", params: ["portland"] },
  // /us/or/portland: the Worker upper-cases the state of a landing URL.
  stateAndSlug: { sql: "SELECT * FROM us_places WHERE state = ?1 AND slug = ?2", params: ["OR", "portland"] },
  state: { sql: "SELECT name, slug FROM us_places WHERE state = ?1 ORDER BY slug LIMIT 50", params: ["OR"] },
};

describe("place tables on D1", () => {
  const d1 = useD1((db) => loadPlacesIntoD1(db, data));

  it("holds every ZIP code and place, once, and loading again replaces them", async () => {
    const count = async () =>
      d1.db
        .prepare("SELECT (SELECT count(*) FROM us_zip_codes) AS zips, (SELECT count(*) FROM us_places) AS places")
        .first();
    expect(await count()).toEqual({ zips: data.zips.length, places: data.places.length });
    await loadPlacesIntoD1(d1.db, data);
    expect(await count()).toEqual({ zips: data.zips.length, places: data.places.length });
  });

  it("stores rows exactly as generated (numbers as numbers, quotes intact)", async () => {
    const expected = data.places.find((p) => p.key === "coeurdalene" && p.state === "ID");
    const row = await d1.db
      .prepare("SELECT * FROM us_places WHERE key = ? AND state = ?")
      .bind("coeurdalene", "ID")
      .first();
    expect(row).toEqual(expected);
    expect(await d1.db.prepare(LOOKUPS.zip.sql).bind("97201").first()).toEqual({
      zip: "97201",
      place_name: "Portland",
      state: "OR",
      latitude: 45.5078,
      longitude: -122.6897,
    });
  });

  it.each(Object.entries(LOOKUPS))("looks up by %s through an index", async (_name, { sql, params }) => {
    const { results } = await d1.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH .*USING (INDEX|PRIMARY KEY|COVERING INDEX)/);
    expect(plan).not.toMatch(/SCAN us_/);
  });
});

describe("place tables on Postgres (PGlite)", () => {
  const postgres = usePglite(async (db) => {
    await db.exec(renderPlacesSql(data, "postgres"));
    await db.exec("analyze public.us_zip_codes; analyze public.us_places;");
  });
  const pg = (sql: string) => sql.replace(/\?(\d)/g, "$$$1").replace(/FROM us_/g, "FROM public.us_");

  it("holds every ZIP code and place, and supabase/places.sql can run again", async () => {
    const count = async () =>
      (
        await postgres.db.query<{ zips: number; places: number }>(
          "select (select count(*)::int from public.us_zip_codes) as zips, (select count(*)::int from public.us_places) as places",
        )
      ).rows[0];
    expect(await count()).toEqual({ zips: data.zips.length, places: data.places.length });
    await postgres.db.exec(renderPlacesSql(data, "postgres"));
    expect(await count()).toEqual({ zips: data.zips.length, places: data.places.length });
  });

  it("returns the same rows as D1 would", async () => {
    const { rows } = await postgres.db.query(pg(LOOKUPS.key.sql), LOOKUPS.key.params);
    const expected = data.places.filter((p) => p.key === "portland").sort((a, b) => b.zip_count - a.zip_count);
    expect(rows[0]).toEqual(expected[0]);
    expect(rows).toHaveLength(expected.length);
  });

  it.each(Object.entries(LOOKUPS))("looks up by %s through an index", async (_name, { sql, params }) => {
    const { rows } = await postgres.db.query<{ "QUERY PLAN": string }>(`explain ${pg(sql)}`, params);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("lets anon and authenticated read, and nothing else", async () => {
    for (const role of ["anon", "authenticated"]) {
      for (const table of ["us_zip_codes", "us_places"]) {
        await postgres.db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
          expect(rows[0]?.n).toBeGreaterThan(0);
          await tx.rollback();
        });
        for (const write of [
          `insert into public.${table} (${table === "us_places" ? "id, state, name, key, slug, latitude, longitude, zip_count) values (999999, 'OR', 'X', 'x', 'x', 45, -122, 1)" : "zip, place_name, state, latitude, longitude) values ('00000', 'X', 'OR', 45, -122)"}`,
          `update public.${table} set latitude = 0`,
          `delete from public.${table}`,
          `truncate public.${table}`,
        ]) {
          const error = await postgres.db
            .transaction(async (tx) => {
              await tx.exec(`set local role ${role}`);
              await tx.exec(write);
              await tx.rollback();
              return null;
            })
            .catch((e: unknown) => e as { code?: string });
          expect(error?.code, `${role}: ${write}`).toBe("42501");
        }
      }
    }
  });

  it("has row-level security on both tables", async () => {
    const { rows } = await postgres.db.query<{ relname: string; relrowsecurity: boolean }>(
      "select relname, relrowsecurity from pg_class where relname in ('us_zip_codes', 'us_places') order by relname",
    );
    expect(rows).toEqual([
      { relname: "us_places", relrowsecurity: true },
      { relname: "us_zip_codes", relrowsecurity: true },
    ]);
  });
});
