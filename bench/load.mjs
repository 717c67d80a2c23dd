#!/usr/bin/env node
// `npm run bench:load`: the app as deployed (wrangler dev, page cache on, a fresh local D1 with
// the sample data) under sustained load, for what the benchmark's HTTP stage does not measure:
// - the GET mix (default): home, searches and detail pages in a fixed order for 60 s at 64
//   connections; the page cache's verdicts (X-Page-Cache: HIT, MISS, not kept) give its hit
//   rate, which the 30 s lifetime of pages that show an open state lowers
//   (docs/decisions/0016-opening-hours.md); `--no-page-cache` sends `Cache-Control: no-cache`,
//   so every page is rendered afresh (the uncached p50 beside it);
// - the POST mix (`--posts`): suggestions through the form, each distinct and from an address
//   of its own, then a count of the stored rows: every suggestion answered as stored must be
//   in the table, and none may answer 5xx.
// Zero errors is the bar, not a speed. Prints a Markdown table (bench/RESULTS-load.md keeps the
// last figures). Options: `--help`.
import autocannon from "autocannon";
import { cpus, totalmem } from "node:os";
import { positiveNumber, readOptions } from "../scripts/lib/cli.mjs";
import { build, launch, query } from "../scripts/lib/server.mjs";
import { restaurants as sampleRestaurants } from "../data/sample-data.mjs";

const OPTIONS = {
  duration: { type: "string", value: "S", default: "60", description: "seconds of load" },
  connections: { type: "string", value: "N", default: "64", description: "concurrent connections" },
  port: { type: "string", value: "N", default: "8799", description: "port of the server it starts" },
  "no-page-cache": { type: "boolean", description: "send Cache-Control: no-cache, so every page is rendered afresh" },
  posts: {
    type: "boolean",
    description: "POST distinct suggestions from distinct addresses; then count the stored rows",
  },
};
const args = process.argv.slice(2);
const { values } = readOptions(OPTIONS, { synopsis: "node bench/load.mjs [options]", args });
const duration = positiveNumber("duration", values.duration);
const connections = positiveNumber("connections", values.connections);
const port = positiveNumber("port", values.port);
const noPageCache = Boolean(values["no-page-cache"]);
const posts = Boolean(values.posts);
const origin = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------------------
// The URL mix: home, searches (name, cuisine, place, zip, diets, pages) and every detail page.

const HOME = ["/"];
const SEARCHES = [
  "/?q=pizza",
  "/?q=thai",
  "/?q=cafe",
  "/?q=green%20fork",
  "/?q=noodle&diet=vegan",
  "/?location=Portland",
  "/?location=Portland%2C%20OR",
  "/?location=97201",
  "/?location=Springfield&radius=10",
  "/?cuisine=Italian",
  "/?cuisine=Japanese&diet=gluten-free",
  "/?diet=vegan",
  "/?diet=gluten-free&diet=dairy-free&match=all",
  "/?diet=vegetarian&page=2",
  "/?page=2",
  "/?page=3",
  "/?q=bar&location=OR&diet=vegetarian",
];
// The first 70 sample restaurants still in business (a closed one's page answers 410).
const DETAILS = sampleRestaurants.filter((r) => r.id <= 70 && !r.closed_at).map((r) => `/restaurant/${r.id}`);

/** Interleaved so that every stretch of the sequence mixes the three kinds. */
function mix() {
  const sequence = [];
  const kinds = [HOME, SEARCHES, DETAILS];
  const cursors = [0, 0, 0];
  // Per 10 requests: 2 home, 4 searches, 4 details.
  const pattern = [0, 1, 2, 1, 2, 0, 1, 2, 1, 2];
  for (let i = 0; i < 200; i++) {
    const kind = pattern[i % pattern.length];
    const list = kinds[kind];
    sequence.push(list[cursors[kind]++ % list.length]);
  }
  return sequence;
}

/**
 * The POST mix: every request a distinct suggestion (a serial number in its name) from an
 * address of its own (CF-Connecting-IP, as Cloudflare sets it), so that neither the duplicate
 * rule nor the per-client limit applies and every valid one must be stored.
 */
let postSerial = 0;
const postRequest = {
  method: "POST",
  path: "/submit-restaurant",
  setupRequest(request) {
    const n = ++postSerial;
    const body = new URLSearchParams({
      name: `Load Test Kitchen ${n}`,
      city: "Portland",
      state: "OR",
      zip: "97201",
      website: "https://load.example.test",
      submitter_email: `diner${n}@example.test`,
      vegan: "on",
      gf_dedicated_fryer: n % 2 ? "yes" : "no",
    }).toString();
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return {
      ...request,
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": address,
        "accept-encoding": "gzip",
      },
    };
  },
};

/** Responses by the page cache's verdict (the X-Page-Cache header: HIT, MISS, or none when not kept). */
const cacheVerdicts = { HIT: 0, MISS: 0, none: 0 };
function countVerdict(_status, _body, _context, headers) {
  const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === "x-page-cache");
  const verdict = name ? String(headers[name]).toUpperCase() : "none";
  cacheVerdicts[verdict === "HIT" || verdict === "MISS" ? verdict : "none"] += 1;
}

