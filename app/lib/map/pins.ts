// What a result page's HTML carries for its map, and its types: small, because every result
// page's first-visit JavaScript includes it (the map's arithmetic, ./view.ts, where the loader
// places the pins, loads with MapLibre). Pure.

/** A card's pin: its number on the page (1-25), the restaurant's id, name and position. */
export type MapPin = { n: number; id: number; name: string; lat: number; lng: number };

/** The search's centre: the visitor's position or the place searched for, and what to call it. */
export type MapCentre = { lat: number; lng: number; label: string };

/**
 * The static map (view.ts `staticMapOf`): the pins as drawn, in pixels of width x height, over
 * the basemap image at `base`, and the map's attribution; `svg` all of it as markup made on the
 * server, which the page inserts as it is, and `caption` what the map's caption says.
 */
export type StaticMapData = {
  width: number;
  height: number;
  base: string;
  pins: { n: number; name: string; x: number; y: number }[];
  attribution: string;
  svg: string;
  caption: string;
};

/** A result page's map, as its loader hands it to the page (view.ts `resultsMapOf`). */
export type ResultsMapData = { pins: MapPin[]; centre?: MapCentre; staticMap: StaticMapData | null };

/** The element id of the n-th card of a page: the static map's pins link to it. */
export const resultId = (n: number) => `result-${n}`;
