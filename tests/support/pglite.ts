// Real Postgres in-process (PGlite) set up the way a Supabase project is, with the
// migrations of supabase/migrations applied in name order. Starting takes a few seconds:
// share one instance per test file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll } from "vitest";
import { RESTAURANT_COLUMNS } from "~/lib/directory/columns";
import { fixtureValue, type FixturePhoto, type FixtureRestaurant } from "../fixtures/directory-fixture";
import { applyPostgresMigrations } from "../../scripts/postgres-migrations";

/** Supabase's roles and default privileges, applied before the migrations. */
export const SUPABASE_BOOTSTRAP = readFileSync(join(import.meta.dirname, "supabase-bootstrap.sql"), "utf8");

/** A fresh database with Supabase's roles and grants and every migration applied. */
export async function startPglite(): Promise<PGlite> {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await db.exec(SUPABASE_BOOTSTRAP);
  await applyPostgresMigrations(db);
  return db;
}

/**
 * A PGlite database for the tests of the enclosing suite: started before them (migrations
 * applied) and set up by `setUp`, closed after. Read `.db` inside a hook or test.
 */
export function usePglite(setUp?: (db: PGlite) => Promise<unknown>): { readonly db: PGlite } {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await startPglite();
    await setUp?.(db);
  });
  afterAll(async () => {
    await db?.close();
  });
  return {
    get db() {
      if (!db) throw new Error("the PGlite database is started in beforeAll");
      return db;
    },
  };
}

/** Runs `work` on `db` in a transaction that is always rolled back; its result. */
export async function rolledBack<T>(db: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db.transaction(async (tx) => {
    result = await work(tx);
    await tx.rollback();
  });
  return result as T;
}

/** Runs `work` on `db` as the database role `role`, in a transaction that is always rolled back. */
export function asRole<T>(db: PGlite, role: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return rolledBack(db, async (tx) => {
    await tx.exec(`set local role ${role}`);
    return work(tx);
  });
}

/** What an insert naming only the name gets in `columns` (rolled back): the table's defaults. */
export async function insertedDefaults(db: PGlite, columns: string[]): Promise<Record<string, unknown> | undefined> {
  const { rows } = await rolledBack(db, (tx) =>
    tx.query<Record<string, unknown>>(
      `insert into public.restaurants (name) values ('Defaults Diner') returning ${columns.join(", ")}`,
    ),
  );
  return rows[0];
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
