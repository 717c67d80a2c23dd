// What the app talks about, in one place: a position, a search, a restaurant, a place, a page
// of results. The URL modules, the directory port, its adapters and the components all take
// these types from here (a component never reaches into an adapter or a .server module).
// Pure, and without dependencies beyond the vocabularies of diets, trust facts and states.
import type { Diet, MatchMode } from "./search/diet";
import type { StateCode } from "./places/places";
import type { KitchenPractice } from "./trust/trust";

// ---------------------------------------------------------------------------------------
// Positions.

/** A point on the map, in decimal degrees: a restaurant, a place's centre, the visitor. */
export type LatLng = { lat: number; lng: number };

export const EARTH_RADIUS_MILES = 3958.8;

export const radians = (degrees: number) => (degrees * Math.PI) / 180;
export const degrees = (radians: number) => (radians * 180) / Math.PI;

// ---------------------------------------------------------------------------------------
// A search: the home page's URL parsed (app/lib/search/search-url.ts), and what the directory is
// asked (docs/search-url.md). One type for both: the directory ignores `near` and `submitted`.

export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = 25;
export const PAGE_SIZE = 25;
/** Counts are exact up to this many results ('1,000+' past it), and pages reach the one holding it. */
export const MAX_COUNTED = 1000;
/** The last page a search can show: the one holding the MAX_COUNTED-th result. */
export const LAST_PAGE = Math.ceil(MAX_COUNTED / PAGE_SIZE);

/** How many of the nearest beyond the radius a search around a centre that found nothing shows. */
export const NEAREST_BEYOND = 3;
/** How far 'the nearest beyond the radius' looks, in miles (docs/search-url.md). */
export const BEYOND_MAX_MILES = 300;

/** The smallest circle a nearest-first search tries (miles), and how much each next one grows. */
const FIRST_RING_MILES = 0.25;
const RING_GROWTH = 1.5;

/**
 * The circles a search around a centre tries for a radius (miles), the radius last: a quarter
 * mile, growing by half each time. Both adapters read the smallest that holds the page
 * (docs/decisions/0010-bounded-search.md): D1 as map cells, Postgres as index ranges.
 */
export function ringRadiiFor(radius: number): number[] {
  const radii: number[] = [];
  for (let miles = FIRST_RING_MILES; miles < radius; miles *= RING_GROWTH) radii.push(miles);
  return [...radii, radius];
}

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
  page: 1,
  coords: null,
  near: false,
  submitted: false,
};

/** A search with every part at its default (the empty search) but those given. */
export function searchOf(parts: Partial<Search> = {}): Search {
  return { ...EMPTY_SEARCH, ...parts };
}

/** The location box under the spec's text rule (parseLocation in app/lib/places/places.ts). */
export type LocationFilter =
  | { kind: "none" }
  /** Exactly five digits: matched exactly against zip_code. */
  | { kind: "zip"; zip: string }
  /** Contains a comma: city part and state part, each trimmed, partial, case-insensitive. */
  | { kind: "cityState"; city: string; state: string }
  /** Anything else: partial, case-insensitive, against city or state. */
  | { kind: "cityOrState"; text: string };

/**
 * Where a search looks, with the location box already read: within the radius around
 * `centre` (the visitor's position or the place the box names; null: no distance order), and
 * what the box's text rule matches (`locationRule`), further away or without a position.
 */
export type SearchScope = { centre: LatLng | null; locationRule: LocationFilter };

// ---------------------------------------------------------------------------------------
// Restaurants (the rows: app/lib/directory/rows.ts validates them into these).

export type Restaurant = {
  id: number;
  name: string;
  cuisineType: string | null;
  isGlutenFree: boolean;
  isDairyFree: boolean;
  isVegetarian: boolean;
  isVegan: boolean;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phoneNumber: string | null;
  emailAddress: string | null;
  websiteUrl: string | null;
  menuUrl: string | null;
  hoursOfOperation: string | null;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Served exclusively ('100%'). */
  glutenFreeOnly: boolean;
  dairyFreeOnly: boolean;
  vegetarianOnly: boolean;
  veganOnly: boolean;
  /** Celiac kitchen practices: true confirmed, false confirmed not, null not known. */
  dedicatedFryer: boolean | null;
  separatePrep: boolean | null;
  trainedStaff: boolean | null;
  /** Calendar days, YYYY-MM-DD. */
  verifiedAt: string | null;
  closedAt: string | null;
  /** Its position for the time zone: own coordinates, else its ZIP's centre (kept by the database). */
  geoLat: number | null;
  geoLng: number | null;
};

/** A restaurant in a result list; `distance` in miles from the search's centre, if it has one. */
export type FoundRestaurant = Restaurant & { distance: number | null };

export type RestaurantPage = {
  restaurants: FoundRestaurant[];
  /** Exact up to MAX_COUNTED; `capped` when there are more. */
  total: number;
  capped: boolean;
  /** For a search with a centre and no result: the nearest few beyond the radius. */
  nearestBeyond: FoundRestaurant[];
};

export type Photo = { id: number; restaurantId: number; url: string; createdAt: string };

// ---------------------------------------------------------------------------------------
// Places and cities.

/** A place of the place data (us_places, us_zip_codes): a name in a state, and its centre. */
export type Place = LatLng & {
  name: string;
  /** Two-letter state code. */
  state: string;
  /** The place's slug in landing-page URLs (/us/{state}/{slug}); null for a ZIP. */
  slug: string | null;
  /** The ZIP code, when the place is one. */
  zip: string | null;
};

/** What the location box names, to be looked up in the place data (app/lib/places/places.ts reads it). */
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
export type PlaceMatch = { place: Place | null; alternatives: Place[] };

export const MAX_ALTERNATIVES = 5;

type DietCounts = Record<Diet, number>;

/** A city of restaurant_cities: its open restaurants in all, per diet, and per diet served exclusively. */
export type City = {
  state: string;
  slug: string;
  name: string;
  restaurants: number;
  diets: DietCounts;
  /** Open restaurants serving each diet exclusively ('100%'). */
  dedicated: DietCounts;
};
