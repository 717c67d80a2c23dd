// Places beyond the United States in the location box (issue 41,
// docs/search-url.md): 'City, Country' with the country's code, English name or own name
// ('Toronto, Canada', 'München, Deutschland', 'Paris, FR'), 'City, Subdivision' ('London,
// ON'), a bare name found in several countries, and how such a place reads ('Toronto, ON',
// 'Rome, Italy'). The US reading of the box (./places.ts) comes first and is never changed
// by this one: a two-letter code that is also a US state keeps its US meaning ('Berlin, DE'
// is Delaware), and the world place it could also name is only offered as 'Did you mean'.
// Server-side only (the door, app/lib/directory/index.server.ts): the country names stay out
// of the browser's bundle. The place data: docs/decisions/0031-world-place-data.md.
import { countries } from "countries-list";
import { usesKilometres } from "../world/countries";
import { countryName, type CountryCode } from "../world/country-names";
import {
  MAX_ALTERNATIVES,
  placeKey,
  stateCode,
  type LatLng,
  type LocationRule,
  type Place,
  type PlaceLookupResult,
  type CountryArea,
} from "./places";

/** Names people write for a country that the package does not list as its English or own name. */
const COUNTRY_ALIASES: Record<string, CountryCode> = {
  uk: "GB",
  greatbritain: "GB",
  britain: "GB",
  unitedkingdomofgreatbritainandnorthernireland: "GB",
  holland: "NL",
  thenetherlands: "NL",
  czechia: "CZ",
  southkorea: "KR",
  korea: "KR",
  russia: "RU",
};

/**
 * Every country by the keys of its code, its English name and its own name (placeKey: case,
 * accents and punctuation folded, so 'España', 'espana' and 'ESPANA' meet; names in other
 * scripts, '日本', have no key and are left out). The US is left out: US input is read by
 * ./places.ts alone.
 */
const COUNTRY_BY_KEY: ReadonlyMap<string, CountryCode> = (() => {
  const byKey = new Map<string, CountryCode>(Object.entries(COUNTRY_ALIASES));
  for (const [code, country] of Object.entries(countries) as [CountryCode, { name: string; native: string }][]) {
    if (code === "US") continue;
    for (const name of [code, country.name, country.native]) {
      const key = placeKey(name);
      if (key && !byKey.has(key)) byKey.set(key, code);
    }
  }
  return byKey;
})();

/** The country a text names by code, English name or own name ('CA', 'Deutschland', 'Italia', 'UK'); null if none (and for the US). */
export function countryCode(text: string): CountryCode | null {
  const key = placeKey(text);
  return key ? (COUNTRY_BY_KEY.get(key) ?? null) : null;
}

/**
 * What the box names among the world's places: a place key, and the country (by code) or the
 * subdivision (by key: 'on', 'ontario', 'bayern') written after its comma, if any.
 */
export type WorldPlaceLookup = { key: string; country: string | null; subdivision: string | null };

/**
 * How the box's world reading counts: `centre` when the US reading names nothing else, so a
 * place found is the search's centre; `offer` when the US reading stands ('Berlin, DE' is
 * Delaware) and the world places are only offered as 'Did you mean'; `fallback` after a
 * country's full name that is also a US state's ('Tbilisi, Georgia'): the US place when there
 * is one, else the world place is the centre.
 */
export type WorldReading = { lookup: WorldPlaceLookup; use: "centre" | "offer" | "fallback" };

/**
 * The country a US state's name also names, written in full ('Georgia': GE); null for a code
 * ('GA', 'DE') or any other text. Such a name keeps its US meaning (the spec), and the country
 * is offered beside it.
 */
function countryNamedLikeAState(text: string): CountryCode | null {
  return text.trim().length > 2 && stateCode(text) ? countryCode(text) : null;
}

/** The capital of a country, as countries-list names it ('Tbilisi' for GE); '' when it has none. */
function capitalOf(country: CountryCode): string {
  return (countries as Record<string, { capital?: string }>)[country]?.capital ?? "";
}

/**
 * The world reading of the location box, beside the US one (placeLookupOf): null for blank
 * input, five digits (a US ZIP code) and a country alone ('Italy', which names no place).
 */
export function worldReadingOf(rule: LocationRule): WorldReading | null {
  switch (rule.kind) {
    case "none":
    case "zip":
      return null;
    case "cityState": {
      const key = placeKey(rule.city);
      if (!key) return null;
      const after = placeKey(rule.state);
      if (!after) return null;
      const country = countryCode(rule.state);
      // 'Berlin, DE', 'Perth, WA': the US state stands; the country or subdivision is offered.
      // 'Tbilisi, Georgia': the state's US place if it has one, else the country's.
      const use = countryNamedLikeAState(rule.state) ? "fallback" : stateCode(rule.state) ? "offer" : "centre";
      return country
        ? { lookup: { key, country, subdivision: null }, use }
        : { lookup: { key, country: null, subdivision: after }, use };
    }
    case "cityOrState": {
      // 'Georgia': the US state (the spec), with the country offered by its capital ('Tbilisi, Georgia').
      const namesake = countryNamedLikeAState(rule.text);
      const capital = namesake ? placeKey(capitalOf(namesake)) : "";
      if (namesake && capital) return { lookup: { key: capital, country: namesake, subdivision: null }, use: "offer" };
      if (stateCode(rule.text) || countryCode(rule.text)) return null;
      const key = placeKey(rule.text);
      return key ? { lookup: { key, country: null, subdivision: null }, use: "centre" } : null;
    }
  }
}

