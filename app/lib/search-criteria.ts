// What a search asks of the directory, once the URL is parsed (app/lib/search-params.ts). The
// rules that turn it into results are CONTRACTS.md section 1; tests/fixtures/reference-search.ts
// states them in plain JavaScript.
import type { Diet, MatchMode } from "./diet";
import type { LatLng } from "./places";
import type { Radius } from "./search-params";

export type SearchCriteria = {
  /** `q`: partial, case-insensitive against name or cuisine; '' for none. */
  query: string;
  /** The location box text, '' for none. The spec's text rule is parseLocation(location). */
  location: string;
  /** `lat`/`lng` from the URL, already validated; they win over `location` for the centre. */
  coords: LatLng | null;
  /** Miles around the centre; no effect without one. */
  radius: Radius;
  /** Exact cuisine_type; null for All Cuisines. */
  cuisine: string | null;
  /** Empty for All. */
  diets: Diet[];
  match: MatchMode;
  /** 1-based, 25 a page. */
  page: number;
};
