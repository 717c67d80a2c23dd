#!/usr/bin/env node
// `npm start`: build the app, apply the D1 migrations to the local database, load the
// sample data when the database is empty, and serve the production build under
// `wrangler dev` (workerd, local D1) on http://localhost:8787. The steps are in
// scripts/lib/server.mjs, shared with the tests and the benchmark.
//
// Options (after `--`; `--help` lists them): --port N, --persist-to DIR, --fresh,
// --no-build, --no-seed, --var NAME:VALUE (repeatable).
import { readOptions } from "./lib/cli.mjs";
import { START_OPTIONS, prepare, startOptionsFrom, startServer, waitUntilReady } from "./lib/server.mjs";

const { values } = readOptions(START_OPTIONS, { synopsis: "npm start -- [options]" });
const { port, vars, ...preparation } = startOptionsFrom(values);

try {
  prepare({ ...preparation, echo: true });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const server = startServer({ port, vars, persistTo: preparation.persistTo, output: "inherit", detached: false });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.child.kill(signal));
server.child.on("exit", (code) => process.exit(code ?? 0));
// No deadline: the first start on a slow machine may take a while; an exit ends the wait.
waitUntilReady(server, { timeoutMs: Infinity }).then(
  () => console.log(`Serving SafeBites on http://localhost:${port}`),
  () => {},
);
