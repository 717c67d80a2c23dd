// The writer's archives, read back with the `pmtiles` reader (the one the Worker uses).
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Compression, PMTiles, type Source } from "pmtiles";
import { COMPRESSION, writePmtiles, type ArchiveOptions, type ArchiveTile } from "./pmtiles-writer";

function sourceOf(bytes: Uint8Array): Source {
  return {
    getKey: () => "memory",
    getBytes: async (offset, length) => ({ data: bytes.slice(offset, offset + length).buffer }),
  };
}

const gunzip = async (data: ArrayBuffer, compression: Compression) => {
  if (compression === Compression.None) return data;
  const out = gunzipSync(new Uint8Array(data));
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
};

const options: ArchiveOptions = {
  metadata: { name: "test", attribution: "someone", vector_layers: [{ id: "states", fields: {} }] },
  tileCompression: COMPRESSION.none,
  bounds: [-125, 24, -66, 50],
  center: [-98, 39, 4],
  minZoom: 0,
  maxZoom: 14,
};

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (data: ArrayBuffer | undefined) => (data ? new TextDecoder().decode(data) : undefined);

describe("writePmtiles", () => {
  it("writes a header, metadata and tiles that the pmtiles reader reads back", async () => {
    const tiles: ArchiveTile[] = [
      { z: 0, x: 0, y: 0, data: bytesOf("world") },
      { z: 3, x: 1, y: 2, data: bytesOf("one-two") },
      { z: 3, x: 2, y: 2, data: bytesOf("same") },
      { z: 3, x: 2, y: 3, data: bytesOf("same") },
      { z: 14, x: 2800, y: 6500, data: bytesOf("deep") },
    ];
    const archive = new PMTiles(sourceOf(writePmtiles(tiles, options)), undefined, gunzip);
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      numAddressedTiles: 5,
      numTileContents: 4,
      clustered: true,
      tileType: 1,
      minZoom: 0,
      maxZoom: 14,
      minLon: -125,
      minLat: 24,
      maxLon: -66,
      maxLat: 50,
      centerZoom: 4,
      centerLon: -98,
      centerLat: 39,
    });
    expect(await archive.getMetadata()).toEqual(options.metadata);
    for (const tile of tiles) {
      expect(textOf((await archive.getZxy(tile.z, tile.x, tile.y))?.data)).toBe(new TextDecoder().decode(tile.data));
    }
    expect(await archive.getZxy(3, 0, 0)).toBeUndefined();
    expect(await archive.getZxy(15, 0, 0)).toBeUndefined();
  });

  it("stores identical tiles once, a run of them as one entry", async () => {
    const run: ArchiveTile[] = Array.from({ length: 64 }, (_, i) => ({
      z: 3,
      x: i % 8,
      y: Math.floor(i / 8),
      data: bytesOf("ocean"),
    }));
    const bytes = writePmtiles(run, options);
    const archive = new PMTiles(sourceOf(bytes), undefined, gunzip);
    const header = await archive.getHeader();
    expect(header.numTileContents).toBe(1);
    expect(header.numTileEntries).toBe(1);
    expect(textOf((await archive.getZxy(3, 7, 7))?.data)).toBe("ocean");
  });

  it("moves entries into leaf directories when the root would pass 16 KiB", async () => {
    // Scattered tiles of scattered sizes: a directory that compresses badly.
    const tiles: ArchiveTile[] = [];
    for (let x = 0; x < 512; x += 2) {
      for (let y = (x * 7) % 3; y < 512; y += 3)
        tiles.push({ z: 9, x, y, data: bytesOf(`${x}/${y}`.repeat(1 + ((x * y) % 13))) });
    }
    const bytes = writePmtiles(tiles, { ...options, maxZoom: 9 });
    const archive = new PMTiles(sourceOf(bytes), undefined, gunzip);
    const header = await archive.getHeader();
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    for (const tile of [tiles[0]!, tiles[tiles.length - 1]!, tiles[5000]!, tiles[9999]!]) {
      expect(textOf((await archive.getZxy(9, tile.x, tile.y))?.data)).toBe(new TextDecoder().decode(tile.data));
    }
    expect(await archive.getZxy(9, 1, 1)).toBeUndefined();
  });
});
