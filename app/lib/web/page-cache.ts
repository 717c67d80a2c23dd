// Whole pages kept in the Worker's Cache API. A page carries this response's CSP nonce, so
// a cached page is stored with the nonce it was rendered with and every response out of the
// cache gets a fresh one ("re-nonce on the way out"). See docs/decisions/0004-edge-caching.md.
// Sitemaps and robots.txt are kept here too (they carry no nonce).
import type { HeadersFunction } from "@remix-run/cloudflare";

/** Cache-Control a page asks for: what the Worker's cache (the edge) may reuse. */
export const EDGE_POLICY = {
  search: "public, s-maxage=60, stale-while-revalidate=600",
  static: "public, s-maxage=86400, stale-while-revalidate=604800",
  /** Sitemaps and robots.txt: a day (docs/decisions/0011-landing-pages-and-sitemaps.md). */
  sitemap: "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400",
  /**
   * A page that shows whether a restaurant is open now: never served more than 60 s after it
   * was made, stale-while-revalidate included (docs/decisions/0016-opening-hours.md).
   */
  openState: "public, s-maxage=30, stale-while-revalidate=30",
  never: "private, no-store",
} as const;

/** The policy of a search, landing or detail page: shorter when it shows an open state. */
export function pagePolicy({ showsOpenState }: { showsOpenState: boolean }): string {
  return showsOpenState ? EDGE_POLICY.openState : EDGE_POLICY.search;
}

/** A route's `headers`: the Cache-Control its loader chose (EDGE_POLICY); errors are never kept. */
export const loaderCacheControl: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? EDGE_POLICY.never,
});

/** The `headers` of a page that is the same for everyone and changes only with a deploy. */
export const staticCacheControl: HeadersFunction = () => ({ "Cache-Control": EDGE_POLICY.static });

/** The header that records, on a cached page, the nonce it was rendered with. */
export const RENDER_NONCE_HEADER = "X-Render-Nonce";

const CACHE_ORIGIN = "https://page-cache.safebites.internal";

/**
 * The cache key of a GET page: its URL as requested (origin, path and query), because pages
 * carry absolute URLs (canonical, Open Graph, sitemaps) and the app only ever links to one
 * spelling of each page. Which pages are kept is the page's own choice, not a list here: only
 * a 200 whose loader asked for a shared lifetime (`s-maxage`, EDGE_POLICY) is stored
 * (mayStorePage), so a page with a notice, a redirect or an error never is.
 */
export function pageCacheKey(url: URL): string {
  return `${CACHE_ORIGIN}/${encodeURIComponent(url.origin)}${url.pathname}${url.search}`;
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
