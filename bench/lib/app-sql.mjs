// The app's own search code (TypeScript), compiled on the fly with esbuild, so that the
// benchmark replays exactly what the Worker runs: the D1 statements (sqlite-search.ts), the
// Postgres function's arguments (supabase.server.ts), the place lookup, the sitemaps'
// statements and partitioning (sqlite-landing.ts, app/lib/sitemap.ts), and the reference
// statement of the rules that checks the results (tests/fixtures/reference-search.ts).
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { DATA_DIR, ROOT } from "./util.mjs";

let loaded;

export async function loadAppSql() {
  if (loaded) return loaded;
  const outdir = join(DATA_DIR, "compiled");
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `app-sql-${process.pid}.mjs`);
  await build({
    stdin: {
      contents: `
        export { nameOrderStatements, distanceStatements, nearestBeyondStatement, distanceSql } from "./app/lib/directory/sqlite-search.ts";
        export { placeStatement } from "./app/lib/directory/d1.server.ts";
        export { searchArgs, placeArgs } from "./app/lib/directory/supabase.server.ts";
        export { LAST_PAGE, MAX_COUNTED, PAGE_SIZE, searchOf } from "./app/lib/domain.ts";
        export { referenceDirectorySearch } from "./tests/fixtures/reference-search.ts";
        export { loadPlaceData, renderPlacesSql } from "./scripts/generate-places.ts";
        export { loadPlacesIntoD1 } from "./scripts/load-places.ts";
        export * as sitemapSql from "./app/lib/directory/sqlite-landing.ts";
        export * as sitemap from "./app/lib/sitemap.ts";
        export { US_STATES, parseLocation, placeLookupOf, searchScope } from "./app/lib/places.ts";
        export { openKeysAt, deriveOpenHours, openSlotsText, deriveOpenHoursD1, deriveOpenHoursPostgres } from "./app/lib/open-hours.server.ts";
      `,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    alias: { "~": join(ROOT, "app") },
    outfile,
    logLevel: "error",
  });
  try {
    loaded = await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
  return loaded;
}
