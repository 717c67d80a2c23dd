// Whole pages kept in the Worker's Cache API. A page carries this response's CSP nonce, so
// a cached page is stored with the nonce it was rendered with and every response out of the
// cache gets a fresh one ("re-nonce on the way out"). See docs/decisions/0004-edge-caching.md.
import { parseRestaurantId } from "./restaurant-id";
import { criteriaFrom, criteriaKey } from "./search-criteria";
import { isEmptySearch, parseSearchParams } from "./search-params";

export const STATIC_PAGES = ["/our-mission", "/contact-us", "/privacy-policy", "/terms-of-service", "/submit-restaurant"];

/** Cache-Control a page asks for: what the Worker's cache (the edge) may reuse. */
export const EDGE_POLICY = {
  search: "public, s-maxage=60, stale-while-revalidate=600",
  static: "public, s-maxage=86400, stale-while-revalidate=604800",
  never: "private, no-store",
} as const;

/** The header that records, on a cached page, the nonce it was rendered with. */
export const RENDER_NONCE_HEADER = "X-Render-Nonce";

const CACHE_ORIGIN = "https://page-cache.safebites.internal";

/**
 * The cache key of a GET page: two URLs that mean the same page share one key (search
 * parameters parsed, defaults dropped, fixed order). null: this request is never cached
 * (an empty search shows a notice; unknown paths; malformed ids).
 */
export function pageCacheKey(url: URL): string | null {
  const path = url.pathname;
  if (path === "/") {
    const state = parseSearchParams(url.searchParams);
    // An empty search shows a notice; near=me depends on the visitor's connection.
    if (isEmptySearch(state) || state.near) return null;
    const query = criteriaKey(criteriaFrom(state));
    return `${CACHE_ORIGIN}/${query ? `?${query}` : ""}`;
  }
  const detail = /^\/restaurant\/([^/]+)$/.exec(path);
  if (detail) {
    const id = parseRestaurantId(detail[1]);
    return id === null ? null : `${CACHE_ORIGIN}/restaurant/${id}`;
  }
  if (STATIC_PAGES.includes(path)) return `${CACHE_ORIGIN}${path}`;
  return null;
}

/** Whether a request may be answered from the page cache. */
export function mayUsePageCache(request: Request): boolean {
  if (request.method !== "GET") return false;
  // A one-time notice waits in a cookie: this visitor must get a fresh page.
  if ((request.headers.get("Cookie") ?? "").includes("sb_flash=")) return false;
  // A hard reload (or a benchmark's uncached run) asks for a fresh page.
  return !/\bno-cache\b/i.test(request.headers.get("Cache-Control") ?? "");
}

/** Whether a rendered response may be stored: a 200 page that asked for the edge policy. */
export function mayStorePage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /\bs-maxage=\d+/.test(response.headers.get("Cache-Control") ?? "") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** A cached page's body with its render nonce replaced by this response's nonce. */
export function renonce(html: string, renderNonce: string, nonce: string): string {
  return renderNonce ? html.split(renderNonce).join(nonce) : html;
}
