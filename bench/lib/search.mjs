// The search benchmark: at every size, the D1 data set (d1.mjs) through its runner
// (search-d1.mjs), then Postgres on PGlite (pg.mjs) and on a real PostgreSQL server
// (pg-server.mjs), both through search-pg.mjs. At the smallest size the D1 results are
// checked against the reference statement of the rules; at every size Postgres's against
// D1's. Returns the figures; report.mjs writes them.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { sizeLabel } from "../generate.mjs";
import { loadAppSql } from "./app-sql.mjs";
import { openD1, openTimingWorker } from "./d1.mjs";
import { postgresBatches } from "./postgres-batches.mjs";
import { benchD1 } from "./search-d1.mjs";
import { benchPg } from "./search-pg.mjs";
import { fmtMs, log } from "./util.mjs";

/** Rounds over the mix (a round = each query once). */
function rounds(n, quick) {
  if (!quick) return 10;
  return n >= 1_000_000 ? 3 : 5;
}

function dirBytes(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(path) : statSync(path).size;
  }
  return total;
}

/** Whether two runs of the mix gave the same counts and pages, query by query. */
function agreement(a, b) {
  return a.totals.map((total, i) => total === b.totals[i] && a.ids[i].join() === b.ids[i].join());
}

/** The rows of a data set of n restaurants, for the reference (only at a small size). */
function referenceRows(n) {
  const rows = [];
  for (const batch of postgresBatches(n, { batchSize: 10_000 })) {
    for (const { row, confirmations } of batch) rows.push({ ...row, confirmations });
  }
  return rows;
}

/**
 * PGlite runs only at `pgliteSizes` (no target rests on it, and its 1M data set takes long to
 * build); the PostgreSQL server at every size.
 * @param {{ sizes: number[], pgliteSizes: number[], quick: boolean, skipPg: boolean, noteLoad: (label: string) => void }} options
 * @returns the figures: d1, pglite and pgServer (Map size → runner result), dataSets (build
 *   time and bytes per size), versions, and why a backend was not measured
 */
export async function measureSearch({ sizes, pgliteSizes, quick, skipPg, noteLoad }) {
  const figures = {
    d1: new Map(),
    pglite: new Map(),
    pgServer: new Map(),
    dataSets: [],
    pgliteVersion: "?",
    pgServerVersion: "?",
    pgliteSkipReason: skipPg ? "skipped (--skip-pg)" : null,
    pgServerSkipReason: skipPg ? "skipped (--skip-pg)" : null,
  };
  const app = await loadAppSql();
  let server = null;
  if (!skipPg) {
    const { startPgServer } = await import("./pg-server.mjs");
    try {
      const started = startPgServer();
      server = started.server;
      figures.pgServerSkipReason = started.reason;
      if (server) figures.pgServerVersion = server.version;
    } catch (error) {
      figures.pgServerSkipReason = `could not start: ${error instanceof Error ? error.message : error}`;
    }
  }
  try {
    const smallest = Math.min(...sizes);
    for (const n of sizes) {
      noteLoad(`before D1 ${sizeLabel(n)}`);
      log(`D1 ${sizeLabel(n)}: opening`);
      const d1 = await openD1(n);
      const set = { n, d1Load: d1.loadSeconds, d1Bytes: dirBytes(d1.dir) };
      figures.dataSets.push(set);
      const reference = n === smallest && n <= 100_000 ? { rows: referenceRows(n), places: app.loadPlaceData() } : null;
      log(`D1 ${sizeLabel(n)}: benchmarking`);
      const d1Result = await benchD1(
        { db: d1.db, disposeProxy: d1.dispose, openTiming: () => openTimingWorker(d1.dir) },
        app,
        { rounds: rounds(n, quick), reference },
      );
      figures.d1.set(n, { ...d1Result, rounds: rounds(n, quick) });
      log(
        `D1 ${sizeLabel(n)}: p50 ${fmtMs(d1Result.search.p50)} p95 ${fmtMs(d1Result.search.p95)} ms, at most ${Math.max(...d1Result.rowsRead)} rows read`,
      );

      for (const [kind, open, results] of [
        ["pglite", async () => (await import("./pg.mjs")).openPg(n), figures.pglite],
        ["pgServer", async () => (server ? (await import("./pg-server.mjs")).openPgServer(n) : null), figures.pgServer],
      ]) {
        if (figures[`${kind}SkipReason`]) continue;
        if (kind === "pglite" && !pgliteSizes.includes(n)) continue;
        noteLoad(`before ${kind} ${sizeLabel(n)}`);
        try {
          log(`${kind} ${sizeLabel(n)}: opening`);
          const pg = await open();
          set[`${kind}Load`] = pg.loadSeconds;
          if (pg.version) figures.pgliteVersion = pg.version;
          if (pg.dir) set[`${kind}Bytes`] = dirBytes(pg.dir);
          try {
            const r = await benchPg(pg.db, app, { rounds: rounds(n, quick) });
            results.set(n, { ...r, rounds: rounds(n, quick), sameAsD1: agreement(r, d1Result) });
            log(`${kind} ${sizeLabel(n)}: p50 ${fmtMs(r.search.p50)} p95 ${fmtMs(r.search.p95)} ms`);
          } finally {
            await pg.close();
          }
        } catch (error) {
          figures[`${kind}SkipReason`] = `failed at ${sizeLabel(n)}: ${error instanceof Error ? error.message : error}`;
          log(`${kind}: ${figures[`${kind}SkipReason`]}`);
        }
      }
    }
  } finally {
    server?.stop();
  }
  return figures;
}
