// The one way to run SafeBites locally: the production build under `wrangler dev` (workerd,
// the Workers runtime, with a local D1). prepare() builds, applies migrations/ and loads the
// seed files into empty tables; startServer() serves on a port; waitUntilReady() waits until
// it answers; a server's stop() ends it; serve() and launch() combine these. Used by
// `npm start` (scripts/start.mjs, which Playwright's webServer runs), the benchmark
// (bench/lib/http.mjs, bench/load.mjs) and the browser test that needs a database of its own
// (tests/e2e/stored-xss.spec.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareMapTiles } from "./map-tiles.mjs";
import { appliedMigrations, causeOf } from "./tool-output.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

// CI=true lets `d1 migrations apply` proceed without asking; the rest keeps wrangler quiet.
// request.cf is wrangler's fixed placeholder (Austin, TX) rather than whatever it could fetch,
// so that near=me is the same on every machine and needs no network: wrangler 3's miniflare
// fetches it unless NODE_ENV is "test" (nothing else in wrangler 3 reads NODE_ENV but the
// Worker bundle's `process.env.NODE_ENV`, which our build no longer contains);
// CLOUDFLARE_CF_FETCH_ENABLED=false is the same switch in newer wranglers.
export const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
  NO_D1_WARNING: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NODE_ENV: "test",
};

/**
 * Which local database a command works on.
 * @typedef {object} Database
 * @property {string} [persistTo] where the local D1 lives (default: wrangler's .wrangler/state)
 * @property {string} [config] a wrangler config other than wrangler.toml
 * @property {boolean} [echo] show wrangler's own output as it runs rather than keep it for
 *   the error message
 * @property {import("./transcript.mjs").Transcript} [transcript] write the tools' output to
 *   this log file as they run (npm start); a failure's message then holds only the lines
 *   that give its cause
 */

/**
 * A step's account of what it did, for npm start's summary (e.g. "8 applied"); undefined
 * when "done" says it all.
 * @typedef {string | undefined} Outcome
 */

/**
 * What the database gets after the migrations: each step loads its files only when its
 * table is empty, so that a restart keeps what the database holds. A step may name its
 * files with a function, called only when they are needed.
 * @typedef {object} SeedStep
 * @property {string} table
 * @property {string} what said in the log
 * @property {string[] | (() => string[])} [files] SQL files, relative to the repository
 * @property {(db: Database) => Outcome} [load] or a loader of its own
 */

/** @type {SeedStep[]} */
const SEEDS = [
  // First, so that restaurants placed by their ZIP code find it (docs/decisions/0006-place-data.md).
  { table: "us_places", what: "the US place data (GeoNames)", load: (db) => loadPlaces(db) },
  { table: "world_places", what: "the world place data (GeoNames)", load: (db) => loadWorldPlaces(db) },
  { table: "restaurants", what: "the sample data", files: ["seed/d1.sql"] },
];

/**
 * Runs a tool to completion in the repository. Its output is piped and kept for the error
 * message, shown as it runs (echo), or written to the transcript (then the error message
 * holds only the lines that give the cause, causeOf). Returns its stdout, or with a
 * transcript and no capture, all it wrote there; throws an Error naming the command and
 * its output.
 * @param {string} name how the command is shown (e.g. "wrangler" for node_modules/.bin/wrangler)
 * @param {{ transcript?: Database["transcript"], echo?: boolean, capture?: boolean, env?: NodeJS.ProcessEnv }} how
 *   capture: pipe stdout and return it whatever else is asked
 */
