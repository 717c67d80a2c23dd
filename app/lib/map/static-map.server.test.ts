import { describe, expect, it } from "vitest";
import { basemapResponse, resultsMapOf } from "./static-map.server";

const card = (id: number, geoLat: number | null, geoLng: number | null) => ({
  id,
  name: `Place ${id}`,
  geoLat,
  geoLng,
});
const basemap = (query: string) => basemapResponse({}, new Request(`https://safebites.example/map.svg${query}`));

describe("resultsMapOf", () => {
  it("has no pins and no static map when no card has a position", async () => {
    expect(await resultsMapOf({}, [card(1, null, null)])).toEqual({ pins: [], staticMap: null });
  });

  it("places the pins inside the view and names the basemap by their positions, 4 decimals", async () => {
    const { pins, staticMap: map } = await resultsMapOf({}, [
      card(7, 45.523064, -122.676483),
      card(8, null, null),
      card(9, 45.5122, -122.6587),
    ]);
    expect(pins.map(({ n, id }) => [n, id])).toEqual([
      [1, 7],
      [3, 9],
    ]);
    expect(map).not.toBeNull();
    expect(map!.base).toBe("/map.svg?pins=45.5231,-122.6765;45.5122,-122.6587");
    // No archive bound: nothing to credit.
    expect(map!.attribution).toBe("");
    expect(map!.pins.map(({ n, name }) => [n, name])).toEqual([
      [1, "Place 7"],
      [3, "Place 9"],
    ]);
    for (const { x, y } of map!.pins) {
      expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(28);
      expect(x).toBeLessThanOrEqual(480 - 28);
      expect(y).toBeGreaterThanOrEqual(28);
      expect(y).toBeLessThanOrEqual(400 - 28);
    }
    // The first pin is north-west of the second.
    expect(map!.pins[0]!.x).toBeLessThan(map!.pins[1]!.x);
    expect(map!.pins[0]!.y).toBeLessThan(map!.pins[1]!.y);
  });
});

describe("basemapResponse", () => {
  it.each([
    "",
    "?pins=",
    "?pins=45.5",
    "?pins=45.5,-122.6,3",
    "?pins=91,0",
    "?pins=0,181",
    "?pins=45.52311,-122.6",
    "?pins=abc,def",
    "?pins=1e1,2",
    "?pins=45.5,-122.6;",
    "?pins=45.5,-122.6&pins=45.6,-122.6",
    `?pins=${Array.from({ length: 26 }, () => "45.5,-122.6").join(";")}`,
  ])("refuses %j with 400", async (query) => {
    const response = await basemap(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("takes a page's positions; without an archive it is 503, never a 5xx of its own", async () => {
    const { staticMap } = await resultsMapOf({}, [card(1, 45.523064, -122.676483), card(2, 40.7, -74)]);
    const query = staticMap!.base.slice("/map.svg".length);
    const response = await basemap(query);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    const full = await basemap(`?pins=${Array.from({ length: 25 }, () => "-45.5,122.6").join(";")}`);
    expect(full.status).toBe(503);
  });
});
