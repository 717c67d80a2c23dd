// 'Search this area' puts the map's centre in the URL as `lat`/`lng`, as 'Use My Location' puts
// the visitor's position: the URL cannot tell them apart (and must not change). So the browser
// tab remembers (sessionStorage) which position came from the map, and the page says 'this map
// area' for it rather than 'your location', through the filter links and reloads that keep it.
import { useSyncExternalStore } from "react";
import type { LatLng } from "../places/places";
import { subscribe } from "../web/hydrated";

const KEY = "safebites:map-area";
const keyOf = (coords: LatLng) => `${coords.lat},${coords.lng}`;

/** Storage refused (private mode, a policy): the page says 'your location', as without JavaScript. */
function stored(value?: string): string | null {
  try {
    if (value) sessionStorage.setItem(KEY, value);
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** 'Search this area' was pressed for these coordinates (as the URL will carry them). */
export const rememberMapArea = (coords: LatLng) => stored(keyOf(coords));

/**
 * Whether the search's coordinates are the centre of a map area (false on the server and during
 * hydration; read again at every render, as a navigation renders again).
 */
export function useMapArea(coords: LatLng | null): boolean {
  const remembered = useSyncExternalStore(subscribe, stored, () => null);
  return coords !== null && remembered === keyOf(coords);
}
