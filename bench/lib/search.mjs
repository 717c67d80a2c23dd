// Search benchmark: the fixed query mix against one database, indexed (the app's own SQL)
// and scanned (the same statements with the FTS5 subquery replaced by lower(col) LIKE), on
// D1 through getPlatformProxy, and on Postgres (PGlite) through public.search_restaurants
// with and without its indexes.
import { EXTRA_QUERIES, QUERY_MIX, buildScanStatements, criteriaFor, pgArgsFor } from "./queries.mjs";
import { log, percentile } from "./util.mjs";

/** Timed runs of `run()`: `rounds` passes over the queries, after one untimed warm-up pass. */
async function measure(queries, rounds, runners) {
  for (const runner of runners) for (const q of queries) await runner.run(q);
  const samples = Object.fromEntries(runners.map((r) => [r.name, { all: [], byQuery: queries.map(() => []) }]));
  for (let round = 0; round < rounds; round++) {
    for (const runner of runners) {
      if (runner.rounds !== undefined && round >= runner.rounds) continue;
      for (const [index, q] of queries.entries()) {
        const started = performance.now();
        await runner.run(q);
        const ms = performance.now() - started;
        samples[runner.name].all.push(ms);
        samples[runner.name].byQuery[index].push(ms);
      }
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
 * D1: statements are prepared and bound once, outside the timing (through the proxy each
 * bind() is a synchronous round trip from Node that the Worker does not pay); the timed part
 * is the one `db.batch([count, page])` the Worker sends.
 */
export async function benchD1(db, appSql, { rounds, scanRounds, check }) {
  const prepare = (queries) =>
    queries.map((query) => {
      const statements = appSql.buildSearchStatements(criteriaFor(query, appSql));
      const scan = buildScanStatements(statements);
      return {
        query,
        statements,
        scan,
        indexed: [bound(db, statements.count), bound(db, statements.page)],
        scanned: [bound(db, scan.count), bound(db, scan.page)],
      };
    });
  const mix = prepare(QUERY_MIX);
  const extra = prepare(EXTRA_QUERIES);

  // The fixed cost of one db.batch round trip through the proxy, for reference.
  const floorStatements = [db.prepare("SELECT 1 AS one"), db.prepare("SELECT 1 AS one")];
  const floor = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await db.batch(floorStatements);
    floor.push(performance.now() - t);
  }

  const results = { checks: [], totals: [] };
  for (const item of mix) {
    const [count] = await db.batch([item.indexed[0]]);
    results.totals.push(count.results[0].total);
  }
  if (check) {
    // Correctness: indexed and scan give the same total and the same ids (whole result, not
    // only the first page).
    for (const item of [...mix, ...extra]) {
      const all = (s) => ({ sql: s.sql, params: [...s.params.slice(0, -2), 1_000_000_000, 0] });
      const [a, b] = await db.batch([bound(db, all(item.statements.page)), bound(db, all(item.scan.page))]);
      const ida = a.results.map((r) => r.id);
      const idb = b.results.map((r) => r.id);
      const same = ida.length === idb.length && ida.every((id, i) => id === idb[i]);
      results.checks.push({ label: item.query.label, indexed: ida.length, scan: idb.length, same });
    }
  }

  log(`    d1 search: ${rounds} rounds indexed, ${scanRounds} rounds scan, ${mix.length} queries`);
  const samples = await measure(mix, Math.max(rounds, scanRounds), [
    { name: "indexed", rounds, run: (item) => db.batch(item.indexed) },
    { name: "scan", rounds: scanRounds, run: (item) => db.batch(item.scanned) },
  ]);
  const extraSamples = await measure(extra, Math.min(rounds, 10), [
    { name: "indexed", run: (item) => db.batch(item.indexed) },
    { name: "scan", run: (item) => db.batch(item.scanned) },
  ]);
  return {
    labels: mix.map((m) => m.query.label),
    kinds: mix.map((m) => m.query.kind),
    sql: mix.map((m) => m.statements),
    floorP50: percentile(floor, 50),
    indexed: summarise(samples.indexed),
    scan: summarise(samples.scan),
    extra: extra.map((m, i) => ({
      label: m.query.label,
      indexed: extraSamples.indexed.byQuery[i],
      scan: extraSamples.scan.byQuery[i],
    })).map((e) => ({ label: e.label, indexedP50: percentile(e.indexed, 50), scanP50: percentile(e.scan, 50) })),
    ...results,
  };
}

const PG_CALL = `select public.search_restaurants(
  p_query => $1, p_zip => $2, p_city => $3, p_state => $4, p_city_or_state => $5,
  p_cuisine => $6, p_diets => $7::text[], p_match_all => $8, p_limit => $9, p_offset => $10) as result`;

function pgParams(args) {
  return [args.p_query, args.p_zip, args.p_city, args.p_state, args.p_city_or_state, args.p_cuisine, args.p_diets, args.p_match_all, args.p_limit, args.p_offset];
}

const SCAN_ON = "set enable_bitmapscan = off; set enable_indexscan = off; set enable_indexonlyscan = off;";
const SCAN_OFF = "reset enable_bitmapscan; reset enable_indexscan; reset enable_indexonlyscan;";

/** Postgres (PGlite): the search function, with the planner's index scans on, then off. */
export async function benchPg(pg, appSql, { rounds, scanRounds, check, d1Totals }) {
  const mix = QUERY_MIX.map((query) => ({ query, params: pgParams(pgArgsFor(criteriaFor(query, appSql))) }));
  const call = async (item) => (await pg.query(PG_CALL, item.params)).rows[0].result;

  const results = { checks: [], totals: [], plans: [] };
  for (const item of mix) results.totals.push(Number((await call(item)).total));
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
  if (d1Totals) {
    results.sameTotalsAsD1 = mix.map((_, i) => results.totals[i] === d1Totals[i]);
  }

  log(`    pg search: ${rounds} rounds indexed, ${scanRounds} rounds scan, ${mix.length} queries`);
  const indexed = await measure(mix, rounds, [{ name: "indexed", run: call }]);
  await pg.exec(SCAN_ON);
  const scan = await measure(mix, scanRounds, [{ name: "scan", run: call }]);
  await pg.exec(SCAN_OFF);
  return {
    labels: mix.map((m) => m.query.label),
    indexed: summarise(indexed.indexed),
    scan: summarise(scan.scan),
    ...results,
  };
}
