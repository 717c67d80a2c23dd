#!/usr/bin/env node
// Builds (or checks) the cached benchmark databases without running any benchmark:
//   node bench/build-data.mjs 10k,100k,1M [--skip-pg]
import { parseSize } from "./generate.mjs";
import { openD1 } from "./lib/d1.mjs";
import { log } from "./lib/util.mjs";

const args = process.argv.slice(2);
const sizes = (args.find((a) => !a.startsWith("--")) ?? "10k,100k,1M").split(",").map(parseSize);
for (const n of sizes) {
  const { loadSeconds, dispose } = await openD1(n);
  log(`d1 ${n}: ${loadSeconds === null ? "reused" : `built in ${loadSeconds.toFixed(1)} s`}`);
  await dispose();
  if (!args.includes("--skip-pg")) {
    const { openPg } = await import("./lib/pg.mjs");
    const pg = await openPg(n);
    log(`pg ${n}: ${pg.loadSeconds === null ? "reused" : `built in ${pg.loadSeconds.toFixed(1)} s`}`);
    await pg.close();
  }
}
