// The sitemap benchmark on D1 (workerd's local SQLite): the app's own sitemap statements
// (app/lib/directory/d1/landing.ts) and partitioning (app/lib/seo/sitemap.ts) against the
// benchmark databases of d1.mjs, each file's reads sent as the D1 adapter sends them and
// timed inside workerd, with the rows D1 reports reading (meta.rows_read, what D1 bills).
// Also the time to write the largest file's XML (in Node, the app's own urlsetXml).
import { sizeLabel } from "../generate.mjs";
import { loadAppSql } from "./app-sql.mjs";
import { openD1, openTimingWorker } from "./d1.mjs";
import { fmtMs, log, percentile, table } from "./util.mjs";

const median = (values) => percentile(values, 50);

/**
 * One data set: the index, then every file it lists, `rounds` times each (median time).
 * Returns { index, restaurants, states, urls, renderMs, check }.
 */
async function measureDataSet(dir, app, rounds) {
  const { sitemapSql, sitemap, US_STATES } = app;
  const timing = await openTimingWorker(dir);
  // Each file's statements in one batch (the index: two statements; any other file: one).
  // Results come back only when asked (the index, whose answer says which files there are).
  const run = (files) => timing.run(files);
  try {
    const indexStatements = [
      sitemapSql.restaurantFilesStatement(sitemap.IDS_PER_SITEMAP, sitemap.MAX_RESTAURANT_SITEMAPS),
      sitemapSql.stateCitiesStatement(Object.keys(US_STATES)),
    ];
    const indexRuns = [];
    for (let i = 0; i < rounds; i++) indexRuns.push((await run([{ statements: indexStatements, keep: true }]))[0]);
    const [fileRows, stateRows] = indexRuns[0].results;
    const restaurantFiles = fileRows.map((row) => row.n);
    const stateFiles = stateRows.flatMap(({ state, cities }) =>
      Array.from({ length: sitemap.stateSitemapParts(cities) }, (_, i) => ({ state, part: i + 1 })),
    );

    const restaurantJobs = restaurantFiles.map((file) => {
      const { from, to } = sitemap.restaurantIdRange(file);
      return { statements: [sitemapSql.restaurantIdsStatement(from, to)] };
    });
    const stateJobs = stateFiles.map(({ state, part }) => ({
      statements: [
        sitemapSql.citiesStatement(state, (part - 1) * sitemap.CITIES_PER_SITEMAP, sitemap.CITIES_PER_SITEMAP),
      ],
    }));
    const times = { restaurants: restaurantJobs.map(() => []), states: stateJobs.map(() => []) };
    let last = { restaurants: [], states: [] };
    for (let round = 0; round < rounds; round++) {
      last = { restaurants: await run(restaurantJobs), states: await run(stateJobs) };
      last.restaurants.forEach((r, i) => times.restaurants[i].push(r.ms));
      last.states.forEach((r, i) => times.states[i].push(r.ms));
    }
    const summary = (kind) => {
      const ms = times[kind].map(median);
      return {
        files: ms.length,
        msP50: median(ms),
        msMax: Math.max(0, ...ms),
        rowsReadMax: Math.max(0, ...last[kind].map((r) => r.rowsRead)),
        rowsReadTotal: last[kind].reduce((sum, r) => sum + r.rowsRead, 0),
        rowsMax: Math.max(0, ...last[kind].map((r) => r.rows)),
      };
    };
    const restaurants = summary("restaurants");
    const states = summary("states");

    // The largest restaurant file's XML, as the route writes it.
    const largest = Math.min(sitemap.IDS_PER_SITEMAP, restaurants.rowsMax);
    const locs = Array.from({ length: largest }, (_, i) => `https://safebites.example/restaurant/${i + 1}`);
    const started = performance.now();
    const xml = sitemap.urlsetXml(locs);
    const renderMs = performance.now() - started;

    const restaurantUrls = last.restaurants.reduce((sum, r) => sum + r.rows, 0);
    // A closed restaurant is in no sitemap: every other one must be in exactly one file.
    const [counted] = await run([
      {
        statements: [{ sql: "SELECT count(*) AS n FROM restaurants WHERE closed_at IS NULL", params: [] }],
        keep: true,
      },
    ]);
    const open = counted.results[0][0].n;
    return {
      index: {
        msP50: median(indexRuns.map((r) => r.ms)),
        rowsRead: indexRuns[0].rowsRead,
        restaurantFiles: restaurantFiles.length,
        stateFiles: stateFiles.length,
      },
      restaurants,
      states,
      renderMs,
      xmlBytes: xml.length,
      // Every restaurant still open in exactly one file, no file over the protocol's limit.
      check: {
        restaurantUrls,
        open,
        ok:
          restaurantUrls === open &&
          restaurants.rowsMax <= sitemap.MAX_URLS_PER_SITEMAP &&
          states.rowsMax <= sitemap.CITIES_PER_SITEMAP,
      },
    };
  } finally {
    await timing.dispose();
  }
}

