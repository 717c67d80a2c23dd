// Real Postgres in-process (PGlite) set up the way a Supabase project is, with the
// migrations of supabase/migrations applied in name order. Starting takes a few seconds:
// share one instance per test file.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { RESTAURANT_COLUMNS } from "~/lib/directory/port";
import { fixtureValue, type FixturePhoto, type FixtureRestaurant } from "../fixtures/directory-fixture";

const root = join(import.meta.dirname, "..", "..");
const MIGRATIONS_DIR = join(root, "supabase", "migrations");

/** Supabase's roles and default privileges, applied before the migrations. */
const SUPABASE_BOOTSTRAP = readFileSync(join(import.meta.dirname, "supabase-bootstrap.sql"), "utf8");

function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name));
}

/** A fresh database with Supabase's roles and grants and every migration applied. */
export async function startPglite(): Promise<PGlite> {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await db.exec(SUPABASE_BOOTSTRAP);
  for (const file of migrationFiles()) {
    try {
      await db.exec(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return db;
}

/** Loads the shared fixture as the table owner (not through the API roles). */
export async function loadFixture(
  db: PGlite,
  { restaurants, photos, cuisines }: { restaurants: FixtureRestaurant[]; photos: FixturePhoto[]; cuisines: string[] },
) {
  await db.transaction(async (tx) => {
    for (const [index, name] of cuisines.entries()) {
      await tx.query("insert into public.cuisine_types (id, name) values ($1, $2)", [index + 1, name]);
    }
    const placeholders = RESTAURANT_COLUMNS.map((_, i) => `$${i + 1}`).join(", ");
    for (const r of restaurants) {
      await tx.query(
        `insert into public.restaurants (${RESTAURANT_COLUMNS.join(", ")}) values (${placeholders})`,
        RESTAURANT_COLUMNS.map((key) => fixtureValue(r, key)),
      );
    }
    for (const p of photos) {
      await tx.query(
        "insert into public.restaurant_photos (id, restaurant_id, url, created_at) values ($1, $2, $3, $4)",
        [p.id, p.restaurant_id, p.url, p.created_at],
      );
    }
    // Explicit ids leave the identity sequences behind: move them past the largest id.
    for (const table of ["cuisine_types", "restaurants", "restaurant_photos"]) {
      await tx.exec(
        `select setval(pg_get_serial_sequence('public.${table}', 'id'), coalesce((select max(id) from public.${table}), 0) + 1, false)`,
      );
    }
  });
}
