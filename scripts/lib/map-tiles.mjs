// The one call the launcher (./server.mjs, prepare()) makes for the map: scripts/map-tiles.ts
// builds the default basemap when its cached copy is missing or stale, and puts it into the
// local R2 bucket of this database's persist directory when that does not hold it yet.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Returns the script's last line (what it did), for the launcher's step report.
 * @param {{ persistTo?: string, config?: string }} db @param {(line: string) => void} log
 */
export function prepareMapTiles(db = {}, log = console.log) {
  const args = ["scripts/map-tiles.ts"];
  if (db.persistTo) args.push("--persist-to", db.persistTo);
  if (db.config) args.push("--config", db.config);
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = (result.stdout ?? "").split("\n").filter((line) => line.trim());
  for (const line of lines) log(line);
  if (result.status !== 0)
    throw new Error(`tsx ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return lines.at(-1);
}
