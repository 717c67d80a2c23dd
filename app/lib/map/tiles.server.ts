// The map's vector tiles, from one PMTiles archive in the R2 bucket bound as MAP_TILES (key:
// MAP_ARCHIVE), read by byte ranges with the `pmtiles` library (Protomaps' recipe for
// Cloudflare; docs/decisions/0024-map-tiles-from-r2-and-maplibre.md). The header and
// directories are kept in the isolate's memory; tiles go through the Workers cache.
//   /map.svg?pins=…           the static map's basemap (./static-map.server.ts)
//   /tiles.json               TileJSON: the tile URL (versioned by the archive), layers, bounds, attribution
//   /tiles/{z}/{x}/{y}.mvt    a tile: 200; inside the archive's zooms and bounds but empty: 204;
//                             anything else (outside, not a tile address): 404. Never a 5xx for a bad address.
import { Compression, EtagMismatch, PMTiles, ResolvedValueCache, TileType, type Header, type Source } from "pmtiles";
import { edgeCache } from "../web/config.server";

const TILE_CONTENT_TYPE = "application/vnd.mapbox-vector-tile";
/** A tile whose URL names the archive's version never changes: a year. Unversioned: a day. */
export const TILE_CACHE_CONTROL = {
  versioned: "public, max-age=31536000, immutable",
  unversioned: "public, max-age=86400, stale-while-revalidate=604800",
  tileJson: "public, max-age=300, s-maxage=3600",
  missing: "public, max-age=3600",
} as const;
/** The zoom past which no tile address is valid (pmtiles' tile ids stop at 26). */
const MAX_ZOOM = 26;

async function decompress(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression !== Compression.Gzip) throw new Error(`map archive: compression ${compression} is not supported`);
  return new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/** The archive is not in the bucket (not loaded yet, or MAP_TILES is not bound). */
class MapArchiveMissing extends Error {}

/** Byte ranges of one R2 object, as the pmtiles reader asks for them. */
class R2Source implements Source {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
  ) {}
  getKey() {
    return `r2:${this.key}`;
  }
  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string) {
    const object = await this.bucket.get(this.key, {
      range: { offset, length },
      ...(etag ? { onlyIf: { etagMatches: etag } } : {}),
    });
    if (!object) throw new MapArchiveMissing(`no ${this.key} in the MAP_TILES bucket`);
    // A precondition that failed answers the object without a body: the archive was replaced.
    if (!("arrayBuffer" in object)) throw new EtagMismatch();
    return { data: await object.arrayBuffer(), etag: object.etag };
  }
}

// Resolved values only: a Worker may not await a promise that another request created.
const directoryCache = new ResolvedValueCache(25, undefined, decompress);

export type MapEnv = Pick<Env, "MAP_TILES" | "MAP_ARCHIVE">;

export function archiveOf(env: Partial<MapEnv>): PMTiles | null {
  if (!env.MAP_TILES) return null;
  return new PMTiles(new R2Source(env.MAP_TILES, env.MAP_ARCHIVE || "basemap.pmtiles"), directoryCache, decompress);
}

/** Each archive's attribution by its key and etag: read once an isolate (resolved values only). */
const attributions = new Map<string, string>();

/** The archive's attribution, for the static map's caption; "" without an archive. */
export async function mapAttribution(env: Partial<MapEnv>): Promise<string> {
  const archive = archiveOf(env);
  if (!archive) return "";
  try {
    const header = await archive.getHeader();
    const key = `${archive.source.getKey()}|${header.etag ?? ""}`;
    let attribution = attributions.get(key);
    if (attribution === undefined) {
      if (attributions.size > 8) attributions.clear();
      const metadata = ((await archive.getMetadata()) ?? {}) as { attribution?: string };
      attribution = metadata.attribution ?? "";
      attributions.set(key, attribution);
    }
    return attribution;
  } catch {
    return "";
  }
}

/** A short version of the archive for URLs: its etag. */
export function versionOf(header: Header): string {
  return (header.etag ?? "0").replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "0";
}

/** z/x/y from the route's segments; null when they do not name a tile of the world. */
export function parseTileAddress(z: string | undefined, x: string | undefined, file: string | undefined) {
  const yMatch = /^([0-9]{1,8})\.mvt$/.exec(file ?? "");
  if (!yMatch || !/^[0-9]{1,2}$/.test(z ?? "") || !/^[0-9]{1,8}$/.test(x ?? "")) return null;
  const zoom = Number(z);
  const column = Number(x);
  const row = Number(yMatch[1]);
  if (zoom > MAX_ZOOM || column >= 2 ** zoom || row >= 2 ** zoom) return null;
  return { z: zoom, x: column, y: row };
}

