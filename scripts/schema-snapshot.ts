// The schema snapshots: the schema as all the migrations leave it, per backend, so that "the
// SQL" a reader opens is a file rather than a chain of migrations that replace each other's
// views, functions and triggers. Two files each: the place data (the US and world place tables
// and their lookups: schema/d1-places.sql, schema/postgres-places.sql), which a search reads to
// look its place up, and the rest (schema/d1.sql, schema/postgres.sql), the restaurants and the
// search's own, which it reads for the page.
//
//   npm run schema:snapshot        writes the four files
//
// Both are made by applying the migrations to an empty database and reading back what it
// holds: D1 through wrangler (the same command and the same SQLite, workerd's, as
// `npm start`), Postgres on PGlite with Supabase's roles first (tests/support/supabase-bootstrap.sql)
// and dumped by pg_dump (@electric-sql/pglite-tools). tests/integration/schema-snapshot.test.ts
// regenerates both and fails when a committed file differs.
//
// This file imports nothing from app/ (the snapshots describe the migrations, not the code).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { getPlatformProxy } from "wrangler";
import { ROOT, WRANGLER_ENV } from "./lib/server.mjs";
import { applyPostgresMigrations } from "./postgres-migrations";

export const SNAPSHOT_COMMAND = "npm run schema:snapshot";
export const D1_SNAPSHOT_PATH = "schema/d1.sql";
export const POSTGRES_SNAPSHOT_PATH = "schema/postgres.sql";
export const D1_PLACES_SNAPSHOT_PATH = "schema/d1-places.sql";
export const POSTGRES_PLACES_SNAPSHOT_PATH = "schema/postgres-places.sql";
/** Every snapshot file, each backend's schema before its place data's. */
export const SNAPSHOT_PATHS = [
  D1_SNAPSHOT_PATH,
  D1_PLACES_SNAPSHOT_PATH,
  POSTGRES_SNAPSHOT_PATH,
  POSTGRES_PLACES_SNAPSHOT_PATH,
] as const;

/**
 * The place data's tables (docs/decisions/0006-place-data.md, 0031-world-place-data.md): their
 * objects (indexes, triggers, constraints, policies, grants) go to the places' files.
 */
export const PLACE_TABLES: ReadonlySet<string> = new Set([
  "us_zip_codes",
  "us_places",
  "world_places",
  "world_place_aliases",
  "world_subdivisions",
  "world_subdivision_keys",
]);
/** Postgres functions of the place data: the lookups, and the trigger function of us_zip_codes. */
export const PLACE_FUNCTIONS: ReadonlySet<string> = new Set([
  "resolve_place",
  "resolve_world_place",
  "nearest_place",
  "us_zip_codes_place_restaurants",
]);
const BOOTSTRAP_PATH = "tests/support/supabase-bootstrap.sql";

// Said at the top of both files.
const GENERATED = [
  `GENERATED FILE: do not edit by hand. Regenerate with \`${SNAPSHOT_COMMAND}\``,
  "(scripts/schema-snapshot.ts); tests/integration/schema-snapshot.test.ts fails when it is stale.",
];
const WHY_HERE = [
  "Why schema/ and not next to the migrations: wrangler 3.114 takes every file whose name ends",
  "in .sql at the top of migrations_dir as a migration (it ignores subfolders, but a snapshot",
  "there would sit among history); the Supabase CLI takes each file in supabase/migrations/ as a",
  "migration and applies every *.sql in supabase/schemas/ for `supabase db diff` (its",
  "declarative schemas). No tool reads schema/, and both backends' snapshots sit together.",
  "To change the schema, add a migration and regenerate; nothing applies this file.",
];
const comment = (lines: readonly string[]) => lines.map((line) => (line ? `-- ${line}` : "--")).join("\n");

// ---------------------------------------------------------------------------------------------
// D1

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string };

/**
 * Every object of the D1 schema in a readable order: each table (FTS5 virtual tables included)
 * followed by its indexes and triggers, then each view followed by its triggers; within each
 * kind, the order the migrations created them in (sqlite_schema's rowid).
 */
