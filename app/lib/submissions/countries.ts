// The countries the suggestion form offers (the contract's section 14): every ISO 3166-1 alpha-2
// code with the English name the site shows everywhere (app/lib/world/country-names.ts).
// Server side only: the form's loader hands the browser the list, so the names are in the form
// page's HTML, never in its JavaScript (docs/decisions/0033-suggestion-form-countries.md).
// (DEFAULT_COUNTRY is in ./fields.ts, which the browser takes: this module's list must not follow it there.)
import { COUNTRY_CODES, countryName } from "../world/country-names";

const CODES: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** Whether `code` is a country the form offers (upper case, as stored). */
export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

export { countryName };

/** The form's choices: [code, name], by name in English order. */
export function countryOptions(): [code: string, name: string][] {
  return COUNTRY_CODES.map((code): [string, string] => [code, countryName(code)]).sort(([, a], [, b]) =>
    a.localeCompare(b, "en"),
  );
}
