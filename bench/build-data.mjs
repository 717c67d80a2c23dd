#!/usr/bin/env node
// Builds (or checks) the cached benchmark databases without running any benchmark:
//   node bench/build-data.mjs 10k,100k,1M [--skip-pg] [--migrate-in-place]
// --migrate-in-place: a D1 data set built with older migrations (same generator, seed, place
// data and month) gets the new migrations applied instead of being rebuilt.
import { readOptions } from "../scripts/lib/cli.mjs";
import { parseSize } from "./generate.mjs";
import { openD1 } from "./lib/d1.mjs";
import { log } from "./lib/util.mjs";

const { values, positionals } = readOptions(
  {
    "skip-pg": { type: "boolean", description: "D1 only" },
    "migrate-in-place": {
      type: "boolean",
      description: "apply new migrations to a D1 data set built with older ones instead of rebuilding it",
    },
  },
  { synopsis: "node bench/build-data.mjs [SIZES, default 10k,100k,1M] [options]", positionals: true },
);
const sizes = (positionals[0] ?? "10k,100k,1M").split(",").map(parseSize);
for (const n of sizes) {
  const { loadSeconds, dispose } = await openD1(n, { migrateInPlace: Boolean(values["migrate-in-place"]) });
  log(`d1 ${n}: ${loadSeconds === null ? "reused" : `built in ${loadSeconds.toFixed(1)} s`}`);
  await dispose();
  if (!values["skip-pg"]) {
    const { openPg } = await import("./lib/pg.mjs");
    const pg = await openPg(n);
    log(`pg ${n}: ${pg.loadSeconds === null ? "reused" : `built in ${pg.loadSeconds.toFixed(1)} s`}`);
    await pg.close();
  }
}
