// A country with filters past its first 1,000 names on the Supabase adapter: the contract of
// ./country-filters-contract.ts on real Postgres (PGlite with supabase/migrations), through
// supabase-js and the PostgREST stand-in, with the US place data and the world fixture's.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, vi } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { renderWorldPlacesSql } from "../../scripts/generate-world-places";
import { worldFixture } from "../fixtures/world-fixture";
import { loadFixture, startPglite } from "../support/pglite";
import { RefusingWebSocket, startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import {
  countryFiltersCuisines,
  countryFiltersRestaurants,
  describeCountryFiltersContract,
} from "./country-filters-contract";
import { worldFixtureData } from "./world-contract";

const places = loadPlaceData();
let db: PGlite;
let api: FakePostgrest;

beforeAll(async () => {
  // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await db.exec(renderPlacesSql(places, "postgres"));
  await db.exec(renderWorldPlacesSql(worldFixtureData(), "postgres"));
  await loadFixture(db, { restaurants: countryFiltersRestaurants, photos: [], cuisines: countryFiltersCuisines });
  api = await startFakePostgrest(db);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
  await db?.close();
});

describeCountryFiltersContract(
  "Supabase (PGlite)",
  () => createSupabaseDirectory(api.url, api.anonKey),
  () => ({ ...places, world: worldFixture }),
);
