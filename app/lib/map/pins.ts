// What a result page's HTML carries for its map, and its types: small, because every result
// page's first-visit JavaScript includes it (the map's arithmetic, ./view.ts, where the loader
// places the pins, loads with MapLibre). Pure.

/** A card's pin: its number on the page (1-25), the restaurant's id, name and position. */
export type MapPin = { n: number; id: number; name: string; lat: number; lng: number };

/** The search's centre: the visitor's position or the place searched for, and what to call it. */
export type MapCentre = { lat: number; lng: number; label: string };

/**
 * The static map (view.ts `staticMapOf`), as the loader makes it: the pins as drawn, in pixels
 * of width x height, over the basemap image at `base`, and the map's attribution; `svg` all of
 * it as markup made on the server, and `caption` what the map's caption says.
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

/** A result page's map as view.ts `resultsMapOf` makes it. */
export type ResultsMapData = { pins: MapPin[]; centre?: MapCentre; staticMap: StaticMapData | null };

/**
 * What a page's data carries of the static map (./page-map.server.ts): `svg` the key of its
 * SVG, which only the server's render inserts (app/lib/web/server-markup.tsx), and its caption.
 */
export type PageStaticMap = { svg: string; caption: string };

/** A result page's map, as its loader hands it to the page. */
export type PageMapData = { pins: MapPin[]; centre?: MapCentre; staticMap: PageStaticMap | null };

/** The element id of the n-th card of a page: the static map's pins link to it. */
export const resultId = (n: number) => `result-${n}`;
