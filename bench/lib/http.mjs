// The HTTP stage: the built app under `wrangler dev` (workerd), two servers on a snapshot of
// the build (snapshot.mjs), started by the project's launcher (scripts/lib/server.mjs).
//
// - The app as deployed, on a fresh local D1 with the sample data (as `npm start` prepares
//   it): the first-paint measurement (first-paint.mjs) runs against it.
// - The same build behind bench/http/nocache-worker.ts (the Workers Cache API never holds an
//   entry, so every request queries D1 and renders), on the benchmark's D1 data set of the
//   chosen size (bench/.data/d1-<size>, read only): the mix's searches (queries.mjs) as search
//   URLs, every one uncached, beside a static file from the same server. First one pass at a
//   time (each page's time and its `Server-Timing` split: db, render, cache), then under load
//   with autocannon, searches and the static file interleaved so that both see the same
//   background load. Then the saved list of 100 places against the home page (saved-list.mjs).
import { join } from "node:path";
import autocannon from "autocannon";
import { build, choosePort, prepare, serve } from "../../scripts/lib/server.mjs";
import { sizeLabel } from "../generate.mjs";
import { openD1 } from "./d1.mjs";
import { measureFirstPaint } from "./first-paint.mjs";
import { QUERY_MIX } from "./queries.mjs";
import { measureSavedList } from "./saved-list.mjs";
import { parseServerTiming, searchPath } from "./search-urls.mjs";
import { snapshotBuild } from "./snapshot.mjs";
import { ROOT, log, percentile } from "./util.mjs";

const PERSIST = join(ROOT, ".wrangler", "bench-http");

/** The app (the snapshot's server.ts) on a fresh local D1 with the sample data. */
export async function startApp(port, snapshot) {
  prepare({ persistTo: PERSIST, fresh: true, build: false, config: snapshot.app, log });
  return serve({ port, persistTo: PERSIST, config: snapshot.app, path: "/favicon.svg" });
}

/**
 * @param {{ port: number, httpSize: number, duration: number, connections: number, quick: boolean, skipFirstPaint: boolean, noteLoad: (label: string) => void }} options
 * @returns the figures: firstPaint (or why not), uncached (or why not), savedList (bench/lib/saved-list.mjs)
 */
export async function measureHttp({ port, httpSize, duration, connections, quick, skipFirstPaint, noteLoad }) {
  const figures = {
    firstPaint: null,
    firstPaintSkipReason: skipFirstPaint ? "skipped (--skip-first-paint)" : null,
    uncached: null,
    uncachedSkipReason: null,
    savedList: null,
  };
  build({ ifMissing: true, log });
  log("HTTP: snapshot of build/ (copy of build/client, Worker bundled with wrangler deploy --dry-run)");
  const snapshot = snapshotBuild();

  if (!skipFirstPaint) {
    const appPort = await choosePort(port, log);
    log(`HTTP: starting the app on :${appPort} (fresh local D1 with the sample data)`);
    const app = await startApp(appPort, snapshot);
    try {
      noteLoad("before first paint");
      log("First paint: home, a search, detail (slow 4G, 4x CPU)");
      figures.firstPaint = await measureFirstPaint(`http://127.0.0.1:${appPort}`, { runs: quick ? 3 : 5 });
    } catch (error) {
      figures.firstPaintSkipReason = `could not run: ${error instanceof Error ? error.message : error}`;
      log(`First paint ${figures.firstPaintSkipReason}`);
    } finally {
      await app.stop();
    }
  }

  // The data set: built (or checked) by d1.mjs, then closed, so that one workerd at a time
  // holds the SQLite file.
  const data = await openD1(httpSize);
  await data.dispose();
  const nocachePort = await choosePort(port + 1, log);
  log(`HTTP: the never-cached build on :${nocachePort}, D1 data set ${sizeLabel(httpSize)}`);
  const server = await serve({
    port: nocachePort,
    persistTo: data.dir,
    config: snapshot.nocache,
    path: "/favicon.svg",
  });
  try {
    noteLoad("before uncached HTTP");
    figures.uncached = await measureUncached(nocachePort, { httpSize, duration, connections, quick });
    figures.savedList = await measureSavedList(`http://127.0.0.1:${nocachePort}`, {
      size: httpSize,
      rounds: quick ? 10 : 30,
    });
  } finally {
    await server.stop();
  }
  noteLoad("after HTTP");
  return figures;
}

