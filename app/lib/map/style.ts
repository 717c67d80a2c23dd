// The MapLibre style of the map beside the results, from the site's own files only: the tiles
// and TileJSON of this Worker (/tiles.json), and for text one font file (Noto Sans, latin,
// from @fontsource/noto-sans) declared as a `font-faces` entry, which MapLibre draws glyphs
// from in the browser, so there is no glyph server and no sprite sheet
// (docs/decisions/0024-map-tiles-from-r2-and-maplibre.md). The default basemap's layers
// (./basemap-schema.ts) get this file's style; a Protomaps build of OpenStreetMap gets
// @protomaps/basemaps' light style (its icon layers left out: no sprites).
import type { LayerSpecification, StyleSpecification } from "maplibre-gl";
import { BASEMAP_LAYERS } from "./basemap-schema";

const SOURCE = "basemap";
/** The font names the layers ask for; every one is drawn from the site's Noto Sans file. */
const FONT_NAMES = ["Noto Sans Regular", "Noto Sans Medium", "Noto Sans Italic"];
const TEXT_FONT = ["Noto Sans Regular"];

export type TileJsonLike = { vector_layers?: { id: string }[]; attribution?: string };

/** Whether an archive's layers are Protomaps' (OpenStreetMap) rather than the default basemap's. */
function isProtomaps(tileJson: TileJsonLike): boolean {
  return (tileJson.vector_layers ?? []).some((layer) => layer.id === "earth");
}

function defaultLayers(): LayerSpecification[] {
  return [
    { id: "water", type: "background", paint: { "background-color": "#dbeafe" } },
    {
      id: "land",
      type: "fill",
      source: SOURCE,
      "source-layer": BASEMAP_LAYERS.land,
      paint: { "fill-color": "#f8f7f2" },
    },
    {
      id: "counties",
      type: "line",
      source: SOURCE,
      "source-layer": BASEMAP_LAYERS.counties,
      paint: { "line-color": "#d6d3d1", "line-width": 0.8 },
    },
    {
      id: "states",
      type: "line",
      source: SOURCE,
      "source-layer": BASEMAP_LAYERS.states,
      paint: { "line-color": "#a8a29e", "line-width": 1.4, "line-dasharray": [3, 1.5] },
    },
    {
      id: "places",
      type: "symbol",
      source: SOURCE,
      "source-layer": BASEMAP_LAYERS.places,
      layout: {
        "text-field": ["get", "name"],
        "text-font": TEXT_FONT,
        "text-size": 12,
        "symbol-sort-key": ["get", "rank"],
        "text-padding": 4,
      },
      paint: { "text-color": "#57534e", "text-halo-color": "#f8f7f2", "text-halo-width": 1.5 },
    },
  ];
}

/**
 * The style for the archive the TileJSON describes. `protomapsLayers` is @protomaps/basemaps'
 * `layers` function, passed in so that only the map's chunk imports it.
 */
export function mapStyle(
  tileJsonUrl: string,
  tileJson: TileJsonLike,
  fontUrl: string,
  protomapsLayers?: (source: string) => LayerSpecification[],
): StyleSpecification {
  const layers =
    isProtomaps(tileJson) && protomapsLayers
      ? protomapsLayers(SOURCE).filter((layer) => !(layer.type === "symbol" && layer.layout?.["icon-image"]))
      : defaultLayers();
  return {
    version: 8,
    sources: { [SOURCE]: { type: "vector", url: tileJsonUrl } },
    "font-faces": Object.fromEntries(FONT_NAMES.map((name) => [name, fontUrl])),
    layers,
  };
}
