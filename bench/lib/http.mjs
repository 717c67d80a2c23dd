// HTTP benchmark of the built app under `wrangler dev` (workerd, local D1 with the sample
// data), with autocannon, plus a per-route look at the JavaScript each page's HTML loads and,
// on the idle server first, Lighthouse. measureHttp() returns the figures; report.mjs writes
// them.
//
// Both servers run a snapshot of the build taken at the start (snapshot.mjs), prepared and
// started by the project's launcher (scripts/lib/server.mjs) as `npm start` is: a fresh local
// D1, the migrations, the sample data.
//
// Server A is the app as deployed: a static asset, and each page
//   - cached: the same URL repeated (whatever cache the app has is warm after the first hit),
//   - busted: a fresh unknown parameter per request (&_b=<n>, which the app ignores), which
//     defeats any cache keyed by the URL.
// Server B is the same build behind bench/http/nocache-worker.ts, where the Workers Cache API
// never has an entry: every request does the whole work (the "uncached" figures).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { build, choosePort, prepare, serve } from "../../scripts/lib/server.mjs";
import { measureFirstPaint } from "./first-paint.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { gzipBytes, routeWeights } from "./pageweight.mjs";
import { snapshotBuild } from "./snapshot.mjs";
import { ROOT, log, percentile } from "./util.mjs";

export const PAGES = [
  { name: "home", path: "/" },
  { name: "search", path: "/?q=kitchen&diet=vegan" },
  { name: "detail", path: "/restaurant/2" },
];

const PERSIST = join(ROOT, ".wrangler", "bench-http");

/** Server A: the snapshot of the app on a fresh local D1 with the sample data. */
export async function startApp(port, snapshot) {
  prepare({ persistTo: PERSIST, fresh: true, build: false, config: snapshot.app, log });
  return serve({ port, persistTo: PERSIST, config: snapshot.app, path: "/favicon.svg" });
}

/** Server B: the same snapshot and database, behind the never-hitting cache of nocache-worker.ts. */
export async function startNoCache(port, snapshot) {
  return serve({ port, persistTo: PERSIST, config: snapshot.nocache, path: "/favicon.svg" });
}

/**
 * Page weights always; with the servers (unless skipHttp): the HTML check, Lighthouse
 * (unless skipLighthouse), the first paint (unless skipFirstPaint; first-paint.mjs) and the
 * load runs on both servers.
 * @param {{ port: number, duration: number, connections: number, quick: boolean, skipHttp: boolean, skipLighthouse: boolean, skipFirstPaint: boolean, noteLoad: (label: string) => void }} options
 * @returns {Promise<{ http: object | null, httpSkipReason: string | null, weights: object[], lighthouse: object | null, lighthouseSkipReason: string | null, firstPaint: object | null, firstPaintSkipReason: string | null }>}
 */
export async function measureHttp({
  port,
  duration,
  connections,
  quick,
  skipHttp,
  skipLighthouse,
  skipFirstPaint,
  noteLoad,
}) {
  const figures = {
    http: null,
    httpSkipReason: skipHttp ? "skipped (--skip-http)" : null,
    weights: null,
    lighthouse: null,
    lighthouseSkipReason: skipHttp
      ? "skipped (--skip-http: it needs the server)"
      : skipLighthouse
        ? "skipped (--skip-lighthouse)"
        : null,
    firstPaint: null,
    firstPaintSkipReason: skipHttp
      ? "skipped (--skip-http: it needs the server)"
      : skipFirstPaint
        ? "skipped (--skip-first-paint)"
        : null,
  };
  const built = build({ ifMissing: true, log });
  if (skipHttp) {
    figures.weights = routeWeights();
    return figures;
  }
  log("HTTP: snapshot of build/ (copy of build/client, Worker bundled with wrangler deploy --dry-run)");
  const snapshot = snapshotBuild();
  const client = join(snapshot.dir, "client");
  figures.weights = routeWeights(client);
  const http = { built, cacheFiles: appCacheUse(), app: [], nocache: [], html: {} };
  figures.http = http;
  const slices = quick ? 3 : 5;
  noteLoad("before HTTP");
  const appPort = await choosePort(port, log);
  log(`HTTP: starting the app on :${appPort} (fresh local D1 with the sample data)`);
  const app = await startApp(appPort, snapshot);
  try {
    http.asset = await findStaticAsset(appPort);
    for (const w of figures.weights) {
      const found = await htmlScripts(appPort, w.sample);
      const gzip = found.urls.reduce(
        (total, url) => total + (existsSync(join(client, url)) ? gzipBytes(url, client).gzip : 0),
        0,
      );
      http.html[w.pattern] = { ...found, gzip };
    }
    if (!figures.lighthouseSkipReason) {
      // Before the load runs, on an idle server.
      log("Lighthouse: home, a landing page and a detail page");
      try {
        figures.lighthouse = await runLighthouse(
          ["/", "/us/or/portland/gluten-free", "/restaurant/2"].map((path) => `http://127.0.0.1:${appPort}${path}`),
          { runs: quick ? 1 : 3 },
        );
      } catch (error) {
        figures.lighthouseSkipReason = `could not run: ${error instanceof Error ? error.message : error}`;
        log(`Lighthouse ${figures.lighthouseSkipReason}`);
      }
    }
    if (!figures.firstPaintSkipReason) {
      noteLoad("before first paint");
      log("First paint: home, a search, detail (slow 4G, 4x CPU)");
      try {
        figures.firstPaint = await measureFirstPaint(`http://127.0.0.1:${appPort}`, { runs: quick ? 3 : 5 });
      } catch (error) {
        figures.firstPaintSkipReason = `could not run: ${error instanceof Error ? error.message : error}`;
        log(`First paint ${figures.firstPaintSkipReason}`);
      }
    }
    const runs = [
      { name: "static", path: http.asset },
      ...PAGES.flatMap((p) => [
        { name: p.name, path: p.path, mode: "cached" },
        { name: p.name, path: p.path, mode: "busted", bust: true },
      ]),
    ];
    log(
      `HTTP app: ${runs.length} runs interleaved, ${slices} slices of ${Math.round(duration / slices)} s each, ${connections} connections`,
    );
    const results = await loadInterleaved(appPort, runs, { duration, connections, slices });
    http.app = runs.map((run, i) => ({ ...run, ...results[i] }));
  } finally {
    await app.stop();
  }
  const nocachePort = await choosePort(port + 1 === appPort ? port + 2 : port + 1, log);
  log(`HTTP: starting the never-cached variant on :${nocachePort} (bench/http/nocache-worker.ts)`);
  const nocache = await startNoCache(nocachePort, snapshot);
  try {
    const runs = [
      { name: "static", path: http.asset },
      ...PAGES.map((p) => ({ name: p.name, path: p.path, mode: "uncached", bust: true })),
    ];
    log(`HTTP nocache: ${runs.length} runs interleaved`);
    const results = await loadInterleaved(nocachePort, runs, { duration, connections, slices });
    http.nocache = runs.map((run, i) => ({ ...run, ...results[i] }));
  } finally {
    await nocache.stop();
  }
  noteLoad("after HTTP");
  return figures;
}

