// The map without JavaScript, drawn in two parts. The page's loader places the numbered pins
// (./view.ts staticMapOf: arithmetic only, no I/O) and draws them as links to the cards
// (./static-markup.ts; the page inserts that SVG: app/components/map/StaticMap.tsx) over the
// basemap, an SVG image of its own at /map.svg?pins=…, drawn here on the server (basemapSvg)
// from the same vector tiles the interactive map shows (./tiles.server.ts). Light by design: the view's few tiles only, every line clipped to the
// view, rounded to whole pixels and thinned where points fall within a pixel of each other, and
// at most a dozen place names, none over a pin. docs/decisions/0024-map-tiles-from-r2-and-maplibre.md.
import { VectorTile, type VectorTileFeature } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import type { LatLng } from "../places/places";
import { MAX_SAVED } from "../saved/saved-list";
import { xmlEscape } from "../web/xml";
import { TILE_CACHE_CONTROL, archiveOf, readTile, unavailable, versionOf, type MapEnv } from "./tiles.server";
import { STATIC_MAP_SIZE, project, staticMapView, type MapView } from "./view";

const MAX_LABELS = 12;
const MAX_TILES = 9;
/** How far past the view lines are kept (so no stroke ends at the edge). */
const MARGIN = 4;

type Role = "land" | "water" | "borders" | "minorBorders" | "roads" | "places";

/** Which role a layer's feature plays: the default basemap's layers, and Protomaps' (OpenStreetMap). */
function roleOf(layer: string, feature: VectorTileFeature): Role | null {
  switch (layer) {
    case "land":
    case "earth":
      return feature.type === 3 ? "land" : null;
    case "water":
      return feature.type === 3 ? "water" : null;
    case "states":
      return "borders";
    case "counties":
      return "minorBorders";
    case "boundaries":
      return Number(feature.properties.admin_level ?? 4) <= 4 ? "borders" : "minorBorders";
    case "roads":
      return ["highway", "major_road"].includes(String(feature.properties.kind)) ? "roads" : null;
    case "places":
      return feature.type === 1 && feature.properties.name ? "places" : null;
    default:
      return null;
  }
}

type Pt = [number, number];

