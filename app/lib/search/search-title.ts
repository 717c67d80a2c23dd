// What a search page's <title> says (ours: the spec fixes the results heading, not the title), so
// that bookmarks, history and shared links say what each search holds: 'Vegan restaurants within
// 25 mi of Portland, OR'. The loader makes it on the server; the route's meta adds the site's
// name. Pure.
import { DIET_LABELS } from "./diet";
import { CURRENT_LOCATION, type Search } from "./search-url";
import type { Place } from "../places/places";
import { radiusKilometres } from "../world/countries";

const lower = (label: string) => label.toLowerCase();

/** 'Vegan', 'Gluten-free or vegan', 'Gluten-free and vegan', with '100% ' for dedicated; '' for none. */
function dietWords(search: Search): string {
  const labels = search.diets.map((diet) => lower(DIET_LABELS[diet]));
  const words =
    labels.length > 1
      ? `${labels.slice(0, -1).join(", ")} ${search.match === "all" ? "and" : "or"} ${labels.at(-1)}`
      : (labels[0] ?? "");
  return search.dedicated ? `100% ${words || "dedicated"}` : words;
}

type NamedPlace = Pick<Place, "name" | "state" | "km">;

/**
 * Where the search looks: 'within 25 mi of Portland, OR', 'within 40 km of Toronto, ON' (a
 * country that gives distances in kilometres), coordinates by the place nearest them (the same
 * for whoever reads the title: a bookmark, a shared link) 'within 10 mi of Portland, OR' or
 * without one 'within 10 mi of 45.52, -122.68', 'in "Springfield"'.
 */
function whereWords(search: Search, place: NamedPlace | null, nearPlace: NamedPlace | null): string {
  if (search.coords) {
    if (nearPlace) return whereWords({ ...search, coords: null }, nearPlace, null);
    return `within ${search.radius} mi of ${search.coords.lat}, ${search.coords.lng}`;
  }
  if (place?.km) return `within ${radiusKilometres(search.radius)} km of ${place.name}, ${place.state}`;
  if (place) return `within ${search.radius} mi of ${place.name}, ${place.state}`;
  return search.location && search.location !== CURRENT_LOCATION ? `in "${search.location}"` : "";
}

/**
 * The title of a search page without the site's name: what it holds, its filters and its page;
 * null for the plain home page (which keeps the spec's title). `nearPlace`: the place nearest
 * the search's coordinates (app/lib/places/nearest-place.ts).
 */
export function searchTitle(
  search: Search,
  place: NamedPlace | null,
  nearPlace: NamedPlace | null = null,
): string | null {
  const narrowed =
    search.query || search.location || search.cuisine || search.coords || search.diets.length > 0 || search.dedicated;
  if (!narrowed && !search.open && !search.confirmed && search.kitchen.length === 0 && search.page === 1) return null;
  const head = [dietWords(search), search.cuisine, "restaurants"].filter(Boolean).join(" ");
  const parts = [head.charAt(0).toUpperCase() + head.slice(1)];
  if (search.query) parts.push(`matching "${search.query}"`);
  const where = whereWords(search, place, nearPlace);
  if (where) parts.push(where);
  let title = parts.join(" ");
  const extras = [
    ...(search.open ? ["open now"] : []),
    ...(search.confirmed ? ["confirmed by diners"] : []),
    ...(search.kitchen.length > 0 ? ["celiac kitchen practices confirmed"] : []),
  ];
  if (extras.length > 0) title += `, ${extras.join(", ")}`;
  return search.page > 1 ? `${title} (page ${search.page})` : title;
}
