// The search URL (docs/search-url.md): parse it once, repair bad values, and build every link
// from the same state. Pure: shared by the loader and the UI.
import { normaliseDiets, type Diet, type MatchMode } from "./diet";
import { normaliseKitchen, type KitchenPractice } from "./trust";

export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = 25;
export const PAGE_SIZE = 25;
/** Counts are exact up to this many results ('1,000+' past it), and pages reach the one holding it. */
export const MAX_COUNTED = 1000;
/** The last page a search can show: the one holding the MAX_COUNTED-th result. */
export const LAST_PAGE = Math.ceil(MAX_COUNTED / PAGE_SIZE);
export const MAX_TEXT_LENGTH = 200;
/** Pages past this are past the end of any directory; clamping keeps offsets small integers. */
export const MAX_PAGE = 1_000_000;
/** What the location box shows (and sends back) while coordinates are in use. */
export const CURRENT_LOCATION = "Current Location";

export type Coordinates = { lat: number; lng: number };

export type SearchState = {
  q: string;
  location: string;
  radius: Radius;
  cuisine: string;
  diets: Diet[];
  match: MatchMode;
  /** dedicated=1: only restaurants serving the selected diets (or any diet) exclusively ('100%'). */
  dedicated: boolean;
  /** kitchen: celiac kitchen practices that must be confirmed, in canonical order. */
  kitchen: KitchenPractice[];
  /** open=now: only restaurants open at the moment of the request, in their own time zone. */
  open: boolean;
  page: number;
  coords: Coordinates | null;
  /** near=me: search near the connection's approximate position (answered with a redirect). */
  near: boolean;
  /** The URL carried a `q` or `location` key: the search form was sent. */
  submitted: boolean;
};

export const EMPTY_SEARCH: SearchState = {
  q: "",
  location: "",
  radius: DEFAULT_RADIUS,
  cuisine: "",
  diets: [],
  match: "any",
  dedicated: false,
  kitchen: [],
  open: false,
  page: 1,
  coords: null,
  near: false,
  submitted: false,
};

/** NFC-normalises, turns control characters into spaces, trims, and cuts to 200 code points. */
export function cleanText(raw: string | null): string {
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

export function parseSearchParams(params: URLSearchParams): SearchState {
  const lat = parseCoordinate(params.get("lat"), 90);
  const lng = parseCoordinate(params.get("lng"), 180);
  const coords = lat !== null && lng !== null ? { lat, lng } : null;
  let location = cleanText(params.get("location"));
  if (coords && location === CURRENT_LOCATION) location = "";
  const diets = normaliseDiets(params.getAll("diet").map((value) => value.trim()));
  const match: MatchMode = params.get("match")?.trim() === "all" ? "all" : "any";
  return {
    q: cleanText(params.get("q")),
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
    page: parsePage(params.get("page")),
    coords,
    near: params.get("near")?.trim().toLowerCase() === "me",
    submitted: params.has("q") || params.has("location"),
  };
}

/** "Searched": a query, a location, a cuisine or coordinates. */
export function isSearched(state: SearchState): boolean {
  return Boolean(state.q || state.location || state.cuisine || state.coords);
}

/** The search form was sent with both boxes blank and no cuisine: no search runs. */
export function isEmptySearch(state: SearchState): boolean {
  return state.submitted && !isSearched(state);
}

/** The canonical query string (defaults dropped, fixed order), without the leading '?'. */
export function serialiseSearch(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.location) params.set("location", state.location);
  if (state.radius !== DEFAULT_RADIUS) params.set("radius", String(state.radius));
  if (state.cuisine) params.set("cuisine", state.cuisine);
  for (const diet of state.diets) params.append("diet", diet);
  if (state.diets.length > 0 && state.match === "all") params.set("match", "all");
  if (state.dedicated) params.set("dedicated", "1");
  for (const practice of state.kitchen) params.append("kitchen", practice);
  if (state.open) params.set("open", "now");
  if (state.page > 1) params.set("page", String(state.page));
  if (state.coords) {
    params.set("lat", String(state.coords.lat));
    params.set("lng", String(state.coords.lng));
  }
  return params.toString();
}

/** A link to the home page for `state` with `changes` applied (page back to 1 unless set). */
export function searchHref(state: SearchState, changes: Partial<SearchState> = {}): string {
  const next: SearchState = { ...state, page: 1, ...changes, submitted: false };
  const query = serialiseSearch(next);
  return query ? `/?${query}` : "/";
}

/** The results title (docs/search-url.md). */
export function resultsTitle(state: SearchState): string {
  if (state.q) return `Search Results for "${state.q}"`;
  return state.diets.length === 0 ? "Featured Restaurants" : "Filtered Restaurants";
}

/** What the empty-results text quotes: the query, else the location, else the cuisine. */
export function searchDescription(state: SearchState): string {
  if (state.q) return state.q;
  if (state.location) return state.location;
  if (state.cuisine) return state.cuisine;
  return state.coords ? CURRENT_LOCATION : "";
}

/** The pages a result count spans, never past LAST_PAGE. */
export function pageCount(total: number): number {
  return Math.min(LAST_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
}
