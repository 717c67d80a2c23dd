#!/usr/bin/env node
// `npm run bench:load`: the built app under `wrangler dev` (workerd + local D1 with the
// sample data) under sustained load: autocannon, 60 s at 64 connections over a mix of home,
// search and detail URLs. Reports throughput, latency p50/p99, non-2xx, errors and
// timeouts, and the memory (RSS) of this server's processes before and after, as a
// Markdown table. Zero errors is the bar, not a speed.
//
// Options:
//   --duration S       seconds of load (default 60)
//   --connections N    concurrent connections (default 64)
//   --port N           port of the server it starts (default 8799)
//   --no-page-cache    send `Cache-Control: no-cache`, so every page is rendered afresh
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const duration = Number(option("--duration", "60"));
const connections = Number(option("--connections", "64"));
const port = Number(option("--port", "8799"));
const noPageCache = args.includes("--no-page-cache");
if (!(duration > 0) || !(connections > 0) || !(port > 0)) {
  console.error("usage: node bench/load.mjs [--duration S] [--connections N] [--port N] [--no-page-cache]");
  process.exit(2);
}
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
const DETAILS = Array.from({ length: 70 }, (_, index) => `/restaurant/${index + 1}`);

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

// ---------------------------------------------------------------------------------------
// The server: start, wait, measure, stop.

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

/** The server's output goes to this file (shown in part if the server dies). */
const serverLog = join(tmpdir(), `safebites-bench-load-${port}.log`);

function startServer() {
  const log = openSync(serverLog, "w");
  const child = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-build", "--port", String(port), "--persist-to", ".wrangler/bench-load", "--fresh"],
    { cwd: root, stdio: ["ignore", log, log], detached: true },
  );
  const stderr = () =>
    readFileSync(serverLog, "utf8")
      .split("\n")
      .filter((line) => !/getaddrinfo|GetAddrInfo|callbackTrampoline|Request\.cf/.test(line))
      .slice(-40)
      .join("\n");
  return { child, stderr };
}

async function waitForServer(server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.stderr()}`);
    const ok = await fetch(`${origin}/our-mission`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the server did not answer on ${origin} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function stopServer(server) {
  if (!server?.child.pid || server.child.exitCode !== null) return;
  try {
    process.kill(-server.child.pid, "SIGTERM"); // the whole group: start.mjs, wrangler, workerd
  } catch {
    // already gone
  }
}

/** RSS in MB of the processes under `pid`, split into workerd and the rest (node). */
function memoryOf(pid) {
  const out = spawnSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" }).stdout;
  const rows = out
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, p, pp, rss, command]) => ({ pid: Number(p), ppid: Number(pp), rssKb: Number(rss), command }));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (!tree.has(row.pid) && tree.has(row.ppid)) {
        tree.add(row.pid);
        grew = true;
      }
    }
  }
  const ours = rows.filter((row) => tree.has(row.pid));
  const mb = (list) => Math.round(list.reduce((sum, row) => sum + row.rssKb, 0) / 1024);
  const workerd = ours.filter((row) => /\bworkerd\b/.test(row.command));
  // wrangler dev runs two workerd: the app's (with an inspector attached) and its dev proxy.
  const app = workerd.filter((row) => /--inspector-addr/.test(row.command));
  return { workerdMb: mb(workerd), appMb: mb(app), proxyMb: mb(workerd) - mb(app), workerdProcesses: workerd.length, allMb: mb(ours) };
}

/** Samples memoryOf(pid) every `everyMs` until stopped; returns the peak workerd RSS. */
function samplePeak(pid, everyMs = 5_000) {
  let peak = memoryOf(pid).workerdMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).workerdMb);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).workerdMb);
  };
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
        requests: requests.map((path) => ({ method: "GET", path })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: process.stderr.isTTY, renderResultsTable: false, renderLatencyTable: false });
  });
}

// ---------------------------------------------------------------------------------------

if (!existsSync(join(root, "build", "server", "index.js"))) {
  console.log("No build/ yet: building…");
  run("npm", ["run", "build", "--silent"]);
}

const sequence = mix();
console.log(`Starting SafeBites on ${origin} (fresh local D1 with the sample data)…`);
const server = startServer();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServer(server);
    process.exit(130);
  });
}

let exitCode = 0;
try {
  await waitForServer(server);
  // One request of each URL, so that each is known to work before the clock starts.
  const distinct = [...new Set(sequence)];
  for (const path of distinct) {
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status} before the run`);
  }
  const before = memoryOf(server.child.pid);
  console.log(
    `Load: ${duration} s, ${connections} connections, ${distinct.length} distinct URLs (home, ${SEARCHES.length} searches, ${DETAILS.length} detail pages)` +
      `${noPageCache ? ", page cache bypassed" : ""}…`,
  );
  const stopSampling = samplePeak(server.child.pid);
  const result = await runLoad(sequence);
  const peak = stopSampling();
  const after = memoryOf(server.child.pid);

  const errors = result.errors;
  const non2xx = result.non2xx;
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
    ["Non-2xx", String(non2xx)],
    ["Errors (connection)", String(errors)],
    ["Timeouts (10 s)", String(result.timeouts)],
    ["workerd RSS before (MB)", `${before.workerdMb} (worker ${before.appMb} + dev proxy ${before.proxyMb})`],
    ["workerd RSS after (MB)", `${after.workerdMb} (worker ${after.appMb} + dev proxy ${after.proxyMb})`],
    ["workerd RSS peak during the run (MB)", String(peak)],
    ["All server processes RSS before → after (MB)", `${before.allMb} → ${after.allMb}`],
  ];
  const table = ["| measure | value |", "|---|---|", ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join("\n");
  console.log();
  console.log(`Date: ${new Date().toISOString()}`);
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model?.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`);
  console.log(`Command: node bench/load.mjs ${args.join(" ")}`.trim());
  console.log();
  console.log(table);
  console.log();
  if (server.child.exitCode !== null || after.workerdProcesses === 0) {
    console.log(`The server died during the run. The end of its log (${serverLog}):\n${server.stderr()}\n`);
  }
  const failed = errors + non2xx + result.timeouts;
  console.log(failed === 0 ? "Zero errors, non-2xx or timeouts." : `FAILED: ${errors} errors, ${non2xx} non-2xx, ${result.timeouts} timeouts.`);
  if (failed > 0) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  stopServer(server);
}
process.exit(exitCode);
