#!/usr/bin/env node
// `npm run bench`: the SafeBites benchmark. Writes bench/RESULTS.md; progress on stderr,
// tables on stdout. See docs/decisions/0005-benchmark-method.md.
//
//   node bench/run.mjs [--quick] [--sizes 10k,100k,1M] [--skip-http] [--skip-pg]
//                      [--skip-lighthouse] [--skip-first-paint] [--connections 16]
//                      [--duration 10] [--port 8798] [--out FILE]
//   node bench/run.mjs --only first-paint [--port 8841] [--runs 5] [--out FILE]
//     the first-paint measurement alone (bench/lib/first-paint.mjs), into
//     bench/RESULTS-first-paint.md by default
//
// --quick: fewer rounds, 3 s HTTP runs, one Lighthouse run per page (a few minutes once the
// databases exist; building them the first time takes longer: about 6 min for 1M on D1 and
// a few more on PGlite, cached in bench/.data/ afterwards).
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DEFAULT_SEED, parseSize, sizeLabel } from "./generate.mjs";
import { loadAppSql } from "./lib/app-sql.mjs";
import { openD1, openTimingWorker } from "./lib/d1.mjs";
import { PAGES, appCacheUse, choosePort, ensureBuild, findStaticAsset, htmlScripts, loadInterleaved, snapshotBuild, startApp, startNoCache } from "./lib/http.mjs";
import { firstPaintSection, firstPaintTargets, measureFirstPaint, runFirstPaintAlone } from "./lib/first-paint.mjs";
import { CATEGORIES, LIGHTHOUSE_VERSION, runLighthouse } from "./lib/lighthouse.mjs";
import { routeWeights } from "./lib/pageweight.mjs";
import { QUERY_MIX } from "./lib/queries.mjs";
import { benchD1, benchPg } from "./lib/search.mjs";
import { ROOT, fmtMs, fmtRatio, log, table } from "./lib/util.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = flag("--quick");
const sizes = option("--sizes", "10k,100k,1M").split(",").map(parseSize);
const connections = Number(option("--connections", 16));
const duration = Number(option("--duration", quick ? 3 : 10));
const outFile = option("--out", join(ROOT, "bench", "RESULTS.md"));
let HTTP_PORT = Number(option("--port", 8798));
let NOCACHE_PORT = HTTP_PORT + 1;

/** Rounds over the 22-query mix (a round = each query once). Full: ~200 samples per size. */
function d1Rounds(n) {
  if (!quick) return { rounds: 10, scanRounds: 10, proxyRounds: 3 };
  return n >= 1_000_000 ? { rounds: 3, scanRounds: 2, proxyRounds: 1 } : { rounds: 5, scanRounds: 3, proxyRounds: 1 };
}
function pgRounds(n) {
  // The Postgres scan runs unaccent() on every row in WASM: about 7 s a query at 1M.
  if (!quick) return n >= 1_000_000 ? { rounds: 5, scanRounds: 1 } : n >= 100_000 ? { rounds: 10, scanRounds: 3 } : { rounds: 10, scanRounds: 10 };
  // Quick: no index-less pass at 1M (it alone would take ~6 minutes).
  return n >= 1_000_000 ? { rounds: 1, scanRounds: 0 } : n >= 100_000 ? { rounds: 2, scanRounds: 1 } : { rounds: 3, scanRounds: 2 };
}

const started = new Date();
const out = [];
const print = (text = "") => {
  out.push(text);
  process.stdout.write(text + "\n");
};
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(" / ");
const loadSamples = [];
const noteLoad = (label) => loadSamples.push(`${label}: ${loadAverage()}`);

