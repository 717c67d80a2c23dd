// Page weight: the JavaScript each route makes a browser download on a first visit, from the
// production build (build/client) and the Remix manifest (build/client/assets/manifest-*.js):
// the entry module and its imports, then root and the route, each with its imports,
// deduplicated (the server inlines the manifest itself into the HTML, so its file is not
// fetched on a first visit); gzip level 9 bytes of each file
// (Cloudflare serves gzip or brotli). A route that opts out of hydration (`handle = { hydrate: false }` in its
// module, which app/root.tsx honours by rendering no <Scripts>) ships none.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./util.mjs";

export const ROUTES = [
  { pattern: "/", id: "routes/_index", sample: "/" },
  { pattern: "/restaurant/$id", id: "routes/restaurant.$id", sample: "/restaurant/2" },
  { pattern: "/submit-restaurant", id: "routes/submit-restaurant", sample: "/submit-restaurant" },
  { pattern: "/our-mission", id: "routes/our-mission", sample: "/our-mission" },
  { pattern: "/contact-us", id: "routes/contact-us", sample: "/contact-us" },
  { pattern: "/privacy-policy", id: "routes/privacy-policy", sample: "/privacy-policy" },
  { pattern: "/terms-of-service", id: "routes/terms-of-service", sample: "/terms-of-service" },
  { pattern: "$ (404)", id: "routes/$", sample: "/no-such-page-bench" },
];

export const BUILD_CLIENT = join(ROOT, "build", "client");

export function readManifest(client = BUILD_CLIENT) {
  const assets = join(client, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("build/client/assets has no manifest-*.js: run npm run build");
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { url: `/assets/${file}`, manifest: JSON.parse(json) };
}

const sizeCache = new Map();
export function gzipBytes(url, client = BUILD_CLIENT) {
  const path = join(client, url.replace(/^\//, ""));
  if (!sizeCache.has(path)) {
    const data = readFileSync(path);
    sizeCache.set(path, { raw: data.length, gzip: gzipSync(data, { level: 9 }).length });
  }
  return sizeCache.get(path);
}

/** The source file of a route id (routes/_index → app/routes/_index.tsx). */
function routeSource(id) {
  for (const ext of [".tsx", ".ts", ".jsx", ".js"]) {
    const path = join(ROOT, "app", `${id}${ext}`);
    if (existsSync(path)) return path;
  }
  return null;
}

/** `export const handle = { hydrate: false }` (or a handle object with hydrate: false). */
export function optsOutOfHydration(id) {
  const path = routeSource(id);
  if (!path) return false;
  return /export\s+const\s+handle\b[^;]*\bhydrate\s*:\s*false/s.test(readFileSync(path, "utf8"));
}

export function rootHonoursHydrateFlag() {
  const path = join(ROOT, "app", "root.tsx");
  return existsSync(path) && /hydrate\s*===\s*false|hydrate\s*!==\s*false/.test(readFileSync(path, "utf8"));
}

/**
 * Per route: the script URLs of a first visit and their gzip total (0 when not hydrated).
 * client: build/client, or the benchmark's snapshot of it.
 */
export function routeWeights(client = BUILD_CLIENT) {
  const { manifest } = readManifest(client);
  const honoured = rootHonoursHydrateFlag();
  return ROUTES.map((route) => {
    const chain = [];
    for (let id = route.id; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
    const missing = chain.filter((id) => !manifest.routes[id]);
    const hydrate = !(honoured && chain.some((id) => optsOutOfHydration(id)));
    const urls = new Set();
    if (hydrate && missing.length === 0) {
      urls.add(manifest.entry.module);
      for (const u of manifest.entry.imports ?? []) urls.add(u);
      for (const id of chain) {
        const r = manifest.routes[id];
        urls.add(r.module);
        for (const u of r.imports ?? []) urls.add(u);
      }
    }
    let raw = 0;
    let gzip = 0;
    for (const u of urls) {
      const size = gzipBytes(u, client);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { ...route, hydrate, missing, urls: [...urls], raw, gzip, files: urls.size, client };
  });
}
