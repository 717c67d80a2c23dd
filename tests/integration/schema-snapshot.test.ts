// The committed schema snapshots (schema/d1.sql, schema/postgres.sql, and their place data's
// schema/d1-places.sql, schema/postgres-places.sql) are what the migrations give today: all are
// made again here (scripts/schema-snapshot.ts: the D1 migrations through
// wrangler into workerd's SQLite, the Postgres ones into PGlite) and compared with the files.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  D1_SNAPSHOT_PATH,
  POSTGRES_SNAPSHOT_PATH,
  SNAPSHOT_COMMAND,
  SNAPSHOT_PATHS,
  renderSnapshots,
} from "../../scripts/schema-snapshot";

const root = join(import.meta.dirname, "..", "..");

/** Where two texts part: the first differing line, numbered from 1, as each has it. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split("\n");
  const b = generated.split("\n");
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  const show = (text: string | undefined) => (text === undefined ? "(end of file)" : JSON.stringify(text));
  return `first difference at line ${at + 1}:\n  committed: ${show(a[at])}\n  generated: ${show(b[at])}`;
}

let generated: Record<string, string> = {};

beforeAll(async () => {
  generated = await renderSnapshots();
});

describe.each(SNAPSHOT_PATHS)("%s", (path) => {
  it("is what the migrations give today", () => {
    const fresh = generated[path];
    expect(fresh, `no snapshot generated for ${path}`).toBeTypeOf("string");
    const file = join(root, path);
    const committed = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (committed !== fresh) {
      expect.fail(
        `${path} is stale (or was edited by hand): run \`${SNAPSHOT_COMMAND}\` and commit the result.\n` +
          (committed ? firstDifference(committed, fresh ?? "") : `${path} does not exist.`),
      );
    }
  });
});

describe("what the snapshots leave out", () => {
  it("D1: FTS5's shadow tables, SQLite's own tables and wrangler's d1_migrations", () => {
    const d1 = generated[D1_SNAPSHOT_PATH] ?? "";
    expect(d1).toContain("CREATE VIRTUAL TABLE restaurant_search USING fts5(");
    expect(d1).not.toMatch(
      /CREATE TABLE (?:'|")?(?:restaurant_search_(?:data|idx|docsize|config|content)|sqlite_|d1_migrations)/,
    );
  });

  it("Postgres: Supabase's own defaults, extensions' objects and pg_dump's version lines", () => {
    const postgres = generated[POSTGRES_SNAPSHOT_PATH] ?? "";
    expect(postgres).toContain("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;");
    expect(postgres).toContain("CREATE POLICY");
    expect(postgres).not.toMatch(/ALTER DEFAULT PRIVILEGES|CREATE SCHEMA extensions|Schema: extensions;/);
    expect(postgres).not.toMatch(/^-- Dumped (?:from|by)|^\\restrict/m);
  });
});
