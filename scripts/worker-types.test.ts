// worker-configuration.d.ts (the global `Env`) is generated from wrangler.toml by
// `npm run typegen`; it must say what wrangler.toml says today.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT, WRANGLER_ENV } from "./lib/server.mjs";

const dir = mkdtempSync(join(tmpdir(), "safebites-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("worker-configuration.d.ts is what `npm run typegen` writes from wrangler.toml", () => {
  // In a folder of its own: wrangler would also type a developer's .dev.vars (secrets).
  copyFileSync(join(ROOT, "wrangler.toml"), join(dir, "wrangler.toml"));
  const out = join(dir, "worker-configuration.d.ts");
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), ["types", "--strict-vars=false"], {
    cwd: dir,
    env: { ...process.env, ...WRANGLER_ENV },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  expect(readFileSync(join(ROOT, "worker-configuration.d.ts"), "utf8")).toBe(readFileSync(out, "utf8"));
}, 60_000);