function sh(command) {
  try {
    return execSync(command, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
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

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------- search
const d1Results = new Map();
const pgResults = new Map();
const dataSets = [];
let pgSkipReason = flag("--skip-pg") ? "skipped (--skip-pg)" : null;
let pgVersion = "?";

async function searchBenchmarks() {
  const appSql = await loadAppSql();
  for (const n of sizes) {
    noteLoad(`before D1 ${sizeLabel(n)}`);
    log(`D1 ${sizeLabel(n)}: opening`);
    const d1 = await openD1(n);
    const set = { n, d1Load: d1.loadSeconds, d1Bytes: dirBytes(d1.dir) };
    dataSets.push(set);
    const rounds = d1Rounds(n);
    log(`D1 ${sizeLabel(n)}: benchmarking`);
    const result = await benchD1(
      { db: d1.db, disposeProxy: d1.dispose, openTiming: () => openTimingWorker(d1.dir) },
      appSql,
      { ...rounds, check: n === sizes[0] || n <= 10_000 },
    );
    d1Results.set(n, { ...result, rounds });
    log(`D1 ${sizeLabel(n)}: indexed p50 ${fmtMs(result.indexed.p50)} p95 ${fmtMs(result.indexed.p95)} ms; scan p50 ${fmtMs(result.scan.p50)} p95 ${fmtMs(result.scan.p95)} ms`);

    if (pgSkipReason) continue;
    noteLoad(`before PG ${sizeLabel(n)}`);
    try {
      const { openPg } = await import("./lib/pg.mjs");
      log(`Postgres ${sizeLabel(n)}: opening`);
      const pg = await openPg(n);
      set.pgLoad = pg.loadSeconds;
      pgVersion = pg.version;
      set.pgBytes = dirBytes(pg.dir);
      try {
        const pgr = pgRounds(n);
        const r = await benchPg(pg.db, appSql, { ...pgr, check: n <= 10_000, d1Totals: result.totals });
        pgResults.set(n, { ...r, rounds: pgr });
        log(`Postgres ${sizeLabel(n)}: indexed p50 ${fmtMs(r.indexed.p50)} p95 ${fmtMs(r.indexed.p95)} ms; scan p50 ${fmtMs(r.scan.p50)} p95 ${fmtMs(r.scan.p95)} ms`);
      } finally {
        await pg.close();
      }
    } catch (error) {
      pgSkipReason = `failed at ${sizeLabel(n)}: ${error instanceof Error ? error.message : error}`;
      log(`Postgres: ${pgSkipReason}`);
    }
  }
}

// ---------------------------------------------------------------- HTTP, weight, Lighthouse
let http = null;
let httpSkipReason = flag("--skip-http") ? "skipped (--skip-http)" : null;
let weights = null;
let lighthouse = null;
let lighthouseSkipReason = flag("--skip-http") ? "skipped (--skip-http: it needs the server)" : flag("--skip-lighthouse") ? "skipped (--skip-lighthouse)" : null;
let firstPaint = null;
let firstPaintSkipReason = flag("--skip-http") ? "skipped (--skip-http: it needs the server)" : flag("--skip-first-paint") ? "skipped (--skip-first-paint)" : null;

async function httpBenchmarks() {
  const built = ensureBuild();
  if (httpSkipReason) {
    weights = routeWeights();
    return;
  }
  log("HTTP: snapshot of build/ (copy of build/client, Worker bundled with wrangler deploy --dry-run)");
  const snapshot = snapshotBuild();
  weights = routeWeights(join(snapshot.dir, "client"));
  http = { built, cacheFiles: appCacheUse(), app: [], nocache: [], html: {} };
  const slices = quick ? 3 : 5;
  noteLoad("before HTTP");
  HTTP_PORT = await choosePort(HTTP_PORT);
  log(`HTTP: starting the app on :${HTTP_PORT} (fresh local D1 with the sample data)`);
  const app = await startApp(HTTP_PORT, snapshot);
  try {
    http.asset = await findStaticAsset(HTTP_PORT);
    for (const w of weights) http.html[w.pattern] = await htmlScripts(HTTP_PORT, w.sample);
    if (!lighthouseSkipReason) {
      // Before the load runs, on an idle server.
      log("Lighthouse: home and detail");
      try {
        lighthouse = await runLighthouse([`http://127.0.0.1:${HTTP_PORT}/`, `http://127.0.0.1:${HTTP_PORT}/restaurant/2`], { runs: quick ? 1 : 3 });
      } catch (error) {
        lighthouseSkipReason = `could not run: ${error instanceof Error ? error.message : error}`;
        log(`Lighthouse ${lighthouseSkipReason}`);
      }
    }
    if (!firstPaintSkipReason) {
      noteLoad("before first paint");
      log("First paint: home, a search, detail (slow 4G, 4x CPU)");
      firstPaint = await measureFirstPaint(`http://127.0.0.1:${HTTP_PORT}`, { runs: quick ? 3 : 5 }).catch((error) => {
        firstPaintSkipReason = `could not run: ${error instanceof Error ? error.message : error}`;
        log(`First paint ${firstPaintSkipReason}`);
        return null;
      });
    }
    const runs = [
      { name: "static", path: http.asset },
      ...PAGES.flatMap((p) => [
        { name: p.name, path: p.path, mode: "cached" },
        { name: p.name, path: p.path, mode: "busted", bust: true },
      ]),
    ];
    log(`HTTP app: ${runs.length} runs interleaved, ${slices} slices of ${Math.round(duration / slices)} s each, ${connections} connections`);
    const results = await loadInterleaved(HTTP_PORT, runs, { duration, connections, slices });
    http.app = runs.map((run, i) => ({ ...run, ...results[i] }));
  } finally {
    await app.stop();
  }
  NOCACHE_PORT = await choosePort(NOCACHE_PORT === HTTP_PORT ? NOCACHE_PORT + 1 : NOCACHE_PORT);
  log(`HTTP: starting the never-cached variant on :${NOCACHE_PORT} (bench/http/nocache-worker.ts)`);
  const nocache = await startNoCache(NOCACHE_PORT, snapshot);
  try {
    const runs = [{ name: "static", path: http.asset }, ...PAGES.map((p) => ({ name: p.name, path: p.path, mode: "uncached", bust: true }))];
    log(`HTTP nocache: ${runs.length} runs interleaved`);
    const results = await loadInterleaved(NOCACHE_PORT, runs, { duration, connections, slices });
    http.nocache = runs.map((run, i) => ({ ...run, ...results[i] }));
  } finally {
    await nocache.stop();
  }
  noteLoad("after HTTP");
}

// ---------------------------------------------------------------- report
function verdict(met, howMuch) {
  return met ? "**met**" : `**missed**${howMuch ? ` (${howMuch})` : ""}`;
}

function writeReport(elapsedSeconds) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const memory = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  const header = [
    "# SafeBites benchmark results",
    "",
    `Written by \`node bench/run.mjs${args.length ? " " + args.join(" ") : ""}\` on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC; the run took ${Math.round(elapsedSeconds / 60)} min ${Math.round(elapsedSeconds % 60)} s.`,
    "Method, and what these figures can and cannot say: [docs/decisions/0005-benchmark-method.md](../docs/decisions/0005-benchmark-method.md).",
    "",
    `- Machine: ${sh("nproc")} cores (${cpu}), ${memory} memory, ${sh(". /etc/os-release && echo $PRETTY_NAME") || os.type()}; Node ${process.version}; wrangler ${sh("node_modules/.bin/wrangler --version").split("\n").pop()}; @electric-sql/pglite ${pkgVersion("@electric-sql/pglite")}; autocannon ${pkgVersion("autocannon")}.`,
    `- Load average (1 / 5 / 15 min) along the run — other work on this machine shares the 2 cores: ${loadSamples.join("; ")}.`,
    `- Data: \`bench/generate.mjs\`, seed ${DEFAULT_SEED}; sizes ${sizes.map(sizeLabel).join(", ")}.${quick ? " Quick mode: fewer rounds, 3 s HTTP runs, one Lighthouse run per page." : ""}`,
  ];
  out.unshift(...header, "");
  out.push(...loadSection());
  writeFileSync(outFile, out.join("\n") + "\n");
}

/** The figures of the last `npm run bench:load` (bench/RESULTS-load.md), kept in this report. */
function loadSection() {
  const file = join(ROOT, "bench", "RESULTS-load.md");
  if (!existsSync(file)) return [];
  const body = readFileSync(file, "utf8").replace(/^# .*\n/, "").replace(/^## /gm, "### ");
  return ["", "## Load (`npm run bench:load`, written by bench/load.mjs to bench/RESULTS-load.md)", body.trimEnd()];
}

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

function report() {
  const largest = Math.max(...sizes);
  const d1Big = d1Results.get(1_000_000) ?? d1Results.get(largest);
  const d1Mid = d1Results.get(100_000);
  const targets = [];
  if (d1Big) {
    const label = sizeLabel(d1Big === d1Results.get(1_000_000) ? 1_000_000 : largest);
    const p95 = d1Big.indexed.p95;
    targets.push([`Search p95 at ${label} on SQLite (D1) < 25 ms`, `${fmtMs(p95)} ms`, verdict(p95 < 25, `${fmtRatio(p95 / 25)} the target, +${fmtMs(p95 - 25)} ms`)]);
    const s50 = d1Big.scan.p50 / d1Big.indexed.p50;
    const s95 = d1Big.scan.p95 / d1Big.indexed.p95;
    const speedup = Math.min(s50, s95);
    targets.push([`Indexed ≥ 20x faster than the scan at ${label} (D1; lower of the p50 and p95 ratios)`, `p50 ${fmtRatio(s50)}, p95 ${fmtRatio(s95)}`, verdict(speedup >= 20, `${fmtRatio(speedup)} instead of 20x`)]);
  }
  if (d1Big && d1Mid && d1Big !== d1Mid) {
    const growth = d1Big.indexed.p95 / d1Mid.indexed.p95;
    targets.push(["p95 growth from 100k to 1M < 3x (D1)", `${fmtMs(d1Mid.indexed.p95)} → ${fmtMs(d1Big.indexed.p95)} ms = ${fmtRatio(growth)}`, verdict(growth < 3, `${fmtRatio(growth)} instead of < 3x`)]);
  }
  if (http) {
    const staticA = http.app.find((r) => r.name === "static");
    const staticB = http.nocache.find((r) => r.name === "static");
    for (const page of PAGES) {
      const u = http.nocache.find((r) => r.name === page.name);
      if (u && staticB) {
        const ratio = u.p50 / staticB.p50;
        targets.push([`Uncached ${page.name} p50 within 3x of the static asset`, `${u.p50} ms vs ${staticB.p50} ms = ${fmtRatio(ratio)}`, verdict(ratio <= 3, `${fmtRatio(ratio)} instead of ≤ 3x`)]);
      }
    }
    for (const page of PAGES) {
      const c = http.app.find((r) => r.name === page.name && r.mode === "cached");
      if (c && staticA) {
        const ratio = c.p50 / staticA.p50;
        targets.push([`Cached ${page.name} p50 within 1.5x of the static asset`, `${c.p50} ms vs ${staticA.p50} ms = ${fmtRatio(ratio)}`, verdict(ratio <= 1.5, `${fmtRatio(ratio)} instead of ≤ 1.5x`)]);
      }
    }
  } else {
    targets.push(["Uncached / cached page p50 vs the static asset", "not measured", httpSkipReason]);
  }
  if (weights) {
    const home = weights.find((w) => w.pattern === "/");
    targets.push(["Home < 100 KB of JavaScript (gzip)", kb(home.gzip), verdict(home.gzip < 100 * 1024, `+${kb(home.gzip - 100 * 1024)}`)]);
  }
  if (lighthouse) {
    for (const r of lighthouse.results) {
      if (r.error) {
        targets.push([`Lighthouse ≥ 95 in every category: ${new URL(r.url).pathname}`, "not measured", `could not run: ${r.error}`]);
        continue;
      }
      const low = CATEGORIES.filter((c) => !(r.scores[c] >= 95));
      targets.push([`Lighthouse ≥ 95 in every category: ${new URL(r.url).pathname}`, CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(", "), verdict(low.length === 0, low.map((c) => `${c} ${r.scores[c]}`).join(", "))]);
    }
  } else {
    targets.push(["Lighthouse ≥ 95 in every category", "not measured", lighthouseSkipReason]);
  }

  targets.push(...firstPaintTargets(firstPaint, firstPaintSkipReason));

  print("## Targets (issue 5)");
  print();
  print(table(["target", "measured", "verdict"], targets, ["l", "l", "l"]));
  print();

  print("## Data sets");
  print();
  print(
    table(
      ["size", "D1 build", "D1 on disk", "Postgres build", "Postgres on disk"],
      dataSets.map((s) => [
        sizeLabel(s.n),
        s.d1Load === null ? "reused (cached)" : `${s.d1Load.toFixed(0)} s`,
        mb(s.d1Bytes),
        s.pgLoad === undefined ? "–" : s.pgLoad === null ? "reused (cached)" : `${s.pgLoad.toFixed(0)} s`,
        s.pgBytes ? mb(s.pgBytes) : "–",
      ]),
    ),
  );
  print();
  print("Cities: 318 real US cities in 50 states and DC, Zipf-like popularity (New York ~12%, the 300th city ~0.05%); 15 cuisines (American 16% … Ethiopian 2%); names from word lists, ~9% with accented letters; vegetarian ~45%, gluten-free ~33%, dairy-free ~27%, vegan ~12%.");
  print();

  // --- D1
  print("## Search on SQLite (D1, local workerd)");
  print();
  print(
    "Each query is the app's own `buildSearchStatements` output (count + page of 25) sent as one `db.batch`, timed inside workerd (a Worker bound to the same local D1). " +
      "*Scan* is the same statements with each FTS5 subquery replaced by `lower(col) LIKE '%term%'` (`bench/lib/queries.mjs`, `buildScanStatements`). " +
      "workerd's clock moves in whole milliseconds. *Via proxy* is the indexed mix timed from Node through `getPlatformProxy`, which adds its own round trip (the *floor*: a batch of two `SELECT 1`).",
  );
  print();
  const d1Rows = [...d1Results].map(([n, r]) => [
    sizeLabel(n),
    `${r.indexed.count} / ${r.scan.count}`,
    fmtMs(r.indexed.p50),
    fmtMs(r.indexed.p95),
    fmtMs(r.scan.p50),
    fmtMs(r.scan.p95),
    fmtRatio(r.scan.p50 / r.indexed.p50),
    fmtRatio(r.scan.p95 / r.indexed.p95),
    `${fmtMs(r.proxy.p50)} / ${fmtMs(r.proxy.p95)}`,
    `${fmtMs(r.floorP50)} / ${fmtMs(r.proxyFloorP50)}`,
  ]);
  print(table(["size", "samples (idx / scan)", "indexed p50 ms", "indexed p95 ms", "scan p50 ms", "scan p95 ms", "speed-up p50", "speed-up p95", "via proxy p50 / p95 ms", "floor p50 ms (worker / proxy)"], d1Rows));
  print();
  const growthPairs = [];
  const ordered = [...d1Results.keys()].sort((a, b) => a - b);
  for (let i = 1; i < ordered.length; i++) {
    const a = d1Results.get(ordered[i - 1]);
    const b = d1Results.get(ordered[i]);
    growthPairs.push(`${sizeLabel(ordered[i - 1])} → ${sizeLabel(ordered[i])}: p50 ${fmtRatio(b.indexed.p50 / a.indexed.p50)}, p95 ${fmtRatio(b.indexed.p95 / a.indexed.p95)} (scan p95 ${fmtRatio(b.scan.p95 / a.scan.p95)})`);
  }
  if (growthPairs.length) {
    print(`Growth of the indexed search: ${growthPairs.join("; ")}.`);
    print();
  }
  print("### Per query (D1, p50 ms, indexed / scan; rows = matching restaurants)");
  print();
  const perQueryHeader = ["query", "kind", ...ordered.flatMap((n) => [`${sizeLabel(n)} rows`, `${sizeLabel(n)} idx / scan`])];
  const perQueryRows = QUERY_MIX.map((q, i) => [
    q.label,
    q.kind,
    ...ordered.flatMap((n) => {
      const r = d1Results.get(n);
      return [String(r.totals[i]), `${fmtMs(r.indexed.byQuery[i].p50)} / ${fmtMs(r.scan.byQuery[i].p50)}`];
    }),
  ]);
  const first = d1Results.get(ordered[0]);
  for (const [e, extra] of (first?.extra ?? []).entries()) {
    perQueryRows.push([
      `${extra.label} *(not in the mix)*`,
      "short fallback",
      ...ordered.flatMap((n) => {
        const x = d1Results.get(n).extra[e];
        return ["", `${fmtMs(x.indexedP50)} / ${fmtMs(x.scanP50)}`];
      }),
    ]);
  }
  print(table(perQueryHeader, perQueryRows, perQueryHeader.map((_, i) => (i < 2 ? "l" : "r"))));
  print();
  const checks = [...d1Results].filter(([, r]) => r.checks.length);
  for (const [n, r] of checks) {
    const bad = r.checks.filter((c) => !c.same);
    print(
      `Correctness at ${sizeLabel(n)}: indexed and scan return the same total and the same ids in the same order for ${r.checks.length - bad.length} of ${r.checks.length} queries` +
        (bad.length ? ` — **different for: ${bad.map((c) => `${c.label} (${c.indexed} vs ${c.scan})`).join("; ")}**.` : "."),
    );
    print();
  }

  explainSearch(ordered);

  // --- Postgres
  print("## Search on Postgres (PGlite)");
  print();
  if (pgResults.size === 0) {
    print(`Not measured: ${pgSkipReason ?? "no sizes"}.`);
    print();
  } else {
    print(
      `\`public.search_restaurants(...)\` from \`supabase/migrations/\` (one call returns total + page), run as \`anon\` in PGlite (${pgVersion.split(" on ")[0].replace(/^PostgreSQL /, "Postgres ")}, compiled to WASM, in-process, one thread). ` +
        "*Scan* is the same call with `enable_bitmapscan`, `enable_indexscan` and `enable_indexonlyscan` off, so the planner cannot use the pg_trgm GIN (or any other) index.",
    );
    print();
    print(
      table(
        ["size", "samples (idx / scan)", "indexed p50 ms", "indexed p95 ms", "scan p50 ms", "scan p95 ms", "speed-up p50", "speed-up p95", "same totals as D1"],
        [...pgResults].map(([n, r]) => [
          sizeLabel(n),
          `${r.indexed.count} / ${r.scan.count}`,
          fmtMs(r.indexed.p50),
          fmtMs(r.indexed.p95),
          fmtMs(r.scan.p50),
          fmtMs(r.scan.p95),
          fmtRatio(r.scan.p50 / r.indexed.p50),
          fmtRatio(r.scan.p95 / r.indexed.p95),
          r.sameTotalsAsD1 ? `${r.sameTotalsAsD1.filter(Boolean).length} / ${r.sameTotalsAsD1.length}` : "–",
        ]),
      ),
    );
    print();
    const noScan = [...pgResults].filter(([, r]) => r.scan.count === 0).map(([n]) => sizeLabel(n));
    if (noScan.length) {
      print(`No index-less pass at ${noScan.join(", ")} in this run (\`--quick\`): it reads and unaccents every row in WASM, about 25 s a query at 1M; the full run makes one pass.`);
      print();
    }
    const pgOrdered = [...pgResults.keys()].sort((a, b) => a - b);
    for (let i = 1; i < pgOrdered.length; i++) {
      const a = pgResults.get(pgOrdered[i - 1]);
      const b = pgResults.get(pgOrdered[i]);
      print(`Growth ${sizeLabel(pgOrdered[i - 1])} → ${sizeLabel(pgOrdered[i])}: indexed p95 ${fmtRatio(b.indexed.p95 / a.indexed.p95)}.`);
    }
    print();
    print("### Per query (Postgres, p50 ms, indexed / scan)");
    print();
    print(
      table(
        ["query", ...pgOrdered.map((n) => `${sizeLabel(n)} idx / scan`)],
        QUERY_MIX.map((q, i) => [q.label, ...pgOrdered.map((n) => `${fmtMs(pgResults.get(n).indexed.byQuery[i].p50)} / ${fmtMs(pgResults.get(n).scan.byQuery[i].p50)}`)]),
        ["l", ...pgOrdered.map(() => "r")],
      ),
    );
    print();
    for (const [n, r] of pgResults) {
      if (r.checks.length) {
        const bad = r.checks.filter((c) => !c.same);
        print(`Correctness at ${sizeLabel(n)}: indexed and index-less calls agree (total and first 100 ids) for ${r.checks.length - bad.length} of ${r.checks.length} queries${bad.length ? ` — **different for: ${bad.map((c) => c.label).join("; ")}**` : ""}.`);
      }
      const diff = r.sameTotalsAsD1?.map((same, i) => (same ? null : `${QUERY_MIX[i].label} (pg ${r.totals[i]}, D1 ${d1Results.get(n).totals[i]})`)).filter(Boolean) ?? [];
      print(diff.length ? `Totals that differ from D1 at ${sizeLabel(n)}: ${diff.join("; ")}.` : `Every total equals D1's at ${sizeLabel(n)} (${r.totals.length} queries).`);
    }
    print();
  }
  if (pgSkipReason && pgResults.size) {
    print(`Postgres stopped early: ${pgSkipReason}.`);
    print();
  }

  // --- HTTP
  print("## HTTP (wrangler dev, built app, sample data)");
  print();
  if (!http) {
    print(`Not measured: ${httpSkipReason}.`);
    print();
  } else {
    print(
      `autocannon, ${connections} connections, ${duration} s per row in ${quick ? 3 : 5} interleaved slices (every row of a server gets a slice in turn, so the static asset and the pages share the same background load), \`Accept-Encoding: gzip, br\`; load generator and server share the machine's 2 cores. ` +
        `Both servers run \`wrangler dev\` on a snapshot of the build taken at the start (build/client copied, Worker bundled once with \`wrangler deploy --dry-run\`) and a fresh local D1 with the sample data, as \`scripts/start.mjs\` prepares it. ` +
        `Static asset: \`${http.asset}\` (from build/client, served by Workers Static Assets without running the Worker). ` +
        "*cached*: the same URL repeated. *busted*: `_b=<n>` added, new on every request. *uncached*: the same build behind `bench/http/nocache-worker.ts`, whose Workers Cache API never holds an entry (every request queries D1 and renders), plus `_b=<n>`.",
    );
    print();
    const bustRatios = PAGES.map((p) => {
      const c = http.app.find((r) => r.name === p.name && r.mode === "cached");
      const b = http.app.find((r) => r.name === p.name && r.mode === "busted");
      return b.p50 / c.p50;
    });
    const bustSlower = bustRatios.filter((x) => x > 1.3).length;
    if (http.cacheFiles.length) {
      print(
        `Does the app cache yet? Yes: the Workers Cache API is used in ${http.cacheFiles.map((f) => `\`${f}\``).join(", ")}. ` +
          (bustSlower === 0
            ? `*busted* rows are as fast as *cached* ones (p50 ratios ${bustRatios.map((x) => x.toFixed(2)).join(", ")}): the cache is not keyed by the URL (it holds backend query results keyed by the normalised search), so \`_b\` does not bypass it. That is why the *uncached* rows come from the never-cached build. `
            : `*busted* rows are slower than *cached* ones for ${bustSlower} of ${PAGES.length} pages (p50 ratios ${bustRatios.map((x) => x.toFixed(2)).join(", ")}): part of the cache is keyed by the URL. `) +
          `Pages answer with \`Cache-Control: ${http.app.find((r) => r.name === "home")?.cacheControl ?? "?"}\` (home), \`${http.app.find((r) => r.name === "search")?.cacheControl ?? "?"}\` (search), \`${http.app.find((r) => r.name === "detail")?.cacheControl ?? "?"}\` (detail); \`wrangler dev\` has no edge cache in front of the Worker, so every request here reaches the Worker and is rendered.`,
      );
    } else {
      print("Does the app cache yet? No use of the Workers Cache API was found in app/, server.ts or load-context.ts: *cached* and *busted* rows do the same work.");
    }
    print();
    const rows = [];
    const staticA = http.app.find((r) => r.name === "static");
    const staticB = http.nocache.find((r) => r.name === "static");
    for (const r of http.app) rows.push(["app", r.name, r.mode ?? "static", `\`${r.path}\``, r.status, r.p50, r.p99, Math.round(r.rps), fmtRatio(r.p50 / staticA.p50), r.non2xx + r.errors]);
    for (const r of http.nocache) rows.push(["no-cache build", r.name, r.mode ?? "static", `\`${r.path}\``, r.status, r.p50, r.p99, Math.round(r.rps), fmtRatio(r.p50 / staticB.p50), r.non2xx + r.errors]);
    print(table(["server", "page", "mode", "path", "status", "p50 ms", "p99 ms", "req/s", "p50 / static p50", "non-2xx + errors"], rows, ["l", "l", "l", "l", "r", "r", "r", "r", "r", "r"]));
    print();
    print(`Response bodies before compression: ${http.app.filter((r) => r.mode !== "busted").map((r) => `${r.name} ${kb(r.bytes)}`).join(", ")}; sent with \`Content-Encoding: ${[...new Set(http.app.map((r) => r.encoding ?? "none"))].join(", ")}\`.`);
    print();
    const lines = [];
    lines.push(
      `With ${connections} connections on 2 shared cores every row runs the server at full CPU, so p50 is mostly queueing and the ratio to the static asset is a ratio of CPU cost per request: ` +
        `the static asset itself serves ${Math.round(staticA.rps)} req/s (app) and ${Math.round(staticB.rps)} req/s (no-cache build), because workerd gzips the ${kb(staticA.bytes)} file on every request.`,
    );
    for (const page of PAGES) {
      const c = http.app.find((r) => r.name === page.name && r.mode === "cached");
      const u = http.nocache.find((r) => r.name === page.name);
      if (c && u) {
        lines.push(
          `${page.name}: uncached ${u.p50} ms (${fmtRatio(u.p50 / staticB.p50)} the static asset), ${Math.round(u.rps)} req/s; cached ${c.p50} ms (${fmtRatio(c.p50 / staticA.p50)}), ${Math.round(c.rps)} req/s. ` +
            `The difference is the D1 queries the cache saves; what a cached request still costs is rendering ${kb(c.bytes)} of HTML and compressing it.`,
        );
      }
    }
    print(lines.map((l) => `- ${l}`).join("\n"));
    print();
  }

  // --- Page weight
  print("## Page weight: JavaScript per route (first visit)");
  print();
  if (weights) {
    print("From `build/client` and the Remix manifest: entry + root + route modules and their imports, deduplicated, gzip level 9. Routes with `handle = { hydrate: false }` (honoured by `app/root.tsx`) render no scripts and count 0." + (http ? " *HTML check*: the scripts the served HTML actually references (modulepreload, module imports) are the same set." : ""));
    print();
    print(
      table(
        ["route", "hydrates", "files", "raw KB", "gzip KB", ...(http ? ["HTML check"] : [])],
        weights.map((w) => {
          const fromHtml = http?.html[w.pattern];
          let check = "";
          if (fromHtml) {
            const a = [...w.urls].sort().join(" ");
            const b = [...fromHtml.urls].sort().join(" ");
            check = a === b ? `same (HTTP ${fromHtml.status})` : `**differs**: HTML has ${fromHtml.urls.length} scripts (${kb(fromHtml.urls.reduce((t, u) => t + (existsSync(join(w.client, u)) ? gzipOf(u, w.client) : 0), 0))} gzip)`;
          }
          return [`\`${w.pattern}\``, w.hydrate ? "yes" : "no", w.files, kb(w.raw), kb(w.gzip), ...(http ? [check] : [])];
        }),
        ["l", "l", "r", "r", "r", ...(http ? ["l"] : [])],
      ),
    );
    print();
  }

  // --- Lighthouse
  print("## Lighthouse");
  print();
  if (lighthouse) {
    print(`Lighthouse ${lighthouse.version} (installed on first use into bench/.data/tools), default mobile profile (simulated slow 4G, 4x CPU slowdown), headless Chromium ${sh("/usr/bin/chromium --version").replace(/^Chromium\s*/, "") || "?"}, against the app above on 127.0.0.1. ${quick ? "One run per page." : "Median of 3 runs by performance score."}`);
    print();
    print(
      table(
        ["page", ...CATEGORIES, "perf runs", "FCP", "LCP", "TBT", "CLS"],
        lighthouse.results.map((r) =>
          r.error
            ? [`\`${new URL(r.url).pathname}\``, ...CATEGORIES.map(() => "–"), `failed: ${r.error}`, "", "", "", ""]
            : [`\`${new URL(r.url).pathname}\``, ...CATEGORIES.map((c) => r.scores[c]), r.perfRuns.join(", "), r.metrics.fcp, r.metrics.lcp, r.metrics.tbt, r.metrics.cls],
        ),
      ),
    );
    print();
    const failing = lighthouse.results.flatMap((r) => (r.failing ?? []).map((f) => `${new URL(r.url).pathname} ${f}`));
    if (failing.length) print(`Audits under 0.9: ${failing.join("; ")}.`);
    for (const r of lighthouse.results) {
      if (!r.perfRuns || r.perfRuns.length < 2) continue;
      const spread = Math.max(...r.perfRuns) - Math.min(...r.perfRuns);
      if (spread >= 10) {
        print(
          `${new URL(r.url).pathname}: the performance runs spread over ${spread} points (${r.perfRuns.join(", ")}). ` +
            "Total Blocking Time is CPU time measured in this Chromium, so it grows with whatever else runs on the 2 cores (load average along the run is in the header); the other categories do not move.",
        );
      }
    }
    print();
  } else {
    print(`Not measured: ${lighthouseSkipReason}.`);
    print();
  }

  if (firstPaint) {
    print(firstPaintSection(firstPaint).join("\n"));
    print();
  }
}

