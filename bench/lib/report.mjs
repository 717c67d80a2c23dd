// The benchmark's report: bench/RESULTS.md as Markdown, from the figures the measuring
// modules return (search.mjs, sitemap.mjs, http.mjs) and the run's own facts (options, load average,
// elapsed time). It measures nothing; each "## " section is one function, in report order.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { DEFAULT_SEED, sizeLabel } from "../generate.mjs";
import { PAGES } from "./http.mjs";
import { firstPaintSection, firstPaintTargets } from "./first-paint.mjs";
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

/** Every figure under one flat set of names, for the section functions below. */
function names(/** @type {Figures} */ f) {
  return {
    ...f.run,
    d1Results: f.search.d1,
    pgliteResults: f.search.pglite,
    pgServerResults: f.search.pgServer,
    dataSets: f.search.dataSets,
    pgliteVersion: f.search.pgliteVersion,
    pgServerVersion: f.search.pgServerVersion,
    pgliteSkipReason: f.search.pgliteSkipReason,
    pgServerSkipReason: f.search.pgServerSkipReason,
    ...f.pages,
  };
}

/** The search targets of issue 10, at 1M (or the largest size measured). */
function searchTargets(f) {
  const { sizes, d1Results, pgServerResults, pgServerSkipReason } = names(f);
  const largest = Math.max(...sizes);
  const big = d1Results.get(largest);
  const mid = d1Results.get(100_000);
  const label = sizeLabel(largest);
  const targets = [];
  if (big) {
    const worst = Math.max(...big.rowsRead);
    const where = big.labels[big.rowsRead.indexOf(worst)];
    targets.push([
      `D1: every query of the mix reads ≤ 5,000 rows per page view at ${label}`,
      `at most ${worst.toLocaleString("en-US")} (${where})`,
      verdict(worst <= 5000, `${fmtRatio(worst / 5000)} the bound`),
    ]);
    targets.push([
      `SQLite (D1) p95 ≤ 25 ms at ${label}`,
      `${fmtMs(big.search.p95)} ms`,
      verdict(big.search.p95 <= 25, `${fmtRatio(big.search.p95 / 25)} the target`),
    ]);
  }
  if (big && mid && big !== mid) {
    const growth = big.search.p95 / mid.search.p95;
    targets.push([
      `SQLite (D1) p95 grows < 1.5x from 100k to ${label}`,
      `${fmtMs(mid.search.p95)} → ${fmtMs(big.search.p95)} ms = ${fmtRatio(growth)}`,
      verdict(growth < 1.5, `${fmtRatio(growth)}`),
    ]);
  }
  const pg = pgServerResults.get(largest);
  targets.push(
    pg
      ? [
          `Real PostgreSQL p95 ≤ 25 ms at ${label}`,
          `${fmtMs(pg.search.p95)} ms`,
          verdict(pg.search.p95 <= 25, `${fmtRatio(pg.search.p95 / 25)} the target`),
        ]
      : [`Real PostgreSQL p95 ≤ 25 ms at ${label}`, "not measured", pgServerSkipReason ?? "–"],
  );
  return targets;
}

function dataSetsSection(f, print) {
  const { dataSets } = names(f);
  const build = (seconds) =>
    seconds === undefined ? "–" : seconds === null ? "reused (cached)" : `${seconds.toFixed(0)} s`;
  print("## Data sets");
  print();
  print(
    table(
      ["size", "D1 build", "D1 on disk", "PGlite build", "PGlite on disk", "PostgreSQL server build"],
      dataSets.map((s) => [
        sizeLabel(s.n),
        build(s.d1Load),
        mb(s.d1Bytes),
        build(s.pgliteLoad),
        s.pgliteBytes ? mb(s.pgliteBytes) : "–",
        build(s.pgServerLoad),
      ]),
    ),
  );
  print();
  print(
    "Cities: 318 real US cities in 50 states and DC, Zipf-like popularity (New York ~12%, the 300th city ~0.05%), restaurants spread over about 14 × 11 miles around each; 15 cuisines (American 16% … Ethiopian 2%); names from word lists, ~9% with accented letters; vegetarian ~45%, gluten-free ~33%, dairy-free ~27%, vegan ~12%. Every data set also holds the place data (41,000 ZIP codes, 29,500 places), which the mix's place names are looked up in.",
  );
  print();
}

