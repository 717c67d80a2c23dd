// First paint of the first result on a slow phone: home, two searches and a detail page opened
// in a fresh browser profile (cold cache, new connections) in Debian's Chromium, throttled with
// the DevTools protocol to Lighthouse's mobile profile as Lighthouse applies it (slow 4G: 150
// ms per request, 1.44 Mbit/s down, 675 kbit/s up; 4x CPU slowdown), a 390 x 844 phone, median
// of five runs per page. Beside the times, what the phone has to parse: each page's decoded
// HTML, its element count, the bytes of its `class` attributes, its hydration data and its
// inlined stylesheet (documentFigures), and each page's first result after the floor's, run by
// run (a text page with no cards, measured in the same runs).
//
// "First result visible" is the paint of the first restaurant card (home, search) or of the
// restaurant's heading (detail), read with Element Timing: a script that the benchmark adds
// to every document before the page's own (CDP Page.addScriptToEvaluateOnNewDocument, which
// the page's CSP does not apply to) marks the element with an `elementtiming` attribute as
// the parser inserts it (a MutationObserver runs before the next rendering step), and a
// PerformanceObserver reads the entry's renderTime: the time of the frame that first painted
// it, from the start of navigation. The app itself carries no benchmark hook.
// Why the pages are built to paint early: docs/decisions/0008-static-files-and-the-stylesheet.md.
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../../scripts/lib/chromium.mjs";
import { firstVisitJsSection, measureFirstVisitJs } from "./first-visit-js.mjs";
import { measureServiceWorker, serviceWorkerLine } from "./service-worker-size.mjs";
import { log } from "./util.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * Lighthouse's mobile "slow 4G" and CPU figures (its constants.throttling.mobileSlow4G: 150 ms,
 * 1.6 Mbit/s down, 750 kbit/s up) with the 0.9 it scales the bandwidth by when the DevTools
 * protocol applies them (1.44 Mbit/s, 675 kbit/s); a 390 x 844 phone (an iPhone 12 to 14).
 */
const FIRST_PAINT_PROFILE = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
};

/** The target: the first result painted within this many ms of navigation (median). */
export const FIRST_PAINT_TARGET_MS = 600;

const CARD = "[data-testid=restaurant-card] h3";
const FIRST_PAINT_PAGES = [
  { name: "home", path: "/", selector: CARD },
  { name: "search", path: "/?q=thai&location=Portland%2C+OR", selector: CARD },
  { name: "search, one diet", path: "/?location=Portland%2C+OR&diet=vegan", selector: CARD },
  { name: "detail", path: "/restaurant/101", selector: "main h1" },
  // Not a target: the floor of this harness, a small text page with no script and no data
  // (its heading, under the same throttling), against which the pages above can be read.
  { name: "floor: a text page", path: "/our-mission", selector: "main h1", reference: true },
];

