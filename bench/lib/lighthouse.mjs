// Lighthouse against the local app in Debian's headless Chromium, offline.
//
// Lighthouse is not a project dependency: 12.x (the last line that runs on Node 20; 13.x
// needs Node 22.19) pulls in about 200 packages / 185 MB. The benchmark installs the pinned
// version on first use into bench/.data/tools (gitignored) with the ordinary npm client, and
// says why in RESULTS.md when that or the run fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DATA_DIR, log } from "./util.mjs";

export const LIGHTHOUSE_VERSION = "12.8.2";
const TOOLS = join(DATA_DIR, "tools");
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function ensureLighthouse() {
  const main = join(TOOLS, "node_modules", "lighthouse", "core", "index.js");
  if (existsSync(main)) return { main, launcher: join(TOOLS, "node_modules", "chrome-launcher", "dist", "index.js") };
  mkdirSync(TOOLS, { recursive: true });
  log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${TOOLS} (first run only)`);
  const result = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      TOOLS,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      `lighthouse@${LIGHTHOUSE_VERSION}`,
    ],
    { encoding: "utf8", env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1" } },
  );
  if (result.status !== 0 || !existsSync(main)) {
    throw new Error(
      `npm install lighthouse@${LIGHTHOUSE_VERSION} failed: ${(result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ")}`,
    );
  }
  return { main, launcher: join(TOOLS, "node_modules", "chrome-launcher", "dist", "index.js") };
}

/**
 * Runs Lighthouse (its default mobile profile: emulated Moto G Power, simulated slow 4G
 * and 4x CPU slowdown) on each URL. Returns { version, results: [{ url, scores }] } or
 * throws with the reason.
 */
export async function runLighthouse(urls, { runs: runCount = 3 } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  const { main, launcher } = ensureLighthouse();
  const { default: lighthouse } = await import(pathToFileURL(main).href);
  const chromeLauncher = await import(pathToFileURL(launcher).href);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results = [];
  try {
    for (const url of urls) {
      const runs = [];
      let failure = null;
      // Three runs by default, median performance score (Lighthouse's advice for noisy
      // machines); a run that fails (page did not load) is tried once more.
      for (let i = 0, failures = 0; i < runCount && failures < 2;) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        }).catch((error) => ({ error }));
        const problem =
          result?.error?.message ??
          (!result?.lhr
            ? "no report"
            : result.lhr.runtimeError
              ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`
              : null);
        if (problem) {
          failures++;
          failure = problem;
          log(`Lighthouse ${url}: ${problem}`);
          continue;
        }
        runs.push(result.lhr);
        i++;
      }
      if (runs.length === 0) {
        results.push({ url, error: failure });
        continue;
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)]),
      );
      const failing = [];
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
            failing.push(`${c}: ${audit.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`);
        }
      }
      const metrics = {
        fcp: lhr.audits["first-contentful-paint"]?.displayValue,
        lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
        tbt: lhr.audits["total-blocking-time"]?.displayValue,
        cls: lhr.audits["cumulative-layout-shift"]?.displayValue,
      };
      results.push({
        url,
        scores,
        perfRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
        failing,
        metrics,
      });
    }
  } finally {
    await chrome.kill();
  }
  return { version: LIGHTHOUSE_VERSION, results };
}
