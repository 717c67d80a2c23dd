// The map without JavaScript: an SVG drawn on the server from the same vector tiles the
// interactive map shows (./tiles.server.ts), around the page's numbered pins. Light by design:
// the view's few tiles only, every line clipped to the view, rounded to whole pixels and thinned
// where points fall within a pixel of each other, and at most a dozen place names. The page
// renders it (app/components/map/StaticMap.tsx) and is cached with it.
import { VectorTile, type VectorTileFeature } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { archiveOf, readTile, type MapEnv } from "./tiles.server";
import type { MapPin, StaticMapData } from "./pins";
import { fitView, project, toPixels, type MapView } from "./view";

const STATIC_MAP_SIZE = { width: 480, height: 400 } as const;
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

/** The static map of a page's pins; null when no card has a position. */
export async function staticMapOf(
  env: Partial<MapEnv>,
  origin: string,
  pins: readonly MapPin[],
): Promise<StaticMapData | null> {
  if (pins.length === 0) return null;
  const { width, height } = STATIC_MAP_SIZE;
  const view = fitView(pins, width, height, 28);
  const map: StaticMapData = {
    width,
    height,
    land: "",
    water: "",
    borders: "",
    minorBorders: "",
    roads: "",
    labels: [],
    pins: pins.map((pin) => {
      const { x, y } = toPixels(view, pin);
      return { n: pin.n, name: pin.name, x: Math.round(x), y: Math.round(y) };
    }),
    attribution: "",
  };
  const archive = archiveOf(env);
  if (!archive) return map;
  const header = await archive.getHeader().catch(() => null);
  if (!header) return map;
  const metadata = (await archive.getMetadata().catch(() => ({}))) as { attribution?: string };
  map.attribution = metadata.attribution ?? "";
  const zoom = Math.max(header.minZoom, Math.min(header.maxZoom, Math.floor(view.zoom)));
  const tiles = tilesOf(view, zoom).slice(0, MAX_TILES);
  const version = (header.etag ?? "0").replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "0";
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
  for (const role of Object.keys(paths) as (keyof typeof paths)[]) map[role] = paths[role].join("");
  map.labels = placeLabels(labels, map.pins, width, height);
  return map;
}

/** The best-ranked place names that fit without covering each other or a pin. */
function placeLabels(labels: Label[], pins: StaticMapData["pins"], width: number, height: number) {
  const taken = pins.map((pin) => ({ x0: pin.x - 12, x1: pin.x + 12, y0: pin.y - 30, y1: pin.y + 2 }));
  const chosen: StaticMapData["labels"] = [];
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
