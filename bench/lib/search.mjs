// Search benchmark: the fixed query mix against one database, indexed (the app's own SQL)
// and scanned (the same statements with the FTS5 subquery replaced by lower(col) LIKE), on
// D1 through getPlatformProxy, and on Postgres (PGlite) through public.search_restaurants
// with and without its indexes.
import { EXTRA_QUERIES, QUERY_MIX, buildScanStatements, criteriaFor, pgArgsFor } from "./queries.mjs";
import { log, percentile } from "./util.mjs";

/**
 * Timed runs of `run()`: `rounds` passes over the queries, after one untimed warm-up pass
 * (unless a runner says `warmup: false`). A runner may stop earlier (`runner.rounds`).
 * `onWarmup(index, value)` sees what each warm-up call returned.
 */
async function measure(queries, rounds, runners) {
  for (const runner of runners) {
    if (runner.warmup === false) continue;
    for (const [index, q] of queries.entries()) {
      const value = await runner.run(q);
      runner.onWarmup?.(index, value);
    }
  }
  const samples = Object.fromEntries(runners.map((r) => [r.name, { all: [], byQuery: queries.map(() => []) }]));
  for (let round = 0; round < rounds; round++) {
    for (const runner of runners) {
      if (runner.rounds !== undefined && round >= runner.rounds) continue;
      const roundStarted = performance.now();
      for (const [index, q] of queries.entries()) {
        const started = performance.now();
        await runner.run(q);
        const ms = performance.now() - started;
        samples[runner.name].all.push(ms);
        samples[runner.name].byQuery[index].push(ms);
      }
      const roundMs = performance.now() - roundStarted;
      if (roundMs > 20_000) log(`      ${runner.name} round ${round + 1}/${runner.rounds ?? rounds}: ${(roundMs / 1000).toFixed(0)} s`);
    }
  }
  return samples;
}

function summarise(samples) {
  return {
    count: samples.all.length,
    p50: percentile(samples.all, 50),
    p95: percentile(samples.all, 95),
    byQuery: samples.byQuery.map((s) => ({ p50: percentile(s, 50), p95: percentile(s, 95), n: s.length })),
  };
}

function bound(db, { sql, params }) {
  return db.prepare(sql).bind(...params);
}

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

/**
 * D1. Timings come from inside workerd (`timing.run`, see openTimingWorker): each query is
 * the app's count + page statements in one `db.batch`, as the Worker sends them. Rounds of
 * indexed and scan alternate, after one untimed warm-up pass of each.
 *
 * Through getPlatformProxy (`db`, from Node, as tests/support/d1.ts does) the benchmark checks
 * correctness (check: indexed and scan return the same total and ids) and also times the
 * indexed mix from Node, to show the proxy's own round trip. Statements are bound before that
 * timing starts: through the proxy every bind() is a synchronous call into workerd that the
 * Worker does not make.
 */
export async function benchD1({ db, disposeProxy, openTiming }, appSql, { rounds, scanRounds, proxyRounds, check }) {
  const prepare = (queries) =>
    queries.map((query) => {
      const statements = appSql.buildSearchStatements(criteriaFor(query, appSql));
      const scan = buildScanStatements(statements);
      return { query, statements, scan, indexedPair: [statements.count, statements.page], scanPair: [scan.count, scan.page] };
    });
  const mix = prepare(QUERY_MIX);
  const extra = prepare(EXTRA_QUERIES);
  const results = { checks: [], totals: [] };

  // --- through getPlatformProxy (Node side) ---
  for (const item of mix) {
    const [count] = await proxyBatch(db, [bound(db, item.statements.count)]);
    results.totals.push(count.results[0].total);
  }
  if (check) {
    for (const item of [...mix, ...extra]) {
      const all = (s) => ({ sql: s.sql, params: [...s.params.slice(0, -2), 1_000_000_000, 0] });
      const [a, b] = await proxyBatch(db, [bound(db, all(item.statements.page)), bound(db, all(item.scan.page))]);
      const [ca, cb] = await proxyBatch(db, [bound(db, item.statements.count), bound(db, item.scan.count)]);
      const ida = a.results.map((r) => r.id);
      const idb = b.results.map((r) => r.id);
      const same = ca.results[0].total === cb.results[0].total && ida.length === idb.length && ida.every((id, i) => id === idb[i]);
      results.checks.push({ label: item.query.label, indexed: ida.length, scan: idb.length, same });
    }
  }
  // Query plans of the page statements (for the report's explanations).
  results.plans = [];
  for (const item of mix) {
    try {
      const { sql, params } = item.statements.page;
      const [plan] = await proxyBatch(db, [db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params)]);
      results.plans.push(plan.results.map((row) => row.detail).join("; "));
    } catch (error) {
      results.plans.push(`(no plan: ${error instanceof Error ? error.message : error})`);
    }
  }
  const floorStatements = [db.prepare("SELECT 1 AS one"), db.prepare("SELECT 1 AS one")];
  const proxyFloor = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await proxyBatch(db, floorStatements);
    proxyFloor.push(performance.now() - t);
  }
  const proxyBound = mix.map((item) => item.indexedPair.map((s) => bound(db, s)));
  const proxySamples = await measure(proxyBound, proxyRounds, [{ name: "proxy", run: (stmts) => proxyBatch(db, stmts) }]);

  // --- inside workerd (Worker side) ---
  // One workerd at a time on the SQLite file: the proxy's goes before the timing Worker's starts.
  await disposeProxy();
  const timing = await openTiming();
  try {
  log(`    d1 search: ${rounds} rounds indexed, ${scanRounds} rounds scan, ${mix.length} queries`);
  const floor = await timing.run(Array.from({ length: 50 }, () => [{ sql: "SELECT 1 AS one", params: [] }, { sql: "SELECT 1 AS one", params: [] }]));
  await timing.run(mix.map((m) => m.indexedPair));
  await timing.run(mix.map((m) => m.scanPair));
  const samples = { indexed: { all: [], byQuery: mix.map(() => []) }, scan: { all: [], byQuery: mix.map(() => []) } };
  const record = (name, times) =>
    times.forEach((ms, i) => {
      samples[name].all.push(ms);
      samples[name].byQuery[i].push(ms);
    });
  const started = performance.now();
  for (let round = 0; round < Math.max(rounds, scanRounds); round++) {
    if (round < rounds) record("indexed", await timing.run(mix.map((m) => m.indexedPair)));
    if (round < scanRounds) record("scan", await timing.run(mix.map((m) => m.scanPair)));
    if (performance.now() - started > 20_000 && round % 5 === 4) log(`      round ${round + 1}`);
  }
  const extraRounds = Math.min(rounds, 5);
  const extraTimes = { indexed: extra.map(() => []), scan: extra.map(() => []) };
  for (let round = 0; round < extraRounds; round++) {
    (await timing.run(extra.map((m) => m.indexedPair))).forEach((ms, i) => extraTimes.indexed[i].push(ms));
    (await timing.run(extra.map((m) => m.scanPair))).forEach((ms, i) => extraTimes.scan[i].push(ms));
  }
  return {
    labels: mix.map((m) => m.query.label),
    kinds: mix.map((m) => m.query.kind),
    sql: mix.map((m) => m.statements),
    floorP50: percentile(floor, 50),
    proxyFloorP50: percentile(proxyFloor, 50),
    proxy: summarise(proxySamples.proxy),
    indexed: summarise(samples.indexed),
    scan: summarise(samples.scan),
    extra: extra.map((m, i) => ({
      label: m.query.label,
      indexedP50: percentile(extraTimes.indexed[i], 50),
      scanP50: percentile(extraTimes.scan[i], 50),
    })),
    ...results,
  };
  } finally {
    await timing.dispose();
  }
}

