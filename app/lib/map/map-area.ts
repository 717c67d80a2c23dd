// 'Search this area' puts the map's centre in the URL as `lat`/`lng`, as 'Use My Location' puts
// the visitor's position: the URL cannot tell them apart (and must not change). So the browser
// tab remembers (sessionStorage) where its last coordinates came from, and the page says 'this
// map area' or 'your location' for them, through the filter links and reloads that keep them.
// Coordinates this tab did not make (a shared link, a bookmark, another tab, or this tab's
// earlier ones) are named by the nearest place (app/lib/places/nearest-place.ts).
import { useSyncExternalStore } from "react";
import type { CoordsOrigin } from "../places/nearest-place";
import type { LatLng } from "../places/places";
import { subscribe } from "../web/hydrated";

const KEY = "safebites:coords";

/** Storage refused (private mode, a policy): the page names the nearest place, as for a shared link. */
function stored(value?: string): string | null {
  try {
    if (value) sessionStorage.setItem(KEY, value);
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** 'Search this area' ("map") or 'Use My Location' ("mine") made these coordinates (as the URL will carry them). */
export const rememberCoords = (origin: CoordsOrigin, coords: LatLng) => stored(`${origin} ${coords.lat},${coords.lng}`);

/**
 * Where the search's coordinates came from: this tab's memory, else the server's word (`own`:
 * near=me's redirect just made them); null for coordinates of no one's (null on the server and
 * during hydration but for `own`; read again at every render, as a navigation renders again).
 */
export function useCoordsOrigin(coords: LatLng | null, own = false): CoordsOrigin | null {
  const [origin, at] = useSyncExternalStore(subscribe, stored, () => null)?.split(" ") ?? [];
  if (coords && at === `${coords.lat},${coords.lng}`) return origin as CoordsOrigin;
  return own ? "mine" : null;
}
