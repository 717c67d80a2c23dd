// The search hints: what the page offers beside the spec's results (docs/search-url.md "What people type"): the
// search with the filter words of its text box turned into filters, 'Did you mean' for a
// misspelt place or cuisine, and, when nothing is found, the filters whose removal would find
// something. Each is a link to a search URL with the count that search gives. Pure: which
// searches to count and how each link reads, and `searchHintsFor`, which counts them through
// the directory it is given.
import { countryAreaOf, countryCode } from "../places/world";
import type { CountryCode } from "../world/country-names";
import { nearestName, type NearPlace } from "../places/nearest-place";
import { DIET_LABELS, normaliseDiets, type Diet } from "../search/diet";
import { closest, editDistance, maxEdits, spellingKey, type Near } from "../search/spelling";
import { RADIUS_OPTIONS, searchHref, type Search } from "../search/search-url";
import { KITCHEN_LABELS } from "../search/kitchen";
import type { CountRequest, Directory } from "../directory/port";
import {
  parseLocationRule,
  placeKey,
  searchScope,
  stateCode,
  type LatLng,
  type Place,
  type PlaceLookupResult,
  type PlaceSpelling,
  type PlaceSpellingProbe,
  type StateCode,
} from "../places/places";

/** A suggested search: where it leads, how it reads, and how many restaurants it finds. */
export type HintLink = { href: string; label: string; count: number; capped: boolean };

export type SearchHints = {
  /** 'Show gluten-free restaurants matching "pizza" in Seattle, WA'. */
  filterWords: HintLink | null;
  /** 'Did you mean': places ('Portland, OR') and cuisines ('Italian'). */
  didYouMean: HintLink[];
  /** 'Without "Open now"', each removing one narrowing filter from an empty search. */
  withoutFilters: HintLink[];
};

const NO_HINTS: SearchHints = { filterWords: null, didYouMean: [], withoutFilters: [] };

/** At most this many 'Without …' links. */
const MAX_WITHOUT_LINKS = 4;

// ---------------------------------------------------------------------------------------
// Filter words.
//
// "gluten free pizza" holds a diet, "open now vegan" two filters. The spec's results for `q`
// stand; the page offers the same search with those words turned into filters and the rest
// kept as `q`.

/** What the filter words of a text ask for, and the text without them. */
export type FilterWords = {
  diets: Diet[];
  dedicated: boolean;
  open: boolean;
  /** The text without its filter words (and the joining words left at its ends); '' for none. */
  rest: string;
};

type Meaning = { diet: Diet } | { dedicated: true } | { open: true };

// Each phrase, its words separated by spaces or hyphens in the text ("gluten free",
// "Gluten-Free"). A diet may be followed by "options", "option" or "friendly", which go with it.
const PHRASES: [pattern: string, meaning: Meaning][] = [
  ["gluten[\\s-]*free", { diet: "gluten-free" }],
  ["gf", { diet: "gluten-free" }],
  ["celiac", { diet: "gluten-free" }],
  ["coeliac", { diet: "gluten-free" }],
  ["dairy[\\s-]*free", { diet: "dairy-free" }],
  ["df", { diet: "dairy-free" }],
  ["lactose[\\s-]*free", { diet: "dairy-free" }],
  ["vegan", { diet: "vegan" }],
  ["vegetarian", { diet: "vegetarian" }],
  ["veggie", { diet: "vegetarian" }],
  ["100%", { dedicated: true }],
  ["dedicated", { dedicated: true }],
  ["open[\\s-]+now", { open: true }],
];

/** A letter or digit of any script: what a whole word may not touch. */
const WORD_CHAR = "[\\p{L}\\p{N}]";
const DIET_SUFFIX = "(?:[\\s-]+(?:options?|friendly))?";

const PHRASE_RE = new RegExp(
  `(?<!${WORD_CHAR})(?:${PHRASES.map(([pattern, meaning]) => `(${pattern}${"diet" in meaning ? DIET_SUFFIX : ""})`).join("|")})(?!${WORD_CHAR})`,
  "giu",
);

/** Words that only join others ("vegan and gluten free pizza"): dropped at the rest's ends. */
const JOINERS = new Set(["and", "or", "with", "&", "+", "/", ",", "-", "|", ";"]);
/** Words that, left alone, ask for nothing ("vegan restaurants"): the rest is then empty. */
const FILLERS = new Set(["restaurant", "restaurants", "food", "options", "option", "friendly", "places", "place"]);

/**
 * The filter words of a text (whole words, any case), or null when it holds none. "Dairy
 * Queen" holds none ("dairy" alone is no filter word); "Lone Star Vegan" holds `vegan`.
 */