export function renderD1Schema(rows: readonly SchemaRow[]): string {
  const statement = (row: SchemaRow) => `${row.sql.trim().replace(/;$/, "")};`;
  const on = (parent: SchemaRow, type: string) =>
    rows.filter((row) => row.type === type && row.tbl_name === parent.name && row.name !== parent.name);
  const group = (parent: SchemaRow) => [parent, ...on(parent, "index"), ...on(parent, "trigger")];
  const tables = rows.filter((row) => row.type === "table").flatMap(group);
  const views = rows.filter((row) => row.type === "view").flatMap(group);
  const placed = new Set([...tables, ...views]);
  const rest = rows.filter((row) => !placed.has(row)); // none today; never dropped silently
  const section = (title: string, items: SchemaRow[]) =>
    items.length ? [`-- ${title}`, ...items.map(statement)].join("\n\n") : "";
  return [
    section("Tables, each followed by its indexes and triggers", tables),
    section("Views, each followed by its triggers", views),
    section("Other objects", rest),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** Of sqlite_schema's rows, the place data's (PLACE_TABLES and what is on them) and the rest. */
export function splitD1Places(rows: readonly SchemaRow[]): { places: SchemaRow[]; rest: SchemaRow[] } {
  const isPlace = (row: SchemaRow) => PLACE_TABLES.has(row.tbl_name);
  return { places: rows.filter(isPlace), rest: rows.filter((row) => !isPlace(row)) };
}

/**
 * schema/d1.sql and schema/d1-places.sql: migrations/ applied by wrangler to an empty local D1,
 * read from sqlite_schema.
 */
export async function d1Snapshot(): Promise<{ main: string; places: string }> {
  const dir = mkdtempSync(join(tmpdir(), "safebites-schema-d1-"));
  try {
    // What applyMigrations() in ./lib/server.mjs runs, without blocking: Postgres's snapshot
    // is made meanwhile.
    await promisify(execFile)(
      join(ROOT, "node_modules", ".bin", "wrangler"),
      ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir],
      { cwd: ROOT, env: WRANGLER_ENV, maxBuffer: 16 * 1024 * 1024 },
    );
    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath: join(ROOT, "wrangler.toml"),
      persist: { path: join(dir, "v3") },
    });
    try {
      // pragma_table_list marks FTS5's shadow tables (restaurant_search_data, …) 'shadow':
      // the virtual table creates them itself. sqlite_* are SQLite's own, _cf_* D1's,
      // d1_migrations wrangler's record of applied migrations. Automatic indexes have no SQL.
      const { results } = await proxy.env.DB.prepare(
        `SELECT s.type, s.name, s.tbl_name, s.sql
           FROM sqlite_schema AS s
           LEFT JOIN pragma_table_list AS t ON t.schema = 'main' AND t.name = s.name
          WHERE s.sql IS NOT NULL
            AND coalesce(t.type, '') <> 'shadow'
            AND s.tbl_name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            AND s.tbl_name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
            AND s.tbl_name <> 'd1_migrations'
          ORDER BY s.rowid`,
      ).all<SchemaRow>();
      const { places, rest } = splitD1Places(results);
      const header = comment([
        ...GENERATED,
        "",
        "The Cloudflare D1 (SQLite) schema as all of migrations/*.sql leave it: wrangler applied them",
        "in order to an empty local D1 (workerd's SQLite, as D1 runs it), and this is what its",
        "sqlite_schema then holds, each statement as SQLite keeps it (ALTER TABLE … ADD COLUMN",
        "appends to the CREATE TABLE). Each table (FTS5 virtual tables too) comes with its indexes",
        "and triggers, in the order the migrations created them; then the views. Left out: SQLite's",
        "own tables (sqlite_*), the shadow tables FTS5 creates for each index (restaurant_search_data,",
        "…), automatic indexes (UNIQUE, PRIMARY KEY), and wrangler's d1_migrations. The place data's",
        `tables (${[...PLACE_TABLES].join(", ")}) are in ${D1_PLACES_SNAPSHOT_PATH}.`,
        "",
        ...WHY_HERE,
      ]);
      const placesHeader = comment([
        ...GENERATED,
        "",
        `The place data's tables of the D1 schema, made as ${D1_SNAPSHOT_PATH} is (which has the rest): what`,
        "the place lookups read (us_zip_codes and us_places for the US, the world_* tables beyond it),",
        "each with its indexes and triggers. scripts/load-places.ts and scripts/load-world-places.ts fill them.",
      ]);
      return {
        main: `${header}\n\n${renderD1Schema(rest)}\n`,
        places: `${placesHeader}\n\n${renderD1Schema(places)}\n`,
      };
    } finally {
      await proxy.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Postgres

/** One object of a pg_dump: its `-- Name: …; Type: …; Schema: …; Owner: …` header and its SQL. */
type DumpEntry = { schema: string; text: string };

/**
 * Whether a pg_dump entry is the place data's: a table of PLACE_TABLES or an object on one (its
 * constraints, triggers, policies and row security are named after it, an index says `ON` it, a
 * grant names it), or a function of PLACE_FUNCTIONS and its grant.
 */
export function isPlaceEntry(entry: DumpEntry): boolean {
  const match = /^--\n-- Name: (.*); Type: (.*); Schema: /.exec(entry.text);
  if (!match?.[1]) return false;
  const [name, type] = [match[1], match[2]];
  const first = name.split(/[ (]/)[0] ?? "";
  if (type === "ACL") {
    const [, kind, object] = /^(TABLE|FUNCTION) ([a-z_]+)/.exec(name) ?? [];
    return kind === "TABLE" ? PLACE_TABLES.has(object ?? "") : PLACE_FUNCTIONS.has(object ?? "");
  }
  if (type === "FUNCTION") return PLACE_FUNCTIONS.has(first);
  if (type === "INDEX") return PLACE_TABLES.has(/ ON public\.([a-z_]+)/.exec(entry.text)?.[1] ?? "");
  return PLACE_TABLES.has(first);
}

/** A plain-format pg_dump cut into its preamble (the SETs), its objects and its closing lines. */
export function parseDump(dump: string): { preamble: string; entries: DumpEntry[]; footer: string } {
  const parts = dump.split(
    /\n(?=--\n-- (?:Name: .*; Type: .*; Schema: .*; Owner: .*|PostgreSQL database dump complete)\n--\n)/,
  );
  const preamble = parts.shift() ?? "";
  const last = parts.at(-1) ?? "";
  const footer = last.startsWith("--\n-- PostgreSQL database dump complete") ? (parts.pop() ?? "") : "";
  const entries = parts.map((text) => {
    const match = /^--\n-- Name: .*; Type: .*; Schema: (.*); Owner: .*\n/.exec(text);
    if (!match?.[1]) throw new Error(`unexpected pg_dump entry:\n${text.slice(0, 200)}`);
    return { schema: match[1], text };
  });
  return { preamble, entries, footer };
}

/**
 * pg_dump's lines that change with no change to the schema: the versions (in the preamble) and
 * the random \restrict key (pg_dump 17.6+, if this build writes it). Function bodies untouched.
 */
export function stripVolatile(text: string): string {
  return text.replace(/^(?:-- Dumped (?:from database|by pg_dump) version .*|\\(?:un)?restrict .*)\n/gm, "");
}

async function dump(db: PGlite): Promise<string> {
  const file = await pgDump({ pg: db, args: ["--schema-only", "--no-owner"] });
  return file.text();
}

async function schemaNames(db: PGlite): Promise<Set<string>> {
  const { rows } = await db.query<{ nspname: string }>("select nspname from pg_catalog.pg_namespace");
  return new Set(rows.map((row) => row.nspname));
}

/**
 * schema/postgres.sql and schema/postgres-places.sql: supabase/migrations/ applied in name order to an empty PGlite after
 * Supabase's roles and default privileges, dumped by pg_dump. Kept: the objects in public and
 * in any schema the migrations create, and database-level ones (extensions, schemas, grants on
 * schemas) the migrations add. Left out: what a new Supabase project has already (whatever the
 * bootstrap alone dumps the same) and extensions' own objects (the `extensions` schema).
 */
export async function postgresSnapshot(): Promise<{ main: string; places: string }> {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await db.exec(readFileSync(join(ROOT, BOOTSTRAP_PATH), "utf8"));
    const before = parseDump(await dump(db));
    const schemasBefore = await schemaNames(db);
    // pg_dump leaves PGlite's one session inside its read-only transaction, with an empty
    // search_path: end it and return every setting to its default before the migrations.
    await db.exec("rollback; reset all");
    await applyPostgresMigrations(db);
    const after = parseDump(await dump(db));
    const appSchemas = [...(await schemaNames(db))].filter(
      (name) => !schemasBefore.has(name) && !name.startsWith("pg_") && name !== "information_schema",
    );
    const kept = new Set(["-", "public", ...appSchemas]);
    const supabaseOwn = new Set(before.entries.map((entry) => entry.text));
    const entries = after.entries.filter((entry) => kept.has(entry.schema) && !supabaseOwn.has(entry.text));
    const header = comment([
      ...GENERATED,
      "",
      "The Postgres (Supabase) schema as all of supabase/migrations/*.sql leave it: they were applied",
      `in name order to an empty PGlite (Postgres in WebAssembly) after ${BOOTSTRAP_PATH}`,
      "(Supabase's API roles, default privileges and `extensions` schema), and this is pg_dump's",
      "--schema-only --no-owner output (@electric-sql/pglite-tools), grants and row-level security",
      "policies included. Kept: the objects in the schemas listed below, and the database-level",
      "objects the migrations add (the pg_trgm extension). Left out: what a new Supabase project",
      "already has (every object the bootstrap alone dumps the same: its schemas, their grants,",
      "default privileges), the objects inside extensions, and pg_dump's version lines. The place",
      `data's tables (${[...PLACE_TABLES].join(", ")}), their objects and their functions`,
      `(${[...PLACE_FUNCTIONS].join(", ")}) are in ${POSTGRES_PLACES_SNAPSHOT_PATH}.`,
      `Schemas: ${[...kept].filter((name) => name !== "-").join(", ")} (public and those the migrations create).`,
      "",
      ...WHY_HERE,
    ]);
    const preamble = stripVolatile(after.preamble).replace(/\n{3,}/g, "\n\n");
    const rest = entries.filter((entry) => !isPlaceEntry(entry));
    const body = stripVolatile([preamble, ...rest.map((entry) => entry.text), after.footer].join("\n"));
    const placesHeader = comment([
      ...GENERATED,
      "",
      `The place data's objects of the Postgres schema, made as ${POSTGRES_SNAPSHOT_PATH} is (which has the rest`,
      "and pg_dump's settings): the tables the place lookups read (us_zip_codes and us_places for the",
      "US, the world_* tables beyond it) with their constraints, indexes, triggers, policies and grants,",
      `and the functions ${[...PLACE_FUNCTIONS].join(", ")}, in pg_dump's order.`,
    ]);
    const places = stripVolatile(
      entries
        .filter(isPlaceEntry)
        .map((entry) => entry.text)
        .join("\n"),
    );
    return { main: `${header}\n\n${body.trim()}\n`, places: `${placesHeader}\n\n${places.trim()}\n` };
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------

/** Every snapshot (both backends' made at the same time), by path relative to the repository. */
export async function renderSnapshots(): Promise<Record<string, string>> {
  const [d1, postgres] = await Promise.all([d1Snapshot(), postgresSnapshot()]);
  return {
    [D1_SNAPSHOT_PATH]: d1.main,
    [D1_PLACES_SNAPSHOT_PATH]: d1.places,
    [POSTGRES_SNAPSHOT_PATH]: postgres.main,
    [POSTGRES_PLACES_SNAPSHOT_PATH]: postgres.places,
  };
}

async function main() {
  for (const [path, text] of Object.entries(await renderSnapshots())) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), text);
    console.log(`wrote ${path} (${text.split("\n").length - 1} lines)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
