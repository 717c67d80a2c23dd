// The saved list at size: `/saved?ids=` with 100 ids (the most a list holds) spread over the
// data set, against the home page's search, both uncached (the never-cached build of
// ./http.mjs), one request at a time, interleaved so that both see the same machine. The list
// reads its 100 restaurants in one directory call (app/lib/saved/saved-page.server.ts); its
// Server-Timing `db` is that call's wait. Target (contract section 13): p95 at most 2x the home
// search page's p95.
import { parseServerTiming } from "./search-urls.mjs";
import { fmtMs, fmtRatio, log, percentile } from "./util.mjs";

export const SAVED_LIST_TARGET_RATIO = 2;
const LIST_LENGTH = 100;
const HEADERS = { "accept-encoding": "gzip, br", accept: "text/html,*/*" };

/** 100 ids spread evenly over 1..size (the data sets number their rows from 1). */
function spreadIds(size, count = LIST_LENGTH) {
  return Array.from({ length: count }, (_, i) => Math.max(1, Math.round(((i + 0.5) * size) / count)));
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: HEADERS });
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, bytes, ...parseServerTiming(response.headers.get("server-timing")) };
}

function summary(samples) {
  const ms = samples.map((s) => s.ms);
  return {
    samples: samples.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    db50: percentile(
      samples.map((s) => s.db),
      50,
    ),
    bytes: samples[0]?.bytes ?? 0,
  };
}

/** The list and the home page, `rounds` times each after a warm-up, alternating. */
export async function measureSavedList(origin, { size, rounds }) {
  const ids = spreadIds(size);
  const listPath = `/saved?ids=${ids.join(",")}`;
  const homePath = "/";
  log(`Saved list: /saved?ids= with ${ids.length} ids against the home page, ${rounds} rounds one at a time`);
  await timed(origin + listPath);
  await timed(origin + homePath);
  const list = [];
  const home = [];
  for (let round = 0; round < rounds; round++) {
    list.push(await timed(origin + listPath));
    home.push(await timed(origin + homePath));
  }
  const figures = { size, ids: ids.length, list: summary(list), home: summary(home) };
  figures.ratio = figures.list.p95 / figures.home.p95;
  log(
    `Saved list p95 ${fmtMs(figures.list.p95)} ms (db ${fmtMs(figures.list.db50)} ms median) vs home p95 ${fmtMs(figures.home.p95)} ms: ${fmtRatio(figures.ratio)}`,
  );
  return figures;
}