/**
 * @param {{ sizes: number[], quick: boolean, noteLoad?: (label: string) => void }} options
 * @returns {Promise<Map<number, object>>} size → figures
 */
export async function measureSitemaps({ sizes, quick, noteLoad = () => {} }) {
  const app = await loadAppSql();
  const figures = new Map();
  for (const n of sizes) {
    noteLoad(`before sitemaps ${sizeLabel(n)}`);
    const d1 = await openD1(n);
    // One workerd at a time on the SQLite file.
    await d1.dispose();
    log(`sitemaps ${sizeLabel(n)}: measuring`);
    const result = await measureDataSet(d1.dir, app, quick ? 1 : 3);
    figures.set(n, result);
    log(
      `sitemaps ${sizeLabel(n)}: index ${fmtMs(result.index.msP50)} ms (${result.index.rowsRead} rows read); restaurant file max ${fmtMs(result.restaurants.msMax)} ms, ${result.restaurants.rowsReadMax} rows read; check ${result.check.ok ? "ok" : "FAILED"}`,
    );
  }
  return figures;
}

/** The report's section (report.mjs), from measureSitemaps' figures. */
export function sitemapSection(figures, print) {
  print("## Sitemaps (D1, local workerd)");
  print();
  if (!figures || figures.size === 0) {
    print("Not measured.");
    print();
    return;
  }
  print(
    "The reads of `/sitemap.xml` and of every file it lists, as the D1 adapter sends them (`app/lib/directory/d1/landing.ts`), timed inside workerd; *rows read* is the sum of D1's `meta.rows_read` for the file (what D1 bills). " +
      "Restaurant files hold 50,000 ids each (one range of the primary key); state files a state's landing pages. Time is the median of the rounds per file; *write XML* is the largest restaurant file's `urlsetXml` in Node. Every response is then kept a day in the page cache.",
  );
  print();
  print(
    table(
      [
        "size",
        "index ms",
        "index rows read",
        "restaurant files",
        "per file ms p50 / max",
        "rows read max",
        "URLs max",
        "state files",
        "per file ms p50 / max",
        "rows read max",
        "write XML ms",
        "check",
      ],
      [...figures].map(([n, f]) => [
        sizeLabel(n),
        fmtMs(f.index.msP50),
        String(f.index.rowsRead),
        String(f.restaurants.files),
        `${fmtMs(f.restaurants.msP50)} / ${fmtMs(f.restaurants.msMax)}`,
        String(f.restaurants.rowsReadMax),
        String(f.restaurants.rowsMax),
        String(f.states.files),
        `${fmtMs(f.states.msP50)} / ${fmtMs(f.states.msMax)}`,
        String(f.states.rowsReadMax),
        fmtMs(f.renderMs),
        f.check.ok
          ? "every open restaurant once"
          : `FAILED (${f.check.restaurantUrls} restaurant URLs, ${f.check.open} open restaurants)`,
      ]),
    ),
  );
  print();
}
