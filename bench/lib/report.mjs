// The benchmark's report, from the figures the measuring modules return (search.mjs,
// sitemap.mjs, http.mjs): RESULTS.md (the targets table, the per-size and per-query tables,
// the uncached pages' Server-Timing split) and, beside it, every figure as JSON. It measures
// nothing. The method: docs/decisions/0005-benchmark-method.md.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { DEFAULT_SEED, sizeLabel } from "../generate.mjs";
import { FIRST_PAINT_TARGET_MS, firstPaintSection } from "./first-paint.mjs";
import { QUERY_MIX } from "./queries.mjs";
import { SAVED_LIST_TARGET_RATIO } from "./saved-list.mjs";
import { sitemapSection } from "./sitemap.mjs";
import { ROOT, fmtMs, fmtRatio, table } from "./util.mjs";

// The targets (issue 21), in one place.
const TARGETS = {
  rowsRead: 5000,
  d1P95Ms: 25,
  d1Growth: 1.5,
  pgOverD1: 2,
  uncachedOverStatic: 15,
  firstPaintMs: FIRST_PAINT_TARGET_MS,
  aboveFloorMs: 80,
};

/**
 * What the report is written from.
 * @typedef {object} Figures
 * @property {{ args: string[], started: Date, elapsedSeconds: number, quick: boolean, sizes: number[], loadSamples: string[] }} run
 * @property {Awaited<ReturnType<typeof import("./search.mjs").measureSearch>>} search
 * @property {Awaited<ReturnType<typeof import("./sitemap.mjs").measureSitemaps>> | null} sitemaps
 * @property {Awaited<ReturnType<typeof import("./http.mjs").measureHttp>> | null} pages
 */

const rows = (n) => n.toLocaleString("en-US");
const verdict = (met, miss) => (met ? "**met**" : `**missed** (${miss})`);

