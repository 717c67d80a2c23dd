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
  return `${statePath(state)}/${encodeURIComponent(slug)}${diet ? `/${diet}` : ""}${diet && dedicated ? `/${DEDICATED_SEGMENT}` : ""}`;
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
  const place = cityLabel(city, state);
  if (diet && dedicated) return `100% ${diet} restaurants in ${place}`;
  return diet ? `${DIET_HEADING_WORDS[diet]} restaurants in ${place}` : `Restaurants in ${place} for ${EVERY_DIET}`;
}

export function cityDescription(city: string, state: StateCode, diet: Diet | null, dedicated = false): string {
  const place = cityLabel(city, state);
  const what = diet ? `${dedicated ? "100% " : ""}${diet} restaurants` : `restaurants for ${EVERY_DIET}`;
  return `Find ${what} in ${place}: addresses, phone numbers, hours and menus.`;
}

export function stateHeading(state: StateCode): string {
  return `Restaurants in ${stateName(state)} for ${EVERY_DIET}`;
}

function stateDescription(state: StateCode): string {
  return `Cities in ${stateName(state)} with restaurants for ${EVERY_DIET}, and how many each has.`;
}

/** What search engines and link previews read of a state's page (seo.ts's landingMeta makes the tags). */
export function statePageSeo(state: StateCode, page: number) {
  return { heading: stateHeading(state), description: stateDescription(state), path: withPage(statePath(state), page) };
}

/** The same of a city's page; the one city, diet and page its loader found, with how many restaurants it lists. */
export function cityPageSeo(found: {
  state: StateCode;
  slug: string;
  city: string;
  diet: Diet | null;
  dedicated: boolean;
  page: number;
  listed: number;
}) {
  const { state, slug, city, diet, dedicated, page, listed } = found;
  return {
    heading: cityHeading(city, state, diet, dedicated),
    description: cityDescription(city, state, diet, dedicated),
    path: withPage(cityPath(state, slug, diet, dedicated), page),
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