/** Runs in the page before any of its scripts (the selector is passed in). */
function observer(selector) {
  const state = { result: null, fcp: null, lcp: null, cls: 0, shifts: [] };
  Object.defineProperty(window, "__firstPaint", { value: state });
  const mark = () => {
    const element = document.querySelector(selector);
    if (element && !element.hasAttribute("elementtiming")) element.setAttribute("elementtiming", "first-result");
    return Boolean(element);
  };
  if (!mark()) {
    const mutations = new MutationObserver(() => {
      if (mark()) mutations.disconnect();
    });
    mutations.observe(document, { childList: true, subtree: true });
  }
  const observe = (type, callback) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe({ type, buffered: true });
    } catch {
      // this Chromium lacks the entry type: the figure stays null
    }
  };
  observe("element", (entry) => {
    if (entry.identifier !== "first-result" || state.result !== null) return;
    state.result = entry.renderTime || entry.loadTime;
  });
  observe("paint", (entry) => {
    if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
  });
  observe("largest-contentful-paint", (entry) => {
    state.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  });
  observe("layout-shift", (entry) => {
    if (entry.hadRecentInput) return;
    state.cls += entry.value;
    state.shifts.push({
      at: Math.round(entry.startTime),
      value: entry.value,
      nodes: (entry.sources ?? []).map((s) => s.node?.nodeName?.toLowerCase() + (s.node?.id ? `#${s.node.id}` : "")),
    });
  });
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function oneRun(browser, origin, page, profile) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1024) / 8,
      uploadThroughput: (profile.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
    await tab.addInitScript(observer, page.selector);
    const requests = [];
    tab.on("requestfinished", (request) => requests.push(request));
    const response = await tab.goto(`${origin}${page.path}`, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`${page.path} answered ${response?.status()}`);
    // Late shifts (hydration, fonts, lazy images) count too: let the page settle first.
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    await tab.waitForTimeout(500);
    const state = await tab.evaluate((selector) => {
      const element = document.querySelector(selector);
      const navigation = performance.getEntriesByType("navigation")[0];
      return {
        ...window.__firstPaint,
        domInteractive: navigation ? navigation.domInteractive : null,
        resultTop: element ? element.getBoundingClientRect().top + window.scrollY : null,
      };
    }, page.selector);
    if (state.result === null) throw new Error(`${page.path}: no Element Timing entry for ${page.selector}`);
    let bytes = 0;
    for (const request of requests) {
      const sizes = await request.sizes().catch(() => null);
      if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    }
    const kinds = requests.map((r) => r.resourceType());
    return {
      result: state.result,
      domInteractive: state.domInteractive,
      resultTop: state.resultTop,
      fcp: state.fcp,
      lcp: state.lcp,
      cls: state.cls,
      shifts: state.shifts,
      requests: requests.length,
      stylesheets: kinds.filter((k) => k === "stylesheet").length,
      scripts: kinds.filter((k) => k === "script").length,
      bytes,
    };
  } finally {
    await context.close();
  }
}

/** The bytes of a string as UTF-8. */
const utf8 = (text) => Buffer.byteLength(text, "utf8");

/**
 * What the phone parses of a page, from its HTML as served (decoded, not as sent): its bytes,
 * its elements (as Chromium's parser makes them, head included), the bytes of its `class`
 * attributes (` class="…"` each, as written), of its hydration data (the scripts that hand
 * Remix the loaders' data) and of its inlined stylesheet, and its result cards: how many, and
 * the bytes of their markup (as Chromium writes each card back out).
 */
