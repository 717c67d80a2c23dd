// Worker entry: static assets and the Remix request handler, every response with the
// security headers of app/lib/security-headers.ts and a fresh CSP nonce.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore: the server build exists only after `npm run build`
import * as build from "./build/server";
import { createNonce, getLoadContext, type Env } from "./load-context";
import { contentSecurityPolicy, imageHostsFrom, withSecurityHeaders } from "./app/lib/security-headers";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Paths that may be files in build/client: anything with an extension but Remix's .data. */
function mayBeAsset(pathname: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(pathname) && !pathname.endsWith(".data");
}

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const csp = contentSecurityPolicy({
      nonce,
      imageHosts: imageHostsFrom(env.SUPABASE_URL, env.PHOTO_HOSTS),
    });
    const url = new URL(request.url);
    if (env.ASSETS && (request.method === "GET" || request.method === "HEAD") && mayBeAsset(url.pathname)) {
      const asset = await env.ASSETS.fetch(request);
      if (asset.status !== 404) {
        const response = withSecurityHeaders(asset, csp);
        if (url.pathname.startsWith("/assets/") && asset.ok) {
          response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
        } else if (asset.ok) {
          response.headers.set("Cache-Control", "public, max-age=86400");
        }
        return response;
      }
    }
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf, caches } as never },
      nonce,
    });
    const response = await handleRemixRequest(request, loadContext);
    return withSecurityHeaders(response, csp);
  },
} satisfies ExportedHandler<Env>;
