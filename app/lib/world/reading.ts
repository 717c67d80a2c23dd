// How a restaurant reads in its country (docs/decisions/0032-international-formatting.md):
// outside the US, its address in its country's own order, with the country's name, by
// @fragaria/address-formatter (the OpenCage templates), and its phone number in international
// form by libphonenumber-js (its smallest metadata), whose E.164 digits the tel: link keeps
// (telHref); on a card, its distance in its country's unit. Worked out by the loaders (cardOf,
// the detail page): the two libraries are the server's, and no component imports this file. A
// US restaurant's address and phone number have no reading: its pages show the stored text as
// they always have.
import addressFormatter from "@fragaria/address-formatter";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { HOME_COUNTRY, countryOf, formatKilometres, usesKilometres } from "./countries";
import { countryName } from "./country-names";

export type AddressAbroad = {
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country?: string | null;
};

/**
 * Countries whose people write the subdivision's code in an address (Toronto, ON M5V 2T6;
 * Sydney NSW 2000). Elsewhere the stored ISO 3166-2 code ('62' for Lazio, '13' for Tokyo, 'ENG')
 * is no part of a written address and is left out.
 */
const WRITES_SUBDIVISION_CODE: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

/** The address's lines in its country's order, the last the country's name: ['14 Pemberly Yard', 'London', 'WC2H 9JQ', 'United Kingdom']. */
export function addressLines(parts: AddressAbroad): string[] {
  const country = countryOf(parts.country);
  const lines = addressFormatter.format(
    {
      road: parts.address ?? undefined,
      city: parts.city ?? undefined,
      postcode: parts.zipCode ?? undefined,
      stateCode: WRITES_SUBDIVISION_CODE.has(country) ? (parts.state ?? undefined) : undefined,
      countryCode: country,
      country: countryName(country),
    },
    { output: "array" },
  );
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** The address on one line: '4-2-9 Momijidai, Tokyo, 150-0002, Japan'. */
export function addressLine(parts: AddressAbroad): string {
  return addressLines(parts).join(", ");
}

/**
 * The number in international form ('+44 20 7946 0101'), which telHref turns into E.164
 * ('tel:+442079460101'); null when it does not parse as a number of `country`.
 */
export function internationalPhone(raw: string | null | undefined, country: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw, countryOf(country) as CountryCode);
  return parsed?.isPossible() ? parsed.formatInternational() : null;
}

/** Whether `country` is outside the US (its pages read the country's way). */
export function isAbroad(country: string | null | undefined): boolean {
  return countryOf(country) !== HOME_COUNTRY;
}

/**
 * How far a restaurant is, as its card reads it: in kilometres where its country gives
 * distances in them (abroad: formatKilometres), else in miles, one decimal under 10 miles
 * ('0.8 mi'), whole miles from 10 ('12 mi', '1,204 mi'). The choice is made on the rounded
 * value, so 9.96 reads '10 mi', not '10.0 mi'; under 0.05 reads '< 0.1 mi' rather than a
 * misleading '0.0 mi'; a non-number reads as nothing.
 */
export function formatDistance(miles: number, country: string | null | undefined): string {
  if (isAbroad(country) && usesKilometres(country)) return formatKilometres(miles);
  if (!Number.isFinite(miles)) return "";
  const tenths = Math.round(Math.max(0, miles) * 10) / 10;
  if (tenths === 0) return "< 0.1 mi";
  if (tenths < 10) return `${tenths.toFixed(1)} mi`;
  return `${Math.round(miles).toLocaleString("en-US")} mi`;
}
