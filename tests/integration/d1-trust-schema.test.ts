// The trust columns on D1 (migrations/0004_trust.sql): defaults for inserts that do not name
// them, the database's own rule that '100%' implies the diet, the day checks, the search
// index's trust tags (the same tokens as app/lib/directory/d1/fts-query.ts), and closed restaurants
// leaving the index and the city counts.
import { describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { runSearch } from "~/lib/directory/index.server";
import { DIET_IDS, DIET_ONLY_IDS, KITCHEN_IDS, token } from "~/lib/directory/d1/fts-query";
import { searchOf, type Search } from "~/lib/search/search-url";
import { useD1 } from "../support/d1";

const d1 = useD1();

const run = (sql: string, ...params: (string | number | null)[]) =>
  d1.db
    .prepare(sql)
    .bind(...params)
    .run();
const row = (sql: string, ...params: (string | number)[]) =>
  d1.db
    .prepare(sql)
    .bind(...params)
    .first<Record<string, unknown>>();
const flags = (id: number) =>
  row(
    "SELECT is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, gluten_free_only, dairy_free_only, vegetarian_only, vegan_only FROM restaurants WHERE id = ?",
    id,
  );
const city = () =>
  row(
    "SELECT restaurants, gluten_free, vegan, gluten_free_only, vegan_only FROM restaurant_cities WHERE state = 'ZZ' AND slug = 'trust-town'",
  );
const search = (c: Partial<Search>) => runSearch(createD1Directory(d1.db), searchOf(c));

describe("D1 trust columns", () => {
  it("an insert that names none of them gets the defaults", async () => {
    await run("INSERT INTO restaurants (id, name) VALUES (1, 'Plain')");
    expect(
      await row(
        "SELECT gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, gf_dedicated_fryer, gf_separate_prep, gf_trained_staff, verified_at, closed_at FROM restaurants WHERE id = 1",
      ),
    ).toEqual({
      gluten_free_only: 0,
      dairy_free_only: 0,
      vegetarian_only: 0,
      vegan_only: 0,
      gf_dedicated_fryer: null,
      gf_separate_prep: null,
      gf_trained_staff: null,
      verified_at: null,
      closed_at: null,
    });
    await run("DELETE FROM restaurants WHERE id = 1");
  });

  it("'100%' implies the diet, whatever an insert or an update wrote, and the city counts follow", async () => {
    await run(
      "INSERT INTO restaurants (id, name, city, state, gluten_free_only, is_gluten_free) VALUES (10, 'Only GF', 'Trust Town', 'ZZ', 1, 0)",
    );
    expect(await flags(10)).toMatchObject({ is_gluten_free: 1, gluten_free_only: 1, is_vegan: 0 });
    expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 0, gluten_free_only: 1, vegan_only: 0 });
    await run("UPDATE restaurants SET is_gluten_free = 0 WHERE id = 10");
    expect(await flags(10)).toMatchObject({ is_gluten_free: 1 });
    await run("UPDATE restaurants SET vegan_only = 1 WHERE id = 10");
    expect(await flags(10)).toMatchObject({ is_vegan: 1, vegan_only: 1 });
    expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 1, gluten_free_only: 1, vegan_only: 1 });
    // Dropping the '100%' flag keeps the diet (it may still be served, only not exclusively).
    await run("UPDATE restaurants SET vegan_only = 0 WHERE id = 10");
    expect(await flags(10)).toMatchObject({ is_vegan: 1, vegan_only: 0 });
    expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 1, gluten_free_only: 1, vegan_only: 0 });
    expect((await search({ diets: ["gluten-free"], dedicated: true })).restaurants.map((r) => r.id)).toEqual([10]);
    await run("DELETE FROM restaurants WHERE id = 10");
    expect(await city()).toEqual({ restaurants: 0, gluten_free: 0, vegan: 0, gluten_free_only: 0, vegan_only: 0 });
  });

  it.each([
    ["gluten_free_only", 2],
    ["gf_dedicated_fryer", 2],
    ["gf_trained_staff", -1],
    ["verified_at", "2026-02-30"],
    ["verified_at", "2026-3-4"],
    ["closed_at", "yesterday"],
    ["closed_at", "2026-03-04T00:00:00Z"],
  ] as const)("refuses %s = %j", async (column, value) => {
    await expect(run(`INSERT INTO restaurants (name, ${column}) VALUES ('Bad', ?)`, value)).rejects.toThrow(
      /CHECK constraint/,
    );
  });

  it("indexes the '100%' diets and the confirmed practices with the tokens the app searches for", async () => {
    await run(
      "INSERT INTO restaurants (id, name, is_dairy_free, gluten_free_only, vegan_only, gf_trained_staff, gf_dedicated_fryer) VALUES (20, 'Tagged', 1, 1, 1, 1, 0)",
    );
    const source = await row(
      "SELECT diets FROM restaurant_search_source WHERE name_key = (SELECT name_key FROM restaurants WHERE id = 20)",
    );
    const expected = [
      DIET_IDS["gluten-free"],
      DIET_IDS["dairy-free"],
      DIET_IDS.vegan,
      DIET_ONLY_IDS["gluten-free"],
      DIET_ONLY_IDS.vegan,
      // gluten_free_only: a dedicated fryer and a separate preparation area, whatever was written.
      KITCHEN_IDS["dedicated-fryer"],
      KITCHEN_IDS["separate-prep"],
      KITCHEN_IDS["trained-staff"],
      // Its country, the US (none stored): 160,000 + U (20) × 26 + S (18), migrations/0018_country_token.sql.
      160_538,
    ].map(token);
    // Tokens apart by spaces, some runs of them (no open hours, no confirmations: empty parts).
    expect(String(source?.diets).split(" ").filter(Boolean).sort()).toEqual(expected.sort());
    await run("DELETE FROM restaurants WHERE id = 20");
  });

  it("a closed restaurant leaves the search index and its city, and comes back when reopened", async () => {
    await run(
      "INSERT INTO restaurants (id, name, city, state, is_vegan) VALUES (30, 'Closing Cafe', 'Trust Town', 'ZZ', 1), (31, 'Staying Cafe', 'Trust Town', 'ZZ', 0)",
    );
    const ids = async (c: Partial<Search>) => (await search(c)).restaurants.map((r) => r.id);
    expect(await ids({ query: "cafe" })).toEqual([30, 31]);
    await run("UPDATE restaurants SET closed_at = '2026-10-01' WHERE id = 30");
    expect(await ids({ query: "cafe" })).toEqual([31]);
    expect(await ids({})).toEqual([31]);
    expect((await search({})).total).toBe(1);
    expect(await city()).toMatchObject({ restaurants: 1, vegan: 0 });
    await run("UPDATE restaurants SET closed_at = NULL WHERE id = 30");
    expect(await ids({ query: "cafe" })).toEqual([30, 31]);
    expect(await city()).toMatchObject({ restaurants: 2, vegan: 1 });
    // Inserted already closed: never counted, never indexed.
    await run(
      "INSERT INTO restaurants (id, name, city, state, closed_at) VALUES (32, 'Closed Cafe', 'Trust Town', 'ZZ', '2025-01-01')",
    );
    expect(await ids({ query: "cafe" })).toEqual([30, 31]);
    expect(await city()).toMatchObject({ restaurants: 2 });
    await run("DELETE FROM restaurants WHERE id IN (30, 31, 32)");
    expect(await city()).toMatchObject({ restaurants: 0, vegan: 0 });
  });
});
