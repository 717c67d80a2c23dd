// The directory contract suite (directory-contract.ts, the same as D1's) on the Supabase
// adapter: real Postgres (PGlite with the migrations of supabase/migrations), reached through
// supabase-js and a small PostgREST stand-in that runs every request as `anon`. Two databases:
// the text fixture without place data, and the sample directory with the place data.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { loadFixture, startPglite } from "../support/pglite";
import { startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { useSupabaseBackend } from "../support/supabase";
import { describeDirectoryContract, distanceRows } from "./directory-contract";
import { deriveOpenHoursPostgres } from "~/lib/directory/supabase/open-hours.server";
import { runConfirmationWindowPostgres } from "~/lib/jobs/confirmation-window.server";
import { loadConfirmationsPglite } from "../support/confirmations";
import { confirmedRowsToLoad, describeConfirmationsContract } from "./confirmations-contract";

const backend = useSupabaseBackend();
const places = loadPlaceData();
let withPlaces: PGlite;
let api: FakePostgrest;

beforeAll(async () => {
  // Places first, then restaurants: rows without coordinates are placed at their ZIP on insert.
  withPlaces = await startPglite();
  await withPlaces.exec(renderPlacesSql(places, "postgres"));
  await loadFixture(withPlaces, { restaurants: distanceRows, photos: [], cuisines: sampleCuisines });
  api = await startFakePostgrest(withPlaces);
  // Rows loaded raw, as another client would: the scheduled job derives their open intervals
  // (through the two functions only the service role may call).
  while ((await deriveOpenHoursPostgres(asServiceRole, 500)) > 0);
  // Diners' confirmations, inserted as another client would: the triggers derive them at once.
  await loadConfirmationsPglite(withPlaces, confirmedRowsToLoad);
}, 120_000);

/** A function only the service role may call, called as it (the scheduled jobs' key). */
const asServiceRole = (name: string, args: Record<string, unknown>) =>
  withPlaces.transaction(async (tx) => {
    await tx.exec("set local role service_role");
    const keys = Object.keys(args);
    const { rows } = await tx.query<{ result: unknown }>(
      `select public.${name}(${keys.map((k, i) => `${k} => $${i + 1}`).join(", ")}) as result`,
      keys.map((k) => (typeof args[k] === "object" ? JSON.stringify(args[k]) : args[k])),
    );
    return rows[0]?.result;
  });

afterAll(async () => {
  await api?.close();
  await withPlaces?.close();
});

// A new adapter (and supabase-js client) per use, as the app makes one per request.
describeDirectoryContract("Supabase (PGlite)", {
  text: () => createSupabaseDirectory(backend.api.url, backend.api.anonKey),
  withPlaces: () => createSupabaseDirectory(api.url, api.anonKey),
  withPlacesAt: (at) => createSupabaseDirectory(api.url, api.anonKey, { now: () => at }),
  places: () => places,
});

describeConfirmationsContract(
  "Supabase (PGlite)",
  () => createSupabaseDirectory(api.url, api.anonKey),
  () => places,
  () => ({
    async makeStale(id, like) {
      await withPlaces.query(
        `update public.restaurants set (confirmation_tallies, confirmation_sets, confirmation_stale_from) =
           (select confirmation_tallies, confirmation_sets, to_char(now() at time zone 'utc', 'YYYY-MM')
              from public.restaurants where id = $2)
         where id = $1`,
        [id, like],
      );
    },
    runWindowJob: () => runConfirmationWindowPostgres(asServiceRole),
    insert: (row) => loadConfirmationsPglite(withPlaces, [row]),
    async remove(id) {
      await withPlaces.query("delete from public.confirmations where id = $1", [id]);
    },
  }),
  (at) => createSupabaseDirectory(api.url, api.anonKey, { now: () => at }),
);

describe("Supabase landing pages: restaurant_cities rows at zero", () => {
  it("a city whose restaurants have all left has no landing page, and leaves the sitemap", async () => {
    const directory = createSupabaseDirectory(api.url, api.anonKey);
    await withPlaces.query(
      "insert into public.restaurants (id, name, city, state) values (970, 'Last One', 'Ghost Town', 'NV')",
    );
    expect(await directory.getCity("NV", "ghost-town")).toMatchObject({ name: "Ghost Town", restaurants: 1 });
    expect((await directory.sitemapOutline(50_000, 100)).states).toContainEqual({ state: "NV", cities: 1 });
    await withPlaces.query("delete from public.restaurants where id = 970");
    const { rows } = await withPlaces.query(
      "select restaurants from public.restaurant_cities where state = 'NV' and slug = 'ghost-town'",
    );
    expect(rows).toEqual([{ restaurants: 0 }]);
    expect(await directory.getCity("NV", "ghost-town")).toBeNull();
    expect(await directory.listCities("NV", 0, 10)).toEqual([]);
    expect((await directory.sitemapOutline(50_000, 100)).states.map((s) => s.state)).not.toContain("NV");
  });

  it("list_cities answers with at most 10,000 cities, whatever limit it is asked for", async () => {
    const { rows } = await withPlaces.query<{ n: number }>(
      "select jsonb_array_length(public.list_cities('OR', 0, 2147483647)) as n",
    );
    expect(rows[0]?.n).toBeGreaterThan(10);
    const { rows: plan } = await withPlaces.query<{ "QUERY PLAN": string }>(
      "explain select state, slug from public.restaurant_cities where state = 'OR' and restaurants > 0 order by slug collate \"C\" limit 10",
    );
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/restaurant_cities_listed_idx/);
  });
});

/**
 * The plan Postgres makes for `sql` with sequential scans off: the fixture is small enough that
 * the planner would rightly read the whole table.
 */
async function planWithoutSeqScans(sql: string): Promise<string> {
  await withPlaces.exec("set enable_seqscan = off");
  try {
    const { rows } = await withPlaces.query<{ "QUERY PLAN": string }>(`explain ${sql}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await withPlaces.exec("reset enable_seqscan");
  }
}

describe("Supabase distance search: through the index", () => {
  // find_restaurants builds its statements with EXECUTE, so EXPLAIN of the call shows no inner
  // plan: the test checks that the function still tests a ring this way, and that Postgres can
  // answer that test from restaurants_geo_idx.
  const RING = "r.geo_band = any ($13) and r.geo_lng between $14 and $15";

  it("find_restaurants tests a ring on (geo_band, geo_lng), and that test is answered by restaurants_geo_idx", async () => {
    const { rows: source } = await withPlaces.query<{ def: string }>(
      "select pg_get_functiondef(p.oid) as def from pg_proc as p where p.proname = 'find_restaurants'",
    );
    expect(source).toHaveLength(1);
    expect(source[0]?.def).toContain(RING);
    const text = await planWithoutSeqScans(
      "select r.id from public.restaurants as r " +
        "where r.geo_band = any (array[13551, 13552, 13553]) and r.geo_lng between -122.8 and -122.5",
    );
    expect(text).toMatch(/restaurants_geo_idx/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});

describe("Supabase open now: through the index", () => {
  it("find_restaurants tests open_slots && keys, and that test is answered by restaurants_open_slots_idx", async () => {
    const { rows: source } = await withPlaces.query<{ def: string }>(
      "select pg_get_functiondef(p.oid) as def from pg_proc as p where p.proname = 'find_restaurants'",
    );
    expect(source[0]?.def).toContain("format('r.open_slots && %L::integer[]', open_keys)");
    const text = await planWithoutSeqScans(
      "select r.id from public.restaurants as r where r.open_slots && '{1,2,3,10921}'::integer[]",
    );
    expect(text).toMatch(/restaurants_open_slots_idx/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
