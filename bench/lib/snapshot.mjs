// A frozen copy of the build for the HTTP benchmark: other people rebuild build/ while the
// benchmark runs, and wrangler dev reloads on every change, so build/client is copied and the
// Worker bundled once (`wrangler deploy --dry-run`), for the app and for its never-cached
// variant (bench/http/nocache-worker.ts).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { wrangler } from "../../scripts/lib/server.mjs";
import { ROOT, log } from "./util.mjs";

/** wrangler.toml with `main` and the asset directory replaced, every path absolute. */
function configFrom(main, assets, file) {
  const config = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^main\s*=.*$/m, `main = "${main}"`)
    .replace(/^directory\s*=.*$/m, `directory = "${assets}"`)
    .replace(/^migrations_dir\s*=.*$/m, `migrations_dir = "${join(ROOT, "migrations")}"`)
    // The Remix build server.ts imports by name ([alias]), relative to the config's folder.
    .replace(/^"remix-server-build"\s*=.*$/m, `"remix-server-build" = "${join(ROOT, "build", "server", "index.js")}"`);
  writeFileSync(file, config);
  return file;
}

/**
 * Freezes the current build: copies build/client and bundles the Worker twice (the app's
 * server.ts, and bench/http/nocache-worker.ts) with `wrangler deploy --dry-run`. Retries if
 * a concurrent rebuild made the bundle and the copied assets disagree.
 */
export function snapshotBuild() {
  // In this checkout (not bench/.data, which several checkouts may share through a link).
  const dir = join(ROOT, ".wrangler", "bench-snapshot");
  for (let attempt = 1; attempt <= 3; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const client = join(dir, "client");
    cpSync(join(ROOT, "build", "client"), client, { recursive: true });
    const bundles = {};
    for (const [name, entry] of [
      ["app", join(ROOT, "server.ts")],
      ["nocache", join(ROOT, "bench", "http", "nocache-worker.ts")],
    ]) {
      const outdir = join(dir, `dist-${name}`);
      wrangler(["deploy", "--dry-run", "--outdir", outdir], {
        config: configFrom(entry, client, join(dir, `bundle-${name}.toml`)),
      });
      const file = readdirSync(outdir).find((f) => f.endsWith(".js"));
      if (!file) throw new Error(`wrangler deploy --dry-run wrote no .js into ${outdir}`);
      bundles[name] = join(outdir, file);
    }
    const manifests = Object.values(bundles).map(
      (file) => /manifest-[a-z0-9]+\.js/.exec(readFileSync(file, "utf8"))?.[0],
    );
    if (manifests.every((m) => m && existsSync(join(client, "assets", m)))) {
      return {
        dir,
        app: configFrom(bundles.app, client, join(dir, "run-app.toml")),
        nocache: configFrom(bundles.nocache, client, join(dir, "run-nocache.toml")),
      };
    }
    log(`build/ changed while it was being copied (attempt ${attempt}); again`);
  }
  throw new Error("could not take a consistent snapshot of build/ (it keeps changing)");
}