export function findFilterWords(text: string): FilterWords | null {
  const diets: Diet[] = [];
  let dedicated = false;
  let open = false;
  let found = false;
  const without = text.replace(PHRASE_RE, (...match: unknown[]) => {
    const groups = match.slice(1, 1 + PHRASES.length);
    const index = groups.findIndex((group) => group !== undefined);
    const meaning = PHRASES[index]?.[1];
    if (!meaning) return String(match[0]);
    found = true;
    if ("diet" in meaning) diets.push(meaning.diet);
    else if ("dedicated" in meaning) dedicated = true;
    else open = true;
    return " ";
  });
  if (!found) return null;
  return { diets: normaliseDiets(diets), dedicated, open, rest: restOf(without) };
}

/** The words left, joiners trimmed from both ends; '' when only fillers are left. */
function restOf(text: string): string {
  // Commas and the like stuck to a word are separate joiners ("pizza," → "pizza" ",").
  const words = text
    .replace(/([,;|/+&])/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 0 && JOINERS.has(words[0]!.toLowerCase())) words.shift();
  while (words.length > 0 && JOINERS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  if (words.every((word) => FILLERS.has(word.toLowerCase()))) return "";
  // Put back what the split took apart: "sprout & co" keeps its spaces, "a,b" its comma.
  return words.join(" ").replace(/ ([,;]) /g, "$1 ");
}

/**
 * The search with the filter words of its `q` turned into filters (added to those already
 * chosen) and the rest kept as `q`, from page 1; null when `q` holds none.
 */
export function filterWordSearch(search: Search): Search | null {
  const words = findFilterWords(search.query);
  if (!words) return null;
  return {
    ...search,
    query: words.rest,
    diets: normaliseDiets([...search.diets, ...words.diets]),
    dedicated: search.dedicated || words.dedicated,
    open: search.open || words.open,
    page: 1,
  };
}

/** 'gluten-free', 'gluten-free or vegan', '100% vegan', '100% dedicated'. */
function dietPhrase(diets: readonly Diet[], match: Search["match"], dedicated: boolean): string {
  const names = diets.map((diet) => DIET_LABELS[diet].toLowerCase());
  const joined =
    names.length <= 1
      ? (names[0] ?? "")
      : `${names.slice(0, -1).join(", ")} ${match === "all" ? "and" : "or"} ${names[names.length - 1]}`;
  if (!dedicated) return joined;
  return joined ? `100% ${joined}` : "100% dedicated";
}

/**
 * How a search reads in a sentence: 'gluten-free restaurants open now matching "pizza" in
 * Seattle, WA'; coordinates by the place nearest them ('near Bellevue, WA', or without one
 * 'near 47.61, -122.2'), since the page's links are the same for whoever opens it.
 */
export function describeSearch(search: Search, nearPlace: NearPlace = null): string {
  const parts = [dietPhrase(search.diets, search.match, search.dedicated), "restaurants"].filter(Boolean);
  if (search.open) parts.push("open now");
  if (search.query) parts.push(`matching "${search.query}"`);
  if (search.coords) parts.push(`near ${nearestName(search.coords, nearPlace)}`);
  else if (search.location) parts.push(`in ${search.location}`);
  return parts.join(" ");
}

/** The filter-word search of `search` and its link's words, or null when `q` holds no filter word. */
export function filterWordHint(search: Search, nearPlace: NearPlace = null): { search: Search; label: string } | null {
  const next = filterWordSearch(search);
  return next ? { search: next, label: `Show ${describeSearch(next, nearPlace)}` } : null;
}

// ---------------------------------------------------------------------------------------
// Misspellings.

/**
 * What to look a misspelt place up by: the location box names no place (no centre, no
 * alternatives), nothing was found, and its place name is long enough to have neighbours. A
 * "City, ST" with a known state looks in that state only; a "City, Country" abroad
 * ('Torronto, Canada', 'Londn, UK': ../places/world.ts's countryCode) in that country's world
 * places only; anything else (a bare name, an unknown word after the comma) in every US state
 * and every country.
 */
export function misspeltPlace(search: Search, lookup: PlaceLookupResult, total: number): PlaceSpellingProbe | null {
  if (total > 0 || search.coords || lookup.place || lookup.alternatives.length > 0) return null;
  const rule = parseLocationRule(search.location);
  // A country or a postal code in one is no misspelt place ('Ireland' with nothing listed).
  if (countryAreaOf(rule)) return null;
  let key = "";
  let state: StateCode | null = null;
  let country: CountryCode | null = null;
  if (rule.kind === "cityState") {
    key = placeKey(rule.city);
    state = stateCode(rule.state);
    // A US state's code or name keeps its US meaning ('Berlln, DE' is Delaware).
    if (!state) country = countryCode(rule.state);
  } else if (rule.kind === "cityOrState") {
    if (stateCode(rule.text)) return null;
    key = placeKey(rule.text);
  }
  const edits = maxEdits(key);
  if (edits === 0) return null;
  return country ? { key, state, maxEdits: edits, country } : { key, state, maxEdits: edits };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How a place reads in 'Did you mean' and in the location box: 'Portland, OR', 'Toronto, ON', 'London, United Kingdom'. */
const placeLabel = (place: Pick<Place, "name" | "state">) => `${place.name}, ${place.state}`;

/**
 * Each place once: a world place found by two of its names ('Munich' and 'München', both the
 * cities of restaurants) is kept by the name nearest the typed key, then the one with more
 * restaurants. US places are each found once (one key in a state).
 */
function eachPlaceOnce(key: string, candidates: readonly PlaceSpelling[]): PlaceSpelling[] {
  const kept = new Map<string, { place: PlaceSpelling; edits: number }>();
  for (const place of candidates) {
    const edits = editDistance(key, place.key);
    const label = placeLabel(place);
    const before = kept.get(label);
    if (!before || edits < before.edits || (edits === before.edits && place.restaurants > before.place.restaurants))
      kept.set(label, { place, edits });
  }
  return [...kept.values()].map(({ place }) => place);
}

/**
 * The places meant by a misspelt key, US and world alike: within its reach (spelling.ts),
 * nearest first, then the most restaurants in the directory there, the most ZIP codes (none
 * for a world place), the name and what follows it ('OR', 'ON', 'United Kingdom').
 */
export function closestPlaces(key: string, candidates: readonly PlaceSpelling[]): Near<PlaceSpelling>[] {
  return closest(
    key,
    eachPlaceOnce(
      key,
      candidates.filter((place) => place.restaurants > 0),
    ),
    (place) => place.key,
    (a, b) =>
      b.restaurants - a.restaurants ||
      b.zipCount - a.zipCount ||
      compareText(a.name, b.name) ||
      compareText(a.state, b.state),
  );
}

/**
 * The search for a place meant: the same search with the location box 'Portland, OR', or
 * abroad as the app names the place ('Toronto, ON', 'Rome, Italy'), which finds it again.
 */
export function placeSearch(search: Search, place: Pick<Place, "name" | "state">): Search {
  return { ...search, location: placeLabel(place), page: 1 };
}

/**
 * A cuisine meant by a `cuisine` that names none, or by a `q` close to a cuisine name
 * (nothing found): the cuisines within reach, nearest first, then by name; each a search with
 * that box (`cuisine` or `q`) holding the cuisine's name.
 */
export function cuisineHints(search: Search, cuisines: readonly string[], total: number): Search[] {
  if (total > 0) return [];
  const field = search.cuisine && !cuisines.includes(search.cuisine) ? "cuisine" : search.query ? "query" : null;
  if (!field) return [];
  const typed = search[field];
  // A cuisine asked in another case is meant as the cuisine; a q that already is one, not.
  const other = (name: string) => (field === "cuisine" ? name !== typed : spellingKey(name) !== spellingKey(typed));
  return closest(spellingKey(typed), cuisines.filter(other), spellingKey, compareText).map(({ item }) => ({
    ...search,
    [field]: item,
    page: 1,
  }));
}

// ---------------------------------------------------------------------------------------
// The filter that emptied the page.

type Removal = { label: string; search: Search };

/** The diets as one quoted label: '"Gluten-Free"', '"Gluten-Free" and "Vegan"'. */
function quoted(labels: string[]): string {
  return labels.map((label) => `"${label}"`).join(" and ");
}

/**
 * The narrowing filters of a search, each as the search without it, in the contract's order:
 * the diets, match=all, '100% dedicated', each kitchen practice, 'Open now', 'Confirmed by
 * diners' (when the search has it), the cuisine, a radius under 50 miles (around a centre).
 */
export function narrowingRemovals(search: Search): Removal[] {
  const base: Search = { ...search, page: 1 };
  const removals: Removal[] = [];
  if (search.diets.length > 0) {
    removals.push({
      label: `Without ${quoted(search.diets.map((diet) => DIET_LABELS[diet]))}`,
      search: { ...base, diets: [], match: "any" },
    });
  }
  if (search.diets.length > 1 && search.match === "all") {
    removals.push({ label: 'Without "all selected options"', search: { ...base, match: "any" } });
  }
  if (search.dedicated) removals.push({ label: 'Without "100% dedicated"', search: { ...base, dedicated: false } });
  for (const practice of search.kitchen) {
    removals.push({
      label: `Without "${KITCHEN_LABELS[practice]}"`,
      search: { ...base, kitchen: search.kitchen.filter((p) => p !== practice) },
    });
  }
  if (search.open) removals.push({ label: 'Without "Open now"', search: { ...base, open: false } });
  if (search.confirmed) {
    removals.push({ label: 'Without "Confirmed by diners"', search: { ...base, confirmed: false } });
  }
  if (search.cuisine) removals.push({ label: `Without "${search.cuisine}"`, search: { ...base, cuisine: "" } });
  const widest = RADIUS_OPTIONS[RADIUS_OPTIONS.length - 1]!;
  if ((search.coords || search.location) && search.radius < widest) {
    removals.push({ label: `Within ${widest} miles`, search: { ...base, radius: widest } });
  }
  return removals;
}

/** A link to a counted search: the label as given, the count beside it. */
function hintLink(search: Search, label: string, count: { total: number; capped: boolean }): HintLink {
  return { href: searchHref(search), label, count: count.total, capped: count.capped };
}

// ---------------------------------------------------------------------------------------
// The hints counted: at most one lookup of places spelt like a misspelt one, then every
// count in one call (one D1 batch), through the directory the loader was given (so each count
// goes through the query cache like the page's own search). The loader guards the call: an
// unavailable backend becomes the 503 page.

/** What the hints read from the directory (the `Directory` of directory/port.ts has both). */
export type HintReads = Pick<Directory, "placesSpeltLike" | "countRestaurants">;

/** What the hints need of the search's result (`SearchResult` of the door, directory/index.server.ts). */
export type FoundFor = {
  total: number;
  restaurants: readonly unknown[];
  centre: LatLng | null;
  place: Place | null;
  alternatives: Place[];
  /** The place nearest the search's coordinates, which names them in the hints' words. */
  nearPlace?: NearPlace;
};

type Planned = { request: CountRequest; link: (count: { total: number; capped: boolean }) => HintLink };

/**
 * The hints for a search whose page is `result`: the filter words of `q` (always, when it
 * holds any); when nothing was found, 'Did you mean' (a misspelt place or cuisine) and the
 * filters whose removal finds something. Links whose count is 0 are left out.
 */
export async function searchHintsFor(
  directory: HintReads,
  search: Search,
  result: FoundFor,
  cuisines: readonly string[],
): Promise<SearchHints> {
  const centre: LatLng | null = result.centre;
  // A search that keeps the location box keeps its centre (the place, or the visitor's position).
  // A country or a postal code in one ('Italy': ../places/world.ts) is counted as the search reads it.
  const sameScope = (next: Search): CountRequest => {
    const area = centre ? null : countryAreaOf(parseLocationRule(next.location));
    return { search: next, scope: { ...searchScope(next, centre), ...(area ? { area } : {}) } };
  };
  const empty = result.total === 0 && result.restaurants.length === 0;

  const words = filterWordHint(search, result.nearPlace ?? null);
  const filterWords: Planned[] = words
    ? [{ request: sameScope(words.search), link: (count) => hintLink(words.search, words.label, count) }]
    : [];

  let places: Planned[] = [];
  const probe = empty
    ? misspeltPlace(search, { place: result.place, alternatives: result.alternatives }, result.total)
    : null;
  if (probe) {
    const candidates = await directory.placesSpeltLike(probe);
    places = closestPlaces(probe.key, candidates).map(({ item: place }) => {
      const next = placeSearch(search, place);
      return {
        request: { search: next, scope: searchScope(next, { lat: place.lat, lng: place.lng }) },
        link: (count) => hintLink(next, placeLabel(place), count),
      };
    });
  }
  const cuisineLinks: Planned[] = cuisineHints(search, cuisines, empty ? 0 : result.total).map((next) => ({
    request: sameScope(next),
    link: (count) => hintLink(next, next.cuisine !== search.cuisine ? next.cuisine : next.query, count),
  }));
  const without: Planned[] = empty
    ? narrowingRemovals(search).map(({ label, search: next }) => ({
        request: sameScope(next),
        link: (count) => hintLink(next, label, count),
      }))
    : [];

  const planned = [...filterWords, ...places, ...cuisineLinks, ...without];
  if (planned.length === 0) return NO_HINTS;
  const counts = await directory.countRestaurants(planned.map((p) => p.request));
  const links = planned.map((p, i) => p.link(counts[i] ?? { total: 0, capped: false }));
  const shown = (from: number, to: number) => links.slice(from, to).filter((link) => link.count > 0);
  const a = filterWords.length;
  const b = a + places.length + cuisineLinks.length;
  return {
    filterWords: shown(0, a)[0] ?? null,
    didYouMean: shown(a, b),
    withoutFilters: shown(b, links.length).slice(0, MAX_WITHOUT_LINKS),
  };
}
