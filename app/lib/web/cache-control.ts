// The Cache-Control a route asks for. A page whose policy has `s-maxage` is kept whole by the
// Worker's page cache (server.ts) and by the browser and CDN as the policy says; lifetimes are
// in docs/decisions/0004-edge-caching.md and, for pages that show an open state, 0016.
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
