// Worker entry: the page cache and the Remix request handler. Every response carries the
// security headers of app/lib/web/security-headers.ts, and every HTML response a fresh CSP nonce
// (pages served from the cache are re-nonced on the way out). Static files never reach the
// Worker: Workers Static Assets serves them with the headers of build/client/_headers.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build exists only after `npm run build`, so no comment that expects an error fits.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as build from "./build/server";
import { createNonce, getLoadContext } from "./load-context";
import { getConfig } from "./app/lib/web/config.server";
import { runScheduledJobs } from "./app/lib/jobs/scheduled.server";
import { createTiming, type Timing } from "./app/lib/web/timing.server";
import { edgeCache } from "./app/lib/web/edge-cache.server";
import { RENDER_NONCE_HEADER, mayStorePage, mayUsePageCache, pageCacheKey, renonce } from "./app/lib/web/page-cache";
import {
  ambiguousPathRedirect,
  contentSecurityPolicy,
  crossSiteForbidden,
  isCrossSiteWrite,
  withSecurityHeaders,
} from "./app/lib/web/security-headers";

// Remix's compiler makes this module a ServerBuild. TypeScript (allowJs) would otherwise infer
// a type from the built JavaScript, where a resource route has no default export, which
// ServerBuild's route modules require; before a build, the import above is untyped.
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Security headers and Server-Timing on the way out; HTML carries this response's nonce, so
 * withSecurityHeaders keeps it out of shared caches. */
function outgoing(response: Response, csp: string, timing: Timing): Response {
  const secured = withSecurityHeaders(response, csp);
  secured.headers.delete(RENDER_NONCE_HEADER);
  secured.headers.set("Server-Timing", timing.header());
  return secured;
}

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const timing = createTiming();
    const csp = contentSecurityPolicy({ nonce, photoSources: getConfig(env).photoSources });
    const url = new URL(request.url);
    const method = request.method;
    // `?_data` belongs to Remix's pre-single-fetch protocol, which this app never uses;
    // Remix would still act on it (and log each one). Drop it.
    if (url.searchParams.has("_data")) {
      url.searchParams.delete("_data");
      request = new Request(url, request) as typeof request;
    }

    // A path like `/%5C` or `//x` reads as `//host` to React Router, whose render throws.
    const canonical = ambiguousPathRedirect(url);
    if (canonical) {
      const status = method === "GET" || method === "HEAD" ? 301 : 308;
      return outgoing(new Response(null, { status, headers: { Location: canonical } }), csp, timing);
    }
    // Remix answers a cross-site POST with an empty 500 (its own CSRF check throws): 403 first.
    if (isCrossSiteWrite(request)) return outgoing(crossSiteForbidden(), csp, timing);

    const pageCache = edgeCache();
    const cacheKey = pageCache && method === "GET" ? pageCacheKey(url) : null;
    if (cacheKey && pageCache && mayUsePageCache(request)) {
      const hit = await timing.time("cache", () => pageCache.match(cacheKey).catch(() => undefined));
      if (hit) {
        timing.describe("cache", "HIT");
        const html = renonce(await hit.text(), hit.headers.get(RENDER_NONCE_HEADER) ?? "", nonce);
        const response = new Response(html, { status: 200, headers: hit.headers });
        response.headers.set("X-Page-Cache", "HIT");
        return outgoing(response, csp, timing);
      }
    }

    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf } },
      nonce,
      timing,
    });
    // render: the handler's time apart from what the directory spent on the backend and cache.
    const started = performance.now();
    const waitedBefore = timing.total("db") + timing.total("cache");
    const response = await handleRemixRequest(request, loadContext);
    const waited = timing.total("db") + timing.total("cache") - waitedBefore;
    timing.add("render", performance.now() - started - waited);

    if (cacheKey && pageCache && mayStorePage(response)) {
      const [forCache, forVisitor] = response.body ? response.body.tee() : [null, null];
      const stored = new Response(forCache, { status: 200, headers: response.headers });
      stored.headers.set(RENDER_NONCE_HEADER, nonce);
      ctx.waitUntil(pageCache.put(cacheKey, stored).catch(() => undefined));
      const fresh = new Response(forVisitor, { status: 200, headers: response.headers });
      fresh.headers.set("X-Page-Cache", "MISS");
      timing.describe("cache", "MISS");
      return outgoing(fresh, csp, timing);
    }
    return outgoing(response, csp, timing);
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
