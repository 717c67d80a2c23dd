// The location box, US places and a search's scope for the distance search (docs/search-url.md);
// the sphere's geometry is ./geometry.ts.
// Pure: the Worker, the place-data generator (scripts/generate-places.ts) and the tests share it, so a place name typed by a visitor and the one stored by the generator are
// normalised by the same code. The place data itself: docs/decisions/0006-place-data.md.
import type { CountryCode } from "../world/country-names";

// ---------------------------------------------------------------------------------------
// Positions.

/** A point on the map, in decimal degrees: a restaurant, a place's centre, the visitor. */
export type LatLng = { lat: number; lng: number };

// ---------------------------------------------------------------------------------------
// Places: the place data (us_places, us_zip_codes) and what the location box names in it.

/** A place of the place data: a name in a state, and its centre. */
export type Place = LatLng & {
  name: string;
  /** Two-letter state code. */
  state: string;
  /** The place's slug in landing-page URLs (/us/{state}/{slug}); null for a ZIP. */
  slug: string | null;
  /** The ZIP code, when the place is one. */
  zip: string | null;
  /** Outside the US, where the country gives distances in kilometres (the page says 'Within 40 km'). */
  km?: true;
};

/**
 * A whole country, or a postal code in one, named by the box (issue 41): 'Italy',
 * 'Deutschland' (a country alone, by English or own name), 'SW1A 1AA, UK', '10115, Germany'
 * (a postal code, then its country). No centre: the search reads the country's restaurants in
 * name order, or those with that postal code.
 */
export type CountryArea =
  { kind: "country"; country: CountryCode } | { kind: "postal"; country: CountryCode; postalCode: string };

/** What the location box names, to be looked up in the place data (placeLookupOf). */
export type PlaceLookup =
  | { kind: "zip"; zip: string }
  /** "City, ST" or "City, State": a place name (as placeKey) in one state. */
  | { kind: "place"; key: string; state: StateCode }
  /** A bare place name (as placeKey), in whatever states have it. */
  | { kind: "name"; key: string };

/**
 * `place`: the one place the lookup names (a search with a centre). `alternatives`: a bare
 * name found in several states, most relevant first (most restaurants in the directory there,
 * then most ZIP codes, then name), at most MAX_ALTERNATIVES.
 */
export type PlaceLookupResult = { place: Place | null; alternatives: Place[] };

export const MAX_ALTERNATIVES = 5;

/**
 * What the directory is asked for places spelt like a key (Directory.placesSpeltLike): with a
 * US `state`, the US places of that state only; with a `country` abroad (issue 41), the world
 * places of that country only; with neither, the US places of every state and the world's.
 */
export type PlaceSpellingProbe = { key: string; state: StateCode | null; maxEdits: number; country?: CountryCode };

/** A place a misspelt one may have meant: the place, its key and how many it counts. */
export type PlaceSpelling = Place & { key: string; zipCount: number; restaurants: number };

/** The location box under the spec's text rule (parseLocationRule). */
export type LocationRule =
  | { kind: "none" }
  /** Exactly five digits: matched exactly against zip_code. */
  | { kind: "zip"; zip: string }
  /** Contains a comma: city part and state part, each trimmed, partial, case-insensitive. */
  | { kind: "cityState"; city: string; state: string }
  /** Anything else: partial, case-insensitive, against city or state. */
  | { kind: "cityOrState"; text: string };

/** Every state (and state-like area) in GeoNames' US postal data: the 50 states, DC and MH. */
export const US_STATES = {
  AK: "Alaska",
  AL: "Alabama",
  AR: "Arkansas",
  AZ: "Arizona",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DC: "District of Columbia",
  DE: "Delaware",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  IA: "Iowa",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  MA: "Massachusetts",
  MD: "Maryland",
  ME: "Maine",
  MH: "Marshall Islands",
  MI: "Michigan",
  MN: "Minnesota",
  MO: "Missouri",
  MS: "Mississippi",
  MT: "Montana",
  NC: "North Carolina",
  ND: "North Dakota",
  NE: "Nebraska",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NV: "Nevada",
  NY: "New York",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VA: "Virginia",
  VT: "Vermont",
  WA: "Washington",
  WI: "Wisconsin",
  WV: "West Virginia",
  WY: "Wyoming",
} as const;

export type StateCode = keyof typeof US_STATES;

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

const STATE_BY_LETTERS = new Map<string, StateCode>(
  (Object.entries(US_STATES) as [StateCode, string][]).flatMap(([code, name]) => [
    [letters(code), code],
    [letters(name), code],
  ]),
);

/** The code of a state written as its code or its name, in any case ("or", "Oregon", "new  york", "D.C."); null if none. */
export function stateCode(text: string): StateCode | null {
  const key = letters(text.normalize("NFKD"));
  return key ? (STATE_BY_LETTERS.get(key) ?? null) : null;
}

export function stateName(code: StateCode): string {
  return US_STATES[code];
}

// Letters that Unicode does not decompose into a base letter plus accents.
const LATIN_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Abbreviations a visitor may type where GeoNames spells the word out (it has "Saint Louis", "Fort Worth", "Mount Vernon"). */
const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount", pt: "point" };
/** As the first word only: "N Las Vegas", "E Saint Louis" (GeoNames: "S Coffeyville", elsewhere "North ...", "East ..."). */
const DIRECTIONS: Record<string, string> = { n: "north", s: "south", e: "east", w: "west" };

/** The words of a place name: ASCII, lower case, abbreviations spelt out. */
function placeWords(name: string): string[] {
  const ascii = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => LATIN_LETTERS[c] ?? c);
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  return words.map(
    (word, index) => ABBREVIATIONS[word] ?? (index === 0 && words.length > 1 ? DIRECTIONS[word] : undefined) ?? word,
  );
}

