// Where a restaurant is, checked by its country (the contract's section 14, docs/routes.md): the
// suggestion form and the review queue's edits ask the same rules. In the United States the
// spec's rules: a US state or its two-letter code, kept as the code, and a ZIP code of five
// digits or ZIP+4. Elsewhere `state` is a first-level subdivision of the country (ISO 3166-2,
// the site's one list of them, which the location box reads too: ../world/subdivisions.ts),
// written as its code or its name and kept as the code without the country prefix ('ON',
// 'ENG', 'BY'), blank where the country has none; and the postal code is checked by the country's format (`postcode-validator`) where the package knows one,
// kept in capitals ('M5V 2T6', 'SW1A 1AA'). Libraries and licences:
// docs/decisions/0033-suggestion-form-countries.md. Values here are already kept text
// (./text.ts: trimmed, NFC); a value with a refused character is the text rules' to refuse.
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { stateCode } from "../places/places";
import { firstLevelSubdivisions as subdivisionsOf } from "../world/subdivisions";
import { countryName, countryOptions } from "./countries";
import { DEFAULT_COUNTRY } from "./fields";
import { TEXT_MESSAGES } from "./text";

/** A checked value as it is kept (null: blank), or the message beside its field. */
export type Checked = { ok: true; value: string | null } | { ok: false; message: string };

const ok = (value: string | null): Checked => ({ ok: true, value });
const refused = (message: string): Checked => ({ ok: false, message });

export const ADDRESS_MESSAGES = {
  usStateRequired: "State is required.",
  usZip: "Please enter a five-digit ZIP code, or ZIP+4 such as 97205-1234.",
  country: "Please choose a country from the list.",
} as const;

/** A name or code as compared: no case, accents, spaces or punctuation ("Québec" and "quebec" meet). */
const folded = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** Whether the country has first-level subdivisions (the US: its states). */
function hasSubdivisions(country: string): boolean {
  return country === DEFAULT_COUNTRY || subdivisionsOf(country).length > 0;
}

/** The countries the form offers that have no states or provinces: State stays blank there. */
export function countriesWithoutStates(): string[] {
  return countryOptions()
    .map(([code]) => code)
    .filter((code) => !hasSubdivisions(code));
}

/**
 * The code of the country's subdivision written as its code ('ON', 'CA-ON', 'on') or its name
 * ('Ontario', 'Bayern', 'Île-de-France'; for a name given with a comma, 'Madrid, Comunidad de',
 * its first part alone too); null when none.
 */
export function subdivisionCode(country: string, text: string): string | null {
  const key = folded(text);
  if (!key) return null;
  const prefix = folded(country);
  for (const { code, name } of subdivisionsOf(country)) {
    const codeKey = folded(code);
    if (key === codeKey || key === prefix + codeKey) return code;
    if (key === folded(name) || key === folded(name.split(",")[0] ?? "")) return code;
  }
  return null;
}

/** How many codes a message lists at most; more are a few examples. */
const LISTED_CODES = 20;

function stateMessage(country: string): string {
  const list = subdivisionsOf(country);
  const codes = list.map(({ code }) => code).sort();
  const shown =
    codes.length <= LISTED_CODES
      ? codes.join(", ")
      : `for example ${list
          .slice(0, 3)
          .map(({ code, name }) => `${code} (${name})`)
          .join(", ")}`;
  return `Please enter a state, province or region of ${countryName(country)} or its code: ${shown}.`;
}

/** `state` in the country (a kept text, blank as ""): its code, null where blank and the country has none. */
export function checkState(country: string, text: string): Checked {
  if (country === DEFAULT_COUNTRY) {
    if (!text) return refused(ADDRESS_MESSAGES.usStateRequired);
    const code = stateCode(text);
    return code ? ok(code) : refused(TEXT_MESSAGES.state);
  }
  if (!hasSubdivisions(country)) {
    return text ? refused(`${countryName(country)} has no states or provinces: please leave State blank.`) : ok(null);
  }
  if (!text) return refused(`Please enter the state, province or region in ${countryName(country)}.`);
  const code = subdivisionCode(country, text);
  return code ? ok(code) : refused(stateMessage(country));
}

const US_ZIP = /^[0-9]{5}(-[0-9]{4})?$/;

/** A postal code as the country writes it where the format says so: capitals, one space between parts. */
function postalCodeAsWritten(country: string, text: string): string {
  const code = text.toUpperCase().replace(/\s+/g, " ");
  // Canada and the kingdom write the last three characters apart ('M5V 2T6', 'SW1A 1AA').
  if ((country === "CA" || country === "GB") && !code.includes(" ") && code.length > 3) {
    return `${code.slice(0, -3)} ${code.slice(-3)}`;
  }
  return code;
}

/** `zip` in the country (a kept text, blank as ""): null when blank (it is optional everywhere). */
export function checkPostalCode(country: string, text: string): Checked {
  if (!text) return ok(null);
  if (country === DEFAULT_COUNTRY) return US_ZIP.test(text) ? ok(text) : refused(ADDRESS_MESSAGES.usZip);
  const code = postalCodeAsWritten(country, text);
  // A country whose format the package does not know (or that has no postal codes) takes the text as written.
  if (!postcodeValidatorExistsForCountry(country)) return ok(code);
  return postcodeValidator(code, country)
    ? ok(code)
    : refused(`Please enter a postal code as it is written in ${countryName(country)}.`);
}
