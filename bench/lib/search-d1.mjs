// The search runner on D1 (workerd's local SQLite): each query of the mix (queries.mjs) as the
// app's Worker runs it. The place lookup goes first, through getPlatformProxy (in the app it is
// cached for a day); then every page view (the count and page batch, and for an empty search
// with a centre the nearest beyond) is timed inside workerd, with the rows it read.
import { EXTRA_QUERIES, QUERY_MIX, SUGGESTION_QUERIES, WORLD_QUERIES, criteriaFor } from "./queries.mjs";
import { summarise } from "./sampling.mjs";
import { log, percentile } from "./util.mjs";

/**
 * db.batch through getPlatformProxy, sent again when workerd dropped the kept-alive
 * connection under it (undici: "other side closed", EPIPE, ECONNRESET). Reads only.
 */
async function proxyBatch(db, statements) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.batch(statements);
    } catch (error) {
      const code = error?.cause?.code ?? error?.code;
      if (attempt >= 3 || !["UND_ERR_SOCKET", "EPIPE", "ECONNRESET"].includes(code)) throw error;
      log(`    proxy connection dropped (${code}); sending again`);
    }
  }
}

const bound = (db, { sql, params }) => db.prepare(sql).bind(...params);

/** The centre a query's search has, looked up as the app does (index.server.ts). */
async function centreOf(db, app, criteria) {
  if (criteria.coords) return { centre: criteria.coords, place: null };
  const lookup = criteria.location ? app.placeLookupOf(criteria.locationRule) : null;
  if (!lookup) return { centre: null, place: null };
  const [result] = await proxyBatch(db, [bound(db, app.placeStatement(lookup))]);
  if (result.results.length !== 1) return { centre: null, place: null };
  const place = result.results[0];
  return { centre: { lat: place.lat, lng: place.lng }, place };
}

/** A page view's statements, as the D1 adapter (d1/directory.server.ts) sends them. */
/** The time zones of the open-hours keys (read once per database, as an isolate keeps them). */
const zoneLists = new WeakMap();
async function zonesOf(db, app) {
  if (!zoneLists.has(db)) {
    const [result] = await proxyBatch(db, [db.prepare(app.ZONES_SQL)]);
    zoneLists.set(db, result.results.map(app.zoneRowOf));
  }
  return zoneLists.get(db);
}

async function pageView(db, app, query) {
  const searched = criteriaFor(app, query);
  // open=now: the keys of the moment, as the D1 adapter adds them.
  const criteria = searched.open
    ? { ...searched, openZones: app.openZonesAt(await zonesOf(db, app), searched.at) }
    : searched;
  const { centre, place } = await centreOf(db, app, criteria);
  const offset = (criteria.page - 1) * app.PAGE_SIZE;
  const [count, page] = centre
    ? app.distanceStatements(criteria, centre, offset)
    : app.nameOrderStatements(criteria, offset);
  return {
    query,
    criteria,
    centre,
    place,
    statements: criteria.page > app.LAST_PAGE ? [count] : [count, page],
    // The nearest beyond the radius, run after the batch when it finds nothing (its own trip).
    beyond: centre ? [app.nearestBeyondStatement(criteria, centre)] : null,
  };
}

/**
 * A D1 binding that records every round trip the app's adapter makes through it (a batch, or
 * one statement's all/first/run), passing each on to `db`.
 */
function recording(db) {
  const trips = [];
  const make = (sql, params) => ({
    sql,
    params,
    bind: (...values) => make(sql, values),
    async all() {
      trips.push([{ sql, params }]);
      return (await proxyBatch(db, [bound(db, { sql, params })]))[0];
    },
    async first() {
      return (await this.all()).results[0] ?? null;
    },
    async run() {
      return this.all();
    },
  });
  return {
    trips,
    db: {
      prepare: (sql) => make(sql, []),
      async batch(list) {
        trips.push(list.map(({ sql, params }) => ({ sql, params })));
        return proxyBatch(
          db,
          list.map((s) => bound(db, s)),
        );
      },
    },
  };
}

/**
 * A home page's reads for a search, as the Worker makes them: the page (runSearch) and its
 * suggestions (searchHintsFor), through the app's own D1 adapter, recorded trip by trip. The
 * place lookup is left out (the app keeps it a day), as in the mix.
 */
