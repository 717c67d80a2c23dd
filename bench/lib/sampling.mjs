// Timed rounds over a list of queries, and their percentiles: shared by every backend's
// search runner (search-d1.mjs, search-pg.mjs).
import { log, percentile } from "./util.mjs";

/**
 * Timed runs of `run()`: `rounds` passes over the queries, after one untimed warm-up pass
 * (unless a runner says `warmup: false`). A runner may stop earlier (`runner.rounds`).
 * `onWarmup(index, value)` sees what each warm-up call returned.
 */
export async function measure(queries, rounds, runners) {
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
      if (roundMs > 20_000)
        log(`      ${runner.name} round ${round + 1}/${runner.rounds ?? rounds}: ${(roundMs / 1000).toFixed(0)} s`);
    }
  }
  return samples;
}

export function summarise(samples) {
  return {
    count: samples.all.length,
    p50: percentile(samples.all, 50),
    p95: percentile(samples.all, 95),
    byQuery: samples.byQuery.map((s) => ({ p50: percentile(s, 50), p95: percentile(s, 95), n: s.length })),
  };
}