/** Why the search figures are what they are, from this run's own data. */
function explainSearch(ordered) {
  const n = ordered[ordered.length - 1];
  const r = d1Results.get(n);
  if (!r || ordered.length < 2) return;
  const rows = QUERY_MIX.map((q, i) => ({ label: q.label, total: r.totals[i], idx: r.indexed.byQuery[i].p50, scan: r.scan.byQuery[i].p50, plan: r.plans?.[i] ?? "" }));
  const slowest = [...rows].sort((a, b) => b.idx - a.idx).slice(0, 5);
  const fastest = [...rows].sort((a, b) => a.idx - b.idx).slice(0, 3);
  const sortsAll = rows.filter((x) => /TEMP B-TREE FOR ORDER BY/.test(x.plan)).length;
  const big = rows.filter((x) => x.total >= n * 0.02);
  const small = rows.filter((x) => x.total < n * 0.002);
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
  };
  print(`### What drives these figures (${sizeLabel(n)})`);
  print();
  print(
    `- Time follows the number of matching restaurants, not the table size. The slowest indexed queries: ${slowest.map((x) => `${x.label} (${x.total} rows, ${fmtMs(x.idx)} ms)`).join("; ")}. ` +
      `The fastest: ${fastest.map((x) => `${x.label} (${x.total} rows, ${fmtMs(x.idx)} ms)`).join("; ")}.`,
  );
  print(
    `- Both statements touch every match: \`count(*)\` looks each matching rowid up in \`restaurants\`, and the page sorts all matches by name before keeping 25 (` +
      `${sortsAll} of ${rows.length} page plans say \`USE TEMP B-TREE FOR ORDER BY\`; the slowest one: \`${slowest[0].plan}\`). ` +
      `The FTS5 index replaces the scan of the table but not this per-match work, so a term that matches 5% of a million restaurants costs about as much as reading them.`,
  );
  if (big.length && small.length) {
    print(
      `- Queries matching ≥ 2% of rows (${big.length} of ${rows.length}): median ${fmtMs(median(big.map((x) => x.idx)))} ms indexed vs ${fmtMs(median(big.map((x) => x.scan)))} ms scanned. ` +
        `Queries matching < 0.2% (${small.length}): median ${fmtMs(median(small.map((x) => x.idx)))} ms vs ${fmtMs(median(small.map((x) => x.scan)))} ms.`,
    );
  }
  const noText = rows.filter((_, i) => /only$/.test(QUERY_MIX[i].kind));
  if (noText.length) {
    print(`- Searches without a text term (${noText.map((x) => x.label).join(", ")}) have no FTS5 condition: indexed and scan are the same SQL, and they count ${noText.map((x) => x.total).join(" and ")} rows.`);
  }
  print();
}

function gzipOf(url, client) {
  return gzipSync(readFileSync(join(client, url)), { level: 9 }).length;
}

async function main() {
  if (option("--only", "") === "first-paint") {
    await runFirstPaintAlone({ port: Number(option("--port", 8841)), runs: Number(option("--runs", 5)), out: option("--out", join(ROOT, "bench", "RESULTS-first-paint.md")) });
    return;
  }
  log(`SafeBites benchmark${quick ? " (quick)" : ""}: sizes ${sizes.map(sizeLabel).join(", ")}${flag("--skip-pg") ? ", no Postgres" : ""}${flag("--skip-http") ? ", no HTTP" : ""}`);
  noteLoad("start");
  const t0 = performance.now();
  await searchBenchmarks();
  await httpBenchmarks();
  noteLoad("end");
  report();
  writeReport((performance.now() - t0) / 1000);
  log(`wrote ${outFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
