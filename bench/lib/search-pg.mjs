// The search runner on Postgres (PGlite): the query mix of queries.mjs through
// public.search_restaurants, with the planner's index scans on and off; the database comes
// from pg.mjs.
import { QUERY_MIX, criteriaFor, pgArgsFor } from "./queries.mjs";
import { measure, summarise } from "./sampling.mjs";
import { log } from "./util.mjs";

const PG_CALL = `select public.search_restaurants(
  p_query => $1, p_zip => $2, p_city => $3, p_state => $4, p_city_or_state => $5,
  p_cuisine => $6, p_diets => $7::text[], p_match_all => $8, p_limit => $9, p_offset => $10) as result`;

function pgParams(args) {
  return [
    args.p_query,
    args.p_zip,
    args.p_city,
    args.p_state,
    args.p_city_or_state,
    args.p_cuisine,
    args.p_diets,
    args.p_match_all,
    args.p_limit,
    args.p_offset,
  ];
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