function d1Section(f, print) {
  const { d1Results } = names(f);
  print("## Search on SQLite (D1, local workerd)");
  print();
  print(
    "Each query is a page view as the D1 adapter makes it: the place lookup first (not timed: the app keeps it in its query cache for a day), then the count and the page of 25 in one `db.batch`, and for a search with a centre that found nothing the nearest beyond the radius (a second batch). " +
      "Timed inside workerd (a Worker bound to the same local D1; its clock moves in whole milliseconds). *Rows read* is the sum of `meta.rows_read` over the page view's statements: what D1 bills.",
  );
  print();
  const ordered = [...d1Results.keys()].sort((a, b) => a - b);
  print(
    table(
      ["size", "samples", "p50 ms", "p95 ms", "most rows read (query)", "floor p50 ms"],
      ordered.map((n) => {
        const r = d1Results.get(n);
        const worst = Math.max(...r.rowsRead);
        return [
          sizeLabel(n),
          String(r.search.count),
          fmtMs(r.search.p50),
          fmtMs(r.search.p95),
          `${worst.toLocaleString("en-US")} (${r.labels[r.rowsRead.indexOf(worst)]})`,
          fmtMs(r.floorP50),
        ];
      }),
    ),
  );
  print();
  const growth = [];
  for (let i = 1; i < ordered.length; i++) {
    const a = d1Results.get(ordered[i - 1]);
    const b = d1Results.get(ordered[i]);
    growth.push(
      `${sizeLabel(ordered[i - 1])} → ${sizeLabel(ordered[i])}: p50 ${fmtRatio(b.search.p50 / a.search.p50)}, p95 ${fmtRatio(b.search.p95 / a.search.p95)}`,
    );
  }
  if (growth.length) {
    print(`Growth: ${growth.join("; ")}.`);
    print();
  }
  print("### Per query (D1: p50 / p95 ms, rows read per page view; count as shown)");
  print();
  const header = [
    "query",
    "kind",
    "centre",
    ...ordered.flatMap((n) => [`${sizeLabel(n)} ms`, `${sizeLabel(n)} rows`, `${sizeLabel(n)} count`]),
  ];
  const first = d1Results.get(ordered[0]);
  const count = (total) => (total > 1000 ? "1,000+" : String(total));
  const rows = QUERY_MIX.map((q, i) => [
    q.label,
    q.kind,
    first.centres[i] ?? "–",
    ...ordered.flatMap((n) => {
      const r = d1Results.get(n);
      const p = r.search.byQuery[i];
      return [`${fmtMs(p.p50)} / ${fmtMs(p.p95)}`, r.rowsRead[i].toLocaleString("en-US"), count(r.totals[i])];
    }),
  ]);
  for (const [e, x] of first.extra.entries()) {
    rows.push([
      `${x.label} *(not in the mix)*`,
      x.kind,
      "",
      ...ordered.flatMap((n) => {
        const y = d1Results.get(n).extra[e];
        return [`${fmtMs(y.p50)} / ${fmtMs(y.p95)}`, y.rowsRead.toLocaleString("en-US"), count(y.total)];
      }),
    ]);
  }
  print(
    table(
      header,
      rows,
      header.map((_, i) => (i < 3 ? "l" : "r")),
    ),
  );
  print();
  for (const [n, r] of d1Results) {
    if (!r.checks.length) continue;
    const bad = r.checks.filter((c) => !c.same);
    print(
      `Correctness at ${sizeLabel(n)}: the count and the page's restaurants, in order, equal the reference statement of the rules (tests/fixtures/reference-search.ts, run on the same generated rows and place data) for ${r.checks.length - bad.length} of ${r.checks.length} queries` +
        (bad.length
          ? ` — **different for: ${bad.map((c) => `${c.label} (${c.total} vs ${c.expectedTotal})`).join("; ")}**.`
          : "."),
    );
    print();
  }
}