function runTool(name, command, args, { transcript, echo = false, capture = false, env = WRANGLER_ENV } = {}) {
  const shown = `${name} ${args.map((arg) => (arg.startsWith(ROOT + "/") ? arg.slice(ROOT.length + 1) : arg)).join(" ")}`;
  const err = transcript ? transcript.fd : echo ? "inherit" : "pipe";
  const out = capture ? "pipe" : err;
  transcript?.write(`\n$ ${shown}\n`);
  const mark = transcript?.mark() ?? 0;
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env,
    encoding: "utf8",
    stdio: ["ignore", out, err],
    maxBuffer: 64 * 1024 * 1024,
  });
  const written = transcript ? transcript.since(mark) : "";
  if (result.status !== 0) {
    const how = result.error
      ? result.error.message
      : result.signal
        ? `signal ${result.signal}`
        : `exit ${result.status}`;
    const output = transcript
      ? causeOf(`${written}\n${result.stdout ?? ""}`).join("\n")
      : `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
    throw new Error(`${shown} failed (${how}):\n${output}`);
  }
  return capture || !transcript ? (result.stdout ?? "") : written;
}

/** scripts/load-places.ts: the place data in one batch (`wrangler d1 execute --file` cannot load it locally). */
function loadPlaces(/** @type {Database} */ db) {
  const tsx = join(ROOT, "node_modules", ".bin", "tsx");
  const args = ["scripts/load-places.ts", ...(db.persistTo ? ["--persist-to", db.persistTo] : [])];
  const said = runTool("tsx", tsx, args, { transcript: db.transcript });
  const loaded = said.match(/Loaded (\d+) ZIP codes and (\d+) places/);
  return loaded ? `${loaded[1]} ZIP codes and ${loaded[2]} places` : undefined;
}

/** scripts/load-world-places.ts: the world's places beyond the US, in one batch, like loadPlaces. */
function loadWorldPlaces(/** @type {Database} */ db) {
  const tsx = join(ROOT, "node_modules", ".bin", "tsx");
  const args = ["scripts/load-world-places.ts", ...(db.persistTo ? ["--persist-to", db.persistTo] : [])];
  const said = runTool("tsx", tsx, args, { transcript: db.transcript });
  const loaded = said.match(/Loaded (\d+) world places and (\d+) subdivisions/);
  return loaded ? `${loaded[1]} places and ${loaded[2]} subdivisions` : undefined;
}

/** Runs wrangler to completion; its stdout, or an Error with its output (see runTool). */
export function wrangler(
  args,
  /** @type {Database & { capture?: boolean }} */ { config, echo = false, capture = false, transcript } = {},
) {
  const all = config ? [...args, "-c", config] : args;
  return runTool("wrangler", WRANGLER, all, { transcript, echo, capture });
}

const local = (/** @type {Database} */ db) => ["--local", ...(db.persistTo ? ["--persist-to", db.persistTo] : [])];

/** Applies migrations/ to the local D1; wrangler's output. */
export function applyMigrations(/** @type {Database} */ db = {}) {
  return wrangler(["d1", "migrations", "apply", "DB", ...local(db)], db);
}

/** applyMigrations(), told as an Outcome: how many it applied. */
function migrate(/** @type {Database} */ db) {
  const applied = appliedMigrations(applyMigrations(db)).length;
  return applied === 0 ? "none to apply" : `${applied} applied`;
}

/** Runs one SQL file (path relative to the repository, or absolute) on the local D1. */
function executeFile(file, /** @type {Database} */ db = {}) {
  return wrangler(["d1", "execute", "DB", ...local(db), "--file", isAbsolute(file) ? file : join(ROOT, file)], db);
}

/** The result rows of one SQL statement on the local D1. */
export function query(sql, /** @type {Database} */ db = {}) {
  const out = wrangler(["d1", "execute", "DB", ...local(db), "--json", "--command", sql], { ...db, capture: true });
  return JSON.parse(out)[0]?.results ?? [];
}

/**
 * How prepare() runs and reports each of its steps: `run` does the work and returns its
 * Outcome (or throws). npm start times each and prints one line; the default logs the title
 * before and the outcome after.
 * @typedef {(title: string, run: () => Outcome) => void} StepRunner
 */

/** A StepRunner that logs each step's title, then its outcome if it has one. */
function loggedSteps(log = console.log) {
  /** @type {StepRunner} */
  const step = (title, run) => {
    log(`${title}…`);
    const outcome = run();
    if (outcome) log(`  ${outcome}`);
  };
  return step;
}

/** Loads each step's files into its table when that table is empty. */
function loadSeeds(
  /** @type {Database} */ db = {},
  steps = SEEDS,
  log = console.log,
  /** @type {StepRunner} */ step = loggedSteps(log),
) {
  for (const seed of steps) {
    const files = () => (typeof seed.files === "function" ? seed.files() : seed.files) ?? [];
    const title = `Loading ${seed.what}${Array.isArray(seed.files) ? ` (${seed.files.join(", ")})` : ""}`;
    step(title, () => {
      const count = Number(query(`SELECT count(*) AS n FROM ${seed.table}`, db)[0]?.n ?? 0);
      if (count > 0) return `already there (${seed.table} holds ${count} rows)`;
      if (seed.load) return seed.load(db);
      for (const file of files()) executeFile(file, db);
      return undefined;
    });
  }
}

/** `npm run build`; with `ifMissing`, only when there is no build yet. */
export function build(
  /** @type {{ ifMissing?: boolean, log?: (line: string) => void, step?: StepRunner, transcript?: Database["transcript"] }} */ {
    ifMissing = false,
    log = console.log,
    step,
    transcript,
  } = {},
) {
  if (
    ifMissing &&
    existsSync(join(ROOT, "build", "server", "index.js")) &&
    existsSync(join(ROOT, "build", "client", "assets"))
  ) {
    return false;
  }
  (step ?? loggedSteps(log))(ifMissing ? "No build/ yet: building" : "Building the app (npm run build)", () => {
    runTool("npm", "npm", ["run", "build", "--silent"], { transcript, echo: true, env: process.env });
    return undefined;
  });
  return true;
}

/**
 * Everything before serving: delete the persist directory (fresh), build ("always",
 * "if-missing" or false), apply the migrations, load the seeds (unless seeds is []).
 * @param {Database & { fresh?: boolean, build?: "always" | "if-missing" | false, seeds?: SeedStep[], log?: (line: string) => void, step?: StepRunner }} options
 */
export function prepare({
  fresh = false,
  build: when = "always",
  seeds = SEEDS,
  log = console.log,
  step = loggedSteps(log),
  ...db
} = {}) {
  // wrangler runs in ROOT, so a relative persistTo is relative to ROOT.
  if (fresh && db.persistTo) rmSync(resolve(ROOT, db.persistTo), { recursive: true, force: true });
  if (when) build({ ifMissing: when === "if-missing", step, transcript: db.transcript });
  step(`Applying the D1 migrations to ${db.persistTo ?? ".wrangler/state"}`, () => migrate(db));
  loadSeeds(db, seeds, log, step);
  step("Preparing the map's tiles", () =>
    prepareMapTiles(db, db.transcript ? (line) => db.transcript?.write(`${line}\n`) : log),
  );
}

/**
 * A running `wrangler dev`.
 * @typedef {object} Server
 * @property {import("node:child_process").ChildProcess} child
 * @property {number} port
 * @property {string} origin http://127.0.0.1:port
 * @property {() => string} output the end of what it printed (with output "keep")
 * @property {() => Promise<void>} stop
 */

/**
 * Starts `wrangler dev` on 127.0.0.1:port; does not wait for it (see waitUntilReady).
 * output: "keep" (the last 20 KB, for error messages), "inherit" or "ignore".
 * detached: in a process group of its own, so that stop() ends wrangler and both workerd
 * processes together; npm start keeps it in its own group instead, so that whoever stops
 * npm start (a terminal, Playwright) stops the server too.
 * logLevel: wrangler's; "info" adds a line per request (npm start).
 * @param {Database & { port: number | string, vars?: string[], output?: "keep" | "inherit" | "ignore", detached?: boolean, logLevel?: "warn" | "info" }} options
 * @returns {Server}
 */
export function startServer({ port, vars = [], output = "keep", detached = true, logLevel = "warn", ...db }) {
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--log-level", logLevel, "--test-scheduled"];
  if (db.persistTo) args.push("--persist-to", db.persistTo);
  if (db.config) args.push("-c", db.config);
  for (const value of vars) args.push("--var", value);
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: output === "keep" ? ["ignore", "pipe", "pipe"] : ["ignore", output, output],
    detached,
  });
  let kept = "";
  const keep = (chunk) => {
    kept = (kept + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name) => {
    try {
      if (detached) process.kill(-(child.pid ?? 0), name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  return {
    child,
    port: Number(port),
    origin: `http://127.0.0.1:${port}`,
    output: () => kept,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const gone = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Resolves once `path` answers 2xx and the server is still running a second later (had it
 * failed to bind, something else would be answering); rejects if it exits or takes longer
 * than timeoutMs.
 */
export async function waitUntilReady(
  /** @type {Server} */ server,
  { path = "/our-mission", timeoutMs = 180_000 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  const url = server.origin + path;
  for (;;) {
    if (gone(server.child))
      throw new Error(
        `wrangler dev exited (${server.child.exitCode ?? server.child.signalCode}) before answering on ${url}\n${server.output()}`,
      );
    const ok = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
    if (ok) {
      await sleep(1000);
      if (gone(server.child))
        throw new Error(`wrangler dev exited; something else answers on ${url}\n${server.output()}`);
      return;
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s\n${server.output()}`);
    await sleep(500);
  }
}

/**
 * startServer() and waitUntilReady(); the server is stopped if it never answers.
 * @param {Parameters<typeof startServer>[0] & { path?: string, timeoutMs?: number }} options
 */
export async function serve({ path, timeoutMs, ...options }) {
  const server = startServer(options);
  try {
    await waitUntilReady(server, { path, timeoutMs });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * prepare(), then serve() on the same database.
 * @param {Parameters<typeof prepare>[0] & Parameters<typeof serve>[0]} options
 */
export async function launch({ port, vars, output, detached, path, timeoutMs, ...preparation }) {
  prepare(preparation);
  const { persistTo, config } = preparation;
  return serve({ port, vars, output, detached, path, timeoutMs, persistTo, config });
}

/** Whether nothing listens on 127.0.0.1:port. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on, chosen by the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}

/** `preferred` if nothing listens there, else a free port: another server must never be the one measured. */
export async function choosePort(preferred, log = console.log) {
  if (await portIsFree(preferred)) return preferred;
  const port = await freePort();
  log(`port ${preferred} is taken by another process: using ${port}`);
  return port;
}

/** npm start's options (scripts/start.mjs); see readOptions in ./cli.mjs. */
export const START_OPTIONS = {
  port: { type: "string", value: "N", default: "8787", description: "port to serve on" },
  "persist-to": {
    type: "string",
    value: "DIR",
    description: "where the local D1 lives (default: wrangler's .wrangler/state)",
  },
  fresh: { type: "boolean", description: "delete the --persist-to directory first" },
  "no-build": { type: "boolean", description: "reuse an existing build/" },
  "no-seed": { type: "boolean", description: "leave the database empty" },
  "no-places": {
    type: "boolean",
    description: "do not load the place data (GeoNames: US ZIP codes and places, the world's places)",
  },
  var: {
    type: "string",
    value: "NAME:VALUE",
    multiple: true,
    default: [],
    description: "passed to wrangler dev (repeatable)",
  },
};

/** START_OPTIONS' values as launch() options. */
export function startOptionsFrom(values) {
  return {
    port: values.port,
    persistTo: values["persist-to"],
    fresh: Boolean(values.fresh),
    build: values["no-build"] ? false : "always",
    seeds: values["no-seed"] ? [] : SEEDS.filter((step) => !(values["no-places"] && step.table.endsWith("_places"))),
    vars: values.var,
  };
}
