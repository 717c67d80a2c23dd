// What a search asks of the directory: the parsed search URL without what only the page
// needs. One function makes it from the URL's state, and one key names it for both caches
// (the page cache and the query cache), so that two URLs that mean the same search share an
// entry. The rules are in docs/search-url.md.
import type { Diet, MatchMode } from "./diet";
import type { KitchenPractice } from "./trust";
import { DEFAULT_RADIUS, serialiseSearch, type Coordinates, type Radius, type SearchState } from "./search-params";

export type SearchCriteria = {
  /** q: partial, case- and accent-insensitive against name or cuisine; '' for none. */
  query: string;
  /** The location box: the spec's text rule, and possibly a place with a centre; '' for none. */
  location: string;
  /** lat/lng from the URL ('Use My Location'); they win over the location as the centre. */
  coords: Coordinates | null;
  radius: Radius;
  /** Exact cuisine_type; null for All Cuisines. */
  cuisine: string | null;
  diets: Diet[];
  match: MatchMode;
  /** Only restaurants serving the selected diets (any diet, when none is) exclusively ('100%'). */
  dedicated: boolean;
  /** Celiac kitchen practices that must each be confirmed. */
  kitchen: KitchenPractice[];
  /** Only restaurants open at the moment of the search, each in its own time zone. */
  open: boolean;
  /** 1-based, PAGE_SIZE a page. */
  page: number;
};

/** A search with every part at its default (the empty search) but those given. */
export function searchCriteria(parts: Partial<SearchCriteria> = {}): SearchCriteria {
  return {
    query: "",
    location: "",
    coords: null,
    radius: DEFAULT_RADIUS,
    cuisine: null,
    diets: [],
    match: "any",
    dedicated: false,
    kitchen: [],
    open: false,
    page: 1,
    ...parts,
  };
}

export function criteriaFrom(state: SearchState): SearchCriteria {
  return {
    query: state.q,
    location: state.location,
    coords: state.coords,
    radius: state.radius,
    cuisine: state.cuisine || null,
    diets: state.diets,
    match: state.match,
    dedicated: state.dedicated,
    kitchen: state.kitchen,
    open: state.open,
    page: state.page,
  };
}

/**
 * The canonical query string of a search (defaults dropped, fixed order): the key of a
 * search in the page cache and in the query cache alike.
 */
export function criteriaKey(criteria: SearchCriteria): string {
  return serialiseSearch({
    q: criteria.query,
    location: criteria.location,
    coords: criteria.coords,
    radius: criteria.radius,
    cuisine: criteria.cuisine ?? "",
    diets: criteria.diets,
    match: criteria.match,
    dedicated: criteria.dedicated,
    kitchen: criteria.kitchen,
    open: criteria.open,
    page: criteria.page,
    submitted: false,
    near: false,
  });
}