/**
 * The form a place name is looked up by: case, accents and punctuation gone, abbreviations
 * spelt out, and no spaces at all, so "St. Louis", "saint  louis" and "Saint-Louis" meet, and
 * so do GeoNames' "O Fallon", "Mc Adams" and "Mcminnville" and the "O'Fallon", "McAdams" and
 * "McMinnville" people write. '' when nothing is left.
 */
export function placeKey(name: string): string {
  return placeWords(name).join("");
}

/**
 * The URL segment of a place (`/us/or/portland`, docs/routes.md): its words joined by
 * hyphens. Idempotent, so a hand-typed `st-louis` can be repaired to `saint-louis`. Two names
 * with the same slug have the same placeKey, and the generator keeps one place per key and
 * state, so a slug is unique within its state.
 */
export function placeSlug(name: string): string {
  return placeWords(name).join("-");
}

// ---------------------------------------------------------------------------------------
// The location box (docs/search-url.md), read once by the spec's text rule (the location
// rule: parseLocationRule), which matches restaurants' own city, state and ZIP text. The place
// it names in the place data, whose centre makes the search nearest-first, is read from that
// rule (placeLookupOf). The door (app/lib/directory/index.server.ts) reads the box and hands
// the adapters the result (a SearchScope); no adapter reads the box itself.

/** The spec's text rule on the location box. */
export function parseLocationRule(raw: string): LocationRule {
  const value = raw.trim();
  if (!value) return { kind: "none" };
  if (/^[0-9]{5}$/.test(value)) return { kind: "zip", zip: value };
  const comma = value.indexOf(",");
  if (comma !== -1) {
    return {
      kind: "cityState",
      city: value.slice(0, comma).trim(),
      state: value.slice(comma + 1).trim(),
    };
  }
  return { kind: "cityOrState", text: value };
}

/** The smallest circle a nearest-first search tries (miles), and how much each next one grows. */
const FIRST_CIRCLE_MILES = 0.25;
const CIRCLE_GROWTH = 1.5;

/**
 * The circles a search around a centre may try for a radius (miles), the radius last: a
 * quarter mile, growing by half each time (docs/decisions/0010-bounded-search.md). Postgres
 * reads the smallest that holds the page, as index ranges; D1 reads circles, as map cells, only
 * when filters narrow the search (its unfiltered pages walk the cells nearest first:
 * docs/decisions/0018-nearest-first-walk.md).
 */
function circleRadii(radius: number): number[] {
  const radii: number[] = [];
  for (let miles = FIRST_CIRCLE_MILES; miles < radius; miles *= CIRCLE_GROWTH) radii.push(miles);
  return [...radii, radius];
}

/**
 * Where a search looks, with the location box already read (searchScope): within the radius
 * around `centre` (the visitor's position or the place the box names; null: no distance
 * order), reached through `circles` of growing size (miles, the radius last), and what the
 * box's text rule matches (`locationRule`), further away or without a position.
 */
export type SearchScope = {
  centre: LatLng | null;
  circles: number[];
  locationRule: LocationRule;
  /** A country or a postal code in one ('Italy', 'SW1A 1AA, UK': ./world.ts), read instead of the text rule; never with a centre. */
  area?: CountryArea;
  /**
   * A city page abroad (/{cc}/{sub}/{city}): the text rule's matches in this country only
   * (ISO 3166-1 alpha-2), so that 'Perth, WA' on /au/wa/perth lists no Perth of Washington.
   * Never with a centre or an area.
   */
  country?: string;
};

/**
 * Where a search looks around `centre` (or without one): the circles it may try up to its
 * radius, and its location box read by the text rule.
 */
export function searchScope(search: { location: string; radius: number }, centre: LatLng | null): SearchScope {
  return { centre, circles: circleRadii(search.radius), locationRule: parseLocationRule(search.location) };
}

/**
 * The place the location box names, to be looked up in the place data for a centre: a ZIP
 * code; "City, ST" or "City, State" with a known state (one place); a bare name (found in one
 * state: the centre; in several: ambiguous). null when it names none: blank, a state alone,
 * or an unknown state after the comma.
 */
export function placeLookupOf(rule: LocationRule): PlaceLookup | null {
  switch (rule.kind) {
    case "none":
      return null;
    case "zip":
      return { kind: "zip", zip: rule.zip };
    case "cityState": {
      const state = stateCode(rule.state);
      const key = placeKey(rule.city);
      return state && key ? { kind: "place", key, state } : null;
    }
    case "cityOrState": {
      if (stateCode(rule.text)) return null;
      const key = placeKey(rule.text);
      return key ? { kind: "name", key } : null;
    }
  }
}

/** A row of `us_zip_codes`: one ZIP code and its centre. */
export type UsZipCode = { zip: string; place_name: string; state: string; latitude: number; longitude: number };

/** A row of `us_places`: one place name in one state, with the centre of its ZIP codes. */
export type UsPlace = {
  id: number;
  state: string;
  name: string;
  key: string;
  slug: string;
  latitude: number;
  longitude: number;
  zip_count: number;
};

/**
 * A coordinate to at most three decimals (about 110 m), what the client writes into the URL:
 * kinder to privacy and to the cache. Halves round away from zero, so a position and its
 * mirror image round alike; never -0.
 */
export function roundCoordinate(degrees: number): number {
  const rounded = Math.sign(degrees) * (Math.round(Math.abs(degrees) * 1000) / 1000);
  return rounded === 0 ? 0 : rounded;
}
