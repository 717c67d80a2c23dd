// The countries the suggestion form offers (the contract's section 14): every ISO 3166-1 alpha-2
// code with its English name, from i18n-iso-countries' English names (MIT,
// docs/decisions/0033-suggestion-form-countries.md). Server side only: the form's loader hands
// the browser the list, so the names are in the form page's HTML, never in its JavaScript.
// (DEFAULT_COUNTRY is in ./fields.ts, which the browser takes: this module's list must not follow it there.)
import english from "i18n-iso-countries/langs/en.json";

/**
 * A name that reads as a name in a list ("China", "Iran", "Tanzania") where the package's first
 * name is a formal one ("People's Republic of China"): the first of its names that is not
 * inverted ("Korea, Republic of"), bracketed or formal; else its first name.
 */
const FORMAL = /^(the |republic of |people's |islamic |united republic |state of )|,|\(/i;

function listName(names: string | readonly string[]): string {
  const all = typeof names === "string" ? [names] : names;
  return all.find((name) => !FORMAL.test(name)) ?? all[0] ?? "";
}

const NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(english.countries).map(([code, names]) => [code, listName(names)]),
);

/** Whether `code` is a country the form offers (upper case, as stored). */
export function isCountryCode(code: string): boolean {
  return NAMES.has(code);
}

/** A country's English name ("Canada"); the code itself when the list does not have it. */
export function countryName(code: string): string {
  return NAMES.get(code) ?? code;
}

/** The form's choices: [code, name], by name in English order. */
export function countryOptions(): [code: string, name: string][] {
  return [...NAMES].sort(([, a], [, b]) => a.localeCompare(b, "en"));
}