const degreesToTile = (z: number, lon: number, lat: number) => {
  const n = 2 ** z;
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const rad = (clamped * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
};

/** Whether a tile lies within the archive's zooms and bounds (missing there: empty, 204). */
export function insideArchive(header: Header, { z, x, y }: { z: number; x: number; y: number }): boolean {
  if (z < header.minZoom || z > header.maxZoom) return false;
  const topLeft = degreesToTile(z, header.minLon, header.maxLat);
  const bottomRight = degreesToTile(z, header.maxLon, header.minLat);
  return x >= topLeft.x && x <= bottomRight.x && y >= topLeft.y && y <= bottomRight.y;
}

/** One tile's bytes (uncompressed MVT), through the Workers cache; null: not in the archive. */
export async function readTile(
  archive: PMTiles,
  z: number,
  x: number,
  y: number,
  cacheUrl: string,
): Promise<ArrayBuffer | null> {
  const cache = edgeCache();
  const hit = await cache?.match(cacheUrl).catch(() => undefined);
  if (hit) return hit.arrayBuffer();
  const tile = await archive.getZxy(z, x, y);
  if (!tile) return null;
  await cache
    ?.put(
      cacheUrl,
      new Response(tile.data, {
        headers: { "Content-Type": TILE_CONTENT_TYPE, "Cache-Control": TILE_CACHE_CONTROL.versioned },
      }),
    )
    .catch(() => undefined);
  return tile.data;
}

const plain = (status: number, text: string, cacheControl: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl },
  });

export const unavailable = () =>
  new Response("The map is not available.\n", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
  });

/** The answer to /tiles/{z}/{x}/{y}.mvt. */
export async function tileResponse(
  env: Partial<MapEnv>,
  request: Request,
  params: { z?: string; x?: string; file?: string },
): Promise<Response> {
  const address = parseTileAddress(params.z, params.x, params.file);
  if (!address) return plain(404, "No such tile.\n", TILE_CACHE_CONTROL.missing);
  const archive = archiveOf(env);
  if (!archive) return unavailable();
  try {
    const header = await archive.getHeader();
    if (header.tileType !== TileType.Mvt) return unavailable();
    if (!insideArchive(header, address)) return plain(404, "No such tile.\n", TILE_CACHE_CONTROL.missing);
    const version = versionOf(header);
    const url = new URL(request.url);
    const cacheUrl = `${url.origin}/tiles/${address.z}/${address.x}/${address.y}.mvt?v=${version}`;
    const data = await readTile(archive, address.z, address.x, address.y, cacheUrl);
    const cacheControl =
      url.searchParams.get("v") === version ? TILE_CACHE_CONTROL.versioned : TILE_CACHE_CONTROL.unversioned;
    if (!data) return new Response(null, { status: 204, headers: { "Cache-Control": cacheControl } });
    return new Response(data, {
      status: 200,
      headers: { "Content-Type": TILE_CONTENT_TYPE, "Cache-Control": cacheControl },
    });
  } catch (error) {
    if (error instanceof MapArchiveMissing) return unavailable();
    throw error;
  }
}

type MapTileJson = {
  tilejson: "3.0.0";
  name?: string;
  attribution: string;
  scheme: "xyz";
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  vector_layers: { id: string }[];
};

/** The archive's TileJSON; null when there is no archive. */
async function tileJsonOf(env: Partial<MapEnv>, origin: string): Promise<MapTileJson | null> {
  const archive = archiveOf(env);
  if (!archive) return null;
  try {
    const header = await archive.getHeader();
    const metadata = ((await archive.getMetadata()) ?? {}) as {
      name?: string;
      attribution?: string;
      vector_layers?: { id: string }[];
    };
    return {
      tilejson: "3.0.0",
      name: metadata.name,
      attribution: metadata.attribution ?? "",
      scheme: "xyz",
      tiles: [`${origin}/tiles/{z}/{x}/{y}.mvt?v=${versionOf(header)}`],
      minzoom: header.minZoom,
      maxzoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      center: [header.centerLon, header.centerLat, header.centerZoom],
      vector_layers: (metadata.vector_layers ?? []).map((layer) => ({ ...layer })),
    };
  } catch (error) {
    if (error instanceof MapArchiveMissing) return null;
    throw error;
  }
}

/** The answer to /tiles.json. */
export async function tileJsonResponse(env: Partial<MapEnv>, request: Request): Promise<Response> {
  const tileJson = await tileJsonOf(env, new URL(request.url).origin);
  if (!tileJson) return unavailable();
  return new Response(JSON.stringify(tileJson), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": TILE_CACHE_CONTROL.tileJson },
  });
}
