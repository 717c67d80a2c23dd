// Landing pages (/us/{st}, /us/{st}/{city}, /us/{st}/{city}/{diet}, and the '100%' ones
// /us/{st}/{city}/{diet}/dedicated; docs/seo.md): their URL segments, links and texts (the
// search a city page runs: ../search/city-search.ts). Pure: the loaders and the sitemap share it.
import { type Diet, isDiet } from "../search/diet";
import { US_STATES, stateName, type StateCode } from "../places/places";
import { cityLabel } from "../search/city-search";

/** Cities listed on one page of a state page. */
export const CITIES_PER_PAGE = 500;

/** Longer city segments are malformed (no stored city name needs more). */
const MAX_SLUG_LENGTH = 200;

/**
 * The slug of a city as the database keeps it in restaurant_cities (migrations/0003_search.sql):
 * trimmed, ASCII letters in lower case, spaces as '-', '.' and apostrophes removed.
 */
export function citySlug(city: string): string {
  return city
    .trim()
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/ /g, "-")
    .replace(/[.']/g, "");
}

/**
 * Whether a slug can be a landing-page segment: already in slug form, and free of what a
 * path segment cannot carry unambiguously ('/', '\\', '%', '?', '#', controls). A city whose
 * slug is not has no landing page.
 */
export function isCitySlug(slug: string): boolean {
  return (
    slug.length > 0 &&
    slug.length <= MAX_SLUG_LENGTH &&
    citySlug(slug) === slug &&
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    !/[/\\%?#\u0000-\u001f\u007f]/.test(slug)
  );
}

/** `{st}`: a known state's two-letter code in lower case; anything else is not a landing page. */
export function parseStateSegment(segment: string | undefined): StateCode | null {
  if (!segment || !/^[a-z]{2}$/.test(segment)) return null;
  const code = segment.toUpperCase();
  return code in US_STATES ? (code as StateCode) : null;
}

/** `{city}` (as Remix decodes it): a slug, exactly as restaurant_cities keeps it. */
export function parseCitySegment(segment: string | undefined): string | null {
  return segment !== undefined && isCitySlug(segment) ? segment : null;
}

/** `{diet}`: one of the four diets, exactly as the search URL spells them. */
export function parseDietSegment(segment: string | undefined): Diet | null {
  return segment !== undefined && isDiet(segment) ? segment : null;
}

export function statePath(state: StateCode): string {
  return `/us/${state.toLowerCase()}`;
}

export function cityPath(state: StateCode, slug: string, diet: Diet | null = null, dedicated = false): string {
  return areaCityPath(usArea(state), slug, diet, dedicated);
}

/**
 * A landing page's region: a US state, or a country's subdivision (or the country itself where
 * it has none) elsewhere. `key` is how restaurant_cities keys it ('OR', 'CA-ON', 'SG-':
 * migrations/0015_cities_by_country.sql), `code` what a city's label shows after its comma
 * ('OR', 'ON', '' for none), `path` its page, `name` its name ('Oregon', 'Ontario'), and
 * `country` the country's name outside the US (null in the US, whose pages name no country).
 */
export type Area = { key: string; code: string; path: string; name: string; country: string | null };

export function usArea(state: StateCode): Area {
  return { key: state, code: state, path: statePath(state), name: stateName(state), country: null };
}

export function areaCityPath(area: Area, slug: string, diet: Diet | null = null, dedicated = false): string {
  return `${area.path}/${encodeURIComponent(slug)}${diet ? `/${diet}` : ""}${diet && dedicated ? `/${DEDICATED_SEGMENT}` : ""}`;
}

/** The page of the area's country outside the US ('/ca'); null in the US. */
function countryPathOf(area: Area): string | null {
  return area.country ? area.path.slice(0, area.path.lastIndexOf("/")) : null;
}

/**
 * The crumbs of an area's page: Home, the country outside the US, then the area itself, but
 * for a country without subdivisions, whose '-' area is the country's own page.
 */
export function areaCrumbs(area: Area): { name: string; path: string }[] {
  const country = countryPathOf(area);
  return [
    { name: "Home", path: "/" },
    ...(area.country && country ? [{ name: area.country, path: country }] : []),
    ...(area.country && !area.code ? [] : [{ name: area.name, path: area.path }]),
  ];
}

/** Where 'More cities in …' leads from a city: its area's page, or a country's without subdivisions. */
export function areaHome(area: Area): { name: string; path: string } {
  return areaCrumbs(area).at(-1)!;
}

/** "Portland, OR", "Toronto, ON", "Singapore": a city's label, and the location its page searches. */
export function areaCityLabel(city: string, area: Area): string {
  return area.code ? cityLabel(city, area.code) : city;
}

/** The label with the country's name outside the US: "Toronto, ON, Canada". */
function areaPlace(city: string, area: Area): string {
  const label = areaCityLabel(city, area);
  return area.country ? `${label}, ${area.country}` : label;
}

/** The last segment of a city's page of restaurants serving one diet exclusively ('100%'). */
export const DEDICATED_SEGMENT = "dedicated";

/** A landing page's path with its page number (page 1 has none). */
export function withPage(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** How a diet starts a heading: "Gluten-free restaurants in …". */
const DIET_HEADING_WORDS: Record<Diet, string> = {
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
  vegetarian: "Vegetarian",
  vegan: "Vegan",
};

const EVERY_DIET = "gluten-free, dairy-free, vegetarian and vegan diets";

/**
 * The heading (and title) of a city page, of a city page for one diet, or for one diet served
 * exclusively: '100% gluten-free restaurants in Portland, OR'.
 */
export function cityHeading(city: string, state: StateCode, diet: Diet | null, dedicated = false): string {
  return areaCityHeading(city, usArea(state), diet, dedicated);
}

export function areaCityHeading(city: string, area: Area, diet: Diet | null, dedicated = false): string {
  const place = areaPlace(city, area);
  if (diet && dedicated) return `100% ${diet} restaurants in ${place}`;
  return diet ? `${DIET_HEADING_WORDS[diet]} restaurants in ${place}` : `Restaurants in ${place} for ${EVERY_DIET}`;
}

function cityDescription(city: string, area: Area, diet: Diet | null, dedicated = false): string {
  const place = areaPlace(city, area);
  const what = diet ? `${dedicated ? "100% " : ""}${diet} restaurants` : `restaurants for ${EVERY_DIET}`;
  return `Find ${what} in ${place}: addresses, phone numbers, hours and menus.`;
}

/** "Oregon", "Ontario, Canada", "Singapore": a region as its page's heading names it. */
function areaName(area: Area): string {
  return area.country && area.country !== area.name ? `${area.name}, ${area.country}` : area.name;
}

export function stateHeading(state: StateCode): string {
  return areaHeading(usArea(state));
}

export function areaHeading(area: Area): string {
  return `Restaurants in ${areaName(area)} for ${EVERY_DIET}`;
}

/** What search engines and link previews read of a state's (or a region's) page (seo.ts's landingMeta makes the tags). */
export function statePageSeo(area: Area, page: number) {
  return {
    heading: areaHeading(area),
    description: `Cities in ${areaName(area)} with restaurants for ${EVERY_DIET}, and how many each has.`,
    path: withPage(area.path, page),
  };
}

/** The same of a city's page; the one city, diet and page its loader found, with how many restaurants it lists. */
export function cityPageSeo(found: {
  area: Area;
  slug: string;
  city: string;
  diet: Diet | null;
  dedicated: boolean;
  page: number;
  listed: number;
}) {
  const { area, slug, city, diet, dedicated, page, listed } = found;
  return {
    heading: areaCityHeading(city, area, diet, dedicated),
    description: cityDescription(city, area, diet, dedicated),
    path: withPage(areaCityPath(area, slug, diet, dedicated), page),
    // A diet with no restaurant in this city: a page of its own, but not one for search engines.
    noindex: listed === 0,
  };
}

/**
 * The landing pages of a restaurant's place, when it has them (its breadcrumb links them): the
 * /us/ pages, so none for a restaurant in another country, whose subdivision's code may also be
 * a US state's (Western Australia, WA: restaurant_cities counts it under 'AU-WA').
 */
export function landingPlaceOf(restaurant: {
  city: string | null;
  state: string | null;
  country?: string;
}): { state: StateCode; slug: string; city: string } | null {
  if ((restaurant.country ?? "US") !== "US") return null;
  const state = parseStateSegment(restaurant.state?.trim().toLowerCase());
  const city = restaurant.city?.trim() ?? "";
  const slug = citySlug(city);
  return state && isCitySlug(slug) ? { state, slug, city } : null;
}
