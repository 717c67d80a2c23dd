// Beyond the United States on the Supabase adapter: the world contract (./world-contract.ts)
// on real Postgres (PGlite with supabase/migrations), through supabase-js and the PostgREST
// stand-in, with the US place data and the world fixture loaded as their generated SQL.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, vi } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { renderWorldPlacesSql } from "../../scripts/generate-world-places";
import { worldFixture, worldFixtureRestaurants } from "../fixtures/world-fixture";
import { loadFixture, startPglite } from "../support/pglite";
import { RefusingWebSocket, startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { describeWorldContract, worldFixtureData } from "./world-contract";
import { describeUsZipContract, usZipRestaurants } from "./us-zip-contract";

const places = loadPlaceData();
let db: PGlite;
let api: FakePostgrest;
// The world fixture and the two restaurants of ./us-zip-contract.ts, in a database of their own.
let zipDb: PGlite;
let zipApi: FakePostgrest;

beforeAll(async () => {
  // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await db.exec(renderPlacesSql(places, "postgres"));
  await db.exec(renderWorldPlacesSql(worldFixtureData(), "postgres"));
  await loadFixture(db, { restaurants: worldFixtureRestaurants, photos: [], cuisines: ["Cafe"] });
  api = await startFakePostgrest(db);
  zipDb = await startPglite();
  await zipDb.exec(renderPlacesSql(places, "postgres"));
  await zipDb.exec(renderWorldPlacesSql(worldFixtureData(), "postgres"));
  await loadFixture(zipDb, { restaurants: usZipRestaurants, photos: [], cuisines: ["Cafe"] });
  zipApi = await startFakePostgrest(zipDb);
}, 240_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
  await db?.close();
  await zipApi?.close();
  await zipDb?.close();
});

describeWorldContract(
  "Supabase (PGlite)",
  () => createSupabaseDirectory(api.url, api.anonKey),
  () => ({ ...places, world: worldFixture }),
);

describeUsZipContract(
  "Supabase (PGlite)",
  () => createSupabaseDirectory(zipApi.url, zipApi.anonKey),
  () => ({ ...places, world: worldFixture }),
);
