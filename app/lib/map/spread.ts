// Pins that would cover each other, moved apart: each pin is a square tap area of `size` pixels
// (44 CSS pixels at least, WCAG 2.5.5) around its point, and a pin whose square overlaps one
// already placed (in card order) moves to the nearest free spot on rings around its point,
// inside the area allowed. Both maps use it: the static map on the server (./static-markup.ts)
// and the interactive one in the map's own chunk, after every zoom. Pure.

export type Point = { x: number; y: number };
/** Where pin centres may go: a rectangle in the same pixels. */
export type Area = { left: number; top: number; right: number; bottom: number };

/** Angles tried on each ring, starting straight up (a pin moved up leaves its point visible). */
const ANGLES = Array.from({ length: 16 }, (_, i) => -Math.PI / 2 + (i * Math.PI) / 8);
/** Rings tried, half a pin apart, before a pin is left where it is. */
const RINGS = 12;

const overlaps = (a: Point, b: Point, size: number) => Math.abs(a.x - b.x) < size && Math.abs(a.y - b.y) < size;

const inside = (p: Point, area: Area) => p.x >= area.left && p.x <= area.right && p.y >= area.top && p.y <= area.bottom;

/**
 * Where each pin's centre goes: its own point when free, else the nearest free spot found on
 * up to twelve rings half a pin apart; a pin with no free spot in reach stays on its point.
 */
export function spreadPins(points: readonly Point[], size: number, area: Area): Point[] {
  const placed: Point[] = [];
  for (const point of points) {
    const free = (p: Point) => inside(p, area) && !placed.some((other) => overlaps(p, other, size));
    let chosen: Point | null = free(point) ? point : null;
    for (let ring = 1; ring <= RINGS && !chosen; ring++) {
      for (const angle of ANGLES) {
        const candidate = {
          x: Math.round(point.x + (Math.cos(angle) * size * ring) / 2),
          y: Math.round(point.y + (Math.sin(angle) * size * ring) / 2),
        };
        if (free(candidate)) {
          chosen = candidate;
          break;
        }
      }
    }
    placed.push(chosen ?? point);
  }
  return placed;
}
