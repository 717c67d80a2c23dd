// Benchmark databases on Postgres, set up as a Supabase project (roles, extensions schema)
// with the migrations of supabase/migrations applied in name order, the place data, and then
// N generated restaurants. Two kinds: PGlite (Postgres compiled to WASM, in-process),
// persisted to bench/.data/pg-<N>/; and a real PostgreSQL server (pg-server.mjs), a database
// per size. Both are reused while their marker (generator, seed, rows, migrations, place
// data) matches.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { COLUMNS, CUISINE_NAMES, DEFAULT_SEED, GENERATOR_VERSION, currentMonth, sizeLabel } from "../generate.mjs";
import { loadAppSql } from "./app-sql.mjs";
import { PLACES_VERSION } from "./d1.mjs";
import { postgresBatches } from "./postgres-batches.mjs";
import { DATA_DIR, ROOT, log } from "./util.mjs";

export const PG_MIGRATIONS_DIR = join(ROOT, "supabase", "migrations");
const ROWS_PER_INSERT = 20_000;

/** Supabase's roles and default privileges, shared with the tests. */
export const SUPABASE_BOOTSTRAP = readFileSync(join(ROOT, "tests", "support", "supabase-bootstrap.sql"), "utf8");

export function pgMigrationFiles() {
  if (!existsSync(PG_MIGRATIONS_DIR)) return [];
  return readdirSync(PG_MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => join(PG_MIGRATIONS_DIR, name));
}

/** A rebuild follows any change to supabase/migrations or to the place data. */
export function marker(n, seed) {
  const hash = createHash("sha256");
  for (const file of pgMigrationFiles()) hash.update(file.slice(PG_MIGRATIONS_DIR.length)).update(readFileSync(file));
  return {
    generator: GENERATOR_VERSION,
    seed,
    rows: n,
    migrations: hash.digest("hex").slice(0, 16),
    places: PLACES_VERSION,
    // The confirmations' visits count back from the month of the build: a new month, a new build.
    month: currentMonth(),
  };
}

/**
 * Builds the data set in an empty database. `db` has exec(sql) and query(sql, params), as
 * PGlite and node-postgres both do. Bulk load the usual way: the restaurants' secondary
 * indexes are dropped (their definitions read back from the catalog, so they are exactly the
 * migrations' own), the rows inserted, the indexes built again.
 */
export async function buildPg(
  db,
  n,
  { seed = DEFAULT_SEED, label = sizeLabel(n), bootstrap = SUPABASE_BOOTSTRAP } = {},
) {
  const files = pgMigrationFiles();
  if (files.length === 0) throw new Error("supabase/migrations has no .sql files");
  await db.exec(bootstrap);
  for (const file of files) await db.exec(readFileSync(file, "utf8"));
  const app = await loadAppSql();
  await db.exec(app.renderPlacesSql(app.loadPlaceData(), "postgres"));

  const { rows: indexes } = await db.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'public.restaurants'::regclass and not x.indisprimary and not x.indisunique`,
  );
  for (const index of indexes) await db.exec(`drop index public.${index.name}`);
  await db.query(
    `insert into public.cuisine_types (id, name) select i, n from unnest($1::text[]) with ordinality as t(n, i)`,
    [CUISINE_NAMES],
  );
  const columns = COLUMNS.join(", ");
  await db.exec("alter table public.confirmations disable trigger confirmations_derive");
  let done = 0;
  for (const batch of postgresBatches(n, { seed, batchSize: ROWS_PER_INSERT })) {
    await db.query(
      `insert into public.restaurants (${columns}) select ${columns} from json_populate_recordset(null::public.restaurants, $1::json)`,
      [JSON.stringify(batch.map((r) => r.row))],
    );
    // Their diners' confirmations, as a bulk load: the trigger that derives a restaurant's
    // columns on each insert is off while loading; every restaurant is derived once below.
    await db.query(
      `insert into public.confirmations (id, restaurant_id, condition, visited, outcome, staff, seen, ordered, note)
       select id, restaurant_id, condition, visited, outcome, staff, seen, ordered, note
         from json_populate_recordset(null::public.confirmations, $1::json)`,
      [JSON.stringify(batch.flatMap((r) => r.confirmations))],
    );
    done += batch.length;
    if (done % 200_000 === 0) log(`  pg ${label}: ${done}/${n} rows`);
  }
  await db.exec(`update public.restaurants as r
     set (confirmation_tallies, confirmation_sets, confirmation_stale_from) =
         (select f.tallies, f.sets, f.stale_from from public.confirmation_facts(r.id) as f)
   where r.id in (select distinct restaurant_id from public.confirmations)`);
  await db.exec("alter table public.confirmations enable trigger confirmations_derive");
  await db.exec(
    `select setval(pg_get_serial_sequence('public.confirmations', 'id'), (select max(id) from public.confirmations))`,
  );
  await db.exec("set maintenance_work_mem = '256MB'");
  for (const index of indexes) {
    const t = performance.now();
    await db.exec(index.def);
    if (n >= 100_000) log(`  pg ${label}: ${index.name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await db.exec(`select setval(pg_get_serial_sequence('public.restaurants', 'id'), ${n})`);
  // Rows loaded raw, like any bulk load: derive their open intervals as the scheduled job would.
  const rpc = async (name, args) => {
    const keys = Object.keys(args);
    const { rows } = await db.query(
      `select public.${name}(${keys.map((k, i) => `${k} => $${i + 1}`).join(", ")}) as result`,
      keys.map((k) => (typeof args[k] === "object" && args[k] !== null ? JSON.stringify(args[k]) : args[k])),
    );
    return rows[0]?.result;
  };
  while ((await app.deriveOpenHoursPostgres(rpc, 500)) > 0);
  await db.exec("vacuum analyze");
}

/** Opens (building it first if needed) the PGlite database of n generated restaurants. */
export async function openPg(n, { seed = DEFAULT_SEED } = {}) {
  const dir = join(DATA_DIR, `pg-${sizeLabel(n)}`);
  const markerFile = join(DATA_DIR, `pg-${sizeLabel(n)}.marker.json`);
  const wanted = JSON.stringify(marker(n, seed));
  const reusable = existsSync(markerFile) && existsSync(dir) && readFileSync(markerFile, "utf8") === wanted;
  let loadSeconds = null;
  let db;
  if (!reusable) {
    log(`building pg-${sizeLabel(n)} (${n} rows; kept in ${dir} for later runs)`);
    rmSync(dir, { recursive: true, force: true });
    rmSync(markerFile, { force: true });
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    db = await PGlite.create(dir, { extensions: { pg_trgm } });
    await buildPg(db, n, { seed, label: `pg-${sizeLabel(n)}` });
    loadSeconds = (performance.now() - started) / 1000;
  } else {
    db = await PGlite.create(dir, { extensions: { pg_trgm } });
  }
  const { rows } = await db.query("select count(*)::int as n from public.restaurants");
  if (rows[0].n !== n) {
    await db.close();
    throw new Error(`${dir}: ${rows[0].n} rows, expected ${n}`);
  }
  if (!reusable) writeFileSync(markerFile, wanted);
  const version = (await db.query("select version() as v")).rows[0].v;
  // The API role the Worker's Supabase client uses: the search runs as anon, under RLS.
  await db.exec("set role anon");
  return { db, loadSeconds, dir, version, close: () => db.close() };
}