function runLoad(requests) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration,
        timeout: 10,
        headers: {
          "accept-encoding": "gzip",
          accept: "text/html",
          ...(noPageCache ? { "cache-control": "no-cache" } : {}),
        },
        requests: posts ? [postRequest] : requests.map((path) => ({ method: "GET", path, onResponse: countVerdict })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: process.stderr.isTTY,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

const LOAD_DB = ".wrangler/bench-load";

/** Suggestions of the POST mix in the table (a count, through wrangler, on the server's database). */
function storedSuggestions() {
  const rows = query(
    "SELECT count(*) AS n FROM submissions WHERE json_extract(payload, '$.name') LIKE 'Load Test Kitchen %'",
    {
      persistTo: LOAD_DB,
    },
  );
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------

// Progress on stderr: stdout is the report.
const progress = (line) => console.error(line);
build({ ifMissing: true, log: progress });

const sequence = mix();
console.log(`Starting SafeBites on ${origin} (fresh local D1 with the sample data)…`);
let server;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server?.stop();
    process.exit(130);
  });
}

let exitCode = 0;
try {
  server = await launch({ port, persistTo: LOAD_DB, fresh: true, build: false, log: progress });
  // One request of each URL, so that each is known to work before the clock starts.
  const distinct = [...new Set(sequence)];
  for (const path of distinct) {
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status} before the run`);
  }
  console.log(
    posts
      ? `Load: ${duration} s, ${connections} connections, POST /submit-restaurant, every suggestion distinct, each from its own address…`
      : `Load: ${duration} s, ${connections} connections, ${distinct.length} distinct URLs (home, ${SEARCHES.length} searches, ${DETAILS.length} detail pages)` +
          `${noPageCache ? ", page cache bypassed" : ""}…`,
  );
  const storedBefore = posts ? storedSuggestions() : 0;
  const result = await runLoad(sequence);

  const errors = result.errors;
  // A stored suggestion answers 303 (no JavaScript): for the POST mix, anything else counts.
  const answered = (code) => result.statusCodeStats?.[code]?.count ?? 0;
  const non2xx = posts ? result.requests.total - answered("303") : result.non2xx;
  const stored = posts ? storedSuggestions() - storedBefore : 0;
  // autocannon stops at the deadline with up to one request per connection in flight: the
  // server may store those without their answer being counted. So: none lost, and at most
  // `connections` stored beyond the answers.
  const lost = posts ? Math.max(0, answered("303") - stored) : 0;
  const unanswered = posts ? stored - answered("303") : 0;
  const statusCodes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(", ");
  const rows = [
    ["Requests (total)", String(result.requests.total)],
    ["Throughput (req/s, mean)", result.requests.average.toFixed(1)],
    ["Latency p50 (ms)", String(result.latency.p50)],
    ["Latency p99 (ms)", String(result.latency.p99)],
    ["Latency max (ms)", String(result.latency.max)],
    ["Status codes", statusCodes || "none"],
    ...(posts
      ? [
          ["Answers other than 303 (stored)", String(non2xx)],
          ["Rows stored during the run", String(stored)],
          ["Lost (answered stored, no row)", String(lost)],
          ["Stored while in flight at the deadline (answer not counted)", String(Math.max(0, unanswered))],
        ]
      : [
          [
            "Page cache (X-Page-Cache)",
            `HIT ${cacheVerdicts.HIT}, MISS ${cacheVerdicts.MISS}, not kept ${cacheVerdicts.none}; hit rate ${(
              (100 * cacheVerdicts.HIT) /
              Math.max(1, cacheVerdicts.HIT + cacheVerdicts.MISS + cacheVerdicts.none)
            ).toFixed(1)}%`,
          ],
          ["Non-2xx", String(non2xx)],
        ]),
    ["Errors (connection)", String(errors)],
    ["Timeouts (10 s)", String(result.timeouts)],
  ];
  const table = ["| measure | value |", "|---|---|", ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join(
    "\n",
  );
  console.log();
  console.log(`Date: ${new Date().toISOString()}`);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model?.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`,
  );
  console.log(`Command: node bench/load.mjs ${args.join(" ")}`.trim());
  console.log();
  console.log(table);
  console.log();
  if (server.child.exitCode !== null)
    console.log(`The server exited during the run:\n${server.output().slice(-4000)}\n`);
  const failed = errors + non2xx + result.timeouts + lost + (unanswered > connections ? 1 : 0);
  console.log(
    failed === 0
      ? "Zero errors, non-2xx or timeouts."
      : `FAILED: ${errors} errors, ${non2xx} non-2xx, ${result.timeouts} timeouts${posts ? `, ${lost} lost` : ""}.`,
  );
  if (failed > 0) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await server?.stop();
}
process.exit(exitCode);
