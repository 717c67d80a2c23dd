// The type of the Remix server build (build/server/index.js, written by `npm run build`), which
// server.ts imports under the name wrangler.toml's [alias] gives it. Without this declaration
// TypeScript would read the built JavaScript, or find nothing before a build.
declare module "remix-server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  export const mode: ServerBuild["mode"];
  export const entry: ServerBuild["entry"];
  export const routes: ServerBuild["routes"];
  export const assets: ServerBuild["assets"];
  export const basename: ServerBuild["basename"];
  export const publicPath: ServerBuild["publicPath"];
  export const assetsBuildDirectory: ServerBuild["assetsBuildDirectory"];
  export const future: ServerBuild["future"];
  export const isSpaMode: ServerBuild["isSpaMode"];
}
