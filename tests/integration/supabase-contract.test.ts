// The directory contract suite (directory-contract.ts, the same as D1's) on the Supabase
// adapter: real Postgres (PGlite with the migrations of supabase/migrations), reached through
// supabase-js and a small PostgREST stand-in that runs every request as `anon`. Two databases:
// the text fixture without place data, and the sample directory with the place data.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase.server";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
import { loadFixture, startPglite } from "../support/pglite";
import { startFakePostgrest, type FakePostgrest } from "../support/postgrest";
import { useSupabaseBackend } from "../support/supabase";
import { describeDistanceContract, describeTextContract, distanceRows } from "./directory-contract";

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
});

afterAll(async () => {
  await api?.close();
  await withPlaces?.close();
});

// A new adapter (and supabase-js client) per use, as the app makes one per request.
describeTextContract("Supabase (PGlite)", () => createSupabaseDirectory(backend.api.url, backend.api.anonKey));
describeDistanceContract("Supabase (PGlite)", () => createSupabaseDirectory(api.url, api.anonKey), () => places);
