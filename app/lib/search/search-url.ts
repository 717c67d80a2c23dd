// The search URL (docs/search-url.md): the home page's loader parses it into a Search (the
// type is defined here) once per request, repairing bad values, and every link to a search is
// built back from a Search here; the canonical query string is also the search's key in the
// query cache (the page cache keys on the URL as requested). Pure: shared by the loader and
// the UI.
import { normaliseDiets, type Diet, type MatchMode } from "./diet";
import type { LatLng } from "../places/places";
import { normaliseKitchen, type KitchenPractice } from "./kitchen";

// ---------------------------------------------------------------------------------------
// A search: the home page's URL parsed, and what the directory is asked. One type for both:
// the directory ignores `near` and `submitted`.

export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
const DEFAULT_RADIUS: Radius = 25;
export const PAGE_SIZE = 25;
/** Counts are exact up to this many results ('1,000+' past it), and pages reach the one holding it. */
export const MAX_COUNTED = 1000;
/** The last page a search can show: the one holding the MAX_COUNTED-th result. */
export const LAST_PAGE = Math.ceil(MAX_COUNTED / PAGE_SIZE);

export type Search = {
  /** q: partial, case- and accent-insensitive against name or cuisine; '' for none. */
  query: string;
  /** The location box as typed: the text rule, and possibly a place with a centre; '' for none. */
  location: string;
  radius: Radius;
  /** Exact cuisine_type; '' for All Cuisines. */
  cuisine: string;
  diets: Diet[];
  match: MatchMode;
  /** dedicated=1: only restaurants serving the selected diets (or any diet) exclusively ('100%'). */
  dedicated: boolean;
  /** kitchen: celiac kitchen practices that must be confirmed, in canonical order. */
  kitchen: KitchenPractice[];
  /** open=now: only restaurants open at the moment of the request, in their own time zone. */
  open: boolean;
  /**
   * confirmed=1: only restaurants that diners whose condition fits a selected diet (any, with
   * none selected) recently confirmed as safe, with no recent reaction (app/lib/trust/confirmations.ts).
   */
  confirmed: boolean;
  /** 1-based, PAGE_SIZE a page. */
  page: number;
  /** lat/lng from the URL ('Use My Location'); they win over the location as the centre. */
  coords: LatLng | null;
  /** near=me: search near the connection's approximate position (answered with a redirect). */
  near: boolean;
  /** The URL carried a `q` or `location` key: the search form was sent. */
  submitted: boolean;
};

export const EMPTY_SEARCH: Search = {
  query: "",
  location: "",
  radius: DEFAULT_RADIUS,
  cuisine: "",
  diets: [],
  match: "any",
  dedicated: false,
  kitchen: [],
  open: false,
  confirmed: false,
  page: 1,
  coords: null,
  near: false,
  submitted: false,
};

/** A search with every part at its default (the empty search) but those given. */
export function searchOf(parts: Partial<Search> = {}): Search {
  return { ...EMPTY_SEARCH, ...parts };
}

const MAX_TEXT_LENGTH = 200;
/** Pages past this are past the end of any directory; clamping keeps offsets small integers. */
const MAX_PAGE = 1_000_000;
/** What the location box shows (and sends back) while coordinates are in use. */
export const CURRENT_LOCATION = "Current Location";

/** NFC-normalises, turns control characters into spaces, trims, and cuts to 200 code points. */
function cleanText(raw: string | null): string {
  if (raw == null) return "";
  const cleaned = raw
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();
  const chars = Array.from(cleaned);
  return chars.length > MAX_TEXT_LENGTH ? chars.slice(0, MAX_TEXT_LENGTH).join("").trim() : cleaned;
}

export function parseRadius(raw: string | null): Radius {
  const found = RADIUS_OPTIONS.find((option) => String(option) === raw?.trim());
  return found ?? DEFAULT_RADIUS;
}

/** `page`: a positive integer, else 1 (landing pages read it too). */
export function parsePage(raw: string | null): number {
  const value = raw?.trim() ?? "";
  if (!/^[0-9]+$/.test(value)) return 1;
  const digits = value.replace(/^0+/, "");
  if (!digits) return 1;
  if (digits.length > String(MAX_PAGE).length) return MAX_PAGE;
  return Math.min(Number(digits), MAX_PAGE);
}

