// The headers every response carries (pages, errors and static assets alike), the
// Content-Security-Policy built around one response's nonce, and the cross-site check for
// requests that change something.

/** photoSources: where photos may come from besides the site itself (see photoSources()). */
export type CspOptions = { nonce: string; photoSources: readonly string[] };

export function contentSecurityPolicy({ nonce, photoSources }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The stylesheet is inlined in each page (app/lib/web/document.tsx, InlineStylesheet) with this nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (Radix Toast's swipe offsets); no script can come of it.
    // A nonce in style-src turns 'unsafe-inline' off there, so attributes get their own rule.
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self'", ...photoSources, "data:"].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    // The map's MapLibre worker: the site's own script file, started from a blob: copy so that it
    // runs under this policy and origin (app/components/map/InteractiveMap.client.tsx).
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The policy of everything that is not HTML (assets, photos, data). It only matters when
 * such a file is opened as a document: an SVG opened directly runs no script of its own.
 * It carries no nonce, so it may be cached with the file.
 */
const NON_HTML_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * The service worker's policy (/sw.js): a worker runs under the policy its script came with. It
 * fetches the site's own pages and files and loads nothing else (app/lib/saved/service-worker.ts).
 */
const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'";

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "geolocation=(self), camera=(), microphone=()",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Frame-Options": "DENY",
};

/** How long static files may be kept: hashed build output a year, files that keep their name a day. */
const ASSET_CACHE_CONTROL = {
  hashed: "public, max-age=31536000, immutable",
  named: "public, max-age=86400",
} as const;

/** Names that may appear in a `_headers` path: anything else would need escaping. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Files of public/ that Workers Static Assets reads as configuration, never serves. */
const CONFIG_FILES = new Set(["_headers", "_redirects", ".assetsignore"]);

/**
 * The `_headers` file of build/client. Workers Static Assets serves the files there without
 * running the Worker and adds these headers to each (docs/decisions/0008-static-files-and-the-stylesheet.md):
 * the security headers and the non-HTML policy on every file, a year's caching for the
 * hashed files of /assets/, and a day's for the files copied from public/ (`publicEntries`:
 * its top-level files and folders). The service worker (/sw.js, written by the build) gets a
 * policy of its own in place of the non-HTML one (`!` detaches a header set by an earlier rule)
 * and is checked for a new build on every start (`no-cache`). No two rules otherwise set the
 * same header on one path: Workers would join the values with a comma.
 */
export function assetHeadersFile(publicEntries: readonly { name: string; isDirectory: boolean }[]): string {
  const lines = [
    "# Generated at build time from app/lib/web/security-headers.ts (vite.config.ts): edit that file.",
    "/*",
    ...Object.entries({ ...SECURITY_HEADERS, "Content-Security-Policy": NON_HTML_POLICY }).map(
      ([name, value]) => `  ${name}: ${value}`,
    ),
    "/assets/*",
    `  Cache-Control: ${ASSET_CACHE_CONTROL.hashed}`,
    "/sw.js",
    "  ! Content-Security-Policy",
    `  Content-Security-Policy: ${SERVICE_WORKER_POLICY}`,
    "  Cache-Control: no-cache",
  ];
  const named = publicEntries
    .filter(({ name }) => PLAIN_NAME.test(name) && !CONFIG_FILES.has(name) && name !== "assets" && name !== "sw.js")
    .map(({ name, isDirectory }) => (isDirectory ? `/${name}/*` : `/${name}`))
    .sort();
  for (const path of named) lines.push(path, `  Cache-Control: ${ASSET_CACHE_CONTROL.named}`);
  return `${lines.join("\n")}\n`;
}

/** What HTML gets when it would otherwise be cacheable by a shared cache. */
const PRIVATE_HTML_CACHE_CONTROL = "private, no-cache";

/**
 * Where photos may come from besides the site itself, for the CSP img-src
 * (docs/decisions/0007-photos-from-any-https-host.md): any https host by default, since a
 * restaurant's photos may live on any storage bucket or CDN; when PHOTO_HOSTS is set, only
 * the origins it lists and the Supabase project (whose Storage may hold photos). A
 * PHOTO_HOSTS with no usable origin (e.g. `none`) leaves the site's own photos only.
 */
export function photoSources({ photoHosts, supabaseUrl }: { photoHosts?: string; supabaseUrl?: string }): string[] {
  if (!photoHosts?.trim()) return ["https:"];
  return imageHostsFrom(supabaseUrl, photoHosts);
}

/** Origins (scheme://host) allowed to serve photos, from a space- or comma-separated list. */
export function imageHostsFrom(...values: (string | undefined)[]): string[] {
  const hosts = new Set<string>();
  for (const value of values) {
    for (const part of (value ?? "").split(/[\s,]+/)) {
      if (!part) continue;
      try {
        const url = new URL(part);
        // Only plain host names: a `;` or quote in a host would end the img-src directive.
        const plainHost = /^[a-z0-9.-]+(:[0-9]+)?$/.test(url.host) || /^\[[0-9a-f:.]+\](:[0-9]+)?$/.test(url.host);
        if ((url.protocol === "https:" || url.protocol === "http:") && plainHost) hosts.add(url.origin);
      } catch {
        // not a URL: ignored
      }
    }
  }
  return [...hosts];
}

/** Whether a Cache-Control value keeps the response out of shared caches (CDNs, proxies). */
export function keepsOutOfSharedCaches(cacheControl: string | null): boolean {
  return /(^|[\s,])(private|no-store)\s*(,|$)/i.test(cacheControl ?? "");
}

/** A copy of `response` with the security headers and a Content-Security-Policy set. */
export function withSecurityHeaders(response: Response, csp: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  const type = (headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("text/html")) {
    headers.set("Content-Security-Policy", csp);
    // A page carries a per-response nonce: no shared cache may hand it to someone else.
    if (!keepsOutOfSharedCaches(headers.get("Cache-Control"))) headers.set("Cache-Control", PRIVATE_HTML_CACHE_CONTROL);
  } else if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", NON_HTML_POLICY);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request that changes something (POST, PUT, PATCH, DELETE) sent from another site: a
 * `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this request's own (`null` and
 * unparsable origins included). Remix's own check throws on such requests and answers
 * 500; the Worker answers 403 before Remix sees them.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return false;
  if ((request.headers.get("Sec-Fetch-Site") ?? "").trim().toLowerCase() === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (an opaque origin) or garbage
  }
  if (!originHost || originHost !== new URL(request.url).host) return true;
  // Remix compares with X-Forwarded-Host when present (a proxy's view of the host).
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  if (forwarded && forwarded !== originHost) return true;
  // Remix also compares with the Host header; request.url normally has the same host.
  const host = request.headers.get("Host");
  return !forwarded && host !== null && host !== originHost;
}

/** The 403 answer to a cross-site write (plain text; the Worker adds the security headers). */
export function crossSiteForbidden(): Response {
  return new Response("Forbidden: cross-site request.\n", {
    status: 403,
    statusText: "Forbidden",
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Tabs and newlines (dropped by URL parsers) and separators, as they appear in a pathname. */
const LEADING_SEPARATORS = /^(?:\/|\\|%5c|%09|%0a|%0d)+/i;
/** A second separator right after the first `/`, with only tabs or newlines between. */
const SECOND_SEPARATOR = /^(?:%09|%0a|%0d)*(?:\/|\\|%5c)/i;
/** Longer redirect targets lose their query (a Location header must stay small). */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * The redirect target for a path that starts with two separators once decoded (`//x`,
 * `/%5C`, `/%09/`): React Router reads such a path as `//host`, and its server render
 * throws ("Invalid URL string", a 500). The target keeps the rest of the path (and the
 * query, when short) behind a single `/`, so it never points at another host.
 * null: the path is fine.
 */
export function ambiguousPathRedirect(url: URL): string | null {
  const rest = url.pathname.slice(1);
  if (!SECOND_SEPARATOR.test(rest)) return null;
  const path = `/${rest.replace(LEADING_SEPARATORS, "")}`;
  const target = `${path}${url.search}`;
  return target.length <= MAX_REDIRECT_LENGTH ? target : path.slice(0, MAX_REDIRECT_LENGTH);
}
