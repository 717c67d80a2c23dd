// A real PostgreSQL server for the benchmark (Debian's `postgresql` package: `apt-get install
// postgresql`): a throw-away cluster of its own, started for the run on a port of its own and
// stopped afterwards, whatever else runs on the machine. Its data directory is kept in
// bench/.data/pg-server/ so that the data sets (a database per size, built as pg.mjs builds
// PGlite's) are reused by later runs; `rm -rf bench/.data/pg-server` removes it all.
// As root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { DEFAULT_SEED, sizeLabel } from "../generate.mjs";
import { SUPABASE_BOOTSTRAP, buildPg, marker } from "./pg.mjs";
import { DATA_DIR, log } from "./util.mjs";

// Another run on the same machine may hold the default port: BENCH_PG_PORT picks another.
const PORT = Number(process.env.BENCH_PG_PORT ?? 5499);
const SOCKET_DIR = "/tmp";

/** The newest installed PostgreSQL's bin directory, or null. */
function binDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

function asPostgres(command, args) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * Starts the server (creating the cluster the first time). Returns null with a reason when no
 * PostgreSQL is installed.
 */
export function startPgServer() {
  const bin = binDir();
  if (!bin) return { server: null, reason: "no PostgreSQL server installed (apt-get install postgresql)" };
  const dataDir = join(DATA_DIR, "pg-server");
  const asRoot = process.getuid?.() === 0;
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    mkdirSync(dataDir, { recursive: true });
    if (asRoot) {
      const { uid, gid } = userIds("postgres");
      chownSync(dataDir, uid, gid);
    }
    log(`creating a PostgreSQL cluster in ${dataDir}`);
    asPostgres(join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C.UTF-8",
    ]);
  }
  asPostgres(join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    join(dataDir, "server.log"),
    "-o",
    `-p ${PORT} -k ${SOCKET_DIR} -c listen_addresses='' -c shared_buffers=512MB -c max_wal_size=4GB -c fsync=off`,
    "-w",
    "start",
  ]);
  const stop = () => asPostgres(join(bin, "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  const version = asPostgres(join(bin, "postgres"), ["--version"]).trim();
  return { server: { stop, version, dataDir }, reason: null };
}

function userIds(name) {
  const out = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function client(database) {
  return new pg.Client({ host: SOCKET_DIR, port: PORT, user: "postgres", database });
}

/** node-postgres with the two methods buildPg and the runner use (as PGlite has them). */
function adapt(c) {
  return {
    exec: (sql) => c.query(sql),
    query: (sql, params) => c.query(sql, params),
    close: () => c.end(),
  };
}

/** Opens (building it first if needed) the database of n generated restaurants on the server. */
export async function openPgServer(n, { seed = DEFAULT_SEED } = {}) {
  const name = `bench_${sizeLabel(n).toLowerCase()}`;
  const wanted = JSON.stringify(marker(n, seed));
  const admin = client("postgres");
  await admin.connect();
  let loadSeconds = null;
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount > 0;
    let reusable = false;
    if (exists) {
      const probe = client(name);
      await probe.connect();
      try {
        const { rows } = await probe.query(
          "select value from bench_marker where key = 'marker' union all select null where false",
        );
        reusable = rows[0]?.value === wanted;
      } catch {
        reusable = false;
      } finally {
        await probe.end();
      }
    }
    if (!reusable) {
      log(`building ${name} on the PostgreSQL server (${n} rows)`);
      const started = performance.now();
      await admin.query(`drop database if exists ${name}`);
      // Roles are per cluster: drop them with the first database so that the bootstrap can make them.
      await admin.query(`create database ${name}`);
      // Roles belong to the cluster: only the first database's bootstrap creates them.
      const rolesExist = (await admin.query("select 1 from pg_roles where rolname = 'anon'")).rowCount > 0;
      const bootstrap = rolesExist
        ? SUPABASE_BOOTSTRAP.replace(/^create role [^;]*;$/gim, "").replace(
            /^grant anon, authenticated, service_role to authenticator;$/gim,
            "",
          )
        : SUPABASE_BOOTSTRAP;
      const c = client(name);
      await c.connect();
      try {
        await buildPg(adapt(c), n, { seed, label: name, bootstrap });
        await c.query("create table bench_marker (key text primary key, value text)");
        await c.query("insert into bench_marker values ('marker', $1)", [wanted]);
      } finally {
        await c.end();
      }
      loadSeconds = (performance.now() - started) / 1000;
    }
  } finally {
    await admin.end();
  }
  const c = client(name);
  await c.connect();
  const db = adapt(c);
  await db.exec("set role anon");
  const { rows } = await db.query("select count(*)::int as n from public.restaurants");
  if (rows[0].n !== n) throw new Error(`${name}: ${rows[0].n} rows, expected ${n}`);
  return { db, loadSeconds, close: () => c.end() };
}
