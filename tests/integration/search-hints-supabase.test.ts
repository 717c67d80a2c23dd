// The search hints contract (search-hints-contract.ts) on the Supabase adapter: real Postgres
// (PGlite with supabase/migrations) behind the PostgREST stand-in, with the sample directory,
// the synthetic rows and the full place data.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { loadFixture, startPglite } from "../support/pglite";
import { RefusingWebSocket, startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { distanceRows } from "./directory-contract";
import { describeSearchHintsContract } from "./search-hints-contract";

const places = loadPlaceData();
let db: PGlite;
let api: FakePostgrest;

beforeAll(async () => {
  // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await db.exec(renderPlacesSql(places, "postgres"));
  await loadFixture(db, { restaurants: distanceRows, photos: [], cuisines: sampleCuisines });
  api = await startFakePostgrest(db);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await db?.close();
  vi.unstubAllGlobals();
});

describeSearchHintsContract(
  "Supabase (PGlite)",
  () => createSupabaseDirectory(api.url, api.anonKey),
  () => places,
);

describe("Supabase: the spelling lookup", () => {
  it("place_spellings asks for the city keys by trigram similarity, which their GIN trigram index answers", async () => {
    const { rows: source } = await db.query<{ def: string }>(
      "select pg_get_functiondef(p.oid) as def from pg_proc as p where p.proname = 'place_spellings'",
    );
    expect(source[0]?.def).toContain("c.place_key operator(extensions.%) p_key");
    const { rows: index } = await db.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'restaurant_cities_place_key_trgm_idx'",
    );
    expect(index[0]?.indexdef).toMatch(/USING gin \(place_key extensions\.gin_trgm_ops\)/);
  });
});
