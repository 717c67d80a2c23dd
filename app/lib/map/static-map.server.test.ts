import { describe, expect, it } from "vitest";
import { basemapResponse } from "./static-map.server";
import { resultsMapOf } from "./view";

const basemap = (query: string) => basemapResponse({}, new Request(`https://safebites.example/map.svg${query}`));

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
    `?pins=${Array.from({ length: 101 }, () => "45.5,-122.6").join(";")}`,
    "?pins=45.5,-122.6&centre=",
    "?pins=45.5,-122.6&centre=91,0",
    "?pins=45.5,-122.6&centre=45.5,-122.6&centre=45.6,-122.6",
  ])("refuses %j with 400", async (query) => {
    const response = await basemap(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("takes a page's (or a saved list's) positions; without an archive it is 503, never a 5xx of its own", async () => {
    const pins = [
      { n: 1, id: 1, name: "A", lat: 45.523064, lng: -122.676483 },
      { n: 2, id: 2, name: "B", lat: 40.7, lng: -74 },
    ];
    const { staticMap } = resultsMapOf(pins, "");
    const query = staticMap!.base.slice("/map.svg".length);
    const response = await basemap(query);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect((await basemap(`${query}&centre=45.5,-122.6`)).status).toBe(503);
    // A saved list's 100 pins (docs/saved.md).
    const full = await basemap(`?pins=${Array.from({ length: 100 }, () => "-45.5,122.6").join(";")}`);
    expect(full.status).toBe(503);
  });
});
