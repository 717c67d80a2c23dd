// The city pages abroad on the Supabase adapter (real Postgres:
// PGlite with supabase/migrations, through supabase-js and the PostgREST stand-in;
// ./world-city-pages.ts).
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, vi } from "vitest";
import { loadFixture, startPglite } from "../support/pglite";
import { RefusingWebSocket, startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { describeWorldCityPages, worldCityPageRestaurants } from "./world-city-pages";

let db: PGlite;
let api: FakePostgrest;

beforeAll(async () => {
  // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await loadFixture(db, { restaurants: worldCityPageRestaurants, photos: [], cuisines: ["Cafe"] });
  api = await startFakePostgrest(db);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
  await db?.close();
});

describeWorldCityPages("Postgres (PGlite)", () => ({ SUPABASE_URL: api.url, SUPABASE_ANON_KEY: api.anonKey }));