async function hintView(db, app, criteria, cuisines) {
  const search = app.searchOf(criteria);
  const recorder = recording(db);
  const directory = app.createD1Directory(recorder.db);
  const result = await app.runSearch(directory, search);
  const suggestions = await app.searchHintsFor(directory, search, result, cuisines);
  const lookup = search.location && !search.coords ? app.placeLookupOf(app.parseLocationRule(search.location)) : null;
  const lookupSql = lookup ? app.placeStatement(lookup).sql : null;
  const trips = recorder.trips.filter((trip) => !(trip.length === 1 && trip[0].sql === lookupSql));
  return { statements: trips[0], after: trips.slice(1), total: result.total, suggestions };
}

/** The place lookups' statements (US and world): a trip of one of these is a lookup. */
const LOOKUP_TABLES = /\b(us_places|us_zip_codes|world_places|world_place_aliases|world_subdivision_keys)\b/;

/**
 * A home page's reads for a search abroad, as the Worker makes them: runSearch through the
 * app's own D1 adapter, recorded trip by trip, the place lookups (US and world, which the
 * Worker sends side by side) included, then the page (and the nearest beyond an empty radius).
 * `lookups`: the lookup trips alone, timed apart to tell their share.
 */
async function worldView(db, app, query) {
  const search = app.searchOf(query.criteria);
  const recorder = recording(db);
  const result = await app.runSearch(app.createD1Directory(recorder.db), search);
  const trips = recorder.trips;
  const lookups = trips.filter((trip) => trip.every((s) => LOOKUP_TABLES.test(s.sql)));
  const place = result.place ? `${result.place.name}, ${result.place.state}` : (result.area ?? null);
  return {
    query,
    trips,
    lookups,
    total: result.total,
    capped: result.capped,
    place,
    alternatives: result.alternatives.length,
  };
}

/** What a page view returns: the count and the page's ids (for the checks). */
async function answer(db, view) {
  const results = await proxyBatch(
    db,
    view.statements.map((s) => bound(db, s)),
  );
  return { total: results[0].results[0].total, ids: (results[1]?.results ?? []).map((r) => r.id) };
}

/**
 * D1: `rounds` timed passes over the mix (after one warm-up pass) inside workerd, and a few
 * over the extra queries. With `reference` (the generated rows and the place data, at the
 * smallest size), each query's count and page are checked against the reference statement of
 * the rules.
 */
