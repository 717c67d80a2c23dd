// The layers of the default basemap (scripts/map/basemap.ts writes them; the MapLibre style and
// the static map read them). A Protomaps build of OpenStreetMap has layers of its own
// (`earth`, `water`, `boundaries`, `places`, …): app/lib/map/style.ts tells the two apart.
export const BASEMAP_LAYERS = {
  land: "land",
  states: "states",
  counties: "counties",
  places: "places",
} as const;

/**
 * From which zoom a place is in the tiles, by its rank (0: the place with the most ZIP codes):
 * the first step whose `under` the rank is below; past the last, the archive's last zoom.
 */
export const PLACE_MIN_ZOOMS = [
  { under: 40, zoom: 3 },
  { under: 150, zoom: 5 },
  { under: 600, zoom: 6 },
  { under: 2500, zoom: 7 },
] as const;