/** A row of the world place data as the backends return it, largest first. */
export type WorldPlaceRow = LatLng & {
  name: string;
  country: string;
  subdivision: string | null;
  population: number;
};

/**
 * Countries whose subdivision codes people write after a city, as in the US ('Toronto, ON',
 * 'Sydney, NSW'); elsewhere a place reads with its country's name ('Rome, Italy').
 */
const SUBDIVISION_LABEL_COUNTRIES: ReadonlySet<string> = new Set(["CA", "AU"]);

/**
 * What a world place's name is followed by, in the results line, the title and 'Did you mean':
 * its subdivision's code in Canada and Australia unless that is also a US state's code (it
 * would read as the US state: 'Perth, WA'), else its country's English name. Typed back into
 * the box, 'Toronto, ON' and 'Rome, Italy' name the same place again.
 */
export function worldQualifier(row: Pick<WorldPlaceRow, "country" | "subdivision">): string {
  const { country, subdivision } = row;
  if (subdivision && SUBDIVISION_LABEL_COUNTRIES.has(country) && !stateCode(subdivision)) return subdivision;
  return countryName(country);
}

/**
 * A world place as a Place: `state` holds what its name is followed by (worldQualifier), so
 * that every line that reads 'Name, ST' for a US place reads 'Toronto, ON' or 'Rome, Italy'
 * here. No slug (the /us/ landing pages are the US's) and no ZIP code; `km` where its country
 * gives distances in kilometres.
 */
export function worldPlaceOf(row: WorldPlaceRow): Place {
  const place: Place = {
    name: row.name,
    state: worldQualifier(row),
    slug: null,
    zip: null,
    lat: row.lat,
    lng: row.lng,
  };
  return usesKilometres(row.country) ? { ...place, km: true } : place;
}

/**
 * The place the box names and the 'Did you mean' places, from its US reading (`us`, as today)
 * and its world reading (`world`: the rows found, largest first).
 * - The world reading only offered (a US state after the comma), or the US reading naming one
 *   place (a bare name in exactly one state): the US result stands, the world places follow its
 *   alternatives. After a country's name that is also a state's ('Tbilisi, Georgia'), the same
 *   when the US reading names a place, else the world place is the centre.
 * - 'City, Country' or 'City, Subdivision': the largest place found is the centre.
 * - A bare name: one place in all (US and world) is the centre; several are alternatives, the
 *   world's largest first (they have populations), then the US ones in their order.
 */
export function combineLookups(
  us: PlaceLookupResult | null,
  reading: WorldReading | null,
  world: readonly WorldPlaceRow[],
): PlaceLookupResult {
  const usResult = us ?? { place: null, alternatives: [] };
  if (!reading || world.length === 0) return usResult;
  const places = world.map(worldPlaceOf);
  const cap = (list: Place[]) => list.slice(0, MAX_ALTERNATIVES);
  const usNamesNothing = !usResult.place && usResult.alternatives.length === 0;
  if (reading.use === "offer" || usResult.place || (reading.use === "fallback" && !usNamesNothing)) {
    return { place: usResult.place, alternatives: cap([...usResult.alternatives, ...places]) };
  }
  if (reading.lookup.country || reading.lookup.subdivision) return { place: places[0] ?? null, alternatives: [] };
  const all = [...places, ...usResult.alternatives];
  return all.length === 1 ? { place: all[0] ?? null, alternatives: [] } : { place: null, alternatives: cap(all) };
}

/** A postal code as written before the comma: letters, digits, single spaces or a hyphen, at least one digit. */
const POSTAL_CODE = /^(?=.*[0-9])[A-Z0-9]+(?:[ -][A-Z0-9]+)*$/;

/**
 * A postal code as restaurants keep it: upper case, single spaces; in the UK and Canada the
 * space before the last three characters added when left out ('sw1a1aa' -> 'SW1A 1AA',
 * 'm5v2t6' -> 'M5V 2T6'). null when the text is no postal code (a city's name).
 */
export function normalisePostalCode(text: string, country: string): string | null {
  const code = text.trim().toUpperCase().replace(/\s+/g, " ");
  if (code.length < 3 || code.length > 10 || !POSTAL_CODE.test(code)) return null;
  if ((country === "GB" || country === "CA") && !code.includes(" ") && code.length >= 5) {
    return `${code.slice(0, -3)} ${code.slice(-3)}`;
  }
  return code;
}

/**
 * The country or postal code the box names, or null. The US reading comes first, as
 * everywhere: a US state's name or code ('Georgia', 'GA'; 'DE' after a comma) keeps its US
 * meaning, and a bare two-letter code ('IT') stays a text match on city and state. US ZIP
 * input (five digits, or five digits then a US state) never reaches here.
 */
export function countryAreaOf(rule: LocationRule): CountryArea | null {
  switch (rule.kind) {
    case "none":
    case "zip":
      return null;
    case "cityOrState": {
      const text = rule.text.trim();
      if (text.length <= 2 || stateCode(text)) return null;
      const country = countryCode(text);
      return country ? { kind: "country", country } : null;
    }
    case "cityState": {
      if (!rule.city || stateCode(rule.state)) return null;
      const country = countryCode(rule.state);
      if (!country) return null;
      const postalCode = normalisePostalCode(rule.city, country);
      return postalCode ? { kind: "postal", country, postalCode } : null;
    }
  }
}

/** How the results line names the area: 'Italy', 'SW1A 1AA, United Kingdom'. */
export function countryAreaLabel(area: CountryArea): string {
  const name = countryName(area.country);
  return area.kind === "country" ? name : `${area.postalCode}, ${name}`;
}