function pgSection(f, print) {
  const {
    d1Results,
    pgliteResults,
    pgServerResults,
    pgliteSkipReason,
    pgServerSkipReason,
    pgliteVersion,
    pgServerVersion,
  } = names(f);
  print("## Search on Postgres (PGlite and a PostgreSQL server)");
  print();
  print(
    "`public.find_restaurants(...)` from `supabase/migrations/` with the Supabase adapter's own arguments (one call returns the count and the page), run as `anon`, after the place lookup (`public.resolve_place`, not timed). " +
      `PGlite: ${pgliteVersion.split(" on ")[0]}, compiled to WASM, in-process, one thread. ` +
      `PostgreSQL server: ${pgServerVersion}, a throw-away cluster on a Unix socket (bench/lib/pg-server.mjs), as Supabase runs it.`,
  );
  print();
  for (const [title, results, reason] of [
    ["PGlite", pgliteResults, pgliteSkipReason],
    ["PostgreSQL server", pgServerResults, pgServerSkipReason],
  ]) {
    if (results.size === 0) {
      print(`${title}: not measured (${reason ?? "no sizes"}).`);
      print();
      continue;
    }
    const ordered = [...results.keys()].sort((a, b) => a - b);
    print(`### ${title}`);
    print();
    print(
      table(
        ["size", "samples", "p50 ms", "p95 ms", "same counts and pages as D1"],
        ordered.map((n) => {
          const r = results.get(n);
          return [
            sizeLabel(n),
            String(r.search.count),
            fmtMs(r.search.p50),
            fmtMs(r.search.p95),
            `${r.sameAsD1.filter(Boolean).length} / ${r.sameAsD1.length}`,
          ];
        }),
      ),
    );
    print();
    const header = ["query", ...ordered.map((n) => `${sizeLabel(n)} p50 / p95 ms`)];
    const rows = QUERY_MIX.map((q, i) => [
      q.label + (ordered.some((n) => !results.get(n).sameAsD1[i]) ? " **(differs from D1)**" : ""),
      ...ordered.map((n) => {
        const p = results.get(n).search.byQuery[i];
        return `${fmtMs(p.p50)} / ${fmtMs(p.p95)}`;
      }),
    ]);
    for (const [e, x] of results.get(ordered[0]).extra.entries()) {
      rows.push([
        `${x.label} *(not in the mix)*`,
        ...ordered.map((n) => {
          const y = results.get(n).extra[e];
          return `${fmtMs(y.p50)} / ${fmtMs(y.p95)}`;
        }),
      ]);
    }
    print(
      table(
        header,
        rows,
        header.map((_, i) => (i === 0 ? "l" : "r")),
      ),
    );
    print();
    for (const n of ordered) {
      const diff = results
        .get(n)
        .sameAsD1.map((same, i) =>
          same ? null : `${QUERY_MIX[i].label} (${results.get(n).totals[i]} vs D1 ${d1Results.get(n).totals[i]})`,
        )
        .filter(Boolean);
      if (diff.length) print(`At ${sizeLabel(n)}, different from D1: ${diff.join("; ")}.`);
    }
    print();
  }
}

function targetsSection(f, print) {
  const { http, httpSkipReason, weights, lighthouse, lighthouseSkipReason, firstPaint, firstPaintSkipReason } =
    names(f);
  const targets = searchTargets(f);
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
  targets.push(...firstPaintTargets(firstPaint, firstPaintSkipReason));

  print("## Targets");
  print();
  print(table(["target", "measured", "verdict"], targets, ["l", "l", "l"]));
  print();
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

/** The distance searches of the mix beside the same answers without their index (scan.mjs). */
function scanSection(f, print) {
  const { d1Results, pgliteResults, pgServerResults } = names(f);
  const backends = [
    ["D1", d1Results],
    ["PGlite", pgliteResults],
    ["PostgreSQL server", pgServerResults],
  ].filter(([, results]) => results.size > 0 && [...results.values()].every((r) => r.scan));
  if (backends.length === 0) return;
  print("## Distance searches beside a scan");
  print();
  print(
    "The mix's searches by coordinates alone, timed as above (p50 / p95 ms), beside the same answers computed without the index: " +
      "every restaurant with a position measured with the same haversine (`bench/lib/scan.mjs`: the count up to 1,001, the page nearest first, and the nearest three beyond an empty radius), " +
      "3 rounds after a warm-up. *Same*: the scan gave the same count and the same page (D1: in the app's order; Postgres: by distance, then id).",
  );
  print();
  const sizes = [...new Set(backends.flatMap(([, results]) => [...results.keys()]))].sort((a, b) => a - b);
  const rows = [];
  for (const [name, results] of backends) {
    for (const n of sizes) {
      const r = results.get(n);
      if (!r) continue;
      for (const x of r.scan) {
        rows.push([
          name,
          sizeLabel(n),
          x.label,
          `${fmtMs(x.index.p50)} / ${fmtMs(x.index.p95)}`,
          `${fmtMs(x.scan.p50)} / ${fmtMs(x.scan.p95)}`,
          fmtRatio(x.scan.p50 / Math.max(x.index.p50, 1)),
          x.same ? "yes" : "**no**",
        ]);
      }
    }
  }
  print(
    table(["backend", "size", "query", "index", "scan", "scan / index (p50)", "same"], rows, [
      "l",
      "l",
      "l",
      "r",
      "r",
      "r",
      "l",
    ]),
  );
  print();
}

const SECTIONS = [
  targetsSection,
  dataSetsSection,
  d1Section,
  pgSection,
  scanSection,
  (f, print) => sitemapSection(f.sitemaps, print),
  httpSection,
  pageWeightSection,
  lighthouseSection,
  firstPaintReportSection,
];

function firstPaintReportSection(f, print) {
  const { firstPaint, firstPaintSkipReason } = names(f);
  if (firstPaint) {
    print(firstPaintSection(firstPaint).join("\n"));
  } else {
    print("## First paint (slow 4G, 4x CPU)");
    print();
    print(`Not measured: ${firstPaintSkipReason ?? "not run"}.`);
  }
  print();
}

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