/**
 * A static file from build/client/assets that the home page loads: the stylesheet when it
 * links one, else (the stylesheet is inlined) its route module, a script of similar size.
 */
export async function findStaticAsset(port) {
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const file =
    /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html) ?? /"(\/assets\/_index-[A-Za-z0-9_-]+\.js)"/.exec(html);
  return file ? file[1] : "/favicon.svg";
}

function withBuster(path, counter) {
  return `${path}${path.includes("?") ? "&" : "?"}_b=${counter}`;
}

// Browsers ask for compressed responses, and wrangler dev compresses as Cloudflare does.
const HEADERS = { "accept-encoding": "gzip, br", accept: "text/html,*/*" };

function autocannonOnce(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => onResponse(responseTime, statusCode));
  });
}

/**
 * Loads several paths of one server in turns: `slices` rounds, each giving every run
 * duration/slices seconds, so that the static asset and the pages see the same background
 * load (other work shares this machine). Per-request latencies are pooled per run.
 * run: { path, bust } — bust adds a new `_b=<n>` to every request.
 */
export async function loadInterleaved(port, runs, { duration, connections, slices }) {
  const state = [];
  for (const run of runs) {
    // One request first, so that "cached" runs start warm and a broken page fails loudly.
    const probe = await fetch(`http://127.0.0.1:${port}${run.bust ? withBuster(run.path, "probe") : run.path}`, {
      headers: HEADERS,
    });
    const body = await probe.arrayBuffer();
    state.push({
      run,
      counter: 0,
      latencies: [],
      requests: 0,
      seconds: 0,
      non2xx: 0,
      errors: 0,
      status: probe.status,
      cacheControl: probe.headers.get("cache-control"),
      encoding: probe.headers.get("content-encoding"),
      bytes: body.byteLength,
    });
  }
  const sliceSeconds = Math.max(1, Math.round(duration / slices));
  for (let slice = 0; slice < slices; slice++) {
    for (const entry of state) {
      const { path, bust } = entry.run;
      const result = await autocannonOnce(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          duration: sliceSeconds,
          headers: HEADERS,
          requests: [
            bust
              ? { method: "GET", setupRequest: (request) => ({ ...request, path: withBuster(path, entry.counter++) }) }
              : { method: "GET", path },
          ],
        },
        (ms) => entry.latencies.push(ms),
      );
      entry.requests += result.requests.total;
      entry.seconds += result.duration;
      entry.non2xx += result.non2xx;
      entry.errors += result.errors + result.timeouts;
    }
  }
  return state.map((entry) => ({
    path: entry.run.path,
    bust: Boolean(entry.run.bust),
    status: entry.status,
    cacheControl: entry.cacheControl,
    encoding: entry.encoding,
    bytes: entry.bytes,
    samples: entry.latencies.length,
    p50: Math.round(percentile(entry.latencies, 50)),
    p99: Math.round(percentile(entry.latencies, 99)),
    rps: entry.requests / entry.seconds,
    total: entry.requests,
    non2xx: entry.non2xx,
    errors: entry.errors,
  }));
}

/** Does the app (app/, server.ts, load-context.ts) use the Workers Cache API at all? */
export function appCacheUse() {
  const hits = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        if (/caches\.default|caches as|\.default\?:\s*Cache|cache\.match\(|cache\.put\(/.test(text))
          hits.push(path.slice(ROOT.length + 1));
      }
    }
  };
  walk(join(ROOT, "app"));
  for (const file of ["server.ts", "load-context.ts"]) {
    if (
      existsSync(join(ROOT, file)) &&
      /caches\.default|cache\.match\(|cache\.put\(/.test(readFileSync(join(ROOT, file), "utf8"))
    )
      hits.push(file);
  }
  return hits;
}

/**
 * Scripts a page's HTML makes the browser load on a first visit: modulepreload links,
 * <script src>, and static imports in inline module scripts; each with its gzip size.
 */
export async function htmlScripts(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  const html = await response.text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) urls.add(i[1]);
  }
  return { status: response.status, urls: [...urls].filter((u) => u.startsWith("/")) };
}
