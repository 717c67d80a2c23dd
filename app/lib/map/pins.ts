// The pins of a result page and what the page's HTML carries for its map: small, because every
// result page's first-visit JavaScript includes it (the map's arithmetic, ./view.ts, loads with
// MapLibre). Pure.

/** A card's pin: its number on the page (1-25), the restaurant's id, name and position. */
export type MapPin = { n: number; id: number; name: string; lat: number; lng: number };

/** The pins of a page of results: every card is numbered in order; those with a position get a pin. */
export function pinsOf(
  restaurants: readonly { id: number; name: string; geoLat: number | null; geoLng: number | null }[],
): MapPin[] {
  const pins: MapPin[] = [];
  restaurants.forEach((restaurant, index) => {
    if (restaurant.geoLat === null || restaurant.geoLng === null) return;
    pins.push({
      n: index + 1,
      id: restaurant.id,
      name: restaurant.name,
      lat: restaurant.geoLat,
      lng: restaurant.geoLng,
    });
  });
  return pins;
}

/**
 * What the page draws of the static map (static-map.server.ts): the pins, in pixels of width x
 * height, over the basemap image at `base`, and the map's attribution.
 */
export type StaticMapData = {
  width: number;
  height: number;
  base: string;
  pins: { n: number; name: string; x: number; y: number }[];
  attribution: string;
};

/** A result page's map, as its loader hands it to the page (static-map.server.ts `resultsMapOf`). */
export type ResultsMapData = { pins: MapPin[]; staticMap: StaticMapData | null };

/** The element id of the n-th card of a page: the static map's pins link to it. */
export const resultId = (n: number) => `result-${n}`;
