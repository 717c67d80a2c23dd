import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { existsSync, readdirSync } from "node:fs";
import { minify as terserMinify } from "terser";
import { defineConfig, type Plugin } from "vite";
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
  "components/TrustFacts.tsx",
  "components/ui/form.tsx",
  "components/ui/styles.tsx",
  "components/ui/toast.tsx",
  "lib/map/map-area.ts",
  "lib/places/places.ts",
  "lib/saved/saved-ids.ts",
  "lib/search/diet.ts",
  "lib/search/result-count.ts",
  "lib/search/search-url.ts",
  "lib/seo/landing.ts",
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