/** The searches of the mix, uncached: one at a time (with Server-Timing), then under load. */
async function measureUncached(port, { httpSize, duration, connections, quick }) {
  const origin = `http://127.0.0.1:${port}`;
  const asset = await findStaticAsset(origin);
  const searches = QUERY_MIX.map((q) => ({ label: q.label, path: searchPath(q.criteria) }));
  const passes = quick ? 2 : 3;
  log(`HTTP uncached: ${searches.length} searches, ${passes} passes one at a time (after a warm-up pass)`);
  const one = searches.map(() => []);
  for (let pass = 0; pass <= passes; pass++) {
    for (const [i, search] of searches.entries()) {
      const started = performance.now();
      const response = await fetch(origin + search.path, { headers: HEADERS });
      const bytes = (await response.arrayBuffer()).byteLength;
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${search.path} answered ${response.status}`);
      if (pass > 0)
        one[i].push({
          ms,
          bytes,
          timing: parseServerTiming(response.headers.get("server-timing")),
          status: response.status,
        });
    }
  }
  // Each query's median pass (by wall time), with that pass's own split, so that the parts
  // add up to the whole.
  const perQuery = searches.map((search, i) => {
    const sorted = [...one[i]].sort((a, b) => a.ms - b.ms);
    const middle = sorted[Math.ceil(sorted.length / 2) - 1];
    return { ...search, ms: middle.ms, bytes: middle.bytes, ...middle.timing };
  });
  const slices = quick ? 3 : 5;
  log(
    `HTTP uncached: under load, ${connections} connections, ${slices} rounds of the static file for ${Math.round(duration / slices)} s and every search once`,
  );
  const [staticRun, searchRun] = await loadInterleaved(
    port,
    [{ paths: [asset] }, { paths: searches.map((s) => s.path), amount: searches.length }],
    { duration, connections, slices },
  );
  return {
    size: httpSize,
    asset,
    connections,
    duration,
    slices,
    static: staticRun,
    searches: searchRun,
    ratio: searchRun.p95 / staticRun.p50,
    perQuery,
    slowest: [...perQuery].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

/**
 * A static file from build/client/assets that the home page loads: the stylesheet when it
 * links one, else (the stylesheet is inlined) its route module, a script of similar size.
 */
async function findStaticAsset(origin) {
  const html = await (await fetch(`${origin}/`)).text();
  const file =
    /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html) ?? /"(\/assets\/_index-[A-Za-z0-9_-]+\.js)"/.exec(html);
  return file ? file[1] : "/favicon.svg";
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
 * Loads several runs of one server in turns, `slices` rounds, so that all see the same
 * background load (other work shares this machine). A run goes round its `paths`: for
 * duration/slices seconds, or, with `amount`, for that many requests, every one answered (a
 * run cut off at a deadline would drop its slowest requests, those still in flight, and leave
 * the server working on them during the next run). Latencies are pooled per run.
 */
async function loadInterleaved(port, runs, { duration, connections, slices }) {
  const state = runs.map((run) => ({ run, next: 0, latencies: [], requests: 0, seconds: 0, failures: 0 }));
  const sliceSeconds = Math.max(1, Math.round(duration / slices));
  for (let slice = 0; slice < slices; slice++) {
    for (const entry of state) {
      const { paths, amount } = entry.run;
      const result = await autocannonOnce(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          ...(amount ? { amount } : { duration: sliceSeconds }),
          timeout: 60,
          headers: HEADERS,
          requests: [
            { method: "GET", setupRequest: (request) => ({ ...request, path: paths[entry.next++ % paths.length] }) },
          ],
        },
        (ms) => entry.latencies.push(ms),
      );
      entry.requests += result.requests.total;
      entry.seconds += result.duration;
      entry.failures += result.non2xx + result.errors + result.timeouts;
    }
  }
  return state.map((entry) => ({
    samples: entry.latencies.length,
    p50: percentile(entry.latencies, 50),
    p95: percentile(entry.latencies, 95),
    p99: percentile(entry.latencies, 99),
    rps: entry.requests / entry.seconds,
    failures: entry.failures,
  }));
}
