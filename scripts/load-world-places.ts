// Loads the world place data (scripts/generate-world-places.ts) into a local D1 database, for
// `npm start` and for tests. Does nothing when world_places already has rows. Like
// scripts/load-places.ts (which says why not `wrangler d1 execute --file`): each table filled
// by one statement text bound to a JSON array of rows, expanded by SQLite's json_each.
//
//   npx tsx scripts/load-world-places.ts [--persist-to DIR]     (DIR as given to wrangler; default .wrangler/state)
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import {
  WORLD_ALIAS_COLUMNS,
  WORLD_PLACE_COLUMNS,
  WORLD_SUBDIVISION_COLUMNS,
  WORLD_SUBDIVISION_KEY_COLUMNS,
  loadWorldPlaceData,
  type WorldPlaceData,
} from "./generate-world-places";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ROWS_PER_STATEMENT = 2000;

function insertFromJson(table: string, columns: readonly string[]): string {
  const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  return `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values} FROM json_each(?1)`;
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Replaces the contents of the four world place tables with `data`, in one batch (one transaction). */
export async function loadWorldPlacesIntoD1(
  db: D1Database,
  data: WorldPlaceData = loadWorldPlaceData(),
): Promise<void> {
  const fill = <R extends Record<string, unknown>>(
    table: string,
    columns: readonly (keyof R & string)[],
    rows: R[],
  ) => {
    const insert = db.prepare(insertFromJson(table, columns));
    return chunks(rows, ROWS_PER_STATEMENT).map((part) =>
      insert.bind(JSON.stringify(part.map((row) => columns.map((c) => row[c])))),
    );
  };
  await db.batch([
    db.prepare("DELETE FROM world_place_aliases"),
    db.prepare("DELETE FROM world_places"),
    db.prepare("DELETE FROM world_subdivision_keys"),
    db.prepare("DELETE FROM world_subdivisions"),
    ...fill("world_subdivisions", WORLD_SUBDIVISION_COLUMNS, data.subdivisions),
    ...fill("world_subdivision_keys", WORLD_SUBDIVISION_KEY_COLUMNS, data.subdivisionKeys),
    ...fill("world_places", WORLD_PLACE_COLUMNS, data.places),
    ...fill("world_place_aliases", WORLD_ALIAS_COLUMNS, data.aliases),
  ]);
}

async function main() {
  const index = process.argv.indexOf("--persist-to");
  const persistTo = index === -1 ? join(ROOT, ".wrangler", "state") : process.argv[index + 1]!;
  const started = performance.now();
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(ROOT, "wrangler.toml"),
    persist: { path: join(persistTo, "v3") },
  });
  try {
    const db = proxy.env.DB;
    const existing = await db.prepare("SELECT count(*) AS n FROM world_places").first<number>("n");
    if (existing) {
      console.log(`The world place data is loaded (${existing} places): not loaded again.`);
      return;
    }
    const data = loadWorldPlaceData();
    await loadWorldPlacesIntoD1(db, data);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Loaded ${data.places.length} world places and ${data.subdivisions.length} subdivisions (GeoNames, CC BY 4.0) in ${seconds} s.`,
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
