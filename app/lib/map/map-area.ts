// 'Search this area' puts the map's centre in the URL as `lat`/`lng`, as 'Use My Location' puts
// the visitor's position: the URL cannot tell them apart (and must not change). So the browser
// tab remembers (sessionStorage) which coordinates came from the map and which were the
// visitor's own, and the page says 'this map area' or 'your location' for them, through the
// filter links and reloads that keep them. Coordinates this tab did not make (a shared link, a
// bookmark, another tab) are named by the nearest place (app/lib/places/nearest-place.ts).
import { useSyncExternalStore } from "react";
import type { CoordsOrigin } from "../places/nearest-place";
import type { LatLng } from "../places/places";
import { subscribe } from "../web/hydrated";

const KEYS: Record<CoordsOrigin, string> = { map: "safebites:map-area", mine: "safebites:my-position" };
const keyOf = (coords: LatLng) => `${coords.lat},${coords.lng}`;

/** What the tab remembers, as one string ('map|mine'); '' when storage is refused (private mode, a policy). */
function remembered(): string {
  try {
    return `${sessionStorage.getItem(KEYS.map) ?? ""}|${sessionStorage.getItem(KEYS.mine) ?? ""}`;
  } catch {
    return "";
  }
}

function remember(origin: CoordsOrigin, coords: LatLng) {
  try {
    sessionStorage.setItem(KEYS[origin], keyOf(coords));
  } catch {
    // Storage refused: the page names the nearest place, as for a shared link.
  }
}

/** 'Search this area' was pressed for these coordinates (as the URL will carry them). */
export const rememberMapArea = (coords: LatLng) => remember("map", coords);

/** 'Use My Location' found these coordinates (as the URL will carry them). */
export const rememberOwnPosition = (coords: LatLng) => remember("mine", coords);

/**
 * Where this tab's search coordinates came from: the map, the visitor's own position, or null
 * (not this tab's; null on the server and during hydration; read again at every render, as a
 * navigation renders again).
 */
export function useCoordsOrigin(coords: LatLng | null): CoordsOrigin | null {
  const kept = useSyncExternalStore(subscribe, remembered, () => "");
  if (!coords || !kept) return null;
  const [map, mine] = kept.split("|");
  const key = keyOf(coords);
  return map === key ? "map" : mine === key ? "mine" : null;
}

/** The origin the page names coordinates by: this tab's memory, else the server's (own: near=me's redirect). */
export function useCoordsNaming(coords: LatLng | null, own: boolean): CoordsOrigin | null {
  return useCoordsOrigin(coords) ?? (own ? "mine" : null);
}
