// The search benchmark: at every size, the D1 data set (d1.mjs) through its runner
// (search-d1.mjs), then the Postgres one (pg.mjs, search-pg.mjs). Returns the figures;
// report.mjs writes them.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { sizeLabel } from "../generate.mjs";
import { loadAppSql } from "./app-sql.mjs";
import { openD1, openTimingWorker } from "./d1.mjs";
import { benchD1 } from "./search-d1.mjs";
import { benchPg } from "./search-pg.mjs";
import { fmtMs, log } from "./util.mjs";

/** Rounds over the 22-query mix (a round = each query once). Full: ~200 samples per size. */
function d1Rounds(n, quick) {
  if (!quick) return { rounds: 10, scanRounds: 10, proxyRounds: 3 };
  return n >= 1_000_000 ? { rounds: 3, scanRounds: 2, proxyRounds: 1 } : { rounds: 5, scanRounds: 3, proxyRounds: 1 };
}

function pgRounds(n, quick) {
  // The Postgres scan runs unaccent() on every row in WASM: about 7 s a query at 1M.
  if (!quick)
    return n >= 1_000_000
      ? { rounds: 5, scanRounds: 1 }
      : n >= 100_000
        ? { rounds: 10, scanRounds: 3 }
        : { rounds: 10, scanRounds: 10 };
  // Quick: no index-less pass at 1M (it alone would take ~6 minutes).
  return n >= 1_000_000
    ? { rounds: 1, scanRounds: 0 }
    : n >= 100_000
      ? { rounds: 2, scanRounds: 1 }
      : { rounds: 3, scanRounds: 2 };
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

/**
 * @param {{ sizes: number[], quick: boolean, skipPg: boolean, noteLoad: (label: string) => void }} options
 * @returns the figures: d1 and pg (Map size → runner result), dataSets (build time and bytes
 *   per size), pgVersion, and pgSkipReason (why Postgres was not measured, or stopped)
 */
export async function measureSearch({ sizes, quick, skipPg, noteLoad }) {
  const figures = {
    d1: new Map(),
    pg: new Map(),
    dataSets: [],
    pgVersion: "?",
    pgSkipReason: skipPg ? "skipped (--skip-pg)" : null,
  };
  const appSql = await loadAppSql();
  for (const n of sizes) {
    noteLoad(`before D1 ${sizeLabel(n)}`);
    log(`D1 ${sizeLabel(n)}: opening`);
    const d1 = await openD1(n);
    const set = { n, d1Load: d1.loadSeconds, d1Bytes: dirBytes(d1.dir) };
    figures.dataSets.push(set);
    const rounds = d1Rounds(n, quick);
    log(`D1 ${sizeLabel(n)}: benchmarking`);
    const result = await benchD1(
      { db: d1.db, disposeProxy: d1.dispose, openTiming: () => openTimingWorker(d1.dir) },
      appSql,
      { ...rounds, check: n === sizes[0] || n <= 10_000 },
    );
    figures.d1.set(n, { ...result, rounds });
    log(
      `D1 ${sizeLabel(n)}: indexed p50 ${fmtMs(result.indexed.p50)} p95 ${fmtMs(result.indexed.p95)} ms; scan p50 ${fmtMs(result.scan.p50)} p95 ${fmtMs(result.scan.p95)} ms`,
    );

    if (figures.pgSkipReason) continue;
    noteLoad(`before PG ${sizeLabel(n)}`);
    try {
      const { openPg } = await import("./pg.mjs");
      log(`Postgres ${sizeLabel(n)}: opening`);
      const pg = await openPg(n);
      set.pgLoad = pg.loadSeconds;
      figures.pgVersion = pg.version;
      set.pgBytes = dirBytes(pg.dir);
      try {
        const pgr = pgRounds(n, quick);
        const r = await benchPg(pg.db, appSql, { ...pgr, check: n <= 10_000, d1Totals: result.totals });
        figures.pg.set(n, { ...r, rounds: pgr });
        log(
          `Postgres ${sizeLabel(n)}: indexed p50 ${fmtMs(r.indexed.p50)} p95 ${fmtMs(r.indexed.p95)} ms; scan p50 ${fmtMs(r.scan.p50)} p95 ${fmtMs(r.scan.p95)} ms`,
        );
      } finally {
        await pg.close();
      }
    } catch (error) {
      figures.pgSkipReason = `failed at ${sizeLabel(n)}: ${error instanceof Error ? error.message : error}`;
      log(`Postgres: ${figures.pgSkipReason}`);
    }
  }
  return figures;
}