const PG_CALL = `select public.search_restaurants(
  p_query => $1, p_zip => $2, p_city => $3, p_state => $4, p_city_or_state => $5,
  p_cuisine => $6, p_diets => $7::text[], p_match_all => $8, p_limit => $9, p_offset => $10) as result`;

function pgParams(args) {
  return [args.p_query, args.p_zip, args.p_city, args.p_state, args.p_city_or_state, args.p_cuisine, args.p_diets, args.p_match_all, args.p_limit, args.p_offset];
}

const SCAN_ON = "set enable_bitmapscan = off; set enable_indexscan = off; set enable_indexonlyscan = off;";
const SCAN_OFF = "reset enable_bitmapscan; reset enable_indexscan; reset enable_indexonlyscan;";

/**
 * Postgres (PGlite): the search function, with the planner's index scans on, then off.
 * The index-less pass has no warm-up (it reads the whole table every call anyway, and at 1M
 * a pass takes minutes); scanRounds 0 skips it.
 */
export async function benchPg(pg, appSql, { rounds, scanRounds, check, d1Totals }) {
  const mix = QUERY_MIX.map((query) => ({ query, params: pgParams(pgArgsFor(criteriaFor(query, appSql))) }));
  const call = async (item) => (await pg.query(PG_CALL, item.params)).rows[0].result;

  const results = { checks: [], totals: mix.map(() => null) };
  if (check) {
    for (const item of mix) {
      const all = [...item.params.slice(0, -2), 100, 0];
      const a = (await pg.query(PG_CALL, all)).rows[0].result;
      await pg.exec(SCAN_ON);
      const b = (await pg.query(PG_CALL, all)).rows[0].result;
      await pg.exec(SCAN_OFF);
      const ida = a.restaurants.map((r) => Number(r.id));
      const idb = b.restaurants.map((r) => Number(r.id));
      const same = a.total === b.total && ida.length === idb.length && ida.every((id, i) => id === idb[i]);
      results.checks.push({ label: item.query.label, indexed: Number(a.total), scan: Number(b.total), same });
    }
  }

  log(`    pg search: ${rounds} rounds indexed, ${scanRounds} rounds scan, ${mix.length} queries`);
  const indexed = await measure(mix, rounds, [
    { name: "indexed", run: call, onWarmup: (index, value) => (results.totals[index] = Number(value.total)) },
  ]);
  if (d1Totals) results.sameTotalsAsD1 = mix.map((_, i) => results.totals[i] === d1Totals[i]);
  let scan = { scan: { all: [], byQuery: mix.map(() => []) } };
  if (scanRounds > 0) {
    await pg.exec(SCAN_ON);
    try {
      scan = await measure(mix, scanRounds, [{ name: "scan", run: call, warmup: false }]);
    } finally {
      await pg.exec(SCAN_OFF);
    }
  }
  return {
    labels: mix.map((m) => m.query.label),
    indexed: summarise(indexed.indexed),
    scan: summarise(scan.scan),
    ...results,
  };
}
