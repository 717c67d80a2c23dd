// The search runner on D1 (workerd's local SQLite): the query mix of queries.mjs as the app's
// own statements (indexed) and their plain-scan twins, timed inside workerd; the database
// comes from d1.mjs.
import { EXTRA_QUERIES, QUERY_MIX, buildScanStatements, criteriaFor } from "./queries.mjs";
import { measure, summarise } from "./sampling.mjs";
import { log, percentile } from "./util.mjs";

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
      return {
        query,
        statements,
        scan,
        indexedPair: [statements.count, statements.page],
        scanPair: [scan.count, scan.page],
      };
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
      const same =
        ca.results[0].total === cb.results[0].total && ida.length === idb.length && ida.every((id, i) => id === idb[i]);
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
  const proxySamples = await measure(proxyBound, proxyRounds, [
    { name: "proxy", run: (stmts) => proxyBatch(db, stmts) },
  ]);

  // --- inside workerd (Worker side) ---
  // One workerd at a time on the SQLite file: the proxy's goes before the timing Worker's starts.
  await disposeProxy();
  const timing = await openTiming();
  try {
    log(`    d1 search: ${rounds} rounds indexed, ${scanRounds} rounds scan, ${mix.length} queries`);
    const floor = await timing.run(
      Array.from({ length: 50 }, () => [
        { sql: "SELECT 1 AS one", params: [] },
        { sql: "SELECT 1 AS one", params: [] },
      ]),
    );
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
