// The map beside a result list, in plain numbers shared by the server and the map's own chunk
// in the browser (MapLibre): Web Mercator, the view that fits the pins, 'Search this area' (the
// map's centre and the smallest radius option whose circle covers the whole view) as a search
// link, and what a result page's loader hands its map: a pin per card with a position, placed
// on the static map, and the URL of the basemap image under them (drawn when the browser asks
// for it: ./static-map.server.ts). Pure; out of the first-visit JavaScript (it loads with
// MapLibre; what every result page needs at once is in ./pins.ts).
import { distanceMiles, roundCoordinate, type LatLng } from "../places/places";
import { RADIUS_OPTIONS, searchHref, type Radius, type Search } from "../search/search-url";
import type { MapPin, ResultsMapData, StaticMapData } from "./pins";

/** Web Mercator: a position as a fraction of the world's width (x from the antimeridian, y from the north). */
export function project({ lat, lng }: LatLng): { x: number; y: number } {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

function unproject({ x, y }: { x: number; y: number }): LatLng {
  const lng = x * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return { lat, lng };
}

/** A view of the map: its centre and zoom (the world is 256 · 2^zoom pixels wide), in pixels. */
export type MapView = { center: LatLng; zoom: number; width: number; height: number };

/** The zoom a view of pins starts at when there is one pin (or all at one spot): a few miles across. */
const SINGLE_PIN_ZOOM = 12;
/** Never closer than this when fitting pins. */
const MAX_FIT_ZOOM = 14;

/** The view of `width` x `height` pixels that shows every pin with `padding` pixels to spare. */
export function fitView(pins: readonly LatLng[], width: number, height: number, padding = 32): MapView {
  if (pins.length === 0) return { center: { lat: 39.8, lng: -98.6 }, zoom: 3, width, height };
  const points = pins.map(project);
  const minX = Math.min(...points.map((p) => p.x));
  const maxX = Math.max(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxY = Math.max(...points.map((p) => p.y));
  const center = unproject({ x: (minX + maxX) / 2, y: (minY + maxY) / 2 });
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  if (spanX === 0 && spanY === 0) return { center, zoom: SINGLE_PIN_ZOOM, width, height };
  const zoomFor = (span: number, pixels: number) =>
    span === 0 ? Infinity : Math.log2(Math.max(1, pixels - 2 * padding) / (256 * span));
  const zoom = Math.min(MAX_FIT_ZOOM, zoomFor(spanX, width), zoomFor(spanY, height));
  return { center, zoom: Math.max(0, zoom), width, height };
}

/** Where a position falls in a view, in pixels from its top left corner. */
export function toPixels(view: MapView, position: LatLng): { x: number; y: number } {
  const scale = 256 * 2 ** view.zoom;
  const c = project(view.center);
  const p = project(position);
  return { x: (p.x - c.x) * scale + view.width / 2, y: (p.y - c.y) * scale + view.height / 2 };
}

/**
 * The smallest radius option whose circle around `center` covers every corner (so the whole
 * view); 50, the largest, when none does.
 */
export function radiusCovering(center: LatLng, corners: readonly LatLng[]): Radius {
  const farthest = Math.max(0, ...corners.map((corner) => distanceMiles(center, corner)));
  return RADIUS_OPTIONS.find((radius) => radius >= farthest) ?? RADIUS_OPTIONS[RADIUS_OPTIONS.length - 1]!;
}

/**
 * 'Search this area': the same search around the map's centre (at most 3 decimals, as the app
 * writes positions), with the radius that covers the view, and no place in the location box
 * (whose own rule would add results from elsewhere).
 */
export function searchAreaHref(search: Search, center: LatLng, corners: readonly LatLng[]): string {
  const coords = { lat: roundCoordinate(center.lat), lng: roundCoordinate(center.lng) };
  return searchHref(search, { coords, radius: radiusCovering(coords, corners), location: "" });
}

// ---------------------------------------------------------------------------------------
// A result page's map, as its loader makes it.

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

/** The static map's size in pixels (the page's image and the basemap drawn for it). */
export const STATIC_MAP_SIZE = { width: 480, height: 400 } as const;

/** Coordinates in the basemap's URL: 4 decimals (about 11 m, under a pixel at the closest zoom). */
const roundPosition = (value: number) => Math.round(value * 1e4) / 1e4;

/** The view of the static map around these positions, and where each falls in it, in whole pixels. */
export function staticMapView(positions: readonly LatLng[]) {
  const { width, height } = STATIC_MAP_SIZE;
  const view = fitView(positions, width, height, 28);
  const pixels = positions.map((position) => {
    const { x, y } = toPixels(view, position);
    return { x: Math.round(x), y: Math.round(y) };
  });
  return { view, pixels };
}

/**
 * The static map of a page's pins (null when no card has a position): the pins in pixels, each
 * a link to its card, drawn by the page over the basemap, an image of its own (`/map.svg`)
 * whose URL carries the pins' positions. The page itself reads no tile: its first byte waits
 * for no R2 read and no drawing, and its HTML carries no map geometry.
 */
function staticMapOf(pins: readonly MapPin[], attribution: string): StaticMapData | null {
  if (pins.length === 0) return null;
  const positions = pins.map((pin) => ({ lat: roundPosition(pin.lat), lng: roundPosition(pin.lng) }));
  const { pixels } = staticMapView(positions);
  return {
    ...STATIC_MAP_SIZE,
    base: `/map.svg?pins=${positions.map(({ lat, lng }) => `${lat},${lng}`).join(";")}`,
    pins: pins.map((pin, i) => ({ n: pin.n, name: pin.name, ...pixels[i]! })),
    attribution,
  };
}

/**
 * A result page's map: its pins (pinsOf) and the static map for the page without JavaScript,
 * credited with `attribution` (the loader reads it, tiles.server.ts mapAttribution, only when
 * there are pins).
 */
export function resultsMapOf(pins: MapPin[], attribution: string): ResultsMapData {
  return { pins, staticMap: staticMapOf(pins, attribution) };
}