export async function benchD1({ db, disposeProxy, openTiming }, app, { rounds, reference }) {
  const mix = [];
  for (const query of QUERY_MIX) mix.push(await pageView(db, app, query));
  const extra = [];
  for (const query of EXTRA_QUERIES) extra.push(await pageView(db, app, query));
  const world = [];
  for (const query of WORLD_QUERIES) world.push(await worldView(db, app, query));

  const answers = [];
  for (const view of [...mix, ...extra]) answers.push(await answer(db, view));
  const cuisines = (await proxyBatch(db, [db.prepare("SELECT name FROM cuisine_types ORDER BY name")]))[0].results.map(
    (row) => row.name,
  );
  const typed = [];
  for (const query of SUGGESTION_QUERIES) {
    typed.push({
      query,
      typed: await hintView(db, app, query.criteria, cuisines),
      right: await hintView(db, app, query.right, cuisines),
    });
  }
  const checks = reference
    ? [...mix, ...extra].map((view, i) => {
        const expected = app.referenceDirectorySearch(reference.rows, reference.places, view.criteria);
        const got = answers[i];
        const total = Math.min(got.total, app.MAX_COUNTED);
        const same = total === expected.total && got.ids.join() === expected.ids.join();
        return { label: view.query.label, total: got.total, expectedTotal: expected.total, same };
      })
    : [];

  // One workerd at a time on the SQLite file: the proxy's goes before the timing Worker's starts.
  await disposeProxy();
  const timing = await openTiming();
  try {
    log(`    d1 search: ${rounds} rounds, ${mix.length} queries (+ ${extra.length} extra)`);
    const views = (list) => list.map((v) => ({ statements: v.statements, beyond: v.beyond }));
    const floor = await timing.run(
      Array.from({ length: 50 }, () => ({ statements: [{ sql: "SELECT 1 AS total", params: [] }] })),
    );
    await timing.run(views(mix));
    const samples = { all: [], byQuery: mix.map(() => []) };
    const rowsRead = mix.map(() => 0);
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      (await timing.run(views(mix))).forEach(({ ms, rowsRead: rows }, i) => {
        samples.all.push(ms);
        samples.byQuery[i].push(ms);
        rowsRead[i] = rows;
      });
      if (performance.now() - started > 20_000 && round % 5 === 4) log(`      round ${round + 1}`);
    }
    const extraTimes = extra.map(() => []);
    const extraRows = extra.map(() => 0);
    for (let round = 0; round < Math.min(rounds, 5); round++) {
      (await timing.run(views(extra))).forEach(({ ms, rowsRead: rows }, i) => {
        extraTimes[i].push(ms);
        extraRows[i] = rows;
      });
    }
    // What people type: each query and the same search spelt right, alternately.
    const typedTimes = typed.map(() => ({ typed: [], right: [], typedRows: 0, rightRows: 0 }));
    const asView = (v) => ({ statements: v.statements, after: v.after });
    for (let round = 0; round < Math.min(rounds, 10); round++) {
      const results = await timing.run(typed.flatMap((t) => [asView(t.typed), asView(t.right)]));
      typed.forEach((_, i) => {
        const [a, b] = [results[2 * i], results[2 * i + 1]];
        typedTimes[i].typed.push(a.ms);
        typedTimes[i].right.push(b.ms);
        typedTimes[i].typedRows = a.rowsRead;
        typedTimes[i].rightRows = b.rowsRead;
      });
    }
    // Beyond the US: the whole page view (lookups and page), and its lookups alone, alternately.
    const tripsView = (trips) => ({ statements: trips[0] ?? [], after: trips.slice(1) });
    const worldTimes = world.map(() => ({ all: [], lookups: [], rows: 0, lookupRows: 0 }));
    for (let round = 0; round < Math.max(rounds, 20); round++) {
      const results = await timing.run(world.flatMap((w) => [tripsView(w.trips), tripsView(w.lookups)]));
      world.forEach((_, i) => {
        const [a, b] = [results[2 * i], results[2 * i + 1]];
        worldTimes[i].all.push(a.ms);
        worldTimes[i].lookups.push(b.ms);
        worldTimes[i].rows = a.rowsRead;
        worldTimes[i].lookupRows = b.rowsRead;
      });
    }
    const search = summarise(samples);
    return {
      labels: mix.map((v) => v.query.label),
      kinds: mix.map((v) => v.query.kind),
      centres: mix.map((v) => (v.place ? `${v.place.name}, ${v.place.state}` : v.centre ? "coordinates" : null)),
      totals: answers.slice(0, mix.length).map((a) => a.total),
      ids: answers.slice(0, mix.length).map((a) => a.ids),
      floorP50: percentile(
        floor.map((f) => f.ms),
        50,
      ),
      search,
      rowsRead,
      checks,
      typed: typed.map((t, i) => ({
        label: t.query.label,
        kind: t.query.kind,
        trips: 1 + t.typed.after.length,
        offered: [
          ...(t.typed.suggestions.filterWords ? [t.typed.suggestions.filterWords] : []),
          ...t.typed.suggestions.didYouMean,
        ].map((link) => `${link.label} (${link.capped ? "1,000+" : link.count})`),
        p50: percentile(typedTimes[i].typed, 50),
        p95: percentile(typedTimes[i].typed, 95),
        rowsRead: typedTimes[i].typedRows,
        right: {
          p50: percentile(typedTimes[i].right, 50),
          p95: percentile(typedTimes[i].right, 95),
          rowsRead: typedTimes[i].rightRows,
        },
      })),
      world: world.map((w, i) => ({
        label: w.query.label,
        kind: w.query.kind,
        total: w.total,
        capped: w.capped,
        place: w.place,
        alternatives: w.alternatives,
        trips: w.trips.length,
        samples: worldTimes[i].all.length,
        p50: percentile(worldTimes[i].all, 50),
        p95: percentile(worldTimes[i].all, 95),
        rowsRead: worldTimes[i].rows,
        lookupRows: worldTimes[i].lookupRows,
        lookupP95: percentile(worldTimes[i].lookups, 95),
      })),
      extra: extra.map((v, i) => ({
        label: v.query.label,
        kind: v.query.kind,
        total: answers[mix.length + i].total,
        p50: percentile(extraTimes[i], 50),
        p95: percentile(extraTimes[i], 95),
        rowsRead: extraRows[i],
      })),
    };
  } finally {
    await timing.dispose();
  }
}
