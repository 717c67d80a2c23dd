// The Supabase side of a test file: one PGlite database with the migrations and the shared
// fixture (tests/fixtures/directory-fixture.ts) and, unless `postgrest: false`, two fake
// PostgREST servers on it (`api` answers, `faulty` is switched between fault modes) and the
// URL of a closed port. Started once per file (PGlite takes a few seconds), stopped after it.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, vi } from "vitest";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { loadFixture, startPglite } from "./pglite";
import { RefusingWebSocket, closedPortUrl, startFakePostgrest, type FakePostgrest } from "./postgrest";

export type SupabaseBackend = {
  db: PGlite;
  api: FakePostgrest;
  /** A second server on the same database, switched between fault modes. */
  faulty: FakePostgrest;
  unreachableUrl: string;
};

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useSupabaseBackend({ postgrest = true } = {}): SupabaseBackend {
  const backend = {} as SupabaseBackend;
  beforeAll(async () => {
    // Node 20 has no WebSocket, which supabase-js looks up; the stand-in refuses to connect.
    vi.stubGlobal("WebSocket", RefusingWebSocket);
    backend.db = await startPglite();
    await loadFixture(backend.db, {
      restaurants: fixtureRestaurants,
      photos: fixturePhotos,
      cuisines: fixtureCuisines,
    });
    if (!postgrest) return;
    backend.api = await startFakePostgrest(backend.db);
    backend.faulty = await startFakePostgrest(backend.db, { mode: "error500" });
    backend.unreachableUrl = await closedPortUrl();
  });
  afterAll(async () => {
    await backend.api?.close();
    await backend.faulty?.close();
    await backend.db?.close();
    vi.unstubAllGlobals();
  });
  return backend;
}
