import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../../scripts/lib/random.mjs";
import { distanceMiles } from "../../places/geometry";
import type { LatLng } from "../../places/places";
import { cellId, cellOf, covering, startCells, type CellLevel, type Covering } from "./circles";
import { token } from "./fts-query";

const LEVELS = [0, 1, 2, 3, 4] as const;
/** Cells per degree at each level: 1°, 1/4°, 1/16°, 1/64°, 1/256°. */
const PER_DEGREE = [1, 4, 16, 64, 256] as const;
/**
 * The first cell id of each level, and the one past the last: from 10,000,000, each level
 * 180 × 360 × (cells per degree)² ids long.
 */
const FIRST_CELL = [10_000_000, 10_064_800, 11_101_600, 27_690_400, 293_111_200, 4_539_844_000] as const;

/** A point at `miles` from `centre` in direction `bearing` (radians), on the sphere. */
function pointAt(centre: LatLng, miles: number, bearing: number): LatLng {
  const angle = miles / 3958.8;
  const phi1 = (centre.lat * Math.PI) / 180;
  const lambda1 = (centre.lng * Math.PI) / 180;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(angle) + Math.cos(phi1) * Math.sin(angle) * Math.cos(bearing));
  const lambda2 =
    lambda1 +
    Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(phi1), Math.cos(angle) - Math.sin(phi1) * Math.sin(phi2));
  return { lat: (phi2 * 180) / Math.PI, lng: (((lambda2 * 180) / Math.PI + 540) % 360) - 180 };
}

/**
 * The token of the cell a point lies in, worked out here as the migration's SQL does it rather
 * than by the module: the row from the south pole and the column from 180° west, the id from the
 * level's first, and the id in base 20,992 as three CJK ideographs from U+4E00.
 */
const tokenAt = (level: CellLevel, at: LatLng) => {
  const k = PER_DEGREE[level];
  const row = Math.min(180 * k - 1, Math.floor((at.lat + 90) * k));
  const column = Math.floor((at.lng + 180) * k) % (360 * k);
  const id = FIRST_CELL[level] + row * 360 * k + column;
  const radix = 20992;
  return String.fromCharCode(
    0x4e00 + Math.floor(id / radix ** 2),
    0x4e00 + (Math.floor(id / radix) % radix),
    0x4e00 + (id % radix),
  );
};

/** Whether the covering lists, at some level, the cell a point lies in; and which list. */
function placeOf(cover: Covering, at: LatLng): "inner" | "edge" | null {
  for (const level of LEVELS) {
    const t = tokenAt(level, at);
    if (cover.inner[level]?.includes(t)) return "inner";
    if (cover.edge[level]?.includes(t)) return "edge";
  }
  return null;
}

const size = (cover: Covering) =>
  LEVELS.reduce<number>((n, level) => n + (cover.inner[level]?.length ?? 0) + (cover.edge[level]?.length ?? 0), 0);

describe("token", () => {
  it("is three CJK ideographs, one per id", () => {
    const ids = [0, 1, 4, 10, 97201 + 10, 200_001, FIRST_CELL[4] + 12345, 20992 ** 3 - 1];
    const tokens = ids.map(token);
    expect(new Set(tokens).size).toBe(ids.length);
    for (const t of tokens) expect(t).toMatch(/^[\u4e00-\u9fff]{3}$/u);
  });

  it("refuses an id it cannot write", () => {
    expect(() => token(-1)).toThrow(RangeError);
    expect(() => token(20992 ** 3)).toThrow(RangeError);
    expect(() => token(1.5)).toThrow(RangeError);
  });
});

describe("cells", () => {
  it("give every level its own range of ids", () => {
    for (const level of LEVELS) {
      const k = PER_DEGREE[level];
      expect(cellId(level, 0, 0)).toBe(FIRST_CELL[level]);
      expect(cellId(level, 180 * k - 1, 360 * k - 1)).toBe(FIRST_CELL[level + 1]! - 1);
    }
  });

  it("place a point in the cell whose bounds hold it, and wrap the longitude", () => {
    const { row, column } = cellOf(2, { lat: 45.5078, lng: -122.6897 });
    expect(row / 16 - 90).toBeLessThanOrEqual(45.5078);
    expect((row + 1) / 16 - 90).toBeGreaterThan(45.5078);
    expect(column / 16 - 180).toBeLessThanOrEqual(-122.6897);
    expect((column + 1) / 16 - 180).toBeGreaterThan(-122.6897);
    expect(cellId(1, 10, -1)).toBe(cellId(1, 10, 360 * 4 - 1));
  });
});

