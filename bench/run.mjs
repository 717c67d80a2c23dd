#!/usr/bin/env node
// `npm run bench`: the SafeBites benchmark, against the targets of docs/decisions/0005-benchmark-method.md.
// Stages: search on D1, PGlite and a PostgreSQL server at each size (bench/lib/search.mjs), the
// sitemaps' reads (bench/lib/sitemap.mjs), and the HTTP stage (bench/lib/http.mjs): the first
// paint on a phone profile, and the mix's searches uncached at one size beside a static file.
// Writes bench/RESULTS.md (targets and tables) and bench/RESULTS.json (every figure), by
// bench/lib/report.mjs; progress on stderr. `--help` lists the options.
// `--only first-paint` runs the first-paint measurement alone (bench/lib/first-paint.mjs),
// into bench/RESULTS-first-paint.md by default.
//
// --quick: fewer rounds and 3 s HTTP runs. Building the data sets the first time takes long
// (about 25 min for 1M on D1, more for Postgres); they are kept in bench/.data/ afterwards.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { positiveNumber, readOptions } from "../scripts/lib/cli.mjs";
import { parseSize, sizeLabel } from "./generate.mjs";
import { runFirstPaintAlone } from "./lib/first-paint.mjs";
import { measureHttp } from "./lib/http.mjs";
import { renderJson, renderReport } from "./lib/report.mjs";
import { measureSearch } from "./lib/search.mjs";
import { measureSitemaps } from "./lib/sitemap.mjs";
import { ROOT, log } from "./lib/util.mjs";

const OPTIONS = {
  quick: { type: "boolean", description: "fewer rounds, 3 s HTTP runs" },
  sizes: { type: "string", value: "LIST", default: "10k,100k,1M", description: "data set sizes" },
  "http-size": {
    type: "string",
    value: "SIZE",
    description: "the data set the uncached pages are served from (default: the largest of --sizes)",
  },
  "skip-http": { type: "boolean", description: "no servers: no first paint, no uncached pages" },
  "pglite-sizes": {
    type: "string",
    value: "LIST",
    default: "10k,100k",
    description: "the sizes PGlite runs at (those also in --sizes); the PostgreSQL server runs at every size",
  },
  "skip-pg": { type: "boolean", description: "no Postgres (PGlite and the PostgreSQL server)" },
  "skip-first-paint": { type: "boolean", description: "no first-paint measurement" },
  only: { type: "string", value: "PART", description: "'first-paint': that measurement alone, on its own server" },
  runs: { type: "string", value: "N", default: "5", description: "first-paint runs per page with --only first-paint" },
  "skip-sitemaps": { type: "boolean", description: "no sitemap reads (time and D1 rows read per file)" },
  connections: { type: "string", value: "N", default: "16", description: "autocannon connections" },
  duration: { type: "string", value: "S", description: "seconds per HTTP run (default 10, 3 with --quick)" },
  port: {
    type: "string",
    value: "N",
    default: "8798",
    description: "the app's port (the never-cached server's is the next)",
  },
  out: {
    type: "string",
    value: "FILE",
    description: "where the report goes (default bench/RESULTS.md; the JSON beside it, .json)",
  },
};

const args = process.argv.slice(2);
const { values } = readOptions(OPTIONS, { synopsis: "node bench/run.mjs [options]", args });
const quick = Boolean(values.quick);
const sizes = values.sizes.split(",").map(parseSize);
const run = {
  args,
  started: new Date(),
  elapsedSeconds: 0,
  quick,
  sizes,
  loadSamples: [],
};
const pgliteSizes = values["pglite-sizes"].split(",").map(parseSize);
const httpSize = values["http-size"] === undefined ? Math.max(...sizes) : parseSize(values["http-size"]);
const duration = positiveNumber("duration", values.duration ?? (quick ? "3" : "10"));
const connections = positiveNumber("connections", values.connections);
const outFile = values.out === undefined ? join(ROOT, "bench", "RESULTS.md") : resolve(values.out);
const port = positiveNumber("port", values.port);

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");
const noteLoad = (label) => run.loadSamples.push(`${label}: ${loadAverage()}`);

async function main() {
  if (values.only !== undefined) {
    if (values.only !== "first-paint")
      throw new Error(`--only: 'first-paint' is the only part that runs alone, not '${values.only}'`);
    await runFirstPaintAlone({
      port,
      runs: positiveNumber("runs", values.runs),
      out: values.out === undefined ? join(ROOT, "bench", "RESULTS-first-paint.md") : resolve(values.out),
    });
    return;
  }
  log(
    `SafeBites benchmark${quick ? " (quick)" : ""}: sizes ${run.sizes.map(sizeLabel).join(", ")}${values["skip-pg"] ? ", no Postgres" : ""}${values["skip-http"] ? ", no HTTP" : ""}`,
  );
  noteLoad("start");
  const t0 = performance.now();
  const search = await measureSearch({
    sizes: run.sizes,
    pgliteSizes,
    quick,
    skipPg: Boolean(values["skip-pg"]),
    noteLoad,
  });
  const sitemaps = values["skip-sitemaps"] ? null : await measureSitemaps({ sizes: run.sizes, quick, noteLoad });
  const pages = values["skip-http"]
    ? { skipReason: "skipped (--skip-http)" }
    : await measureHttp({
        port,
        httpSize,
        duration,
        connections,
        quick,
        skipFirstPaint: Boolean(values["skip-first-paint"]),
        noteLoad,
      });
  noteLoad("end");
  run.elapsedSeconds = (performance.now() - t0) / 1000;
  const figures = { run, search, sitemaps, pages };
  const report = renderReport(figures);
  process.stdout.write(report);
  writeFileSync(outFile, report);
  const jsonFile = outFile.replace(/\.md$/, "") + ".json";
  writeFileSync(jsonFile, renderJson(figures));
  log(`wrote ${outFile} and ${jsonFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