function parseCoordinate(raw: string | null, limit: number): number | null {
  const value = raw?.trim() ?? "";
  if (!/^-?[0-9]{1,3}(\.[0-9]{1,12})?$/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export function parseSearchParams(params: URLSearchParams): Search {
  const lat = parseCoordinate(params.get("lat"), 90);
  const lng = parseCoordinate(params.get("lng"), 180);
  const coords: LatLng | null = lat !== null && lng !== null ? { lat, lng } : null;
  let location = cleanText(params.get("location"));
  if (coords && location === CURRENT_LOCATION) location = "";
  const diets = normaliseDiets(params.getAll("diet").map((value) => value.trim()));
  const match: MatchMode = params.get("match")?.trim() === "all" ? "all" : "any";
  return searchOf({
    query: cleanText(params.get("q")),
    location,
    radius: parseRadius(params.get("radius")),
    cuisine: cleanText(params.get("cuisine")),
    diets,
    match,
    // Any value but 1 is ignored; a repeat of 1 is still 1.
    dedicated: params.getAll("dedicated").some((value) => value.trim() === "1"),
    // Unknown values ignored; repeats (however many) collapse into the three known ones.
    kitchen: normaliseKitchen(params.getAll("kitchen").map((value) => value.trim())),
    // Any value but `now` is ignored; a repeat of `now` is still `now`.
    open: params.getAll("open").some((value) => value.trim().toLowerCase() === "now"),
    // Any value but 1 is ignored; a repeat of 1 is still 1.
    confirmed: params.getAll("confirmed").some((value) => value.trim() === "1"),
    page: parsePage(params.get("page")),
    coords,
    near: params.get("near")?.trim().toLowerCase() === "me",
    submitted: params.has("q") || params.has("location"),
  });
}

/** "Searched": a query, a location, a cuisine or coordinates. */
export function isSearched(search: Search): boolean {
  return Boolean(search.query || search.location || search.cuisine || search.coords);
}

/** The search form was sent with both boxes blank and no cuisine: no search runs. */
export function isEmptySearch(search: Search): boolean {
  return search.submitted && !isSearched(search);
}

/**
 * The canonical query string (defaults dropped, fixed order), without the leading '?': what
 * every link to a search carries, and the key of a search in the query cache, so that two
 * spellings of one search share the backend's answer. (The page cache keys on the URL as
 * requested: the app links to this one spelling only.)
 */
export function serialiseSearch(search: Search): string {
  const params = new URLSearchParams();
  if (search.query) params.set("q", search.query);
  if (search.location) params.set("location", search.location);
  if (search.radius !== DEFAULT_RADIUS) params.set("radius", String(search.radius));
  if (search.cuisine) params.set("cuisine", search.cuisine);
  for (const diet of search.diets) params.append("diet", diet);
  if (search.diets.length > 0 && search.match === "all") params.set("match", "all");
  if (search.dedicated) params.set("dedicated", "1");
  for (const practice of search.kitchen) params.append("kitchen", practice);
  if (search.open) params.set("open", "now");
  if (search.confirmed) params.set("confirmed", "1");
  if (search.page > 1) params.set("page", String(search.page));
  if (search.coords) {
    params.set("lat", String(search.coords.lat));
    params.set("lng", String(search.coords.lng));
  }
  return params.toString();
}

/** A link to the home page for `search` with `changes` applied (page back to 1 unless set). */
export function searchHref(search: Search, changes: Partial<Search> = {}): string {
  const next: Search = { ...search, page: 1, ...changes, submitted: false };
  const query = serialiseSearch(next);
  return query ? `/?${query}` : "/";
}

/** The results title (docs/search-url.md). */
export function resultsTitle(search: Search): string {
  if (search.query) return `Search Results for "${search.query}"`;
  return search.diets.length === 0 ? "Featured Restaurants" : "Filtered Restaurants";
}

/** What the empty-results text quotes: the query, else the location, else the cuisine. */
export function searchDescription(search: Search): string {
  if (search.query) return search.query;
  if (search.location) return search.location;
  if (search.cuisine) return search.cuisine;
  return search.coords ? CURRENT_LOCATION : "";
}

/** The pages a result count spans, never past LAST_PAGE. */
export function pageCount(total: number): number {
  return Math.min(LAST_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
}
