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

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dir = mkdtempSync(join(tmpdir(), `safebites-${name}-`));
    const file = join(dir, `${name}.sql`);
    writeFileSync(file, await sql());
    prepare({ persistTo: dir, build: false, seeds: [{ table: "restaurants", what, files: [file] }], log: () => {} });
    prepared?.(dir);
    server = await serve({ port: await freePort(), persistTo: dir, timeoutMs: 120_000, vars: vars?.() ?? [] });
    own.origin = server.origin;
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
