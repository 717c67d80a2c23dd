// The spec's text rule on the location box (docs/search-url.md), as a pure parse. The place
// the box names, for a centre, is another rule: placeLookupOf in ./places.ts.
import type { LatLng, LocationFilter, Search, SearchScope } from "./domain";

export function parseLocation(raw: string): LocationFilter {
  const value = raw.trim();
  if (!value) return { kind: "none" };
  if (/^[0-9]{5}$/.test(value)) return { kind: "zip", zip: value };
  const comma = value.indexOf(",");
  if (comma !== -1) {
    return {
      kind: "cityState",
      city: value.slice(0, comma).trim(),
      state: value.slice(comma + 1).trim(),
    };
  }
  return { kind: "cityOrState", text: value };
}

/** Where a search looks around `centre` (or without one), its location box read by the text rule. */
export function searchScope(search: Pick<Search, "location">, centre: LatLng | null): SearchScope {
  return { centre, locationRule: parseLocation(search.location) };
}
