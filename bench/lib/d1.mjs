// Benchmark databases on D1: workerd's SQLite, reached through wrangler's getPlatformProxy
// (the same binding API the Worker uses), built once per size into bench/.data/d1-<N>/ with
// the real migrations and kept between runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { COLUMNS, CUISINE_NAMES, DEFAULT_SEED, GENERATOR_VERSION, generateBatches, sizeLabel } from "../generate.mjs";
import { DATA_DIR, ROOT, log } from "./util.mjs";

const ROWS_PER_BATCH = 1000;

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
  const proxy = await getPlatformProxy({ configPath: join(ROOT, "wrangler.toml"), persist: { path: join(dir, "v3") } });
  const db = proxy.env.DB;
  let loadSeconds = null;
  const { results } = await db.prepare("SELECT count(*) AS n FROM restaurants").all();
  if (!reusable || results[0].n !== n) {
    if (results[0].n !== 0) throw new Error(`${dir}: unexpected ${results[0].n} rows; delete the directory`);
    const started = performance.now();
    await db.batch(CUISINE_NAMES.map((name, i) => db.prepare("INSERT INTO cuisine_types (id, name) VALUES (?, ?)").bind(i + 1, name)));
    const insert = db.prepare(`INSERT INTO restaurants (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`);
    let done = 0;
    let lastReport = started;
    for (const rows of generateBatches(n, { seed, batchSize: ROWS_PER_BATCH })) {
      await db.batch(rows.map((row) => insert.bind(...COLUMNS.map((c) => row[c]))));
      done += rows.length;
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        const rate = done / ((lastReport - started) / 1000);
        log(`  d1-${sizeLabel(n)}: ${done}/${n} rows (${Math.round(rate)} rows/s, ~${Math.round((n - done) / rate)} s left)`);
      }
    }
    // What D1's documentation asks for after bulk changes: refresh the planner's statistics.
    await db.prepare("PRAGMA optimize").run();
    loadSeconds = (performance.now() - started) / 1000;
    const check = await db.prepare("SELECT count(*) AS n FROM restaurants").all();
    if (check.results[0].n !== n) throw new Error(`loaded ${check.results[0].n} rows, expected ${n}`);
    writeFileSync(markerFile, JSON.stringify(wanted));
  }
  return { db, loadSeconds, dir, dispose: () => proxy.dispose() };
}