/**
 * 24 circles drawn from `random` anywhere between 60° S and 70° N (near the antimeridian too),
 * then the places the search uses: dense New York, 5 mi, and rural Nevada at `ruralMiles`.
 */
function sampleCircles(random: () => number, ruralMiles: number) {
  const circles = Array.from({ length: 24 }, () => ({
    centre: { lat: -60 + random() * 130, lng: -180 + random() * 360 },
    miles: [0.25, 1, 5, 25, 50, 150, 300][Math.floor(random() * 7)]!,
  }));
  circles.push(
    { centre: { lat: 40.71, lng: -74.01 }, miles: 5 },
    { centre: { lat: 39.5, lng: -116.9 }, miles: ruralMiles },
  );
  return circles;
}

describe("covering", () => {
  const random = mulberry32(20261122);
  const circles = sampleCircles(random, 156);

  it.each([
    ["at most 160 cells", 160, 160],
    ["filtered: at most 32 cells", 32, 32],
    ["refined edges: at most 480 cells", 160, 480],
  ] as const)(
    "every point within the circle is in a listed cell, and inner cells hold no point beyond it (%s)",
    (_, maxCells, refineTo) => {
      for (const { centre, miles } of circles) {
        const cover = covering(centre, miles, maxCells, refineTo);
        // The cap applies where a level can honour it (level 0 is the last resort).
        if (size(cover) > refineTo)
          expect([...new Set([...Object.keys(cover.inner), ...Object.keys(cover.edge)])]).toEqual(["0"]);
        for (let i = 0; i < 200; i++) {
          const bearing = random() * 2 * Math.PI;
          const inside = pointAt(centre, miles * Math.sqrt(random()) * 0.999, bearing);
          expect(placeOf(cover, inside), `${JSON.stringify(centre)} ${miles} mi`).not.toBeNull();
          const beyond = pointAt(centre, miles * (1.001 + random()), bearing);
          if (distanceMiles(centre, beyond) > miles) expect(placeOf(cover, beyond)).not.toBe("inner");
        }
      }
    },
  );

  it("splits the edge into finer cells when allowed more, keeping the inside coarse", () => {
    const centre = { lat: 39.5, lng: -116.9 };
    const plain = covering(centre, 156, 160);
    const refined = covering(centre, 156, 160, 480);
    const edgeLevel = (cover: Covering) => Math.max(...Object.keys(cover.edge).map(Number));
    expect(edgeLevel(refined)).toBeGreaterThan(edgeLevel(plain));
    expect(size(refined)).toBeLessThanOrEqual(480);
    expect(size(refined)).toBeGreaterThan(size(plain));
    // The coarse inner cells stay as they were.
    const coarsest = Math.min(...Object.keys(plain.inner).map(Number)) as CellLevel;
    expect(refined.inner[coarsest]).toEqual(plain.inner[coarsest]);
  });
});

describe("startCells", () => {
  const random = mulberry32(20261124);
  const circles = sampleCircles(random, 300);

  it("lists cells of one level, within the world, that hold every point within the circle", () => {
    for (const { centre, miles } of circles) {
      const cells = startCells(centre, miles, 24);
      const levels = new Set(cells.map(([level]) => level));
      expect(levels.size).toBe(1);
      const [level] = [...levels] as [CellLevel];
      // At most 24, except at level 0 (the last resort).
      if (level > 0) expect(cells.length).toBeLessThanOrEqual(24);
      const listed = new Set(cells.map(([l, row, column]) => cellId(l, row, column)));
      for (const [, row, column] of cells) {
        expect(row).toBeGreaterThanOrEqual(0);
        expect(column).toBeGreaterThanOrEqual(0);
        expect(column).toBeLessThan(360 * PER_DEGREE[level]);
      }
      for (let i = 0; i < 200; i++) {
        const inside = pointAt(centre, miles * Math.sqrt(random()) * 0.999, random() * 2 * Math.PI);
        const { row, column } = cellOf(level, inside);
        expect(listed.has(cellId(level, row, column)), `${JSON.stringify(centre)} ${miles} mi`).toBe(true);
      }
    }
  });
});
