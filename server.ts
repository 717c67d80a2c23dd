// Worker entry: the page cache and the Remix request handler, and two doors before Remix: a
// method no route takes is 405 with `Allow` (app/lib/web/methods.ts: Remix would run an action
// for it), and every request under /review without a valid Access token is refused
// (app/lib/web/access.server.ts: `.data` requests included). Every response carries the
// security headers of app/lib/web/security-headers.ts, and every HTML response a fresh CSP nonce
// (pages served from the cache are re-nonced on the way out). Static files never reach the
// Worker: Workers Static Assets serves them with the headers of build/client/_headers.
import { createRequestHandler } from "@remix-run/cloudflare";
import { createNonce, getLoadContext } from "./load-context";
import { getConfig, edgeCache } from "./app/lib/web/config.server";
import { runScheduledJobs } from "./app/lib/jobs/scheduled.server";
import { createTiming, type Timing } from "./app/lib/web/timing.server";
import { requiredCacheControl } from "./app/lib/web/cache-control";
import { reviewRefusal, withoutCredentials } from "./app/lib/web/access.server";
import { allowHeader, methodNotAllowed } from "./app/lib/web/methods";
import {
  ambiguousPathRedirect,
  contentSecurityPolicy,
  crossSiteForbidden,
  isCrossSiteWrite,
  withSecurityHeaders,
} from "./app/lib/web/security-headers";

// The Remix build that `npm run build` writes to build/server: wrangler.toml's [alias] names it
// "remix-server-build", and server-build.d.ts gives that name Remix's ServerBuild type. Loaded
// on the first request, so that tests can import this module without a build.
const handleRemixRequest = createRequestHandler(() => import("remix-server-build"));

/**
 * The header that records, on a cached page, the nonce it was rendered with. Not exported:
 * workerd takes every named export of the Worker's main module for an entrypoint and refuses
 * to start on one that is not a function.
 */
const RENDER_NONCE_HEADER = "X-Render-Nonce";

const CACHE_ORIGIN = "https://page-cache.safebites.internal";

/**
 * The cache key of a GET page: the build's version (buildVersion) and the URL as requested
 * (origin, path and query), because pages carry absolute URLs (canonical, Open Graph, sitemaps)
 * and the app only ever links to one spelling of each page. Which pages are kept is the page's own choice, not a list here: only
 * a 200 whose loader asked for a shared lifetime (`s-maxage`, EDGE_POLICY) is stored
 * (mayStorePage), so a page with a notice, a redirect or an error never is.
 */
export function pageCacheKey(url: URL, buildVersion: string): string {
  return `${CACHE_ORIGIN}/${encodeURIComponent(buildVersion)}/${encodeURIComponent(url.origin)}${url.pathname}${url.search}`;
}

/**
 * The build's version (its assets manifest's hash): part of the page cache's key, because a
 * page names the build's script files, which the next deploy replaces; a page kept from the
 * build before would load scripts that are gone.
 */
async function buildVersion(): Promise<string> {
  return (await import("remix-server-build")).assets.version;
}

/** Whether a request may be answered from the page cache. */
export function mayUsePageCache(request: Request): boolean {
  if (request.method !== "GET") return false;
  // A one-time notice waits in a cookie: this visitor must get a fresh page.
  if ((request.headers.get("Cookie") ?? "").includes("sb_flash=")) return false;
  // A hard reload (or a benchmark's uncached run) asks for a fresh page.
  return !/\bno-cache\b/i.test(request.headers.get("Cache-Control") ?? "");
}

/** Whether a rendered response may be stored: a 200 page (or sitemap, robots.txt) that asked for the edge policy. */
export function mayStorePage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /\bs-maxage=\d+/.test(response.headers.get("Cache-Control") ?? "") &&
    /^(text\/html|application\/xml|text\/plain)\b/.test(response.headers.get("Content-Type") ?? "")
  );
}

/** A cached page's body with its render nonce replaced by this response's nonce. */
export function renonce(html: string, renderNonce: string, nonce: string): string {
  return renderNonce ? html.split(renderNonce).join(nonce) : html;
}

/** Security headers and Server-Timing on the way out; HTML carries this response's nonce, so
 * withSecurityHeaders keeps it out of shared caches. A post's answer and anything under
 * /review leave with the Cache-Control they must have (requiredCacheControl). */
function outgoing(response: Response, csp: string, timing: Timing, cacheControl: string | null = null): Response {
  const secured = withSecurityHeaders(response, csp);
  secured.headers.delete(RENDER_NONCE_HEADER);
  secured.headers.set("Server-Timing", timing.header());
  if (cacheControl) secured.headers.set("Cache-Control", cacheControl);
  return secured;
}

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const timing = createTiming();
    const csp = contentSecurityPolicy({ nonce, photoSources: getConfig(env).photoSources });
    const url = new URL(request.url);
    const method = request.method;
    const cacheControl = requiredCacheControl(method, url.pathname);
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
      return outgoing(new Response(null, { status, headers: { Location: canonical } }), csp, timing, cacheControl);
    }
    // Remix would run a route's action for PUT, PATCH, DELETE or any other method: 405 first.
    const notAllowed = methodNotAllowed(method, url.pathname);
    if (notAllowed) return outgoing(notAllowed, csp, timing, cacheControl);
    // Remix answers a cross-site POST with an empty 500 (its own CSRF check throws): 403 first.
    if (isCrossSiteWrite(request)) return outgoing(crossSiteForbidden(), csp, timing, cacheControl);

    const pageCache = edgeCache();
    const cacheKey = pageCache && method === "GET" ? pageCacheKey(url, await buildVersion()) : null;
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

    // The review queue: every request under /review without a valid Access token is refused
    // here, before Remix routes it (a `.data` request would otherwise get the root's data).
    const refused = await reviewRefusal(request, env);
    if (refused) {
      if (/\.data$/i.test(url.pathname)) {
        const plain = new Response(`${refused === 404 ? "Not Found" : "Forbidden"}\n`, {
          status: refused,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
        return outgoing(plain, csp, timing, cacheControl);
      }
      // A page: the route's own 403 or 404 page, rendered from a GET that carries no credential.
      const page = await handleRemixRequest(withoutCredentials(request), loadContext);
      return outgoing(new Response(page.body, { status: refused, headers: page.headers }), csp, timing, cacheControl);
    }

    // render: the handler's time apart from what the directory spent on the backend and cache.
    const started = performance.now();
    const waitedBefore = timing.total("db") + timing.total("cache");
    const response = await handleRemixRequest(request, loadContext);
    const waited = timing.total("db") + timing.total("cache") - waitedBefore;
    timing.add("render", performance.now() - started - waited);
    // A POST to a route without an action: Remix's 405 page, with the methods the path takes.
    if (response.status === 405 && !response.headers.has("Allow")) {
      response.headers.set("Allow", allowHeader(url.pathname));
    }

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
    return outgoing(response, csp, timing, cacheControl);
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
