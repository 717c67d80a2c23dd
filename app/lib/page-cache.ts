// Whole pages kept in the Worker's Cache API. A page carries this response's CSP nonce, so
// a cached page is stored with the nonce it was rendered with and every response out of the
// cache gets a fresh one ("re-nonce on the way out"). See docs/decisions/0004-edge-caching.md.
// Sitemaps and robots.txt are kept here too (they carry no nonce).
import type { HeadersFunction } from "@remix-run/cloudflare";
import { cityPath, parseCitySegment, parseDietSegment, parseStateSegment, statePath, withPage } from "./landing";
import { parseRestaurantId } from "./restaurant-id";
import { criteriaFrom, criteriaKey } from "./search-criteria";
import { isEmptySearch, parsePage, parseSearchParams } from "./search-params";
import { parseSitemapFileName, sitemapPath } from "./sitemap";

export const STATIC_PAGES = [
  "/our-mission",
  "/contact-us",
  "/privacy-policy",
  "/terms-of-service",
  "/submit-restaurant",
];

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

/** A path segment as Remix hands it to the route (percent-decoded); null when it does not decode. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The normal form of a landing page's path and page; null when it is no landing page. */
function landingKey(url: URL): string | null {
  const segments = /^\/us\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(url.pathname);
  if (!segments) return null;
  const [, st = "", city, diet] = segments;
  const state = parseStateSegment(st);
  if (!state) return null;
  const page = parsePage(url.searchParams.get("page"));
  if (city === undefined) return withPage(statePath(state), page);
  const slug = parseCitySegment(decodedSegment(city) ?? undefined);
  const dietValue = diet === undefined ? null : parseDietSegment(diet);
  if (!slug || (diet !== undefined && !dietValue)) return null;
  return withPage(cityPath(state, slug, dietValue), page);
}

/**
 * The cache key of a GET page: two URLs that mean the same page share one key (search
 * parameters parsed, defaults dropped, fixed order). Keys include the origin, because pages
 * carry absolute URLs (canonical, Open Graph, sitemaps). null: this request is never cached
 * (an empty search shows a notice; unknown paths; malformed ids and segments).
 */
export function pageCacheKey(url: URL): string | null {
  const path = pageKeyPath(url);
  return path === null ? null : `${CACHE_ORIGIN}/${encodeURIComponent(url.origin)}${path}`;
}

function pageKeyPath(url: URL): string | null {
  const path = url.pathname;
  if (path === "/") {
    const state = parseSearchParams(url.searchParams);
    // An empty search shows a notice; near=me depends on the visitor's connection.
    if (isEmptySearch(state) || state.near) return null;
    const query = criteriaKey(criteriaFrom(state));
    return `/${query ? `?${query}` : ""}`;
  }
  const detail = /^\/restaurant\/([^/]+)$/.exec(path);
  if (detail) {
    const id = parseRestaurantId(detail[1]);
    return id === null ? null : `/restaurant/${id}`;
  }
  if (STATIC_PAGES.includes(path) || path === "/sitemap.xml" || path === "/robots.txt") return path;
  if (path.startsWith("/us/")) return landingKey(url);
  const sitemap = /^\/sitemaps\/([^/]+)$/.exec(path);
  if (sitemap) {
    const file = parseSitemapFileName(sitemap[1]);
    return file ? sitemapPath(file) : null;
  }
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
