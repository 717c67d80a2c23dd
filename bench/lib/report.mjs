// The benchmark's report: bench/RESULTS.md as Markdown, from the figures the measuring
// modules return (search.mjs, sitemap.mjs, http.mjs) and the run's own facts (options, load average,
// elapsed time). It measures nothing; each "## " section is one function, in report order.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { DEFAULT_SEED, sizeLabel } from "../generate.mjs";
import { PAGES } from "./http.mjs";
import { CATEGORIES } from "./lighthouse.mjs";
import { QUERY_MIX } from "./queries.mjs";
import { sitemapSection } from "./sitemap.mjs";
import { ROOT, fmtMs, fmtRatio, table } from "./util.mjs";

/**
 * What the report is written from.
 * @typedef {object} Figures
 * @property {{ args: string[], started: Date, elapsedSeconds: number, quick: boolean, sizes: number[], connections: number, duration: number, loadSamples: string[] }} run
 * @property {Awaited<ReturnType<typeof import("./search.mjs").measureSearch>>} search
 * @property {Awaited<ReturnType<typeof import("./sitemap.mjs").measureSitemaps>> | null} sitemaps
 * @property {Awaited<ReturnType<typeof import("./http.mjs").measureHttp>>} pages
 */

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function sh(command) {
  try {
    return execSync(command, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

function verdict(met, howMuch) {
  return met ? "**met**" : `**missed**${howMuch ? ` (${howMuch})` : ""}`;
}

/** The columns both search tables share: size, samples, indexed and scan p50/p95, speed-ups. */
const INDEXED_VS_SCAN_HEADER = [
  "size",
  "samples (idx / scan)",
  "indexed p50 ms",
  "indexed p95 ms",
  "scan p50 ms",
  "scan p95 ms",
  "speed-up p50",
  "speed-up p95",
];

/** The cells under INDEXED_VS_SCAN_HEADER for size n. */
function indexedVsScan(n, r) {
  return [
    sizeLabel(n),
    `${r.indexed.count} / ${r.scan.count}`,
    fmtMs(r.indexed.p50),
    fmtMs(r.indexed.p95),
    fmtMs(r.scan.p50),
    fmtMs(r.scan.p95),
    fmtRatio(r.scan.p50 / r.indexed.p50),
    fmtRatio(r.scan.p95 / r.indexed.p95),
  ];
}

/** Every figure under one flat set of names, for the section functions below. */
function names(/** @type {Figures} */ f) {
  return {
    ...f.run,
    d1Results: f.search.d1,
    pgResults: f.search.pg,
    dataSets: f.search.dataSets,
    pgVersion: f.search.pgVersion,
    pgSkipReason: f.search.pgSkipReason,
    ...f.pages,
  };
}

function targetsSection(f, print) {
  const { sizes, d1Results, http, httpSkipReason, weights, lighthouse, lighthouseSkipReason } = names(f);
  const largest = Math.max(...sizes);
  const d1Big = d1Results.get(1_000_000) ?? d1Results.get(largest);
  const d1Mid = d1Results.get(100_000);
  const targets = [];
  if (d1Big) {
    const label = sizeLabel(d1Big === d1Results.get(1_000_000) ? 1_000_000 : largest);
    const p95 = d1Big.indexed.p95;
    targets.push([
      `Search p95 at ${label} on SQLite (D1) < 25 ms`,
      `${fmtMs(p95)} ms`,
      verdict(p95 < 25, `${fmtRatio(p95 / 25)} the target, +${fmtMs(p95 - 25)} ms`),
    ]);
    const s50 = d1Big.scan.p50 / d1Big.indexed.p50;
    const s95 = d1Big.scan.p95 / d1Big.indexed.p95;
    const speedup = Math.min(s50, s95);
    targets.push([
      `Indexed ≥ 20x faster than the scan at ${label} (D1; lower of the p50 and p95 ratios)`,
      `p50 ${fmtRatio(s50)}, p95 ${fmtRatio(s95)}`,
      verdict(speedup >= 20, `${fmtRatio(speedup)} instead of 20x`),
    ]);
  }
  if (d1Big && d1Mid && d1Big !== d1Mid) {
    const growth = d1Big.indexed.p95 / d1Mid.indexed.p95;
    targets.push([
      "p95 growth from 100k to 1M < 3x (D1)",
      `${fmtMs(d1Mid.indexed.p95)} → ${fmtMs(d1Big.indexed.p95)} ms = ${fmtRatio(growth)}`,
      verdict(growth < 3, `${fmtRatio(growth)} instead of < 3x`),
    ]);
  }
  if (http) {
    const staticA = http.app.find((r) => r.name === "static");
    const staticB = http.nocache.find((r) => r.name === "static");
    for (const page of PAGES) {
      const u = http.nocache.find((r) => r.name === page.name);
      if (u && staticB) {
        const ratio = u.p50 / staticB.p50;
        targets.push([
          `Uncached ${page.name} p50 within 3x of the static asset`,
          `${u.p50} ms vs ${staticB.p50} ms = ${fmtRatio(ratio)}`,
          verdict(ratio <= 3, `${fmtRatio(ratio)} instead of ≤ 3x`),
        ]);
      }
    }
    for (const page of PAGES) {
      const c = http.app.find((r) => r.name === page.name && r.mode === "cached");
      if (c && staticA) {
        const ratio = c.p50 / staticA.p50;
        targets.push([
          `Cached ${page.name} p50 within 1.5x of the static asset`,
          `${c.p50} ms vs ${staticA.p50} ms = ${fmtRatio(ratio)}`,
          verdict(ratio <= 1.5, `${fmtRatio(ratio)} instead of ≤ 1.5x`),
        ]);
      }
    }
  } else {
    targets.push(["Uncached / cached page p50 vs the static asset", "not measured", httpSkipReason]);
  }
  if (weights) {
    const home = weights.find((w) => w.pattern === "/");
    targets.push([
      "Home < 100 KB of JavaScript (gzip)",
      kb(home.gzip),
      verdict(home.gzip < 100 * 1024, `+${kb(home.gzip - 100 * 1024)}`),
    ]);
  }
  if (lighthouse) {
    for (const r of lighthouse.results) {
      if (r.error) {
        targets.push([
          `Lighthouse ≥ 95 in every category: ${new URL(r.url).pathname}`,
          "not measured",
          `could not run: ${r.error}`,
        ]);
        continue;
      }
      const low = CATEGORIES.filter((c) => !(r.scores[c] >= 95));
      targets.push([
        `Lighthouse ≥ 95 in every category: ${new URL(r.url).pathname}`,
        CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(", "),
        verdict(low.length === 0, low.map((c) => `${c} ${r.scores[c]}`).join(", ")),
      ]);
    }
  } else {
    targets.push(["Lighthouse ≥ 95 in every category", "not measured", lighthouseSkipReason]);
  }

  print("## Targets (issue 5)");
  print();
  print(table(["target", "measured", "verdict"], targets, ["l", "l", "l"]));
  print();
}

function dataSetsSection(f, print) {
  const { dataSets } = names(f);
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
  print(
    "Cities: 318 real US cities in 50 states and DC, Zipf-like popularity (New York ~12%, the 300th city ~0.05%); 15 cuisines (American 16% … Ethiopian 2%); names from word lists, ~9% with accented letters; vegetarian ~45%, gluten-free ~33%, dairy-free ~27%, vegan ~12%.",
  );
  print();
}

function d1Section(f, print) {
  const { d1Results } = names(f);
  print("## Search on SQLite (D1, local workerd)");
  print();
  print(
    "Each query is the app's own `buildSearchStatements` output (count + page of 25) sent as one `db.batch`, timed inside workerd (a Worker bound to the same local D1). " +
      "*Scan* is the same statements with each FTS5 subquery replaced by `lower(col) LIKE '%term%'` (`bench/lib/queries.mjs`, `buildScanStatements`). " +
      "workerd's clock moves in whole milliseconds. *Via proxy* is the indexed mix timed from Node through `getPlatformProxy`, which adds its own round trip (the *floor*: a batch of two `SELECT 1`).",
  );
  print();
  const d1Rows = [...d1Results].map(([n, r]) => [
    ...indexedVsScan(n, r),
    `${fmtMs(r.proxy.p50)} / ${fmtMs(r.proxy.p95)}`,
    `${fmtMs(r.floorP50)} / ${fmtMs(r.proxyFloorP50)}`,
  ]);
  print(table([...INDEXED_VS_SCAN_HEADER, "via proxy p50 / p95 ms", "floor p50 ms (worker / proxy)"], d1Rows));
  print();
  const growthPairs = [];
  const ordered = [...d1Results.keys()].sort((a, b) => a - b);
  for (let i = 1; i < ordered.length; i++) {
    const a = d1Results.get(ordered[i - 1]);
    const b = d1Results.get(ordered[i]);
    growthPairs.push(
      `${sizeLabel(ordered[i - 1])} → ${sizeLabel(ordered[i])}: p50 ${fmtRatio(b.indexed.p50 / a.indexed.p50)}, p95 ${fmtRatio(b.indexed.p95 / a.indexed.p95)} (scan p95 ${fmtRatio(b.scan.p95 / a.scan.p95)})`,
    );
  }
  if (growthPairs.length) {
    print(`Growth of the indexed search: ${growthPairs.join("; ")}.`);
    print();
  }
  print("### Per query (D1, p50 ms, indexed / scan; rows = matching restaurants)");
  print();
  const perQueryHeader = [
    "query",
    "kind",
    ...ordered.flatMap((n) => [`${sizeLabel(n)} rows`, `${sizeLabel(n)} idx / scan`]),
  ];
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
  print(
    table(
      perQueryHeader,
      perQueryRows,
      perQueryHeader.map((_, i) => (i < 2 ? "l" : "r")),
    ),
  );
  print();
  const checks = [...d1Results].filter(([, r]) => r.checks.length);
  for (const [n, r] of checks) {
    const bad = r.checks.filter((c) => !c.same);
    print(
      `Correctness at ${sizeLabel(n)}: indexed and scan return the same total and the same ids in the same order for ${r.checks.length - bad.length} of ${r.checks.length} queries` +
        (bad.length
          ? ` — **different for: ${bad.map((c) => `${c.label} (${c.indexed} vs ${c.scan})`).join("; ")}**.`
          : "."),
    );
    print();
  }

  explainSearch(d1Results, ordered, print);
}

/** Why the search figures are what they are, from this run's own data. */
function explainSearch(d1Results, ordered, print) {
  const n = ordered[ordered.length - 1];
  const r = d1Results.get(n);
  if (!r || ordered.length < 2) return;
  const rows = QUERY_MIX.map((q, i) => ({
    label: q.label,
    total: r.totals[i],
    idx: r.indexed.byQuery[i].p50,
    scan: r.scan.byQuery[i].p50,
    plan: r.plans?.[i] ?? "",
  }));
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
    print(
      `- Searches without a text term (${noText.map((x) => x.label).join(", ")}) have no FTS5 condition: indexed and scan are the same SQL, and they count ${noText.map((x) => x.total).join(" and ")} rows.`,
    );
  }
  print();
}

function pgSection(f, print) {
  const { d1Results, pgResults, pgSkipReason, pgVersion } = names(f);
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
        [...INDEXED_VS_SCAN_HEADER, "same totals as D1"],
        [...pgResults].map(([n, r]) => [
          ...indexedVsScan(n, r),
          r.sameTotalsAsD1 ? `${r.sameTotalsAsD1.filter(Boolean).length} / ${r.sameTotalsAsD1.length}` : "–",
        ]),
      ),
    );
    print();
    const noScan = [...pgResults].filter(([, r]) => r.scan.count === 0).map(([n]) => sizeLabel(n));
    if (noScan.length) {
      print(
        `No index-less pass at ${noScan.join(", ")} in this run (\`--quick\`): it reads and unaccents every row in WASM, about 25 s a query at 1M; the full run makes one pass.`,
      );
      print();
    }
    const pgOrdered = [...pgResults.keys()].sort((a, b) => a - b);
    for (let i = 1; i < pgOrdered.length; i++) {
      const a = pgResults.get(pgOrdered[i - 1]);
      const b = pgResults.get(pgOrdered[i]);
      print(
        `Growth ${sizeLabel(pgOrdered[i - 1])} → ${sizeLabel(pgOrdered[i])}: indexed p95 ${fmtRatio(b.indexed.p95 / a.indexed.p95)}.`,
      );
    }
    print();
    print("### Per query (Postgres, p50 ms, indexed / scan)");
    print();
    print(
      table(
        ["query", ...pgOrdered.map((n) => `${sizeLabel(n)} idx / scan`)],
        QUERY_MIX.map((q, i) => [
          q.label,
          ...pgOrdered.map(
            (n) => `${fmtMs(pgResults.get(n).indexed.byQuery[i].p50)} / ${fmtMs(pgResults.get(n).scan.byQuery[i].p50)}`,
          ),
        ]),
        ["l", ...pgOrdered.map(() => "r")],
      ),
    );
    print();
    for (const [n, r] of pgResults) {
      if (r.checks.length) {
        const bad = r.checks.filter((c) => !c.same);
        print(
          `Correctness at ${sizeLabel(n)}: indexed and index-less calls agree (total and first 100 ids) for ${r.checks.length - bad.length} of ${r.checks.length} queries${bad.length ? ` — **different for: ${bad.map((c) => c.label).join("; ")}**` : ""}.`,
        );
      }
      const diff =
        r.sameTotalsAsD1
          ?.map((same, i) =>
            same ? null : `${QUERY_MIX[i].label} (pg ${r.totals[i]}, D1 ${d1Results.get(n).totals[i]})`,
          )
          .filter(Boolean) ?? [];
      print(
        diff.length
          ? `Totals that differ from D1 at ${sizeLabel(n)}: ${diff.join("; ")}.`
          : `Every total equals D1's at ${sizeLabel(n)} (${r.totals.length} queries).`,
      );
    }
    print();
  }
  if (pgSkipReason && pgResults.size) {
    print(`Postgres stopped early: ${pgSkipReason}.`);
    print();
  }
}

