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
 * @property {boolean} [echo] show wrangler's own output as it runs (npm start) rather than
 *   keep it for the error message
 */

/**
 * What the database gets after the migrations: each step loads its files only when its
 * table is empty, so that a restart keeps what the database holds. A step may name its
 * files with a function, called only when they are needed.
 * @typedef {object} SeedStep
 * @property {string} table
 * @property {string} what said in the log
 * @property {string[] | (() => string[])} [files] SQL files, relative to the repository
 * @property {(db: Database) => void} [load] or a loader of its own
 */

/** @type {SeedStep[]} */
const SEEDS = [
  // First, so that restaurants placed by their ZIP code find it (docs/decisions/0006-place-data.md).
  { table: "us_places", what: "the US place data (GeoNames)", load: (db) => loadPlaces(db) },
  { table: "restaurants", what: "the sample data", files: ["seed/d1.sql"] },
];

/** scripts/load-places.ts: the place data in one batch (`wrangler d1 execute --file` cannot load it locally). */
function loadPlaces(/** @type {Database} */ db) {
  const tsx = join(ROOT, "node_modules", ".bin", "tsx");
  const args = ["scripts/load-places.ts", ...(db.persistTo ? ["--persist-to", db.persistTo] : [])];
  const result = spawnSync(tsx, args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0)
    throw new Error(`tsx ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** Runs wrangler to completion; its stdout, or an Error with its output. */
export function wrangler(
  args,
  /** @type {Database & { capture?: boolean }} */ { config, echo = false, capture = false } = {},
) {
  const all = config ? [...args, "-c", config] : args;
  const stdio = echo ? ["ignore", capture ? "pipe" : "inherit", "inherit"] : ["ignore", "pipe", "pipe"];
  const result = spawnSync(WRANGLER, all, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    encoding: "utf8",
    stdio,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `wrangler ${all.join(" ")} failed (exit ${result.status}):\n${result.stdout ?? ""}\n${result.stderr ?? ""}`,
    );
  }
  return result.stdout;
}

const local = (/** @type {Database} */ db) => ["--local", ...(db.persistTo ? ["--persist-to", db.persistTo] : [])];

/** Applies migrations/ to the local D1. */
export function applyMigrations(/** @type {Database} */ db = {}) {
  return wrangler(["d1", "migrations", "apply", "DB", ...local(db)], db);
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

/** Loads each step's files into its table when that table is empty. */
function loadSeeds(/** @type {Database} */ db = {}, steps = SEEDS, log = console.log) {
  for (const step of steps) {
    const count = Number(query(`SELECT count(*) AS n FROM ${step.table}`, db)[0]?.n ?? 0);
    if (count > 0) {
      log(`The ${step.table} table holds ${count} rows: ${step.what} not loaded again.`);
      continue;
    }
    if (step.load) {
      log(`The ${step.table} table is empty: loading ${step.what}…`);
      step.load(db);
      continue;
    }
    const files = (typeof step.files === "function" ? step.files() : step.files) ?? [];
    log(`The ${step.table} table is empty: loading ${step.what} (${files.join(", ")})…`);
    for (const file of files) executeFile(file, db);
  }
}

/** `npm run build`; with `ifMissing`, only when there is no build yet. */
export function build({ ifMissing = false, log = console.log } = {}) {
  if (
    ifMissing &&
    existsSync(join(ROOT, "build", "server", "index.js")) &&
    existsSync(join(ROOT, "build", "client", "assets"))
  ) {
    return false;
  }
  log(ifMissing ? "No build/ yet: building…" : "Building…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  return true;
}

/**
 * Everything before serving: delete the persist directory (fresh), build ("always",
 * "if-missing" or false), apply the migrations, load the seeds (unless seeds is []).
 * @param {Database & { fresh?: boolean, build?: "always" | "if-missing" | false, seeds?: SeedStep[], log?: (line: string) => void }} options
 */
export function prepare({ fresh = false, build: when = "always", seeds = SEEDS, log = console.log, ...db } = {}) {
  // wrangler runs in ROOT, so a relative persistTo is relative to ROOT.
  if (fresh && db.persistTo) rmSync(resolve(ROOT, db.persistTo), { recursive: true, force: true });
  if (when) build({ ifMissing: when === "if-missing", log });
  log("Applying D1 migrations to the local database…");
  applyMigrations(db);
  loadSeeds(db, seeds, log);
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
 * @param {Database & { port: number | string, vars?: string[], output?: "keep" | "inherit" | "ignore", detached?: boolean }} options
 * @returns {Server}
 */
export function startServer({ port, vars = [], output = "keep", detached = true, ...db }) {
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--log-level", "warn", "--test-scheduled"];
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

function portIsFree(port) {
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
  "no-places": { type: "boolean", description: "do not load the US place data (GeoNames ZIP codes and places)" },
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
    seeds: values["no-seed"] ? [] : SEEDS.filter((step) => !(values["no-places"] && step.table === "us_places")),
    vars: values.var,
  };
}
