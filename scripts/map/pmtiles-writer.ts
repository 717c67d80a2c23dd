// A PMTiles v3 writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): no npm
// package writes the format (the `pmtiles` package reads it), and the default basemap that
// `npm start` builds (scripts/map-tiles.ts) needs one. The layout: the 127-byte header, the root
// directory, the JSON metadata, the leaf directories, then the tile data; directories are
// varint-encoded and gzipped, as are the metadata and (as given) the tiles. Identical tiles are
// stored once, and runs of them share one entry. Checked by reading its output back with the
// `pmtiles` reader (pmtiles-writer.test.ts). Node only.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { zxyToTileId } from "pmtiles";

const HEADER_BYTES = 127;
/** The spec's limit: header and root directory within the first 16 KiB, fetched in one request. */
const ROOT_LIMIT_BYTES = 16_384 - HEADER_BYTES;

/** Values of the header's compression and tile type fields. */
export const COMPRESSION = { none: 1, gzip: 2 } as const;
const TILE_TYPE = { mvt: 1 } as const;

export type ArchiveTile = { z: number; x: number; y: number; data: Uint8Array };

export type ArchiveOptions = {
  /** Stored in the archive's JSON metadata (name, attribution, vector_layers …). */
  metadata: Record<string, unknown>;
  /** How the given tile bytes are compressed (they are stored as given). */
  tileCompression: (typeof COMPRESSION)[keyof typeof COMPRESSION];
  tileType?: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  minZoom: number;
  maxZoom: number;
};

type Entry = { tileId: number; offset: number; length: number; runLength: number };

function writeVarint(out: number[], value: number): void {
  // Tile ids reach past 2^32: no bit operators on the whole value.
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** A directory as the spec serialises it: counts, then each column delta- or run-encoded. */
function serialiseDirectory(entries: readonly Entry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    // 0: right after the previous entry's bytes; otherwise offset + 1.
    if (previous && entry.offset === previous.offset + previous.length) writeVarint(out, 0);
    else writeVarint(out, entry.offset + 1);
  });
  return gzipSync(Uint8Array.from(out), { level: 9 });
}

/**
 * The root directory and the leaf directories: all entries in the root when they fit its 16 KiB,
 * else leaves of `leafSize` entries (grown until the root of leaf pointers fits).
 */
function directories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const root = serialiseDirectory(entries);
  if (root.length <= ROOT_LIMIT_BYTES) return { root, leaves: new Uint8Array() };
  for (let leafSize = 4096; ; leafSize = Math.ceil(leafSize * 1.2)) {
    const pointers: Entry[] = [];
    const parts: Uint8Array[] = [];
    let offset = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serialiseDirectory(entries.slice(start, start + leafSize));
      pointers.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 });
      parts.push(leaf);
      offset += leaf.length;
    }
    const rootOfLeaves = serialiseDirectory(pointers);
    if (rootOfLeaves.length <= ROOT_LIMIT_BYTES) return { root: rootOfLeaves, leaves: concat(parts) };
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function header(fields: {
  rootOffset: number;
  rootLength: number;
  metadataOffset: number;
  metadataLength: number;
  leavesOffset: number;
  leavesLength: number;
  dataOffset: number;
  dataLength: number;
  addressed: number;
  entries: number;
  contents: number;
  options: ArchiveOptions;
}): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("PMTiles"), 0);
  bytes[7] = 3;
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, fields.rootOffset);
  u64(16, fields.rootLength);
  u64(24, fields.metadataOffset);
  u64(32, fields.metadataLength);
  u64(40, fields.leavesOffset);
  u64(48, fields.leavesLength);
  u64(56, fields.dataOffset);
  u64(64, fields.dataLength);
  u64(72, fields.addressed);
  u64(80, fields.entries);
  u64(88, fields.contents);
  const { options } = fields;
  bytes[96] = 1; // clustered: tile data in tile id order
  bytes[97] = COMPRESSION.gzip; // internal compression (directories, metadata)
  bytes[98] = options.tileCompression;
  bytes[99] = options.tileType ?? TILE_TYPE.mvt;
  bytes[100] = options.minZoom;
  bytes[101] = options.maxZoom;
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = options.bounds;
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  const [lon, lat, zoom] = options.center;
  bytes[118] = zoom;
  view.setInt32(119, e7(lon), true);
  view.setInt32(123, e7(lat), true);
  return bytes;
}

/** The whole archive, in memory (the default basemap is a few megabytes). */
export function writePmtiles(tiles: readonly ArchiveTile[], options: ArchiveOptions): Uint8Array {
  const sorted = tiles
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  const data: Uint8Array[] = [];
  let dataLength = 0;
  for (const [index, tile] of sorted.entries()) {
    if (index > 0 && sorted[index - 1]!.tileId === tile.tileId) throw new Error(`tile ${tile.tileId} given twice`);
    const hash = createHash("sha256").update(tile.data).digest("hex");
    let place = stored.get(hash);
    if (!place) {
      place = { offset: dataLength, length: tile.data.length };
      stored.set(hash, place);
      data.push(tile.data);
      dataLength += tile.data.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.offset === place.offset && last.tileId + last.runLength === tile.tileId) last.runLength += 1;
    else entries.push({ tileId: tile.tileId, offset: place.offset, length: place.length, runLength: 1 });
  }
  const { root, leaves } = directories(entries);
  const metadata = gzipSync(new TextEncoder().encode(JSON.stringify(options.metadata)), { level: 9 });
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;
  const head = header({
    rootOffset,
    rootLength: root.length,
    metadataOffset,
    metadataLength: metadata.length,
    leavesOffset,
    leavesLength: leaves.length,
    dataOffset,
    dataLength,
    addressed: sorted.length,
    entries: entries.length,
    contents: stored.size,
    options,
  });
  return concat([head, root, metadata, leaves, ...data]);
}
