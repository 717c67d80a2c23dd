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

// A route's `headers` export decides which headers a page (and its `.data`) carries: what a
// loader, an action or a thrown error set reaches the client only through it. These pass on the
// Cache-Control that was chosen and the headers a status needs (Retry-After of a 429 or 503).

/** Headers that belong to a status, passed on from wherever the answer came from. */
const STATUS_HEADERS = ["Retry-After"] as const;

function statusHeaders(...sources: (Headers | undefined)[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of STATUS_HEADERS) {
    const value = sources.map((source) => source?.get(name)).find((found) => found);
    if (value) headers[name] = value;
  }
  return headers;
}

const isEmpty = (headers: Headers) => headers.keys().next().done === true;

/**
 * A route's `headers`: the Cache-Control its loader chose (EDGE_POLICY), or a thrown error's
 * (errors are never kept), and the error's Retry-After.
 */
export const loaderCacheControl: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": (errorHeaders ?? loaderHeaders).get("Cache-Control") ?? EDGE_POLICY.never,
  ...statusHeaders(errorHeaders, loaderHeaders),
});

/**
 * The root's `headers`: nothing of its own, but a page whose route has no error boundary (the
 * home page, the landing pages) renders its error in the root's, and Remix hands the error's
 * headers only to the route that renders it: its Cache-Control and Retry-After (a 503) pass here.
 */
export const rootHeaders: HeadersFunction = ({ errorHeaders }) =>
  errorHeaders
    ? { "Cache-Control": errorHeaders.get("Cache-Control") ?? EDGE_POLICY.never, ...statusHeaders(errorHeaders) }
    : {};

/** The `headers` of a page that is the same for everyone and changes only with a deploy. */
export const staticCacheControl: HeadersFunction = () => ({ "Cache-Control": EDGE_POLICY.static });

/**
 * The `headers` of a page with a public form: the answer to a post (what its action returned or
 * threw: private, no-store, with Retry-After on a 429 or 503) or a page's error carries its own
 * headers; otherwise the page's (`page`).
 */
export function formPageHeaders(page: HeadersFunction): HeadersFunction {
  return (args) => {
    const answer = args.errorHeaders ?? (isEmpty(args.actionHeaders) ? null : args.actionHeaders);
    if (!answer) return page(args);
    return { "Cache-Control": answer.get("Cache-Control") ?? EDGE_POLICY.never, ...statusHeaders(answer) };
  };
}

/** Every response of the review queue (docs/routes.md): never stored anywhere; a 503's Retry-After. */
export const REVIEW_CACHE_CONTROL = "no-store";

export const reviewHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => ({
  "Cache-Control": REVIEW_CACHE_CONTROL,
  ...statusHeaders(errorHeaders, actionHeaders, loaderHeaders),
});

/**
 * The Cache-Control a response must leave the Worker with whatever its route said (server.ts):
 * the answer to a post (a form's, with or without JavaScript, `.data` included) belongs to one
 * visitor; anything under /review is never stored. null: the route's own.
 */
export function requiredCacheControl(method: string, pathname: string): string | null {
  if (method !== "GET" && method !== "HEAD") return EDGE_POLICY.never;
  return isReviewPath(pathname) ? REVIEW_CACHE_CONTROL : null;
}

/**
 * Whether a path is the review queue's or below it (`.data` requests included), as Remix would
 * route it: percent-escapes decoded, in any case (route matching ignores case).
 */
export function isReviewPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return path === "/review" || path === "/review.data" || path.startsWith("/review/");
}

/** A path as the router matches it: percent-escapes decoded (where they decode), lower case. */
export function routedPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: matched as written.
  }
  return path.toLowerCase();
}
