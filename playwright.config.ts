// Browser tests against the production build under `wrangler dev` (workerd + local D1 with
// the sample data), in the Chromium scripts/lib/browser.mjs finds. Every flow runs twice:
// JavaScript on and off.
// Tests tagged @js only run with JavaScript (toasts, geolocation, client pending states),
// tests tagged @nojs only without it.
import { defineConfig } from "@playwright/test";
import { installedChromium } from "./scripts/lib/browser.mjs";
import { CHROMIUM_ARGS } from "./scripts/lib/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    // The service worker (/sw.js) would answer the pages of every spec after the first 'Save':
    // only tests/e2e/offline.spec.ts allows it.
    serviceWorkers: "block",
    launchOptions: {
      // CHROMIUM_PATH, as `npm test` sets it (scripts/with-chromium.mjs), else an installed one.
      executablePath: installedChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@nojs/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js\b/ },
  ],
  webServer: {
    command: `node scripts/start.mjs --port ${PORT} --persist-to .wrangler/e2e-state-${PORT} --fresh`,
    url: `http://127.0.0.1:${PORT}/our-mission`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
  },
});
