// Real Postgres in-process (PGlite) set up the way a Supabase project is, with the
// migrations of supabase/migrations applied in name order. Starting takes a few seconds:
// share one instance per test file.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { FixturePhoto, FixtureRestaurant } from "../fixtures/directory-fixture";

const root = join(import.meta.dirname, "..", "..");
export const MIGRATIONS_DIR = join(root, "supabase", "migrations");

/**
 * What a new Supabase project has before any migration: the API roles, USAGE on public,
 * default privileges that grant ALL on new tables, functions and sequences to those roles
 * (which is why the migrations must revoke), and the `extensions` schema.
 */
const SUPABASE_BOOTSTRAP = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create role authenticator noinherit login;
  grant anon, authenticated, service_role to authenticator;

  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

  create schema extensions;
  grant usage on schema extensions to anon, authenticated, service_role;
  alter default privileges in schema extensions grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema extensions grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema extensions grant all on sequences to anon, authenticated, service_role;
`;

export function migrationFiles(): string[] {
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
      throw new Error(`migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return db;
}

const RESTAURANT_KEYS = [
  "id", "name", "cuisine_type", "is_gluten_free", "is_dairy_free", "is_vegetarian", "is_vegan",
  "address", "city", "state", "zip_code", "phone_number", "email_address", "website_url",
  "menu_url", "hours_of_operation", "description",
] as const;

/** Loads the shared fixture as the table owner (not through the API roles). */
export async function loadFixture(
  db: PGlite,
  { restaurants, photos, cuisines }: { restaurants: FixtureRestaurant[]; photos: FixturePhoto[]; cuisines: string[] },
) {
  await db.transaction(async (tx) => {
    for (const [index, name] of cuisines.entries()) {
      await tx.query("insert into public.cuisine_types (id, name) values ($1, $2)", [index + 1, name]);
    }
    const placeholders = RESTAURANT_KEYS.map((_, i) => `$${i + 1}`).join(", ");
    for (const r of restaurants) {
      await tx.query(
        `insert into public.restaurants (${RESTAURANT_KEYS.join(", ")}) values (${placeholders})`,
        RESTAURANT_KEYS.map((key) => r[key]),
      );
    }
    for (const p of photos) {
      await tx.query("insert into public.restaurant_photos (id, restaurant_id, url, created_at) values ($1, $2, $3, $4)", [
        p.id,
        p.restaurant_id,
        p.url,
        p.created_at,
      ]);
    }
    // Explicit ids leave the identity sequences behind: move them past the largest id.
    for (const table of ["cuisine_types", "restaurants", "restaurant_photos"]) {
      await tx.exec(`select setval(pg_get_serial_sequence('public.${table}', 'id'), coalesce((select max(id) from public.${table}), 0) + 1, false)`);
    }
  });
}