function sh(command) {
  try {
    return execSync(command, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

/** The targets table's rows: [target, measured, verdict]. */
function targetRows(/** @type {Figures} */ f) {
  const { d1, pgServer, pgServerSkipReason } = f.search;
  const largest = Math.max(...f.run.sizes);
  const label = sizeLabel(largest);
  const big = d1.get(largest);
  const mid = d1.get(100_000);
  const out = [];
  if (big) {
    const worst = Math.max(...big.rowsRead);
    out.push([
      `D1: every page view of the mix reads ≤ ${rows(TARGETS.rowsRead)} rows at ${label}`,
      `at most ${rows(worst)} (${big.labels[big.rowsRead.indexOf(worst)]})`,
      verdict(worst <= TARGETS.rowsRead, `${fmtRatio(worst / TARGETS.rowsRead)} the bound`),
    ]);
    if (big.extra.length) {
      const extraWorst = big.extra.reduce((a, b) => (b.rowsRead > a.rowsRead ? b : a));
      out.push([
        `D1: the ${big.extra.length} "not in the mix" page views read ≤ ${rows(TARGETS.rowsRead)} rows at ${label}`,
        `at most ${rows(extraWorst.rowsRead)} (${extraWorst.label})`,
        verdict(
          extraWorst.rowsRead <= TARGETS.rowsRead,
          `${fmtRatio(extraWorst.rowsRead / TARGETS.rowsRead)} the bound`,
        ),
      ]);
    }
    if (big.typed?.length) {
      const worstTime = big.typed.reduce((a, b) =>
        b.p50 / Math.max(b.right.p50, 1) > a.p50 / Math.max(a.right.p50, 1) ? b : a,
      );
      const timeRatio = worstTime.p50 / Math.max(worstTime.right.p50, 1);
      out.push([
        `D1: a misspelt place or filter words cost ≤ 2x the search spelt right (p50) at ${label}`,
        `at most ${fmtRatio(timeRatio)} (${worstTime.label}: ${fmtMs(worstTime.p50)} vs ${fmtMs(worstTime.right.p50)} ms)`,
        verdict(timeRatio <= 2, fmtRatio(timeRatio)),
      ]);
      const worstRows = big.typed.reduce((a, b) => (b.rowsRead > a.rowsRead ? b : a));
      out.push([
        `D1: a misspelt place or filter words read ≤ ${rows(TARGETS.rowsRead)} rows at ${label}`,
        `at most ${rows(worstRows.rowsRead)} (${worstRows.label})`,
        verdict(worstRows.rowsRead <= TARGETS.rowsRead, `${fmtRatio(worstRows.rowsRead / TARGETS.rowsRead)} the bound`),
      ]);
    }
    if (big.world?.length) {
      const worstRows = big.world.reduce((a, b) => (b.rowsRead > a.rowsRead ? b : a));
      out.push([
        `D1: every search beyond the US reads ≤ ${rows(TARGETS.rowsRead)} rows per page view at ${label}`,
        `at most ${rows(worstRows.rowsRead)} (${worstRows.label})`,
        verdict(worstRows.rowsRead <= TARGETS.rowsRead, `${fmtRatio(worstRows.rowsRead / TARGETS.rowsRead)} the bound`),
      ]);
      const worstTime = big.world.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      out.push([
        `D1: every search beyond the US p95 ≤ ${TARGETS.d1P95Ms} ms at ${label}`,
        `at most ${fmtMs(worstTime.p95)} ms (${worstTime.label})`,
        verdict(worstTime.p95 <= TARGETS.d1P95Ms, `${fmtRatio(worstTime.p95 / TARGETS.d1P95Ms)} the target`),
      ]);
    }
    out.push([
      `D1 p95 ≤ ${TARGETS.d1P95Ms} ms at ${label}`,
      `${fmtMs(big.search.p95)} ms`,
      verdict(big.search.p95 <= TARGETS.d1P95Ms, `${fmtRatio(big.search.p95 / TARGETS.d1P95Ms)} the target`),
    ]);
  }
  if (big && mid && big !== mid) {
    const growth = big.search.p95 / mid.search.p95;
    out.push([
      `D1 p95 grows < ${TARGETS.d1Growth}x from 100k to ${label}`,
      `${fmtMs(mid.search.p95)} → ${fmtMs(big.search.p95)} ms = ${fmtRatio(growth)}`,
      verdict(growth < TARGETS.d1Growth, fmtRatio(growth)),
    ]);
  } else {
    out.push([`D1 p95 grows < ${TARGETS.d1Growth}x from 100k to 1M`, "not measured", "needs --sizes 100k,1M"]);
  }
  const pg = pgServer.get(largest);
  if (pg && big) {
    const ratio = pg.search.p95 / big.search.p95;
    out.push([
      `PostgreSQL server p95 within ${TARGETS.pgOverD1}x of D1's, same queries, at ${label}`,
      `${fmtMs(pg.search.p95)} ms vs ${fmtMs(big.search.p95)} ms = ${fmtRatio(ratio)}`,
      verdict(ratio <= TARGETS.pgOverD1, fmtRatio(ratio)),
    ]);
  } else {
    out.push([
      `PostgreSQL server p95 within ${TARGETS.pgOverD1}x of D1's at ${label}`,
      "not measured",
      pgServerSkipReason ?? "–",
    ]);
  }
  const { uncached, uncachedSkipReason, firstPaint, firstPaintSkipReason } = f.pages ?? {};
  if (uncached) {
    const { static: file, searches, ratio, size } = uncached;
    out.push([
      `Uncached page p95 ≤ ${TARGETS.uncachedOverStatic}x the static file's p50, at ${sizeLabel(size)}`,
      `${Math.round(searches.p95)} ms vs ${Math.round(file.p50)} ms = ${fmtRatio(ratio)}`,
      verdict(ratio <= TARGETS.uncachedOverStatic, fmtRatio(ratio)),
    ]);
  } else {
    out.push([
      `Uncached page p95 ≤ ${TARGETS.uncachedOverStatic}x the static file's p50`,
      "not measured",
      uncachedSkipReason ?? f.pages?.skipReason ?? "–",
    ]);
  }
  const savedList = f.pages?.savedList;
  if (savedList) {
    out.push([
      `\`/saved?ids=\` (${savedList.ids} ids) p95 ≤ ${SAVED_LIST_TARGET_RATIO}x the home page's p95, uncached, at ${sizeLabel(savedList.size)}`,
      `${Math.round(savedList.list.p95)} ms vs ${Math.round(savedList.home.p95)} ms = ${fmtRatio(savedList.ratio)} (db ${fmtMs(savedList.list.db50)} ms, one call)`,
      verdict(savedList.ratio <= SAVED_LIST_TARGET_RATIO, fmtRatio(savedList.ratio)),
    ]);
  }
  if (firstPaint) {
    const pages = firstPaint.results.filter((r) => !r.reference);
    const floor = firstPaint.results.find((r) => r.reference);
    for (const r of pages) {
      out.push([
        `First result painted ≤ ${TARGETS.firstPaintMs} ms (median, slow 4G, 4x CPU): ${r.name}`,
        `${Math.round(r.result)} ms`,
        verdict(r.result <= TARGETS.firstPaintMs, `+${Math.round(r.result - TARGETS.firstPaintMs)} ms`),
      ]);
    }
    const search = pages.find((r) => r.name === "search");
    if (search && floor) {
      const above = search.result - floor.result;
      out.push([
        `Search's first result within ${TARGETS.aboveFloorMs} ms of the harness's floor`,
        `${Math.round(search.result)} ms vs floor ${Math.round(floor.result)} ms = +${Math.round(above)} ms`,
        verdict(above <= TARGETS.aboveFloorMs, `+${Math.round(above)} ms`),
      ]);
    }
    const cls = Math.max(...pages.map((r) => r.cls));
    out.push(["CLS 0 on home, search and detail", `largest ${cls.toFixed(3)}`, verdict(cls === 0, cls.toFixed(3))]);
  } else {
    out.push([
      `First result painted ≤ ${TARGETS.firstPaintMs} ms, CLS 0`,
      "not measured",
      firstPaintSkipReason ?? f.pages?.skipReason ?? "–",
    ]);
  }
  return out;
}

function sizesSection(f, print) {
  const { d1, pglite, pgServer, dataSets, pgliteSkipReason, pgServerSkipReason } = f.search;
  const sizes = [...d1.keys()].sort((a, b) => a - b);
  const pg = (results, n) => {
    const r = results.get(n);
    return r ? `${fmtMs(r.search.p50)} / ${fmtMs(r.search.p95)}` : "–";
  };
  print("## Search, per size (p50 / p95 ms)");
  print();
  print(
    "D1: each query of the mix as the D1 adapter sends it (the count and the page in one `db.batch`, the nearest beyond an empty radius as a second trip), timed inside workerd; *rows read* is D1's `meta.rows_read` over the page view, what D1 bills. The search indexes (`restaurant_search`, and `confirmed_search`, which confirmed=1 reads: docs/decisions/0027-confirmed-search-index.md) are in one segment each, as the scheduled merge leaves them (`app/lib/jobs/search-index-merge.server.ts`; docs/decisions/0019-search-index-merge.md). " +
      "Postgres: `public.find_restaurants(...)` with the Supabase adapter's arguments, as `anon`. The place lookup goes first and is not timed (the app keeps it a day). " +
      "*Floor*: `SELECT 1` through the same D1 timing Worker.",
  );
  print();
  print(
    table(
      ["size", "D1", "D1 most rows read", "D1 floor p50", "PGlite", "PostgreSQL server", "data sets built in"],
      sizes.map((n) => {
        const r = d1.get(n);
        const worst = Math.max(...r.rowsRead);
        const set = dataSets.find((s) => s.n === n) ?? {};
        const built = [
          ["D1", set.d1Load],
          ["PGlite", set.pgliteLoad],
          ["server", set.pgServerLoad],
        ]
          .filter(([, s]) => typeof s === "number")
          .map(([name, s]) => `${name} ${Math.round(s)} s`)
          .join(", ");
        return [
          sizeLabel(n),
          `${fmtMs(r.search.p50)} / ${fmtMs(r.search.p95)}`,
          `${rows(worst)} (${r.labels[r.rowsRead.indexOf(worst)]})`,
          fmtMs(r.floorP50),
          pg(pglite, n),
          pg(pgServer, n),
          built || "reused",
        ];
      }),
    ),
  );
  print();
  for (const [name, reason] of [
    ["PGlite", pgliteSkipReason],
    ["PostgreSQL server", pgServerSkipReason],
  ]) {
    if (reason) print(`${name}: not measured (${reason}).`);
  }
  for (const [n, r] of d1) {
    const bad = r.checks.filter((c) => !c.same);
    if (r.checks.length)
      print(
        `Correctness at ${sizeLabel(n)}: D1's count and page equal the reference statement of the rules (tests/fixtures/reference-search.ts) for ${r.checks.length - bad.length} of ${r.checks.length} queries` +
          (bad.length
            ? `; **different: ${bad.map((c) => `${c.label} (${c.total} vs ${c.expectedTotal})`).join("; ")}**.`
            : "."),
      );
    for (const [name, results] of [
      ["PGlite", pglite],
      ["PostgreSQL server", pgServer],
    ]) {
      const p = results.get(n);
      if (!p) continue;
      const diff = p.sameAsD1.map((same, i) =>
        same ? null : `${QUERY_MIX[i].label} (${p.totals[i]} vs D1 ${r.totals[i]})`,
      );
      const differing = diff.filter(Boolean);
      print(
        `${name} at ${sizeLabel(n)}: the same counts and pages as D1 for ${p.sameAsD1.length - differing.length} of ${p.sameAsD1.length} queries` +
          (differing.length ? `; **different: ${differing.join("; ")}**.` : "."),
      );
    }
  }
  print();
}

function perQuerySection(f, print) {
  const { d1, pgServer } = f.search;
  const sizes = [...d1.keys()].sort((a, b) => a - b);
  const largest = sizes[sizes.length - 1];
  const pg = pgServer.get(largest);
  const count = (total) => (total > 1000 ? "1,000+" : String(total));
  print(`## Per query (D1 p50 / p95 ms and rows read per page view; PostgreSQL server at ${sizeLabel(largest)})`);
  print();
  const header = [
    "query",
    "kind",
    ...sizes.flatMap((n) => [`${sizeLabel(n)} ms`, `${sizeLabel(n)} rows`]),
    `count at ${sizeLabel(largest)}`,
    ...(pg ? [`server ${sizeLabel(largest)} ms`] : []),
  ];
  const body = QUERY_MIX.map((q, i) => [
    q.label,
    q.kind,
    ...sizes.flatMap((n) => {
      const r = d1.get(n);
      const p = r.search.byQuery[i];
      return [`${fmtMs(p.p50)} / ${fmtMs(p.p95)}`, rows(r.rowsRead[i])];
    }),
    count(d1.get(largest).totals[i]),
    ...(pg ? [`${fmtMs(pg.search.byQuery[i].p50)} / ${fmtMs(pg.search.byQuery[i].p95)}`] : []),
  ]);
  for (const [e, x] of d1.get(sizes[0]).extra.entries()) {
    body.push([
      `${x.label} *(not in the mix)*`,
      x.kind,
      ...sizes.flatMap((n) => {
        const y = d1.get(n).extra[e];
        return [`${fmtMs(y.p50)} / ${fmtMs(y.p95)}`, rows(y.rowsRead)];
      }),
      count(d1.get(largest).extra[e].total),
      ...(pg ? [`${fmtMs(pg.extra[e].p50)} / ${fmtMs(pg.extra[e].p95)}`] : []),
    ]);
  }
  print(
    table(
      header,
      body,
      header.map((_, i) => (i < 2 ? "l" : "r")),
    ),
  );
  print();
}

/** What the box was read as: the centre's place or the country area, and the places offered. */
function readAs(w) {
  const offered = w.alternatives ? `${w.alternatives} ${w.alternatives === 1 ? "place" : "places"} offered` : "";
  return [w.place, offered].filter(Boolean).join("; ") || "–";
}

/** Beyond the US (issue 41): each search as the home page runs it, lookups included. */
function worldSection(f, print) {
  const { d1 } = f.search;
  const sizes = [...d1.keys()].sort((a, b) => a - b).filter((n) => d1.get(n).world?.length);
  if (sizes.length === 0) return;
  const largest = sizes[sizes.length - 1];
  print("## Beyond the US (D1: p50 / p95 ms and rows read per page view)");
  print();
  print(
    `Each search as the home page runs it through the app's own D1 adapter (\`runSearch\`), trip by trip: the place lookups (the US's and the world's, which the Worker sends side by side, here one after the other), then the page (the count and the page in one batch; for a centre that finds nothing, the nearest beyond). Unlike the mix, the lookups are timed and their rows counted (the app keeps them a day). *Lookups*: their rows and p95 alone. Targets: ≤ ${rows(TARGETS.rowsRead)} rows per page view, p95 ≤ ${TARGETS.d1P95Ms} ms. About 30% of the generated restaurants are abroad, in the app's world places weighted by population (bench/generate.mjs).`,
  );
  print();
  const header = [
    "query",
    "kind",
    ...sizes.flatMap((n) => [`${sizeLabel(n)} ms`, `${sizeLabel(n)} rows (lookups)`]),
    `count at ${sizeLabel(largest)}`,
    "read as",
  ];
  const body = d1.get(sizes[0]).world.map((w, i) => [
    w.label,
    w.kind,
    ...sizes.flatMap((n) => {
      const x = d1.get(n).world[i];
      return [`${fmtMs(x.p50)} / ${fmtMs(x.p95)}`, `${rows(x.rowsRead)} (${rows(x.lookupRows)})`];
    }),
    // The count as the page shows it: '1,000+' when it stopped at its cap.
    d1.get(largest).world[i].capped ? `${rows(d1.get(largest).world[i].total)}+` : rows(d1.get(largest).world[i].total),
    readAs(d1.get(largest).world[i]),
  ]);
  print(
    table(
      header,
      body,
      header.map((_, i) => (i < 2 || i === header.length - 1 ? "l" : "r")),
    ),
  );
  print();
}

/** What people type: each query with its suggestions, beside the same search spelt right. */
function typedSection(f, print) {
  const { d1 } = f.search;
  const sizes = [...d1.keys()].sort((a, b) => a - b).filter((n) => d1.get(n).typed?.length);
  if (sizes.length === 0) return;
  print("## What people type (D1: the page and its suggestions; p50 / p95 ms and rows read)");
  print();
  print(
    "Each query as the home page runs it (the page, then a place lookup by spelling and the counts of its suggestions, in one batch), beside the search its suggestion leads to, spelt right (the page alone). The place lookup of the location box is left out, as in the mix (kept a day).",
  );
  print();
  const header = [
    "query",
    "kind",
    ...sizes.flatMap((n) => [`${sizeLabel(n)} typed`, `${sizeLabel(n)} spelt right`, `${sizeLabel(n)} ratio (p50)`]),
    "offered",
  ];
  const first = d1.get(sizes[0]).typed;
  const body = first.map((t, i) => [
    t.label,
    t.kind,
    ...sizes.flatMap((n) => {
      const x = d1.get(n).typed[i];
      return [
        `${fmtMs(x.p50)} / ${fmtMs(x.p95)}, ${rows(x.rowsRead)} rows`,
        `${fmtMs(x.right.p50)} / ${fmtMs(x.right.p95)}, ${rows(x.right.rowsRead)} rows`,
        fmtRatio(x.p50 / Math.max(x.right.p50, 1)),
      ];
    }),
    d1.get(sizes[sizes.length - 1]).typed[i].offered.join("; ") || "–",
  ]);
  print(
    table(
      header,
      body,
      header.map((_, i) => (i < 2 || i === header.length - 1 ? "l" : "r")),
    ),
  );
  print();
}

function uncachedSection(f, print) {
  const uncached = f.pages?.uncached;
  if (!uncached) return;
  const { size, asset, connections, duration, slices, static: file, searches, slowest, perQuery } = uncached;
  print(`## Uncached pages at ${sizeLabel(size)} (wrangler dev, never-cached build)`);
  print();
  print(
    `The ${perQuery.length} searches of the mix as search URLs, served by the built app behind \`bench/http/nocache-worker.ts\` (the Workers Cache API never holds an entry: every request queries D1 and renders) on the D1 data set of ${sizeLabel(size)}, beside the static file \`${asset}\` from the same server. ` +
      `Under load: autocannon, ${connections} connections, in ${slices} rounds: the static file for ${Math.round(duration / slices)} s, then every search once (all answered before the next round), so that both see the same background load; load generator and server share the machine's cores.`,
  );
  print();
  print(
    table(
      ["run", "requests", "p50 ms", "p95 ms", "p99 ms", "req/s", "non-2xx + errors"],
      [
        ["static file", file, `\`${asset}\``],
        ["searches (uncached)", searches, ""],
      ].map(([name, r]) => [
        name,
        String(r.samples),
        String(Math.round(r.p50)),
        String(Math.round(r.p95)),
        String(Math.round(r.p99)),
        String(Math.round(r.rps)),
        String(r.failures),
      ]),
    ),
  );
  print();
  print(
    "The slowest five searches one at a time (no other request in flight; median of the passes), with the app's `Server-Timing` header: *db* the wait on D1, *cache* on the Workers cache (here always a miss), *render* the rest of the handler until the response starts (loaders' own work and React's first chunk). *db* adds up the backend calls, which may overlap (so it can exceed the wall time). *Other* is what is left of the wall time, if anything (the streamed rest of the page, wrangler dev's proxy, compression, the client).",
  );
  print();
  print(
    table(
      ["query", "path", "wall ms", "db ms", "render ms", "cache ms", "other ms"],
      slowest.map((q) => [
        q.label,
        `\`${q.path}\``,
        fmtMs(q.ms),
        fmtMs(q.db),
        fmtMs(q.render),
        fmtMs(q.cache),
        fmtMs(Math.max(0, q.ms - q.db - q.render - q.cache)),
      ]),
      ["l", "l", "r", "r", "r", "r", "r"],
    ),
  );
  print();
}

function header(/** @type {Figures} */ f) {
  const { args, started, elapsedSeconds, loadSamples, sizes, quick } = f.run;
  return [
    "# SafeBites benchmark results",
    "",
    `Written by \`node bench/run.mjs${args.length ? " " + args.join(" ") : ""}\` on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC; the run took ${Math.floor(elapsedSeconds / 60)} min ${Math.round(elapsedSeconds % 60)} s. Every figure is also in the JSON file beside this one.`,
    "Method, and what these figures can and cannot say: [docs/decisions/0005-benchmark-method.md](../docs/decisions/0005-benchmark-method.md).",
    "",
    `- Machine: ${sh("nproc")} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${sh(". /etc/os-release && echo $PRETTY_NAME") || os.type()}; Node ${process.version}; wrangler ${pkgVersion("wrangler")}; @electric-sql/pglite ${pkgVersion("@electric-sql/pglite")}; autocannon ${pkgVersion("autocannon")}.`,
    `- Load average (1 / 5 / 15 min) along the run (other work shares the machine): ${loadSamples.join("; ")}.`,
    `- Data: \`bench/generate.mjs\`, seed ${DEFAULT_SEED}; sizes ${sizes.map(sizeLabel).join(", ")}.${quick ? " Quick mode: fewer rounds, 3 s HTTP runs." : ""}`,
  ];
}

/** bench/TRIED.md: what was tried for the targets a run missed (by hand), or null when there is none. */
function triedNotes() {
  const file = join(ROOT, "bench", "TRIED.md");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/** RESULTS.md's text. */
export function renderReport(/** @type {Figures} */ f) {
  const out = [...header(f), ""];
  const print = (text = "") => out.push(text);
  print("## Targets");
  print();
  print(table(["target", "measured", "verdict"], targetRows(f), ["l", "l", "l"]));
  print();
  const missed = targetRows(f).filter(([, , result]) => result.startsWith("**missed"));
  const tried = missed.length ? triedNotes() : null;
  if (missed.length) {
    print(
      tried
        ? `${missed.length} missed. What was tried for each, what it measured and what is left: the last section, from [bench/TRIED.md](TRIED.md) (written by hand and dated; the rest of this report is generated).`
        : `${missed.length} missed.`,
    );
    print();
  }
  sizesSection(f, print);
  perQuerySection(f, print);
  worldSection(f, print);
  typedSection(f, print);
  uncachedSection(f, print);
  if (f.pages?.firstPaint) {
    print(firstPaintSection(f.pages.firstPaint).join("\n"));
    print();
  }
  if (f.sitemaps) sitemapSection(f.sitemaps, print);
  // Its headings one level down, under this report's title.
  if (tried) print(tried.replace(/^(#+) /gm, "#$1 "));
  return out.join("\n").replace(/\n+$/, "") + "\n";
}

/** Every figure as JSON (Maps as objects keyed by size; the first-paint samples kept). */
export function renderJson(/** @type {Figures} */ f) {
  return (
    JSON.stringify(
      { ...f, targets: targetRows(f).map(([target, measured, result]) => ({ target, measured, result })) },
      (_key, value) =>
        value instanceof Map ? Object.fromEntries([...value].map(([k, v]) => [sizeLabel(k), v])) : value,
      2,
    ) + "\n"
  );
}
