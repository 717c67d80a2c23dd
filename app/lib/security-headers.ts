// The headers every response carries (pages, errors and static assets alike), and the
// Content-Security-Policy built around one response's nonce.

export type CspOptions = { nonce: string; imageHosts: readonly string[] };

export function contentSecurityPolicy({ nonce, imageHosts }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React writes style attributes (Radix Toast's swipe offsets); no script can come of it.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...imageHosts].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "geolocation=(self), camera=(), microphone=()",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Frame-Options": "DENY",
};

/** Origins (scheme://host) allowed to serve photos, from a space- or comma-separated list. */
export function imageHostsFrom(...values: (string | undefined)[]): string[] {
  const hosts = new Set<string>();
  for (const value of values) {
    for (const part of (value ?? "").split(/[\s,]+/)) {
      if (!part) continue;
      try {
        const url = new URL(part);
        if (url.protocol === "https:" || url.protocol === "http:") hosts.add(url.origin);
      } catch {
        // not a URL: ignored
      }
    }
  }
  return [...hosts];
}

/** A copy of `response` with the security headers (and, for HTML, the CSP) set. */
export function withSecurityHeaders(response: Response, csp: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  const type = headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html")) {
    headers.set("Content-Security-Policy", csp);
    // A page carries a per-response nonce: no shared cache may hand it to someone else.
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
