#!/usr/bin/env node
// Builds (or checks) the cached benchmark databases without running any benchmark:
//   node bench/build-data.mjs 10k,100k,1M [--skip-pg]
import { readOptions } from "../scripts/lib/cli.mjs";
import { parseSize } from "./generate.mjs";
import { openD1 } from "./lib/d1.mjs";
import { log } from "./lib/util.mjs";

const { values, positionals } = readOptions(
  { "skip-pg": { type: "boolean", description: "D1 only" } },
  { synopsis: "node bench/build-data.mjs [SIZES, default 10k,100k,1M] [options]", positionals: true },
);
const sizes = (positionals[0] ?? "10k,100k,1M").split(",").map(parseSize);
for (const n of sizes) {
  const { loadSeconds, dispose } = await openD1(n);
  log(`d1 ${n}: ${loadSeconds === null ? "reused" : `built in ${loadSeconds.toFixed(1)} s`}`);
  await dispose();
  if (!values["skip-pg"]) {
    const { openPg } = await import("./lib/pg.mjs");
    const pg = await openPg(n);
    log(`pg ${n}: ${pg.loadSeconds === null ? "reused" : `built in ${pg.loadSeconds.toFixed(1)} s`}`);
    await pg.close();
  }
}
