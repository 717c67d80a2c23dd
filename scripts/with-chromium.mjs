#!/usr/bin/env node
// Runs a command once there is a Chromium for the browser tests, with CHROMIUM_PATH set to
// it (playwright.config.ts reads it): `npm test` is `with-chromium.mjs npm run test:all`, so
// a machine without a browser hears so in its first seconds, not after minutes of checks.
// How the browser is found or installed: scripts/lib/browser.mjs.
//
//   node scripts/with-chromium.mjs COMMAND [ARGS...]
import { spawn } from "node:child_process";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "./lib/browser.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-chromium.mjs COMMAND [ARGS...]");
  process.exit(2);
}

const found = await findChromium();
if ("fix" in found) {
  console.error(
    `No Chromium for the browser tests (npm run test:e2e).\n${found.reason}\n\nTo fix it, run:\n\n  ${found.fix}\n`,
  );
  process.exit(1);
}
if (process.env.CHROMIUM_PATH !== found.path) console.log(`Browser tests will run in ${found.path} (${found.source}).`);

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin");
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: found.path, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on("error", (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
