import { describe, expect, it } from "vitest";
import { cellOf, coordsName, nearCells, nearestName } from "./nearest-place";
import { coordsCentreLabel } from "./centre-label";

describe("the quarter-degree cells", () => {
  it("count rows from the south pole and columns from the antimeridian, four to a degree", () => {
    expect(cellOf({ lat: -90, lng: -180 })).toEqual({ row: 0, column: 0 });
    expect(cellOf({ lat: 47.615, lng: -122.1663 })).toEqual({ row: 550, column: 231 });
    // Just north and south of a cell's edge (47.75°).
    expect(cellOf({ lat: 47.75, lng: 0 }).row).toBe(551);
    expect(cellOf({ lat: 47.7499, lng: 0 }).row).toBe(550);
  });

  it("around a point: the three rows and columns, and the cosine of its latitude", () => {
    const cells = nearCells({ lat: 60, lng: -122.2 });
    expect(cells.rows).toEqual([599, 600, 601]);
    expect(cells.columns).toEqual([230, 231, 232]);
    expect(cells.cos).toBeCloseTo(0.5, 12);
  });
});

describe("the name of a search's coordinates", () => {
  const at = { lat: 47.61, lng: -122.2 };
  const bellevue = { name: "Bellevue", state: "WA" };
  it("is the visitor's own position, the map's area, the nearest place, or the coordinates", () => {
    expect(coordsName("mine", nearestName(at, bellevue))).toBe("your location");
    expect(coordsName("map", nearestName(at, bellevue))).toBe("this map area");
    expect(coordsName(null, nearestName(at, bellevue))).toBe("Bellevue, WA");
    expect(coordsName(null, nearestName(at, null))).toBe("47.61, -122.2");
  });
  it("names the maps' marker the same way", () => {
    expect(coordsCentreLabel(at, "mine", bellevue)).toBe("Your location");
    expect(coordsCentreLabel(at, "map", null)).toBe("Centre of this map area");
    expect(coordsCentreLabel(at, null, bellevue)).toBe("Search centre near Bellevue, WA");
    expect(coordsCentreLabel(at, null, null)).toBe("Search centre at 47.61, -122.2");
  });
});
