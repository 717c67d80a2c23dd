// The first-level subdivisions of every country (ISO 3166-2), from the npm package `iso-3166`
// (MIT): the one list of subdivisions on the site. The suggestion form checks `state` against it
// (app/lib/submissions/address-rules.ts), the location box reads its codes and names
// (`world_subdivisions`, written from it by scripts/generate-world-places.ts) and the landing
// pages abroad take their names from it (app/lib/seo/world-landing.server.ts). Why this package:
// docs/decisions/0031-world-place-data.md. Server-side: no module the browser loads imports it.
import { iso31662 } from "iso-3166/2.js";

export type Subdivision = { code: string; name: string };

/**
 * The kingdom's entries in the data are one flat list of its four countries and every county
 * and district; its first level (ISO 3166-2:GB's 'country' and 'province') is these four.
 */
const FIRST_LEVEL_ONLY: Record<string, readonly string[]> = { GB: ["ENG", "NIR", "SCT", "WLS"] };

let byCountry: Map<string, Subdivision[]> | null = null;

/** Every country's first-level subdivisions (those whose parent is the country itself), in the package's order. */
function firstLevel(): Map<string, Subdivision[]> {
  if (!byCountry) {
    byCountry = new Map();
    for (const entry of iso31662) {
      if (!/^[A-Z]{2}$/.test(entry.parent)) continue;
      const code = entry.code.slice(entry.parent.length + 1);
      const only = FIRST_LEVEL_ONLY[entry.parent];
      if (only && !only.includes(code)) continue;
      const list = byCountry.get(entry.parent) ?? [];
      list.push({ code, name: entry.name });
      byCountry.set(entry.parent, list);
    }
  }
  return byCountry;
}

/** The country's first-level subdivisions, their codes without the country prefix ('ON', 'ENG', 'BY'); none for most territories. */
export function firstLevelSubdivisions(country: string): readonly Subdivision[] {
  return firstLevel().get(country) ?? [];
}

/** The countries that have first-level subdivisions, by code. */
export function countriesWithSubdivisions(): string[] {
  return [...firstLevel().keys()].sort();
}

let parents: Map<string, string> | null = null;

/**
 * The first-level subdivision an ISO 3166-2 code of the country lies in: the code itself at
 * the first level, its ancestor's for a code below it ('DO', '02', a province, is in 'DO', '41',
 * a region); null for a code the data does not have.
 */
export function firstLevelCodeOf(country: string, code: string): string | null {
  parents ??= new Map(iso31662.map((entry) => [entry.code, entry.parent]));
  const firstLevelCodes = new Set(firstLevelSubdivisions(country).map((s) => s.code));
  let full = `${country}-${code}`;
  for (let depth = 0; depth < 4; depth++) {
    const short = full.slice(country.length + 1);
    if (firstLevelCodes.has(short)) return short;
    const parent = parents.get(full);
    if (!parent || !parent.startsWith(`${country}-`)) return null;
    full = parent;
  }
  return null;
}

/** A first-level subdivision's name ('Ontario' for 'CA', 'ON'); null when the country has no such code. */
export function subdivisionName(country: string, code: string): string | null {
  return firstLevelSubdivisions(country).find((s) => s.code === code)?.name ?? null;
}