async function documentFigures(browser, origin, page) {
  const html = await (await fetch(`${origin}${page.path}`)).text();
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const tab = await context.newPage();
    const parsed = await tab.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "text/html");
      const scripts = [...doc.querySelectorAll("script")].map((s) => s.textContent ?? "");
      return {
        elements: doc.getElementsByTagName("*").length,
        cards: [...doc.querySelectorAll("[data-testid=restaurant-card]")].map((card) => card.outerHTML),
        hydration: scripts.filter((t) => t.includes("__remixContext")),
        styles: [...doc.querySelectorAll("style")].map((s) => s.textContent ?? ""),
      };
    }, html);
    const classBytes = [...html.matchAll(/\sclass="[^"]*"/g)].reduce((sum, [match]) => sum + utf8(match), 0);
    const sum = (texts) => texts.reduce((total, text) => total + utf8(text), 0);
    return {
      htmlBytes: utf8(html),
      elements: parsed.elements,
      classBytes,
      hydrationBytes: sum(parsed.hydration),
      stylesheetBytes: sum(parsed.styles),
      cards: parsed.cards.length,
      cardBytes: sum(parsed.cards),
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures each page `runs` times (pages interleaved, so that background load falls on all
 * of them alike) against a running app at `origin`. Every page is fetched once unthrottled
 * first, so the runs measure the app's warm path (its page cache filled), as visitors after
 * the first one see it.
 */
export async function measureFirstPaint(
  origin,
  { runs = 5, pages = FIRST_PAINT_PAGES, profile = FIRST_PAINT_PROFILE } = {},
) {
  for (const page of pages) {
    const response = await fetch(`${origin}${page.path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const samples = new Map(pages.map((page) => [page.name, []]));
  const documents = new Map();
  try {
    for (const page of pages) documents.set(page.name, await documentFigures(browser, origin, page));
    // A browser that has just started is still loading its own UI pages in the background:
    // let it settle before the first measured run.
    const warmUp = await browser.newContext();
    await (await warmUp.newPage()).goto(`${origin}/our-mission`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await warmUp.close();
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        const sample = await oneRun(browser, origin, page, profile);
        samples.get(page.name).push(sample);
        log(
          `first paint ${page.name} run ${run + 1}/${runs}: result ${Math.round(sample.result)} ms, FCP ${Math.round(sample.fcp)} ms, CLS ${sample.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  // Each page's first result after the floor's in the same run (pages interleave within a run).
  const floor = pages.find((page) => page.reference);
  const floorSamples = floor ? samples.get(floor.name) : null;
  const firstVisitJs = await measureFirstVisitJs(origin);
  for (const r of firstVisitJs) log(`first-visit JS ${r.name}: ${(r.gzipBytes / 1024).toFixed(1)} KB gzip`);
  const serviceWorker = await measureServiceWorker(origin);
  log(serviceWorkerLine(serviceWorker));
  return {
    firstVisitJs,
    serviceWorker,
    profile,
    chromium: browser.version(),
    results: pages.map((page) => {
      const list = samples.get(page.name);
      return {
        ...page,
        samples: list,
        result: median(list.map((s) => s.result)),
        afterFloor:
          floorSamples && !page.reference ? median(list.map((s, i) => s.result - floorSamples[i].result)) : null,
        domInteractive: median(list.map((s) => s.domInteractive)),
        document: documents.get(page.name),
        fcp: median(list.map((s) => s.fcp)),
        lcp: median(list.map((s) => s.lcp)),
        cls: Math.max(...list.map((s) => s.cls)),
        resultTop: median(list.map((s) => s.resultTop)),
        requests: median(list.map((s) => s.requests)),
        stylesheets: median(list.map((s) => s.stylesheets)),
        scripts: median(list.map((s) => s.scripts)),
        bytes: median(list.map((s) => s.bytes)),
      };
    }),
  };
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)}` : "–");

/** The report's section: a Markdown table and how it was measured. */
export function firstPaintSection(measured, { loadAverage } = {}) {
  const p = measured.profile;
  const lines = [
    "## First paint (slow 4G, 4x CPU)",
    "",
    `\`bench/lib/first-paint.mjs\`: Chromium ${measured.chromium} through Playwright, each run a fresh browser context (cold cache, new connections), throttled with the DevTools protocol ` +
      `(\`Network.emulateNetworkConditions\`: ${p.latencyMs} ms per request, ${(p.downloadKbps / 1024).toFixed(2)} Mbit/s down, ${p.uploadKbps} kbit/s up; \`Emulation.setCPUThrottlingRate\` ${p.cpuSlowdown}x), ` +
      `${p.viewport.width} x ${p.viewport.height} viewport. *First result*: Element Timing \`renderTime\` of the first restaurant card (home, search) or the restaurant's heading (detail), from the start of navigation; ` +
      `the benchmark marks that element with \`elementtiming\` from a script it adds before the page's own. *Floor*: the same for the heading of a small text page with no script and no data (\`/our-mission\`), what this harness gives a page that costs next to nothing. *Result at y*: where that element sits on the page (below ${p.viewport.height} px it is painted but needs a scroll to be seen). Median of ${measured.results[0]?.samples.length ?? 0} runs; CLS is the largest of the runs (shifts until the network is idle + 0.5 s).` +
      (loadAverage ? ` Load average (1 / 5 / 15 min) before the runs: ${loadAverage}.` : ""),
    "",
    "| page | path | first result ms | after the floor ms | target | FCP ms | LCP ms | DOM interactive ms | CLS | result at y (px) | requests | scripts | KB transferred | runs (first result ms) |",
    "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const r of measured.results) {
    const met = r.result <= FIRST_PAINT_TARGET_MS;
    const verdict = r.reference ? "reference" : `${met ? "met" : "**missed**"} (≤ ${FIRST_PAINT_TARGET_MS})`;
    const after =
      r.afterFloor === null || r.afterFloor === undefined ? "–" : `${r.afterFloor >= 0 ? "+" : ""}${ms(r.afterFloor)}`;
    lines.push(
      `| ${r.name} | \`${r.path}\` | ${ms(r.result)} | ${after} | ${verdict} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.domInteractive)} | ${r.cls.toFixed(3)} | ${ms(r.resultTop)} | ${r.requests} | ${r.scripts} | ${(r.bytes / 1024).toFixed(1)} | ${r.samples.map((s) => ms(s.result)).join(", ")} |`,
    );
  }
  lines.push(
    "",
    "### What the phone parses",
    "",
    "Each page's HTML as served, decoded (not as sent): its bytes, its elements (as Chromium parses it, head included), the bytes of its `class` attributes (` class=\"…\"` each), of its hydration data (the scripts that carry the loaders' data to Remix) and of its inlined stylesheet, and its result cards with the mean size of a card's markup (as Chromium writes it back out). Targets (issue 38): a card at most 1.2 KB, `class` attributes at most 16 KB on any page, the home page at most 64 KB and 450 elements.",
    "",
    "| page | HTML KB | elements | class KB | hydration KB | stylesheet KB | cards | KB a card |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  for (const r of measured.results) {
    const d = r.document;
    if (!d) continue;
    lines.push(
      `| ${r.name} | ${kb(d.htmlBytes)} | ${d.elements} | ${kb(d.classBytes)} | ${kb(d.hydrationBytes)} | ${kb(d.stylesheetBytes)} | ${d.cards} | ${d.cards ? kb(d.cardBytes / d.cards) : "–"} |`,
    );
  }
  if (measured.firstVisitJs) lines.push("", ...firstVisitJsSection(measured.firstVisitJs));
  if (measured.serviceWorker) lines.push("", serviceWorkerLine(measured.serviceWorker));
  return lines;
}

/**
 * `node bench/run.mjs --only first-paint [--port N] [--runs N]`: this measurement alone, on
 * its own server (a snapshot of the build, fresh local D1 with the sample data, as the HTTP
 * benchmark prepares it). Prints the section and writes it to `out`, and every run's figures
 * as JSON beside it (`out` with .json for .md).
 */
export async function runFirstPaintAlone({ port = 8841, runs = 5, out }) {
  const { writeFileSync } = await import("node:fs");
  const os = await import("node:os");
  const { build, choosePort } = await import("../../scripts/lib/server.mjs");
  const { startApp } = await import("./http.mjs");
  const { snapshotBuild } = await import("./snapshot.mjs");
  build({ ifMissing: true, log });
  log("first paint: snapshot of build/");
  const snapshot = snapshotBuild();
  const chosen = await choosePort(port, log);
  log(`first paint: starting the app on :${chosen}`);
  const app = await startApp(chosen, snapshot);
  const loadNow = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" / ");
  const loadBefore = loadNow();
  let measured;
  try {
    measured = await measureFirstPaint(`http://127.0.0.1:${chosen}`, { runs });
  } finally {
    await app.stop();
  }
  const loadAverage = `${loadBefore}; after them: ${loadNow()}`;
  const text =
    [
      `# First paint (\`node bench/run.mjs --only first-paint\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
      "",
      ...firstPaintSection(measured, { loadAverage }).slice(2),
    ].join("\n") + "\n";
  process.stdout.write(text);
  if (out) {
    writeFileSync(out, text);
    // Every run's figures beside it, for comparisons across runs (bench/RESULTS-first-paint.md).
    writeFileSync(out.replace(/\.md$/, "") + ".json", JSON.stringify({ loadAverage, ...measured }, null, 1) + "\n");
  }
  return measured;
}
