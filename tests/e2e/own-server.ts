// A second `wrangler dev` with a database of its own, for the specs whose rows must not reach
// the shared e2e database (it keeps exactly the sample data the other specs count on): a fresh
// local D1 with the migrations and the spec's SQL, started through the project's launcher
// (scripts/lib/server.mjs) on a free port, and deleted after the spec's last test.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type Browser } from "@playwright/test";
import { freePort, prepare, serve, type Server } from "../../scripts/lib/server.mjs";

export type OwnServerOptions = {
  /** Names the database's temporary folder (safebites-{name}-…) and its SQL file. */
  name: string;
  /** What the SQL holds, for the launcher. */
  what: string;
  /** The rows, run after the migrations. */
  sql: () => string | Promise<string>;
  /** Runs once the database is ready, before the server starts; `persistTo` is its folder. */
  prepared?: (persistTo: string) => void;
  /** `--var NAME:VALUE` settings for the server, asked for just before it starts. */
  vars?: () => string[];
};

/** How long wrangler dev may take to answer its first request. */
const START_TIMEOUT_MS = 300_000;
/** How long the pages the specs open may take to answer once, before the first test. */
const WARM_UP_TIMEOUT_MS = 120_000;
/** Each test's limit against its own server (the config's 30 s is for the shared one). */
const TEST_TIMEOUT_MS = 120_000;
/**
 * Pages that start what most specs use first (the database, a search, a restaurant page's code,
 * the suggestion form) without putting a page a spec reads into the page cache: a restaurant
 * that does not exist (404, never kept), a search no spec makes, the form (the same for all).
 */
const WARM_UP_PATHS = ["/restaurant/999999999", "/?q=own-server-warm-up", "/submit-restaurant"];

/** Asks each of WARM_UP_PATHS once, retrying until it answers (any status) or the time is up. */
async function warmUp(origin: string) {
  const deadline = Date.now() + WARM_UP_TIMEOUT_MS;
  for (const path of WARM_UP_PATHS) {
    for (;;) {
      const answered = await fetch(origin + path, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) })
        .then(async (response) => (await response.arrayBuffer(), true))
        .catch(() => false);
      if (answered || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Call inside a serial `test.describe`: its beforeAll makes the database and starts the server,
 * its afterAll stops the server and deletes the database. `origin` is the server's once
 * beforeAll has run; `newPage` opens a page on it in a context of its own.
 */
export function ownServer({ name, what, sql, prepared, vars }: OwnServerOptions) {
  let server: Server | undefined;
  let dir = "";
  const own = {
    origin: "",
    async newPage(browser: Browser, javaScriptEnabled: boolean) {
      const context = await browser.newContext({ javaScriptEnabled, baseURL: own.origin });
      return { context, page: await context.newPage() };
    },
  };

  // A busy machine (other specs, other work, both cores taken) makes a second wrangler dev slow
  // to start and slow to answer at first: generous limits for the start, a first answer from
  // the pages the specs open before any test runs, and room for every test (a test that sets
  // its own limit keeps it).
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + WARM_UP_TIMEOUT_MS + 120_000);
    dir = mkdtempSync(join(tmpdir(), `safebites-${name}-`));
    const file = join(dir, `${name}.sql`);
    writeFileSync(file, await sql());
    prepare({ persistTo: dir, build: false, seeds: [{ table: "restaurants", what, files: [file] }], log: () => {} });
    prepared?.(dir);
    server = await serve({ port: await freePort(), persistTo: dir, timeoutMs: START_TIMEOUT_MS, vars: vars?.() ?? [] });
    own.origin = server.origin;
    await warmUp(server.origin);
  });

  test.beforeEach(() => {
    test.setTimeout(TEST_TIMEOUT_MS);
  });

  // A test that fails while this server runs carries what wrangler dev printed last, and
  // whether it had exited: a server that stops answering mid-spec says why in the report.
  // (Playwright asks for the fixtures as a destructuring pattern, even an empty one.)
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (!server || testInfo.status === testInfo.expectedStatus) return;
    const { exitCode, signalCode } = server.child;
    const state = exitCode === null && signalCode === null ? "still running" : `exited (${exitCode ?? signalCode})`;
    const output = server.output() || "(it printed nothing)";
    await testInfo.attach(`wrangler dev on ${server.origin}, ${state}`, { body: output, contentType: "text/plain" });
    // The report shows an attachment's first lines; its last ones are where a failure is.
    console.error(`wrangler dev on ${server.origin}, ${state}; the end of its output:\n${output.slice(-1500)}`);
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return own;
}
