import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { existsSync, readdirSync } from "node:fs";
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

export default defineConfig(({ command }) => ({
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
  },
}));
