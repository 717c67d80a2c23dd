#!/usr/bin/env node
// `npm start`: build the app, apply the D1 migrations to the local database, load the
// sample data when the database is empty, and serve the production build under
// `wrangler dev` (workerd, local D1) on http://localhost:8787. The steps are in
// scripts/lib/server.mjs, shared with the tests and the benchmark.
//
// The terminal gets one line a step; what the tools print goes to a log file under
// .wrangler/logs/ (./lib/transcript.mjs). A step that fails prints the lines of the tool's
// output that give the cause and the log's path on stderr, and exits 1. Once the server
// answers, its request log and errors follow on the terminal, without wrangler's banners
// (./lib/tool-output.mjs).
//
// Options (after `--`; `--help` lists them): --port N, --persist-to DIR, --fresh,
// --no-build, --no-seed, --no-places, --var NAME:VALUE (repeatable).
import { join } from "node:path";
import { readOptions } from "./lib/cli.mjs";
import {
  ROOT,
  START_OPTIONS,
  portIsFree,
  prepare,
  startOptionsFrom,
  startServer,
  waitUntilReady,
} from "./lib/server.mjs";
import { causeOf, isNoise, lineSplitter } from "./lib/tool-output.mjs";
import { openTranscript, shownPath } from "./lib/transcript.mjs";

const { values } = readOptions(START_OPTIONS, { synopsis: "npm start -- [options]" });
const { port, vars, ...preparation } = startOptionsFrom(values);

const transcript = openTranscript({ dir: join(ROOT, ".wrangler", "logs"), name: "start" });
const logPath = shownPath(transcript.path, process.cwd());
console.log(`Starting SafeBites (the tools' own output goes to ${logPath})`);

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const indent = (text) => text.replace(/^/gm, "  ");

/** Prints what failed and why on stderr, with the log's path, and exits 1. */
function fail(heading, error) {
  const message = error instanceof Error ? error.message : String(error);
  transcript.write(`\n${heading}\n${message}\n`);
  console.error(`\n${heading}\n${indent(message)}\n\nFull log: ${logPath}`);
  process.exit(1);
}

/** @type {import("./lib/server.mjs").StepRunner} */
function step(title, run) {
  process.stdout.write(`  ${title}… `);
  const started = performance.now();
  let outcome;
  try {
    outcome = run();
  } catch (error) {
    process.stdout.write("failed\n");
    fail(`${title} failed:`, error);
  }
  process.stdout.write(`${outcome ?? "done"} (${seconds(started)})\n`);
}

// Before a minute of building: wrangler dev would only find out at the end.
if (!(await portIsFree(Number(port)))) {
  fail(
    `Port ${port} is taken:`,
    `something already listens on 127.0.0.1:${port} (another npm start?). Stop it, or choose another port: npm start -- --port N`,
  );
}
if (!preparation.build) console.log("  Building the app: skipped (--no-build), serving build/ as it is");
prepare({ ...preparation, transcript, step });

const title = `Starting wrangler dev on port ${port}`;
process.stdout.write(`  ${title}… `);
const started = performance.now();
transcript.write(`\n$ wrangler dev --port ${port} …\n`);
const mark = transcript.mark();
const server = startServer({
  port,
  vars,
  persistTo: preparation.persistTo,
  output: "keep",
  detached: false,
  logLevel: "info",
});

// Everything wrangler dev prints goes to the log; once it answers, its lines but the routine
// ones also go to the terminal (stdout to stdout, stderr to stderr, for Playwright's webServer).
let ready = false;
for (const [stream, terminal] of /** @type {const} */ ([
  [server.child.stdout, process.stdout],
  [server.child.stderr, process.stderr],
])) {
  const lines = lineSplitter();
  stream?.setEncoding("utf8");
  stream?.on("data", (/** @type {string} */ chunk) => {
    transcript.write(chunk);
    const complete = lines.push(chunk);
    if (ready) for (const line of complete) if (!isNoise(line)) terminal.write(`${line}\n`);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.child.kill(signal));
server.child.on("exit", (code) => {
  if (!ready) return; // waitUntilReady reports it
  if (code) console.error(`wrangler dev exited (${code}). Full log: ${logPath}`);
  process.exit(code ?? 0);
});

// No deadline: the first start on a slow machine may take a while; an exit ends the wait.
waitUntilReady(server, { timeoutMs: Infinity }).then(
  () => {
    ready = true;
    process.stdout.write(`ready (${seconds(started)})\n\n`);
    console.log(`Serving SafeBites on http://localhost:${port}`);
    console.log("Requests and errors follow; Ctrl-C stops the server.");
  },
  async (error) => {
    process.stdout.write("failed\n");
    await server.stop();
    const [first] = String(error instanceof Error ? error.message : error).split("\n");
    fail(`${title} failed:`, `${first}\n${causeOf(transcript.since(mark)).join("\n")}`);
  },
);
