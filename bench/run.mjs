#!/usr/bin/env node
// `npm run bench`: the SafeBites benchmark. Measures (bench/lib/search.mjs, bench/lib/sitemap.mjs,
// bench/lib/http.mjs),
// then writes bench/RESULTS.md from the figures (bench/lib/report.mjs); progress on stderr,
// tables on stdout. See docs/decisions/0005-benchmark-method.md. `--help` lists the options.
// `--only first-paint` runs the first-paint measurement alone (bench/lib/first-paint.mjs),
// into bench/RESULTS-first-paint.md by default.
//
// --quick: fewer rounds, 3 s HTTP runs, one Lighthouse run per page (a few minutes once the
// databases exist; building them the first time takes longer: about 25 min for 1M on D1 and
// more on PGlite and the PostgreSQL server, cached in bench/.data/ afterwards).
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { positiveNumber, readOptions } from "../scripts/lib/cli.mjs";
import { parseSize, sizeLabel } from "./generate.mjs";
import { runFirstPaintAlone } from "./lib/first-paint.mjs";
import { measureHttp } from "./lib/http.mjs";
import { renderReport, reportBody } from "./lib/report.mjs";
import { measureSearch } from "./lib/search.mjs";
import { measureSitemaps } from "./lib/sitemap.mjs";
import { ROOT, log } from "./lib/util.mjs";

const OPTIONS = {
  quick: { type: "boolean", description: "fewer rounds, 3 s HTTP runs, one Lighthouse run per page" },
  sizes: { type: "string", value: "LIST", default: "10k,100k,1M", description: "data set sizes" },
  "skip-http": { type: "boolean", description: "no servers: search and page weight only" },
  "skip-pg": { type: "boolean", description: "no Postgres (PGlite)" },
  "skip-lighthouse": { type: "boolean", description: "no Lighthouse" },
  "skip-first-paint": { type: "boolean", description: "no first-paint measurement" },
  only: { type: "string", value: "PART", description: "'first-paint': that measurement alone, on its own server" },
  runs: { type: "string", value: "N", default: "5", description: "first-paint runs per page with --only first-paint" },
  "skip-sitemaps": { type: "boolean", description: "no sitemap reads (time and D1 rows read per file)" },
  connections: { type: "string", value: "N", default: "16", description: "autocannon connections" },
  duration: { type: "string", value: "S", description: "seconds per HTTP row (default 10, 3 with --quick)" },
  port: {
    type: "string",
    value: "N",
    default: "8798",
    description: "the app's port (the no-cache build's is the next)",
  },
  out: { type: "string", value: "FILE", description: "where the report goes (default bench/RESULTS.md)" },
};

const args = process.argv.slice(2);
const { values } = readOptions(OPTIONS, { synopsis: "node bench/run.mjs [options]", args });
const quick = Boolean(values.quick);
const run = {
  args,
  started: new Date(),
  elapsedSeconds: 0,
  quick,
  sizes: values.sizes.split(",").map(parseSize),
  connections: positiveNumber("connections", values.connections),
  duration: positiveNumber("duration", values.duration ?? (quick ? "3" : "10")),
  loadSamples: [],
};
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
  const search = await measureSearch({ sizes: run.sizes, quick, skipPg: Boolean(values["skip-pg"]), noteLoad });
  const sitemaps = values["skip-sitemaps"] ? null : await measureSitemaps({ sizes: run.sizes, quick, noteLoad });
  const pages = await measureHttp({
    port,
    duration: run.duration,
    connections: run.connections,
    quick,
    skipHttp: Boolean(values["skip-http"]),
    skipLighthouse: Boolean(values["skip-lighthouse"]),
    skipFirstPaint: Boolean(values["skip-first-paint"]),
    noteLoad,
  });
  noteLoad("end");
  const figures = { run, search, sitemaps, pages };
  const body = reportBody(figures);
  process.stdout.write(body.join("\n") + "\n");
  run.elapsedSeconds = (performance.now() - t0) / 1000;
  writeFileSync(outFile, renderReport(figures, body));
  log(`wrote ${outFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
