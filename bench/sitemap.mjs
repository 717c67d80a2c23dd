#!/usr/bin/env node
// The sitemap stage of the benchmark alone (bench/lib/sitemap.mjs): time and D1 rows read for
// /sitemap.xml and every file it lists, on the benchmark's D1 data sets (built on first use
// and kept in bench/.data/). Prints the report's table; `npm run bench` includes it.
//   node bench/sitemap.mjs --sizes 10k,1M [--quick]
import { readOptions } from "../scripts/lib/cli.mjs";
import { parseSize } from "./generate.mjs";
import { measureSitemaps, sitemapSection } from "./lib/sitemap.mjs";

const OPTIONS = {
  quick: { type: "boolean", description: "one round per file instead of three" },
  sizes: { type: "string", value: "LIST", default: "10k", description: "data set sizes" },
};
const { values } = readOptions(OPTIONS, { synopsis: "node bench/sitemap.mjs [options]", args: process.argv.slice(2) });
const figures = await measureSitemaps({ sizes: values.sizes.split(",").map(parseSize), quick: Boolean(values.quick) });
const lines = [];
sitemapSection(figures, (text = "") => lines.push(text));
process.stdout.write(lines.join("\n") + "\n");
if ([...figures.values()].some((f) => !f.check.ok)) process.exit(1);
