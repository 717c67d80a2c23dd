// Loads the US place data (scripts/generate-places.ts) into a local D1 database, for
// `npm start` and for tests. Does nothing when us_places already has rows.
//
//   npx tsx scripts/load-places.ts [--persist-to DIR]     (DIR as given to wrangler; default .wrangler/state)
//
// Why not `wrangler d1 execute --local --file seed/places.sql`: wrangler 3.114 splits a file
// into statements in time quadratic in statement length (76 s for this file), and the
// workerd it runs crashes ("HashIndex detected hash table inconsistency", then SIGSEGV) after
// a few megabytes of distinct statement texts. Here each table is filled by one statement
// text, bound to a JSON array of a few thousand rows and expanded by SQLite's json_each: a
// second or so. seed/places.sql stays the way to load a remote D1 (its --file goes through
// D1's import API instead).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import type { UsPlace, UsZipCode } from "../app/lib/places/places";
import { loadPlaceData, type PlaceData } from "./generate-places";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ROWS_PER_STATEMENT = 2000;

/** `INSERT ... SELECT` of one JSON array of rows (each row an array, in `columns` order). */
function insertFromJson(table: string, columns: readonly string[]): string {
  const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  return `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values} FROM json_each(?1)`;
}

const ZIP_COLUMNS = [
  "zip",
  "place_name",
  "state",
  "latitude",
  "longitude",
] as const satisfies readonly (keyof UsZipCode)[];
const PLACE_COLUMNS = [
  "id",
  "state",
  "name",
  "key",
  "slug",
  "latitude",
  "longitude",
  "zip_count",
] as const satisfies readonly (keyof UsPlace)[];

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Replaces the contents of us_zip_codes and us_places with `data`, in one batch (one transaction). */
export async function loadPlacesIntoD1(db: D1Database, data: PlaceData = loadPlaceData()): Promise<void> {
  const zipInsert = db.prepare(insertFromJson("us_zip_codes", ZIP_COLUMNS));
  const placeInsert = db.prepare(insertFromJson("us_places", PLACE_COLUMNS));
  await db.batch([
    db.prepare("DELETE FROM us_zip_codes"),
    db.prepare("DELETE FROM us_places"),
    ...chunks(data.zips, ROWS_PER_STATEMENT).map((rows) =>
      zipInsert.bind(JSON.stringify(rows.map((z) => ZIP_COLUMNS.map((c) => z[c])))),
    ),
    ...chunks(data.places, ROWS_PER_STATEMENT).map((rows) =>
      placeInsert.bind(JSON.stringify(rows.map((p) => PLACE_COLUMNS.map((c) => p[c])))),
    ),
  ]);
}

async function main() {
  const index = process.argv.indexOf("--persist-to");
  const persistTo = index === -1 ? join(ROOT, ".wrangler", "state") : process.argv[index + 1]!;
  const started = performance.now();
  // wrangler keeps local D1 under <persist-to>/v3; getPlatformProxy takes that directory.
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(ROOT, "wrangler.toml"),
    persist: { path: join(persistTo, "v3") },
  });
  try {
    const db = proxy.env.DB;
    const existing = await db.prepare("SELECT count(*) AS n FROM us_places").first<number>("n");
    if (existing) {
      console.log(`The place data is loaded (${existing} places): not loaded again.`);
      return;
    }
    const data = loadPlaceData();
    await loadPlacesIntoD1(db, data);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Loaded ${data.zips.length} ZIP codes and ${data.places.length} places (GeoNames, CC BY 4.0) in ${seconds} s.`,
    );
  } finally {
    await proxy.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
