import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { minify as terserMinify } from "terser";
import { build as viteBuild, defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { assetHeadersFile } from "./app/lib/web/security-headers";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Writes build/client/_headers: static files are served without the Worker, and this file
 * gives them the security headers and their caching (docs/decisions/0008-static-files-and-the-stylesheet.md).
 */
function staticAssetHeaders(): Plugin {
  let publicDir = "";
  let ssr = false;
  return {
    name: "safebites:static-asset-headers",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (ssr) return;
      const entries =
        publicDir && existsSync(publicDir)
          ? readdirSync(publicDir, { withFileTypes: true }).map((entry) => ({
              name: entry.name,
              isDirectory: entry.isDirectory(),
            }))
          : [];
      this.emitFile({ type: "asset", fileName: "_headers", source: assetHeadersFile(entries) });
    },
  };
}

/** Files of the build larger than this are kept by the service worker on first use, not on install (MapLibre and its worker, over 500 KB each). */
const PRECACHE_MAX_BYTES = 400 * 1024;
const SERVICE_WORKER_ENTRY = fileURLToPath(new URL("./app/lib/saved/service-worker.ts", import.meta.url));

/**
 * Writes build/client/sw.js, the service worker (docs/decisions/0030-service-worker.md): its own
 * bundle of app/lib/saved/service-worker.ts, given the build's version (a hash of the files it
 * keeps and of its own code) and the files to keep on install: the build's files (but the
 * largest) and the top-level files of public/ (the icons, the manifest).
 */
function serviceWorker(): Plugin {
  let publicDir = "";
  let ssr = false;
  return {
    name: "safebites:service-worker",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
      ssr = Boolean(config.build.ssr);
    },
    async generateBundle(_, bundle) {
      if (ssr) return;
      const built = Object.values(bundle)
        .filter((file) => file.fileName.startsWith("assets/"))
        .filter((file) => (file.type === "chunk" ? file.code.length : file.source.length) <= PRECACHE_MAX_BYTES)
        .map((file) => `/${file.fileName}`);
      const named =
        publicDir && existsSync(publicDir)
          ? readdirSync(publicDir, { withFileTypes: true })
              .filter((entry) => entry.isFile() && !entry.name.startsWith("_") && !entry.name.startsWith("."))
              .map((entry) => `/${entry.name}`)
          : [];
      const precache = [...named.sort(), ...built.sort()];
      const bundled = async (version: string) => {
        const output = (await viteBuild({
          configFile: false,
          logLevel: "silent",
          publicDir: false,
          define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
          build: {
            write: false,
            minify: true,
            target: ["chrome111", "edge111", "firefox128", "safari16.4"],
            lib: {
              entry: SERVICE_WORKER_ENTRY,
              formats: ["iife"],
              name: "safebitesServiceWorker",
              fileName: () => "sw.js",
            },
          },
        })) as Rollup.RollupOutput[];
        const chunk = output[0]?.output.find((file) => file.type === "chunk");
        if (!chunk || chunk.type !== "chunk") throw new Error("The service worker's bundle is empty.");
        return chunk.code;
      };
      // The version: what it keeps and what it does (its code, built once with a placeholder).
      const version = createHash("sha256")
        .update(JSON.stringify(precache))
        .update(await bundled(""))
        .digest("hex")
        .slice(0, 12);
      this.emitFile({ type: "asset", fileName: "sw.js", source: await bundled(version) });
    },
  };
}

/**
 * The browser's chunks (docs/decisions/0025-first-visit-javascript.md). Every page loads one
 * `framework` chunk: React, React DOM, Remix and React Router, Vite's preload helper, and the
 * app's small modules (SHARED) that the home page and other pages both use, in one file rather
 * than a dozen of a few hundred bytes, each gzipped alone. A page that does not need all of
 * SHARED loads a few hundred bytes more; it pays that once. The rest is split as Rollup
 * splits it: each route's own code, the search pages' list and map, the review queue's.
 */
const FRAMEWORK =
  /\/node_modules\/(?:react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\/|^\0vite\/preload-helper/;
const SHARED = [
  "components/ContactLinks.tsx",
  "components/GeneralErrorBoundary.tsx",
  "components/RestaurantCard.tsx",
  "components/SaveControl.tsx",
  "components/map/StaticMap.tsx",
  "components/OpenState.tsx",
  "components/Pagination.tsx",
  "components/ServerNotice.tsx",
  "components/VerifiedNote.tsx",
  "components/ui/form.tsx",
  "components/ui/styles.tsx",
  "components/ui/toast.tsx",
  "lib/map/map-area.ts",
  "lib/places/places.ts",
  "lib/saved/saved-ids.ts",
  "lib/search/diet.ts",
  "lib/search/result-count.ts",
  "lib/search/search-url.ts",
  "lib/seo/seo.ts",
  "lib/trust/confirmations.ts",
  "lib/trust/trust.ts",
  "lib/web/document.tsx",
  "lib/web/hydrated.ts",
  "lib/web/links.ts",
  "lib/web/notices.ts",
  "lib/web/site.ts",
].map((path) => `/app/${path}`);

function manualChunks(id: string): string | undefined {
  if (FRAMEWORK.test(id) || SHARED.some((path) => id.endsWith(path))) return "framework";
  return undefined;
}

/**
 * Minifies the chunks a page names a second time, with terser, after esbuild: about 3.5 KB
 * less gzip on every page, nearly all of it in the framework. Not the chunks loaded later
 * (MapLibre's, the toasts'): terser takes half a minute over MapLibre where esbuild takes a
 * second. No source maps (the build makes none).
 */
function terserForFirstVisit(): Plugin {
  return {
    name: "safebites:terser-for-first-visit",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk: {
      order: "post",
      async handler(code, chunk) {
        if (chunk.isDynamicEntry && !chunk.isEntry) return null;
        const result = await terserMinify(code, {
          module: true,
          ecma: 2020,
          compress: { passes: 3 },
          format: { comments: "some" },
        });
        return result.code === undefined ? null : { code: result.code, map: null };
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // The Workers runtime's bindings (D1 and the rest) for `npm run dev` only: in a build, Remix's
    // child compiler would start a workerd that is never stopped.
    command === "serve" ? remixCloudflareDevProxy({ getLoadContext }) : null,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    staticAssetHeaders(),
    serviceWorker(),
    terserForFirstVisit(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
    // The browsers the stylesheet needs already (Tailwind CSS 4): no down-levelling of the
    // framework's class fields and the like.
    target: ["chrome111", "edge111", "firefox128", "safari16.4"],
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks } },
  },
}));
