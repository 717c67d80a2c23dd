// The search a city page runs (/us/{st}/{city}, docs/seo.md): the location "City, ST" under the
// spec's text rule, without a centre, so by name. Pure: the city page's loader, its component
// and the door (findCityRestaurants) share it.
import type { Diet } from "./diet";
import { searchOf, type Search } from "./search-url";

/**
 * "Portland, OR": the label of a city, and the location its page searches (the spec's text
 * rule); abroad the subdivision's code ("Toronto, ON"), or the city alone where the country
 * has no subdivision ("Singapore").
 */
export function cityLabel(city: string, state: string): string {
  return state ? `${city}, ${state}` : city;
}

/**
 * What a city page lists: the spec's text rule for the location "City, ST" alone (searched
 * without a centre, so by name), optionally for one diet.
 */
export function landingSearch(city: string, state: string, diet: Diet | null, page: number, dedicated = false): Search {
  return searchOf({ location: cityLabel(city, state), diets: diet ? [diet] : [], dedicated, page });
}