function httpSection(f, print) {
  const { http, httpSkipReason, connections, duration, quick } = names(f);
  print("## HTTP (wrangler dev, built app, sample data)");
  print();
  if (!http) {
    print(`Not measured: ${httpSkipReason}.`);
    print();
  } else {
    print(
      `autocannon, ${connections} connections, ${duration} s per row in ${quick ? 3 : 5} interleaved slices (every row of a server gets a slice in turn, so the static asset and the pages share the same background load), \`Accept-Encoding: gzip, br\`; load generator and server share the machine's 2 cores. ` +
        `Both servers run \`wrangler dev\` on a snapshot of the build taken at the start (build/client copied, Worker bundled once with \`wrangler deploy --dry-run\`) and a fresh local D1 with the sample data, as \`scripts/start.mjs\` prepares it. ` +
        `Static asset: \`${http.asset}\` (from build/client, served through the Worker). ` +
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
      print(
        "Does the app cache yet? No use of the Workers Cache API was found in app/, server.ts or load-context.ts: *cached* and *busted* rows do the same work.",
      );
    }
    print();
    const rows = [];
    const staticA = http.app.find((r) => r.name === "static");
    const staticB = http.nocache.find((r) => r.name === "static");
    for (const [server, results, staticP50] of [
      ["app", http.app, staticA.p50],
      ["no-cache build", http.nocache, staticB.p50],
    ]) {
      for (const r of results) {
        rows.push([
          server,
          r.name,
          r.mode ?? "static",
          `\`${r.path}\``,
          r.status,
          r.p50,
          r.p99,
          Math.round(r.rps),
          fmtRatio(r.p50 / staticP50),
          r.non2xx + r.errors,
        ]);
      }
    }
    print(
      table(
        [
          "server",
          "page",
          "mode",
          "path",
          "status",
          "p50 ms",
          "p99 ms",
          "req/s",
          "p50 / static p50",
          "non-2xx + errors",
        ],
        rows,
        ["l", "l", "l", "l", "r", "r", "r", "r", "r", "r"],
      ),
    );
    print();
    print(
      `Response bodies before compression: ${http.app
        .filter((r) => r.mode !== "busted")
        .map((r) => `${r.name} ${kb(r.bytes)}`)
        .join(
          ", ",
        )}; sent with \`Content-Encoding: ${[...new Set(http.app.map((r) => r.encoding ?? "none"))].join(", ")}\`.`,
    );
    print();
    const lines = [];
    lines.push(
      `With ${connections} connections on 2 shared cores every row runs the server at full CPU, so p50 is mostly queueing and the ratio to the static asset is a ratio of CPU cost per request: ` +
        `the static asset itself serves ${Math.round(staticA.rps)} req/s (app) and ${Math.round(staticB.rps)} req/s (no-cache build), because workerd gzips the ${kb(staticA.bytes)} stylesheet on every request.`,
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
}

function pageWeightSection(f, print) {
  const { http, weights } = names(f);
  print("## Page weight: JavaScript per route (first visit)");
  print();
  if (weights) {
    print(
      "From `build/client` and the Remix manifest: entry + root + route modules and their imports, deduplicated, gzip level 9. Routes with `handle = { hydrate: false }` (honoured by `app/root.tsx`) render no scripts and count 0." +
        (http
          ? " *HTML check*: the scripts the served HTML actually references (modulepreload, module imports) are the same set."
          : ""),
    );
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
            check =
              a === b
                ? `same (HTTP ${fromHtml.status})`
                : `**differs**: HTML has ${fromHtml.urls.length} scripts (${kb(fromHtml.gzip)} gzip)`;
          }
          return [
            `\`${w.pattern}\``,
            w.hydrate ? "yes" : "no",
            w.files,
            kb(w.raw),
            kb(w.gzip),
            ...(http ? [check] : []),
          ];
        }),
        ["l", "l", "r", "r", "r", ...(http ? ["l"] : [])],
      ),
    );
    print();
  }
}

