// supabase/migrations/*.sql applied in name order: how the schema snapshot
// (schema-snapshot.ts) and the tests' PGlite (tests/support/pglite.ts) build a database.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { ROOT } from "./lib/server.mjs";

export function postgresMigrationFiles(): string[] {
  const dir = join(ROOT, "supabase", "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => join(dir, name));
}

/** Every migration, in name order; the error of a failing one names its file. */
export async function applyPostgresMigrations(db: PGlite): Promise<void> {
  for (const file of postgresMigrationFiles()) {
    try {
      await db.exec(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
}
