// Benchmark databases on D1: workerd's SQLite, reached through wrangler's getPlatformProxy
// (the same binding API the Worker uses), built once per size into bench/.data/d1-<N>/ with
// the real migrations and kept between runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { getPlatformProxy } from "wrangler";
import { COLUMNS, CUISINE_NAMES, DEFAULT_SEED, GENERATOR_VERSION, generateBatches, sizeLabel } from "../generate.mjs";
import { DATA_DIR, ROOT, log } from "./util.mjs";

const ROWS_PER_BATCH = 1000;
const ROWS_PER_REQUEST = 2000;

// The loader runs inside workerd: through getPlatformProxy every \`stmt.bind()\` is a
// synchronous round trip from Node (about 1 ms each, 1M rows would take 20+ minutes), so
// rows are posted to this small Worker in blocks and bound and batched there. Each batch is
// one \`db.batch\` of ROWS_PER_BATCH single-row INSERTs (one transaction; the triggers fill
// restaurants_fts). Same D1 simulator, same SQLite file as getPlatformProxy uses.
const LOADER_WORKER = `
export default {
  async fetch(request, env) {
    const { sql, rows, perBatch } = await request.json();
    const insert = env.DB.prepare(sql);
    for (let i = 0; i < rows.length; i += perBatch) {
      await env.DB.batch(rows.slice(i, i + perBatch).map((row) => insert.bind(...row)));
    }
    return new Response(String(rows.length));
  },
};`;

function databaseId() {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const match = /database_id\s*=\s*"([^"]+)"/.exec(toml);
  if (!match) throw new Error("wrangler.toml: no database_id");
  return match[1];
}

/**
 * A wrangler config with only the D1 binding of wrangler.toml (same database_id, so the same
 * SQLite file): the app's config also serves build/client as assets, which getPlatformProxy
 * would scan, and which a concurrent `npm run build` may be rewriting.
 */
function d1OnlyConfig() {
  const file = join(DATA_DIR, "wrangler-d1.toml");
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(
    file,
    [
      'name = "safebites-bench"',
      'compatibility_date = "2025-04-01"',
      'compatibility_flags = ["nodejs_compat"]',
      "[[d1_databases]]",
      'binding = "DB"',
      'database_name = "safebites"',
      `database_id = "${databaseId()}"`,
      "",
    ].join("\n"),
  );
  return file;
}

async function load(dir, n, seed) {
  const mf = new Miniflare({
    modules: true,
    script: LOADER_WORKER,
    compatibilityDate: "2025-04-01",
    d1Databases: { DB: databaseId() },
    d1Persist: join(dir, "v3", "d1"),
  });
  try {
    const post = async (sql, rows) => {
      // INSERT OR IGNORE with explicit ids: a block retried after a dropped connection
      // cannot insert a row twice. The row count is checked once loading is done.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await mf.dispatchFetch("http://loader/", {
            method: "POST",
            body: JSON.stringify({ sql, rows, perBatch: ROWS_PER_BATCH }),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(`loader: ${response.status} ${text.slice(0, 500)}`);
          return;
        } catch (error) {
          if (attempt >= 3) throw error;
          log(`  loader request failed (${error instanceof Error ? error.message : error}); retrying`);
        }
      }
    };
    await post("INSERT OR IGNORE INTO cuisine_types (id, name) VALUES (?, ?)", CUISINE_NAMES.map((name, i) => [i + 1, name]));
    const sql = `INSERT OR IGNORE INTO restaurants (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`;
    const started = performance.now();
    let done = 0;
    let lastReport = started;
    for (const rows of generateBatches(n, { seed, batchSize: ROWS_PER_REQUEST })) {
      await post(sql, rows.map((row) => COLUMNS.map((c) => row[c])));
      done += rows.length;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        const rate = done / ((lastReport - started) / 1000);
        log(`  d1-${sizeLabel(n)}: ${done}/${n} rows (${Math.round(rate)} rows/s, ~${Math.round((n - done) / rate)} s left)`);
      }
    }
  } finally {
    await mf.dispose();
  }
}

function marker(n, seed) {
  return { generator: GENERATOR_VERSION, seed, rows: n, migrations: migrationsFingerprint() };
}

function migrationsFingerprint() {
  const dir = join(ROOT, "migrations");
  return spawnSync("sh", ["-c", `cat ${dir}/*.sql | cksum`], { encoding: "utf8" }).stdout.trim();
}

/**
 * Opens (building it first if needed) the D1 database of n generated restaurants.
 * Returns { db, dispose, loadSeconds (null when reused) }.
 */
export async function openD1(n, { seed = DEFAULT_SEED } = {}) {
  const dir = join(DATA_DIR, `d1-${sizeLabel(n)}`);
  const markerFile = join(dir, "bench-marker.json");
  const wanted = marker(n, seed);
  const reusable = existsSync(markerFile) && readFileSync(markerFile, "utf8") === JSON.stringify(wanted);
  if (!reusable) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir], {
      cwd: ROOT,
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${result.stdout}\n${result.stderr}`);
  }
  let loadSeconds = null;
  if (!reusable) {
    log(`building d1-${sizeLabel(n)} (${n} rows; kept in ${dir} for later runs)`);
    const started = performance.now();
    await load(dir, n, seed);
    loadSeconds = (performance.now() - started) / 1000;
  }
  const proxy = await getPlatformProxy({ configPath: d1OnlyConfig(), persist: { path: join(dir, "v3") } });
  const db = proxy.env.DB;
  if (!reusable) {
    // What D1's documentation asks for after bulk changes: refresh the planner's statistics.
    await db.prepare("PRAGMA optimize").run();
  }
  const { results } = await db.prepare("SELECT count(*) AS n FROM restaurants").all();
  if (results[0].n !== n) {
    await proxy.dispose();
    rmSync(markerFile, { force: true });
    throw new Error(`${dir}: ${results[0].n} rows, expected ${n}; run again to rebuild`);
  }
  if (!reusable) writeFileSync(markerFile, JSON.stringify(wanted));
  return { db, loadSeconds, dir, dispose: () => proxy.dispose() };
}
