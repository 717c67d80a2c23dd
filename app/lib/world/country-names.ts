// The countries by code and by the English name the site shows ('Canada', 'United Kingdom',
// 'Hong Kong'), from `countries-list` (MIT; docs/decisions/0031-world-place-data.md), the one
// source of country names: the location box reads them (app/lib/places/world.ts), cards and
// pages show them (./reading.ts), the suggestion form offers them (app/lib/submissions/countries.ts).
// Server side: loaders call these; no module the browser loads imports this one.
import { countries } from "countries-list";

/** A country's ISO 3166-1 alpha-2 code, upper case. */
export type CountryCode = keyof typeof countries;

/**
 * Ascension and Tristan da Cunha: `countries-list` gives them codes of their own, which ISO
 * 3166-1 only reserves (they are part of Saint Helena, `SH`).
 */
const NOT_ISO: ReadonlySet<string> = new Set(["AC", "TA"]);

/** Every ISO 3166-1 alpha-2 code the data knows (with Kosovo, `XK`). */
export const COUNTRY_CODES: readonly CountryCode[] = (Object.keys(countries) as CountryCode[]).filter(
  (code) => !NOT_ISO.has(code),
);

/** The country's English name ('Germany'; the code in either case), or the code itself when it is not a known country. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  return upper in countries ? countries[upper as CountryCode].name : code;
}
