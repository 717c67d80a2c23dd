import { describe, expect, it } from "vitest";
import type { Header } from "pmtiles";
import { insideArchive, mapAttribution, parseTileAddress } from "./tiles.server";

describe("parseTileAddress", () => {
  it("reads z/x/y.mvt", () => {
    expect(parseTileAddress("8", "40", "91.mvt")).toEqual({ z: 8, x: 40, y: 91 });
    expect(parseTileAddress("0", "0", "0.mvt")).toEqual({ z: 0, x: 0, y: 0 });
  });
  it.each([
    ["-1", "0", "0.mvt"],
    ["a", "0", "0.mvt"],
    ["3", "1", "2.png"],
    ["3", "1", "2"],
    ["3", "8", "1.mvt"],
    ["3", "1", "8.mvt"],
    ["27", "0", "0.mvt"],
    ["99", "0", "0.mvt"],
    ["3", "1e2", "1.mvt"],
    ["3", "99999999999", "1.mvt"],
    [undefined, "0", "0.mvt"],
  ])("refuses %s/%s/%s", (z, x, file) => {
    expect(parseTileAddress(z, x, file)).toBeNull();
  });
});

describe("insideArchive", () => {
  const header = { minZoom: 0, maxZoom: 8, minLon: -125, minLat: 24, maxLon: -66, maxLat: 50 } as Header;
  it("is the archive's zooms and bounds", () => {
    expect(insideArchive(header, { z: 4, x: 3, y: 5 })).toBe(true);
    expect(insideArchive(header, { z: 9, x: 80, y: 180 })).toBe(false);
    expect(insideArchive(header, { z: 4, x: 0, y: 0 })).toBe(false);
  });
});

describe("mapAttribution", () => {
  it("is empty without an archive: nothing to credit", async () => {
    expect(await mapAttribution({})).toBe("");
  });
});