function lighthouseSection(f, print) {
  const { lighthouse, lighthouseSkipReason, quick } = names(f);
  print("## Lighthouse");
  print();
  if (lighthouse) {
    print(
      `Lighthouse ${lighthouse.version} (installed on first use into bench/.data/tools), default mobile profile (simulated slow 4G, 4x CPU slowdown), headless Chromium ${sh("/usr/bin/chromium --version").replace(/^Chromium\s*/, "") || "?"}, against the app above on 127.0.0.1. ${quick ? "One run per page." : "Median of 3 runs by performance score."}`,
    );
    print();
    print(
      table(
        ["page", ...CATEGORIES, "perf runs", "FCP", "LCP", "TBT", "CLS"],
        lighthouse.results.map((r) =>
          r.error
            ? [`\`${new URL(r.url).pathname}\``, ...CATEGORIES.map(() => "–"), `failed: ${r.error}`, "", "", "", ""]
            : [
                `\`${new URL(r.url).pathname}\``,
                ...CATEGORIES.map((c) => r.scores[c]),
                r.perfRuns.join(", "),
                r.metrics.fcp,
                r.metrics.lcp,
                r.metrics.tbt,
                r.metrics.cls,
              ],
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
}

const SECTIONS = [
  targetsSection,
  dataSetsSection,
  d1Section,
  pgSection,
  (f, print) => sitemapSection(f.sitemaps, print),
  httpSection,
  pageWeightSection,
  lighthouseSection,
];

/** The report's body (every section), as lines: what the benchmark also prints on stdout. */
export function reportBody(/** @type {Figures} */ f) {
  const out = [];
  const print = (text = "") => out.push(text);
  for (const section of SECTIONS) section(f, print);
  return out;
}

/** The whole of RESULTS.md: header, body, and the last load test's figures. */
export function renderReport(/** @type {Figures} */ f, body = reportBody(f)) {
  return [...header(f), "", ...body, ...loadSection()].join("\n") + "\n";
}

function header(/** @type {Figures} */ f) {
  const { args, started, elapsedSeconds, loadSamples, sizes, quick } = f.run;
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const memory = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  return [
    "# SafeBites benchmark results",
    "",
    `Written by \`node bench/run.mjs${args.length ? " " + args.join(" ") : ""}\` on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC; the run took ${Math.round(elapsedSeconds / 60)} min ${Math.round(elapsedSeconds % 60)} s.`,
    "Method, and what these figures can and cannot say: [docs/decisions/0005-benchmark-method.md](../docs/decisions/0005-benchmark-method.md).",
    "",
    `- Machine: ${sh("nproc")} cores (${cpu}), ${memory} memory, ${sh(". /etc/os-release && echo $PRETTY_NAME") || os.type()}; Node ${process.version}; wrangler ${sh("node_modules/.bin/wrangler --version").split("\n").pop()}; @electric-sql/pglite ${pkgVersion("@electric-sql/pglite")}; autocannon ${pkgVersion("autocannon")}.`,
    `- Load average (1 / 5 / 15 min) along the run — other work on this machine shares the 2 cores: ${loadSamples.join("; ")}.`,
    `- Data: \`bench/generate.mjs\`, seed ${DEFAULT_SEED}; sizes ${sizes.map(sizeLabel).join(", ")}.${quick ? " Quick mode: fewer rounds, 3 s HTTP runs, one Lighthouse run per page." : ""}`,
  ];
}

/** The figures of the last `npm run bench:load` (bench/RESULTS-load.md), kept in this report. */
function loadSection() {
  const file = join(ROOT, "bench", "RESULTS-load.md");
  if (!existsSync(file)) return [];
  const body = readFileSync(file, "utf8")
    .replace(/^# .*\n/, "")
    .replace(/^## /gm, "### ");
  return ["", "## Load (`npm run bench:load`, written by bench/load.mjs to bench/RESULTS-load.md)", body.trimEnd()];
}

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}