/** Sutherland-Hodgman: a ring clipped to the rectangle. */
function clipRing(ring: Pt[], min: number, maxX: number, maxY: number): Pt[] {
  const edges: [(p: Pt) => boolean, (a: Pt, b: Pt) => Pt][] = [
    [(p) => p[0] >= min, (a, b) => [min, a[1] + ((b[1] - a[1]) * (min - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= maxX, (a, b) => [maxX, a[1] + ((b[1] - a[1]) * (maxX - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= min, (a, b) => [a[0] + ((b[0] - a[0]) * (min - a[1])) / (b[1] - a[1]), min]],
    [(p) => p[1] <= maxY, (a, b) => [a[0] + ((b[0] - a[0]) * (maxY - a[1])) / (b[1] - a[1]), maxY]],
  ];
  let output = ring;
  for (const [inside, cross] of edges) {
    const input = output;
    output = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (inside(previous)) output.push(cross(previous, current));
    }
    if (output.length === 0) break;
  }
  return output;
}

/** Liang-Barsky: a line's pieces inside the rectangle. */
function clipLine(line: Pt[], min: number, maxX: number, maxY: number): Pt[][] {
  const pieces: Pt[][] = [];
  let piece: Pt[] = [];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, x0 - min],
      [dx, maxX - x0],
      [-dy, y0 - min],
      [dy, maxY - y0],
    ] as const) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (!visible || t0 > t1) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
      continue;
    }
    const start: Pt = [x0 + t0 * dx, y0 + t0 * dy];
    const end: Pt = [x0 + t1 * dx, y0 + t1 * dy];
    if (piece.length === 0) piece.push(start);
    piece.push(end);
    if (t1 < 1) {
      pieces.push(piece);
      piece = [];
    }
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** Whole pixels, relative moves, points within a pixel of the last one dropped. */
function pathOf(points: Pt[], closed: boolean): string {
  const rounded: Pt[] = [];
  for (const [x, y] of points) {
    const p: Pt = [Math.round(x), Math.round(y)];
    const last = rounded[rounded.length - 1];
    if (!last || Math.abs(last[0] - p[0]) + Math.abs(last[1] - p[1]) >= 2) rounded.push(p);
  }
  if (rounded.length < (closed ? 3 : 2)) return "";
  let d = `M${rounded[0]![0]} ${rounded[0]![1]}`;
  for (let i = 1; i < rounded.length; i++) {
    const dx = rounded[i]![0] - rounded[i - 1]![0];
    const dy = rounded[i]![1] - rounded[i - 1]![1];
    d += `${i === 1 ? "l" : " "}${dx} ${dy}`.replace(/ -/g, "-");
  }
  return closed ? `${d}z` : d;
}

/** The tiles (at the archive's zoom nearest below the view's) that the view covers. */
function tilesOf(view: MapView, zoom: number): { x: number; y: number }[] {
  const n = 2 ** zoom;
  const scale = 256 * 2 ** view.zoom;
  const c = project(view.center);
  const span = (pixels: number) => pixels / 2 / scale;
  const x0 = Math.floor((c.x - span(view.width)) * n);
  const x1 = Math.floor((c.x + span(view.width)) * n);
  const y0 = Math.max(0, Math.floor((c.y - span(view.height)) * n));
  const y1 = Math.min(n - 1, Math.floor((c.y + span(view.height)) * n));
  const tiles: { x: number; y: number }[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ x: ((x % n) + n) % n, y });
  return tiles;
}

type Label = { x: number; y: number; text: string; rank: number };

/** A coordinate of the basemap's URL: at most 4 decimals, as view.ts writes them. */
const POSITION = /^-?\d{1,3}(\.\d{1,4})?$/;

/** A `lat,lng` of the basemap's URL; null when it is not one. */
function positionOf(part: string): LatLng | null {
  const [lat, lng, extra] = part.split(",");
  if (extra !== undefined || !POSITION.test(lat ?? "") || !POSITION.test(lng ?? "")) return null;
  const position = { lat: Number(lat), lng: Number(lng) };
  return Math.abs(position.lat) > 90 || Math.abs(position.lng) > 180 ? null : position;
}

/**
 * The positions in a basemap URL's `pins` (1 to a saved list's 100, `lat,lng;…`), and its `centre` (the
 * search's, at most one) last; null when it names none or is not one.
 */
function basemapPositions(searchParams: URLSearchParams): LatLng[] | null {
  const pins = searchParams.get("pins");
  if (!pins || searchParams.getAll("pins").length > 1 || searchParams.getAll("centre").length > 1) return null;
  const parts = pins.split(";");
  if (parts.length > MAX_SAVED) return null;
  const centre = searchParams.get("centre");
  if (centre !== null) parts.push(centre);
  const positions: LatLng[] = [];
  for (const part of parts) {
    const position = positionOf(part);
    if (!position) return null;
    positions.push(position);
  }
  return positions;
}

/**
 * The basemap under the static map's pins, as an SVG document: land, water, roads, borders and
 * the place names that fit beside the pins, from the view's tiles. Null when there is no archive.
 */
async function basemapSvg(env: Partial<MapEnv>, origin: string, positions: readonly LatLng[]) {
  const archive = archiveOf(env);
  if (!archive) return null;
  const header = await archive.getHeader().catch(() => null);
  if (!header) return null;
  const { width, height } = STATIC_MAP_SIZE;
  const { view, pixels } = staticMapView(positions);
  const zoom = Math.max(header.minZoom, Math.min(header.maxZoom, Math.floor(view.zoom)));
  const tiles = tilesOf(view, zoom).slice(0, MAX_TILES);
  const version = versionOf(header);
  const decoded = await Promise.all(
    tiles.map(async ({ x, y }) => {
      const data = await readTile(archive, zoom, x, y, `${origin}/tiles/${zoom}/${x}/${y}.mvt?v=${version}`).catch(
        () => null,
      );
      return data ? { x, y, tile: new VectorTile(new PbfReader(data)) } : null;
    }),
  );

  const scale = 256 * 2 ** view.zoom;
  const c = project(view.center);
  const paths: Record<Exclude<Role, "places">, string[]> = {
    land: [],
    water: [],
    borders: [],
    minorBorders: [],
    roads: [],
  };
  const labels: Label[] = [];
  for (const entry of decoded) {
    if (!entry) continue;
    for (const [name, layer] of Object.entries(entry.tile.layers)) {
      const toView = (px: number, py: number): Pt => [
        ((entry.x + px / layer.extent) / 2 ** zoom - c.x) * scale + width / 2,
        ((entry.y + py / layer.extent) / 2 ** zoom - c.y) * scale + height / 2,
      ];
      for (let i = 0; i < layer.length; i++) {
        const feature = layer.feature(i);
        const role = roleOf(name, feature);
        if (!role) continue;
        const geometry = feature.loadGeometry().map((ring) => ring.map((p) => toView(p.x, p.y)));
        if (role === "places") {
          const [x, y] = geometry[0]?.[0] ?? [-1, -1];
          if (x < 0 || y < 0 || x > width || y > height) continue;
          const rank = Number(feature.properties.rank ?? -Number(feature.properties.population_rank ?? 0));
          labels.push({ x, y, text: String(feature.properties.name), rank });
        } else if (feature.type === 3) {
          for (const ring of geometry) {
            const d = pathOf(clipRing(ring, -MARGIN, width + MARGIN, height + MARGIN), true);
            if (d) paths[role].push(d);
          }
        } else {
          for (const line of geometry) {
            for (const piece of clipLine(line, -MARGIN, width + MARGIN, height + MARGIN)) {
              const d = pathOf(piece, false);
              if (d) paths[role].push(d);
            }
          }
        }
      }
    }
  }
  const path = (d: string[], attributes: string) => (d.length > 0 ? `<path d="${d.join("")}" ${attributes}/>` : "");
  const text = placeLabels(labels, pixels, width, height)
    .map(
      (label) =>
        `<text x="${label.x}" y="${label.y}" stroke="#f8f7f2" stroke-width="3" paint-order="stroke">${xmlEscape(label.text)}</text>`,
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    path(paths.land, 'fill="#f8f7f2"'),
    path(paths.water, 'fill="#bfdbfe"'),
    path(paths.roads, 'fill="none" stroke="#e7d9b8" stroke-width="1.5"'),
    path(paths.minorBorders, 'fill="none" stroke="#d6d3d1" stroke-width="0.8"'),
    path(paths.borders, 'fill="none" stroke="#a8a29e" stroke-width="1.4" stroke-dasharray="4 2"'),
    `<g font-family="ui-sans-serif, system-ui, sans-serif" font-size="11" fill="#57534e" text-anchor="middle">${text}</g>`,
    "</svg>",
  ].join("");
}

/** The answer to /map.svg?pins=…[&centre=…]: the basemap; 400 for pins that are not a page's positions, 503 without an archive. */
export async function basemapResponse(env: Partial<MapEnv>, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const positions = basemapPositions(url.searchParams);
  if (!positions) {
    return new Response("Not a map: pins=lat,lng;… names from 1 to 25 positions.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": TILE_CACHE_CONTROL.missing },
    });
  }
  const svg = await basemapSvg(env, url.origin, positions);
  if (svg === null) return unavailable();
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": TILE_CACHE_CONTROL.unversioned },
  });
}

/** The best-ranked place names that fit without covering each other or a pin. */
function placeLabels(labels: Label[], pins: readonly { x: number; y: number }[], width: number, height: number) {
  const taken = pins.map((pin) => ({ x0: pin.x - 12, x1: pin.x + 12, y0: pin.y - 30, y1: pin.y + 2 }));
  const chosen: { x: number; y: number; text: string }[] = [];
  const seen = new Set<string>();
  for (const label of [...labels].sort((a, b) => a.rank - b.rank)) {
    if (chosen.length >= MAX_LABELS || seen.has(label.text)) continue;
    const half = (label.text.length * 6.2) / 2;
    const box = { x0: label.x - half, x1: label.x + half, y0: label.y - 12, y1: label.y + 3 };
    if (box.x0 < 2 || box.x1 > width - 2 || box.y0 < 2 || box.y1 > height - 16) continue;
    if (taken.some((t) => box.x0 < t.x1 && box.x1 > t.x0 && box.y0 < t.y1 && box.y1 > t.y0)) continue;
    taken.push(box);
    seen.add(label.text);
    chosen.push({ x: Math.round(label.x), y: Math.round(label.y), text: label.text });
  }
  return chosen;
}
