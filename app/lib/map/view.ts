// The map beside a result list, in plain numbers shared by the server and the map's own chunk
// in the browser (MapLibre): Web Mercator, the view that fits the pins, 'Search this area' (the
// map's centre and the smallest radius option whose circle covers the whole view) as a search
// link, and what a result page's loader hands its map: a pin per card with a position, placed
// on the static map, and the URL of the basemap image under them (drawn when the browser asks
// for it: ./static-map.server.ts). Pure; out of the first-visit JavaScript (it loads with
// MapLibre; what every result page needs at once is in ./pins.ts).
import { distanceMiles } from "../places/geometry";
import { roundCoordinate, type LatLng } from "../places/places";
import { RADIUS_OPTIONS, searchHref, type Radius, type Search } from "../search/search-url";
import type { MapCentre, MapPin, ResultsMapData, StaticMapData } from "./pins";
import { spreadPins } from "./spread";
import { STATIC_PIN_SIZE, staticMapSvg } from "./static-markup";

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

/** Room to keep free on each side of a view, in pixels (controls, the attribution, half a pin). */
export type Insets = { top: number; right: number; bottom: number; left: number };

const insetsOf = (padding: number | Insets): Insets =>
  typeof padding === "number" ? { top: padding, right: padding, bottom: padding, left: padding } : padding;

/**
 * The view of `width` x `height` pixels that shows every pin with `padding` pixels to spare on
 * each side (one number, or one a side: the pins then fill the rectangle the insets leave).
 */
export function fitView(
  pins: readonly LatLng[],
  width: number,
  height: number,
  padding: number | Insets = 32,
): MapView {
  if (pins.length === 0) return { center: { lat: 39.8, lng: -98.6 }, zoom: 3, width, height };
  const inset = insetsOf(padding);
  const points = pins.map(project);
  const minX = Math.min(...points.map((p) => p.x));
  const maxX = Math.max(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxY = Math.max(...points.map((p) => p.y));
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const zoomFor = (span: number, pixels: number) =>
    span === 0 ? Infinity : Math.log2(Math.max(1, pixels) / (256 * span));
  const zoom =
    spanX === 0 && spanY === 0
      ? SINGLE_PIN_ZOOM
      : Math.max(
          0,
          Math.min(
            MAX_FIT_ZOOM,
            zoomFor(spanX, width - inset.left - inset.right),
            zoomFor(spanY, height - inset.top - inset.bottom),
          ),
        );
  // The pins' middle goes to the middle of the rectangle the insets leave.
  const scale = 256 * 2 ** zoom;
  const center = unproject({
    x: (minX + maxX) / 2 - (inset.left - inset.right) / 2 / scale,
    y: (minY + maxY) / 2 - (inset.top - inset.bottom) / 2 / scale,
  });
  return { center, zoom, width, height };
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

/** Room around the static map's pins: half a tap area and a little more (./static-markup.ts). */
const STATIC_PADDING = STATIC_PIN_SIZE / 2 + 4;

/** Coordinates in the basemap's URL: 4 decimals (about 11 m, under a pixel at the closest zoom). */
const roundPosition = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The view of the static map around these positions (the pins', and the search's centre last
 * when it has one), and where each falls in it, in whole pixels.
 */
export function staticMapView(positions: readonly LatLng[]) {
  const { width, height } = STATIC_MAP_SIZE;
  const view = fitView(positions, width, height, STATIC_PADDING);
  const pixels = positions.map((position) => {
    const { x, y } = toPixels(view, position);
    return { x: Math.round(x), y: Math.round(y) };
  });
  return { view, pixels };
}

const positionParam = ({ lat, lng }: LatLng) => `${lat},${lng}`;

/**
 * The static map of a page's pins (null when no card has a position): the pins in pixels, each
 * a link to its card, moved apart where their tap areas would overlap, and the search's centre,
 * drawn over the basemap, an image of its own (`/map.svg`) whose URL carries their positions;
 * without a basemap (no attribution: no archive, or it could not be read) on a plain background.
 * The page itself reads no tile: its first byte waits for no R2 read and no drawing, and its
 * HTML carries no map geometry.
 */
function staticMapOf(
  pins: readonly MapPin[],
  attribution: string,
  centre: MapCentre | undefined,
): StaticMapData | null {
  if (pins.length === 0) return null;
  const positions = pins.map((pin) => ({ lat: roundPosition(pin.lat), lng: roundPosition(pin.lng) }));
  const centrePosition = centre ? { lat: roundPosition(centre.lat), lng: roundPosition(centre.lng) } : null;
  const { pixels } = staticMapView(centrePosition ? [...positions, centrePosition] : positions);
  const { width, height } = STATIC_MAP_SIZE;
  const half = STATIC_PIN_SIZE / 2;
  const area = { left: half, top: half, right: width - half, bottom: height - half };
  // The centre first, so that no pin covers it.
  const centrePixel = centrePosition ? pixels[pixels.length - 1]! : null;
  const pinPixels = pixels.slice(0, pins.length);
  const spread = spreadPins(centrePixel ? [centrePixel, ...pinPixels] : pinPixels, STATIC_PIN_SIZE, area).slice(
    centrePixel ? 1 : 0,
  );
  const drawn = pins.map((pin, i) => ({ n: pin.n, name: pin.name, ...spread[i]!, at: pinPixels[i]! }));
  const base =
    `/map.svg?pins=${positions.map(positionParam).join(";")}` +
    (centrePosition ? `&centre=${positionParam(centrePosition)}` : "");
  const centreDrawn = centrePixel && centre ? { ...centrePixel, label: centre.label } : null;
  return {
    ...STATIC_MAP_SIZE,
    base,
    pins: drawn.map(({ n, name, x, y }) => ({ n, name, x, y })),
    attribution,
    svg: staticMapSvg(width, height, attribution ? base : null, drawn, centreDrawn),
    caption: (centre ? `Blue dot: ${centre.label}. ` : "") + (attribution ? `Map data: ${attribution}` : NO_BASEMAP),
  };
}

/** What the static map's caption says when there is no basemap under the pins. */
export const NO_BASEMAP = "The map's background is unavailable: the pins are shown on a plain background.";

/**
 * The search's centre for the map: the place searched for, or the coordinates, named by
 * `coordsLabel` (coordsCentreLabel in app/lib/places/nearest-place.ts: 'Search centre near
 * Bellevue, WA', or 'Your location' for the visitor's own position, the default).
 */
export function mapCentreOf(
  centre: LatLng | null,
  place: { name: string; state: string } | null,
  coordsLabel = "Your location",
): MapCentre | undefined {
  if (!centre) return undefined;
  return {
    lat: centre.lat,
    lng: centre.lng,
    label: place ? `Centre of ${place.name}, ${place.state}` : coordsLabel,
  };
}

/**
 * A result page's map: its pins (pinsOf), the search's centre (mapCentreOf) and the static map
 * for the page without JavaScript, credited with `attribution` (the loader reads it,
 * tiles.server.ts mapAttribution, only when there are pins).
 */
export function resultsMapOf(pins: MapPin[], attribution: string, centre?: MapCentre): ResultsMapData {
  return { pins, centre, staticMap: staticMapOf(pins, attribution, centre) };
}
