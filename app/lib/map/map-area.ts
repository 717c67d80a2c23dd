// 'Search this area' puts the map's centre in the URL as `lat`/`lng`, as 'Use My Location' puts
// the visitor's position: the URL cannot tell them apart (and must not change). So the browser
// tab remembers (sessionStorage) which position came from the map, and the page says 'this map
// area' for it rather than 'your location', through the filter links and reloads that keep it.
import { useEffect, useState } from "react";
import type { LatLng } from "../places/places";

const KEY = "safebites:map-area";
const keyOf = (coords: LatLng) => `${coords.lat},${coords.lng}`;

/** 'Search this area' was pressed for these coordinates (as the URL will carry them). */
export function rememberMapArea(coords: LatLng) {
  try {
    sessionStorage.setItem(KEY, keyOf(coords));
  } catch {
    // No storage (private mode, refused): the page says 'your location', as without JavaScript.
  }
}

/** Whether the search's coordinates are the centre of a map area (after hydration; false before). */
export function useMapArea(coords: LatLng | null): boolean {
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => {
    try {
      setRemembered(sessionStorage.getItem(KEY));
    } catch {
      setRemembered(null);
    }
  }, [coords]);
  return coords !== null && remembered === keyOf(coords);
}
