// The place nearest a search's coordinates on the Supabase adapter: the contract
// (./nearest-place-contract.ts) on real Postgres (PGlite with supabase/migrations), through
// supabase-js and the PostgREST stand-in, and the plan of public.nearest_place's reads.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { renderWorldPlacesSql } from "../../scripts/generate-world-places";
import { startPglite } from "../support/pglite";
import { RefusingWebSocket, startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { worldFixtureData } from "./world-contract";
import { describeNearestPlaceContract } from "./nearest-place-contract";

let db: PGlite;
let api: FakePostgrest;

beforeAll(async () => {
  // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await db.exec(renderPlacesSql(loadPlaceData(), "postgres"));
  await db.exec(renderWorldPlacesSql(worldFixtureData(), "postgres"));
  await db.exec("analyze public.us_places; analyze public.world_places;");
  api = await startFakePostgrest(db);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
  await db?.close();
});

describeNearestPlaceContract("Supabase (PGlite)", () => createSupabaseDirectory(api.url, api.anonKey));

describe("the nearest place's reads on Postgres", () => {
  it("reads the nine cells through the cell indexes, not the tables", async () => {
    // The function's query, as the planner runs it inside it (a SQL function is inlined into
    // its caller only when it returns a set; EXPLAIN of the body with the point as constants).
    const [body] = (await db.query<{ prosrc: string }>("select prosrc from pg_proc where proname = 'nearest_place'"))
      .rows;
    const sql = body!.prosrc
      .replaceAll("p_lat", "(47.61)::double precision")
      .replaceAll("p_lng", "(-122.2)::double precision");
    const plan = (await db.query<{ "QUERY PLAN": string }>(`explain ${sql}`)).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("Index Scan using us_places_cell_idx on us_places");
    expect(plan).not.toMatch(/Seq Scan on us_places/);
    // The world fixture's few rows are read whole; the index is there for the full world data.
    const forced = await db.transaction(async (tx) => {
      await tx.exec("set local enable_seqscan = off");
      return (await tx.query<{ "QUERY PLAN": string }>(`explain ${sql}`)).rows
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(forced).toContain("using world_places_cell_idx on world_places");
    const analysed = (await db.query<{ "QUERY PLAN": string }>(`explain analyze ${sql}`)).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    const usRows = Number(/us_places_cell_idx[^\n]*actual[^\n]*rows=(\d+)/.exec(analysed)?.[1]);
    expect(usRows).toBeGreaterThan(0);
    expect(usRows).toBeLessThanOrEqual(278);
  });
});
