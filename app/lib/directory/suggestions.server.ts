// The counted suggestions beside a search's results (app/lib/search/suggestions.ts says which
// and how they read; docs/search-url.md "What people type"): at most one lookup of places spelt
// like a misspelt one, then every count in one call (one D1 batch), each through the query
// cache like the page's own search. Part of the door: it reaches the directory only through
// the port.
import type { Search } from "../search/search-url";
import {
  MAX_WITHOUT_LINKS,
  NO_SUGGESTIONS,
  closestPlaces,
  cuisineSuggestions,
  filterWordSuggestion,
  misspeltPlace,
  narrowingRemovals,
  placeSearch,
  suggestionLink,
  type SuggestionLink,
  type Suggestions,
} from "../search/suggestions";
import { searchScope, type LatLng } from "../places/places";
import { guard, type SearchResult } from "./index.server";
import type { CountRequest, Directory } from "./port";

type Planned = { request: CountRequest; link: (count: { total: number; capped: boolean }) => SuggestionLink };

/**
 * The suggestions for a search whose page is `result`: the filter words of `q` (always, when it
 * holds any); when nothing was found, 'Did you mean' (a misspelt place or cuisine) and the
 * filters whose removal finds something. Links whose count is 0 are left out.
 */
export async function suggestionsFor(
  directory: Directory,
  search: Search,
  result: SearchResult,
  cuisines: readonly string[],
): Promise<Suggestions> {
  const centre: LatLng | null = result.centre;
  // A search that keeps the location box keeps its centre (the place, or the visitor's position).
  const sameScope = (next: Search): CountRequest => ({ search: next, scope: searchScope(next, centre) });
  const empty = result.total === 0 && result.restaurants.length === 0;

  const words = filterWordSuggestion(search);
  const filterWords: Planned[] = words
    ? [{ request: sameScope(words.search), link: (count) => suggestionLink(words.search, words.label, count) }]
    : [];

  let places: Planned[] = [];
  const probe = empty
    ? misspeltPlace(search, { place: result.place, alternatives: result.alternatives }, result.total)
    : null;
  if (probe) {
    const candidates = await guard(directory.placesSpeltLike(probe));
    places = closestPlaces(probe.key, candidates).map(({ item: place }) => {
      const next = placeSearch(search, place);
      return {
        request: { search: next, scope: searchScope(next, { lat: place.lat, lng: place.lng }) },
        link: (count) => suggestionLink(next, `${place.name}, ${place.state}`, count),
      };
    });
  }
  const cuisineLinks: Planned[] = cuisineSuggestions(search, cuisines, empty ? 0 : result.total).map((next) => ({
    request: sameScope(next),
    link: (count) => suggestionLink(next, next.cuisine !== search.cuisine ? next.cuisine : next.query, count),
  }));
  const without: Planned[] = empty
    ? narrowingRemovals(search).map(({ label, search: next }) => ({
        request: sameScope(next),
        link: (count) => suggestionLink(next, label, count),
      }))
    : [];

  const planned = [...filterWords, ...places, ...cuisineLinks, ...without];
  if (planned.length === 0) return NO_SUGGESTIONS;
  const counts = await guard(directory.countRestaurants(planned.map((p) => p.request)));
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
