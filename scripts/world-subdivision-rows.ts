// The subdivision rows of the location box's world data (scripts/generate-world-places.ts): the
// first-level subdivisions of app/lib/world/subdivisions.ts (npm `iso-3166`, the one list the
// suggestion form checks too), each with the GeoNames admin1 codes that stand for it and the
// other names people write ('Bavaria', 'Tuscany'), both taken from data/world-subdivisions.json
// (the extract of iso3166-2-db, scripts/extract-subdivisions.ts). The extract only bridges: a
// subdivision, its code and its name are iso-3166's; an extract row whose code iso-3166 does not
// have at the first level is matched by name, then by the code's first-level ancestor, and
// otherwise left out (its towns then have no subdivision). docs/decisions/0031-world-place-data.md.
import { placeKey } from "../app/lib/places/places";
import type { Subdivision } from "../app/lib/world/subdivisions";
import type { SubdivisionRow } from "./extract-subdivisions";

/** What the rows are built from: the first-level list and the hierarchy of app/lib/world/subdivisions.ts. */
export type FirstLevelData = {
  countries: readonly string[];
  subdivisionsOf: (country: string) => readonly Subdivision[];
  firstLevelCodeOf: (country: string, code: string) => string | null;
};

/**
 * Codes ISO changed since the extract, which neither the hierarchy nor a name leads to, by the
 * extract's country and code: China's two autonomous regions by their Chinese names, Almaty's
 * city and region now numbered, Sejong, Kigali, Borkou, and India's two union territories merged
 * in 2020.
 */
const RENAMED: Record<string, string> = {
  "CN-15": "NM",
  "CN-54": "XZ",
  "KZ-ALA": "75",
  "KZ-ALM": "19",
  "KR-22": "50",
  "RW-12": "01",
  "TD-23": "BO",
  "IN-DD": "DH",
  "IN-DN": "DH",
};

/** Lower case, no accents or punctuation, single spaces: 'Beijing Shi' → 'beijing shi'. */
const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The first-level subdivision an extract row stands for: its new code (RENAMED), its own code,
 * the one one of its names names ('Corsica' or 'Corse' for FR-20R), or the one whose name is one
 * of its names and a word more ('Beijing' for 'Beijing Shi'); or, for a code ISO has below the
 * first level, the one it lies in (a province of the Dominican Republic in its region), whose
 * names it does not share. Null when none or several.
 */
function matchOf(row: SubdivisionRow, data: FirstLevelData): { code: string; sameNames: boolean } | null {
  const [country, , code, name, others] = row;
  const renamed = RENAMED[`${country}-${code}`];
  if (renamed) return { code: renamed, sameNames: true };
  const list = data.subdivisionsOf(country);
  if (list.some((s) => s.code === code)) return { code, sameNames: true };
  const spellings = new Set([name, ...others].map(words).filter(Boolean));
  const named = list.filter((s) => spellings.has(words(s.name)) || spellings.has(words(s.name.split(",")[0] ?? "")));
  if (named.length > 1) return null;
  if (named.length === 1) return { code: named[0]!.code, sameNames: true };
  const longer = list.filter((s) => [...spellings].some((spelling) => words(s.name).startsWith(`${spelling} `)));
  if (longer.length === 1) return { code: longer[0]!.code, sameNames: true };
  const ancestor = data.firstLevelCodeOf(country, code);
  return ancestor ? { code: ancestor, sameNames: false } : null;
}

/**
 * One row per first-level subdivision outside the US and GeoNames admin1 code that stands for it
 * (a subdivision no admin1 code stands for has one row with the admin1 code ''): its code, its
 * iso-3166 name, and the extract's names of it that differ. Also the extract rows left out.
 */
export function worldSubdivisionRows(
  extract: readonly SubdivisionRow[],
  data: FirstLevelData,
): { rows: SubdivisionRow[]; leftOut: SubdivisionRow[] } {
  const bridged = new Map<string, { admin: string; names: string[] }[]>();
  const leftOut: SubdivisionRow[] = [];
  for (const row of extract) {
    const match = matchOf(row, data);
    if (!match) {
      leftOut.push(row);
      continue;
    }
    const key = `${row[0]}-${match.code}`;
    const names = match.sameNames ? [row[3], ...row[4]] : [];
    bridged.set(key, [...(bridged.get(key) ?? []), { admin: row[1], names }]);
  }
  const rows: SubdivisionRow[] = [];
  for (const country of data.countries) {
    if (country === "US") continue;
    for (const { code, name } of data.subdivisionsOf(country)) {
      const sources = bridged.get(`${country}-${code}`) ?? [{ admin: "", names: [] }];
      for (const { admin, names } of sources) {
        const others = [...new Set(names)].filter((n) => placeKey(n) !== placeKey(name));
        rows.push([country, admin, code, name, others]);
      }
    }
  }
  return { rows, leftOut };
}
