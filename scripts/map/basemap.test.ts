// The default archive, built and read back with the `pmtiles` reader (which ungzips the tiles)
// and @mapbox/vector-tile, as the Worker's static map reads it: the place labels of the US and of the countries abroad.
import { beforeAll, describe, expect, it } from "vitest";
import { PMTiles, type Source } from "pmtiles";
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { buildBasemap } from "./basemap";

let archive: PMTiles;

beforeAll(() => {
  const { archive: bytes } = buildBasemap();
  const source: Source = {
    getKey: () => "basemap",
    getBytes: async (offset, length) => ({ data: bytes.slice(offset, offset + length).buffer }),
  };
  archive = new PMTiles(source);
}, 120_000);

/** The tile's column and row at a zoom for a position (Web Mercator). */
function tileOf(zoom: number, lat: number, lng: number): [number, number] {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [x, y];
}

async function labelsAt(zoom: number, lat: number, lng: number): Promise<string[]> {
  const [x, y] = tileOf(zoom, lat, lng);
  const tile = await archive.getZxy(zoom, x, y);
  if (!tile?.data) return [];
  const layer = new VectorTile(new PbfReader(new Uint8Array(tile.data))).layers.places;
  return layer ? Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.name)) : [];
}

describe("the default basemap's place labels", () => {
  it("names the biggest places of the US and of each country abroad from a low zoom", async () => {
    expect(await labelsAt(5, 45.52, -122.68)).toContain("Portland");
    expect(await labelsAt(5, 43.7, -79.42)).toContain("Toronto");
    expect(await labelsAt(5, 51.51, -0.13)).toContain("London");
    expect(await labelsAt(5, 35.69, 139.69)).toContain("Tokyo");
    expect(await labelsAt(5, -31.95, 115.86)).toContain("Perth");
  });

  it("labels only the countries whose outlines the archive holds", async () => {
    expect(await labelsAt(8, 51.9, -8.47)).toContain("Cork");
    expect(await labelsAt(5, -23.55, -46.63)).not.toContain("São Paulo");
  });
});
