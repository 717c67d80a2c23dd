// A real local D1 database for integration tests: wrangler applies the migrations in
// migrations/ to a temporary directory, and getPlatformProxy serves it (workerd's SQLite).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { getPlatformProxy } from "wrangler";
import { RESTAURANT_COLUMNS } from "~/lib/directory/port";
import { applyMigrations } from "../../scripts/lib/server.mjs";
import {
  fixtureCuisines,
  fixturePhotos,
  fixtureRestaurants,
  fixtureValue,
  type FixturePhoto,
  type FixtureRestaurant,
} from "../fixtures/directory-fixture";

const root = join(import.meta.dirname, "..", "..");

export async function startD1() {
  const dir = mkdtempSync(join(tmpdir(), "safebites-d1-"));
  applyMigrations({ persistTo: dir });
  const proxy = await getPlatformProxy<Env>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(dir, "v3") },
  });
  const db = proxy.env.DB;
  if (!db) throw new Error("no DB binding");
  return {
    db,
    async dispose() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A D1 database for the tests of the enclosing suite (the file, outside any describe): started
 * before them and set up by `setUp` (e.g. loadSharedFixture), disposed after. Read `.db`
 * inside a hook or test.
 */
export function useD1(setUp?: (db: D1Database) => Promise<unknown>): { readonly db: D1Database } {
  let d1: Awaited<ReturnType<typeof startD1>> | undefined;
  beforeAll(async () => {
    d1 = await startD1();
    await setUp?.(d1.db);
  });
  afterAll(async () => {
    await d1?.dispose();
  });
  return {
    get db() {
      if (!d1) throw new Error("the D1 database is started in beforeAll");
      return d1.db;
    },
  };
}

/** The shared fixture (tests/fixtures/directory-fixture.ts): its restaurants, photos and cuisines. */
export const loadSharedFixture = (db: D1Database) =>
  loadFixture(db, { restaurants: fixtureRestaurants, photos: fixturePhotos, cuisines: fixtureCuisines });

export async function loadFixture(
  db: D1Database,
  { restaurants, photos, cuisines }: { restaurants: FixtureRestaurant[]; photos: FixturePhoto[]; cuisines: string[] },
) {
  const toSql = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);
  await db.batch([
    ...cuisines.map((name, index) =>
      db.prepare("INSERT INTO cuisine_types (id, name) VALUES (?, ?)").bind(index + 1, name),
    ),
    ...restaurants.map((r) =>
      db
        .prepare(
          `INSERT INTO restaurants (${RESTAURANT_COLUMNS.join(", ")}) VALUES (${RESTAURANT_COLUMNS.map(() => "?").join(", ")})`,
        )
        .bind(...RESTAURANT_COLUMNS.map((key) => toSql(fixtureValue(r, key)))),
    ),
    ...photos.map((p) =>
      db
        .prepare("INSERT INTO restaurant_photos (id, restaurant_id, url, created_at) VALUES (?, ?, ?, ?)")
        .bind(p.id, p.restaurant_id, p.url, p.created_at),
    ),
  ]);
}
