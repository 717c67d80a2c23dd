// The trust columns on Postgres (supabase/migrations/20250101000000_schema.sql, and the
// functions of 20250101000002_search.sql), as the table owner: defaults, the database's own
// rule that '100%' implies the diet, the trust tags the filters read, and closed restaurants
// leaving the city counts and the search.
import { describe, expect, it } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { searchOf, type Search } from "~/lib/search/search-url";
import { searchScope } from "~/lib/places/places";
import { insertedDefaults } from "../support/pglite";
import { useSupabaseBackend } from "../support/supabase";
import { NO_TRUST_FACTS } from "../../data/sample-data.mjs";

const backend = useSupabaseBackend();

const one = async (sql: string, params: unknown[] = []) =>
  (await backend.db.query<Record<string, unknown>>(sql, params)).rows[0];
const flags = (id: number) =>
  one(
    "select is_gluten_free, is_vegan, gluten_free_only, vegan_only, trust_tags from public.restaurants where id = $1",
    [id],
  );
const city = () =>
  one(
    "select restaurants, gluten_free, vegan, gluten_free_only, vegan_only from public.restaurant_cities where state = 'ZZ' and slug = 'trust-town'",
  );
const search = (c: Partial<Search>) =>
  createSupabaseDirectory(backend.api.url, backend.api.anonKey).findRestaurants(
    searchOf(c),
    searchScope(searchOf(c), null),
  );

describe("Supabase trust columns", () => {
  it("an insert that names none of them gets the defaults", async () => {
    // The sample data writes these values into every row without trust facts of its own.
    const defaults = { ...NO_TRUST_FACTS, trust_tags: [] };
    expect(await insertedDefaults(backend.db, Object.keys(defaults))).toEqual(defaults);
  });

  it("'100%' implies the diet, whatever an insert or an update wrote, and the city counts follow", async () => {
    try {
      await backend.db.query(
        "insert into public.restaurants (id, name, city, state, gluten_free_only, is_gluten_free) values (910, 'Only GF', 'Trust Town', 'ZZ', true, false)",
      );
      expect(await flags(910)).toMatchObject({ is_gluten_free: true, gluten_free_only: true, is_vegan: false });
      expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 0, gluten_free_only: 1, vegan_only: 0 });
      await backend.db.query("update public.restaurants set is_gluten_free = false where id = 910");
      expect(await flags(910)).toMatchObject({ is_gluten_free: true });
      await backend.db.query("update public.restaurants set vegan_only = true where id = 910");
      expect(await flags(910)).toMatchObject({ is_vegan: true, vegan_only: true });
      expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 1, gluten_free_only: 1, vegan_only: 1 });
      await backend.db.query("update public.restaurants set vegan_only = false where id = 910");
      expect(await city()).toEqual({ restaurants: 1, gluten_free: 1, vegan: 1, gluten_free_only: 1, vegan_only: 0 });
      expect(
        (await search({ location: "Trust Town, ZZ", diets: ["gluten-free"], dedicated: true })).restaurants.map(
          (r) => r.id,
        ),
      ).toEqual([910]);
    } finally {
      await backend.db.query("delete from public.restaurants where id = 910");
    }
    expect(await city()).toEqual({ restaurants: 0, gluten_free: 0, vegan: 0, gluten_free_only: 0, vegan_only: 0 });
  });

  it("tags the '100%' diets and the confirmed practices; 100% gluten-free has a dedicated fryer and separate preparation", async () => {
    await backend.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ trust_tags: string[] }>(
        "insert into public.restaurants (name, gluten_free_only, vegan_only, gf_dedicated_fryer, gf_separate_prep, gf_trained_staff) " +
          "values ('Tagged', true, true, false, null, true), ('Known no', false, false, false, false, false), ('Unknown', false, false, null, null, null) " +
          "returning trust_tags",
      );
      expect(rows.map((r) => [...r.trust_tags].sort())).toEqual([
        ["kitchen:dedicated-fryer", "kitchen:separate-prep", "kitchen:trained-staff", "only:gluten-free", "only:vegan"],
        [],
        [],
      ]);
      await tx.rollback();
    });
  });

  it("refuses a day that is not a calendar day", async () => {
    await expect(
      backend.db.query("insert into public.restaurants (name, closed_at) values ('Bad', '2026-02-30')"),
    ).rejects.toThrow();
  });

  it("a closed restaurant leaves its city and every search, and comes back when reopened", async () => {
    try {
      await backend.db.query(
        "insert into public.restaurants (id, name, city, state, is_vegan) values (930, 'Closing Cafe', 'Trust Town', 'ZZ', true), (931, 'Staying Cafe', 'Trust Town', 'ZZ', false)",
      );
      const ids = async (c: Partial<Search>) => (await search(c)).restaurants.map((r) => r.id);
      expect(await ids({ query: "cafe", location: "Trust Town, ZZ" })).toEqual([930, 931]);
      await backend.db.query("update public.restaurants set closed_at = '2026-10-01' where id = 930");
      expect(await ids({ query: "cafe", location: "Trust Town, ZZ" })).toEqual([931]);
      expect(await city()).toMatchObject({ restaurants: 1, vegan: 0 });
      expect(await createSupabaseDirectory(backend.api.url, backend.api.anonKey).listRestaurantIds(930, 931)).toEqual([
        931,
      ]);
      await backend.db.query("update public.restaurants set closed_at = null where id = 930");
      expect(await ids({ query: "cafe", location: "Trust Town, ZZ" })).toEqual([930, 931]);
      expect(await city()).toMatchObject({ restaurants: 2, vegan: 1 });
    } finally {
      await backend.db.query("delete from public.restaurants where id in (930, 931)");
    }
  });

  it("the trust filters are answered by restaurants_trust_tags_idx", async () => {
    await backend.db.transaction(async (tx) => {
      // A table of some size, with statistics: on a few rows every index looks as cheap as the
      // next, and reading all open rows through a partial index (restaurants_country_zip_idx)
      // can win. Rolled back below.
      await tx.exec(
        "insert into public.restaurants (name, country, zip_code) select 'Filler ' || g, 'IT', lpad(g::text, 5, '0') from generate_series(1, 3000) as g",
      );
      await tx.exec("analyze public.restaurants");
      await tx.exec("set local enable_seqscan = off");
      const { rows } = await tx.query<{ "QUERY PLAN": string }>(
        "explain select r.id from public.restaurants as r where r.trust_tags @> array['kitchen:dedicated-fryer']::text[] and r.closed_at is null",
      );
      expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/restaurants_trust_tags_idx/);
      await tx.rollback();
    });
  });
});
