import { describe, expect, it } from "vitest";
import {
  ambiguousPathRedirect,
  assetHeadersFile,
  contentSecurityPolicy,
  crossSiteForbidden,
  imageHostsFrom,
  isCrossSiteWrite,
  keepsOutOfSharedCaches,
  photoSources,
  withSecurityHeaders,
} from "./security-headers";
import { itReads } from "../../../tests/support/cases";

// What every response must carry, stated here rather than read from the module under test, so
// that a weakened header fails these tests.
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "geolocation=(self), camera=(), microphone=()",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Frame-Options": "DENY",
};
/** The policy of everything that is not HTML: nothing runs, nothing frames it. */
const NON_HTML_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
/** HTML carries a per-response nonce: no shared cache may keep it. */
const PRIVATE_HTML_CACHE_CONTROL = "private, no-cache";
const ASSET_CACHE_CONTROL = { hashed: "public, max-age=31536000, immutable", named: "public, max-age=86400" };

const csp = contentSecurityPolicy({ nonce: "abc123==", photoSources: ["https://img.example"] });

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce only, with strict-dynamic", () => {
    const scriptSrc = directives(csp).get("script-src");
    expect(scriptSrc).toBe("'nonce-abc123==' 'strict-dynamic'");
    expect(scriptSrc).not.toContain("unsafe-inline");
  });
  it("locks down objects, base, framing and form targets; allows the photo hosts", () => {
    const map = directives(csp);
    expect(map.get("object-src")).toBe("'none'");
    expect(map.get("base-uri")).toBe("'none'");
    expect(map.get("frame-ancestors")).toBe("'none'");
    expect(map.get("form-action")).toBe("'self'");
    expect(map.get("img-src")).toBe("'self' https://img.example data:");
  });
  it("allows styles from the site and by nonce, style attributes inline, and nothing else inline", () => {
    const map = directives(csp);
    expect(map.get("style-src")).toBe("'self' 'nonce-abc123=='");
    expect(map.get("style-src-attr")).toBe("'unsafe-inline'");
    expect(map.has("style-src-elem")).toBe(false);
  });
  it("allows photos from any https host by default", () => {
    const policy = contentSecurityPolicy({ nonce: "n", photoSources: photoSources({}) });
    expect(directives(policy).get("img-src")).toBe("'self' https: data:");
  });
});

describe("photoSources", () => {
  it("is any https host when PHOTO_HOSTS is unset or blank, Supabase or not", () => {
    expect(photoSources({})).toEqual(["https:"]);
    expect(photoSources({ photoHosts: "  ", supabaseUrl: "https://x.supabase.co" })).toEqual(["https:"]);
  });
  it("narrows to the listed origins and the Supabase project when PHOTO_HOSTS is set", () => {
    expect(
      photoSources({
        photoHosts: "https://cdn.example/photos https://b.example",
        supabaseUrl: "https://x.supabase.co",
      }),
    ).toEqual(["https://x.supabase.co", "https://cdn.example", "https://b.example"]);
  });
  it("leaves the site's own photos only when PHOTO_HOSTS names no usable origin", () => {
    expect(photoSources({ photoHosts: "none" })).toEqual([]);
    expect(photoSources({ photoHosts: "https:" })).toEqual([]);
    expect(photoSources({ photoHosts: "*" })).toEqual([]);
  });
});

describe("imageHostsFrom", () => {
  it("keeps http(s) origins only, once each", () => {
    expect(
      imageHostsFrom(
        "https://x.supabase.co",
        "https://a.example/p, javascript:alert(1) https://a.example ftp://f.example nonsense",
        undefined,
      ),
    ).toEqual(["https://x.supabase.co", "https://a.example"]);
  });
  it("an origin cannot smuggle another directive", () => {
    expect(
      imageHostsFrom("https://a.example;script-src", "https://a.example'unsafe-inline'", "https://a.example,b"),
    ).toEqual(["https://a.example"]);
  });
});

describe("withSecurityHeaders", () => {
  const html = (headers: Record<string, string> = {}, status = 200) =>
    new Response("<p>x</p>", { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

  it("sets every security header on HTML, with the CSP", () => {
    const response = withSecurityHeaders(html({}, 404), csp);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("Content-Security-Policy")).toBe(csp);
    expect(response.status).toBe(404);
  });

  it.each([
    [undefined],
    ["public, max-age=60"],
    ["public, s-maxage=60, stale-while-revalidate=600"],
    ["max-age=300"],
    ["no-cache"],
    ['private="Set-Cookie", max-age=60'],
  ])("HTML with Cache-Control %j becomes private", (cacheControl) => {
    const response = withSecurityHeaders(html(cacheControl ? { "Cache-Control": cacheControl } : {}), csp);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_HTML_CACHE_CONTROL);
  });

  it.each(["no-store", "private, no-cache", "private, max-age=0", "no-store, max-age=0"])(
    "HTML keeps %j",
    (cacheControl) => {
      expect(withSecurityHeaders(html({ "Cache-Control": cacheControl }), csp).headers.get("Cache-Control")).toBe(
        cacheControl,
      );
    },
  );

  it("non-HTML gets the headers and a nonce-free policy, and keeps its caching", async () => {
    const asset = new Response("<svg/>", {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
    });
    const response = withSecurityHeaders(asset, csp);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toBe(NON_HTML_POLICY);
    expect(response.headers.get("Content-Security-Policy")).not.toContain("nonce-");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(await response.text()).toBe("<svg/>");
  });

  it("keeps status, redirects and cookies", () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/", "Set-Cookie": "a=b" } });
    const response = withSecurityHeaders(redirect, csp);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");
  });
});

/**
 * A `_headers` file read the way Workers Static Assets reads it: path -> header -> values; a
 * detached header (`! Name`) is the value null.
 */
function parseHeadersFile(text: string): Map<string, Map<string, (string | null)[]>> {
  const rules = new Map<string, Map<string, (string | null)[]>>();
  let current: Map<string, (string | null)[]> | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      rules.set(line.trim(), current);
      continue;
    }
    if (!current) throw new Error(`header outside a rule: ${line}`);
    const detached = /^!\s*(\S+)$/.exec(line.trim());
    if (detached) {
      current.set((detached[1] ?? "").toLowerCase(), [null]);
      continue;
    }
    const [name = "", ...value] = line.trim().split(":");
    current.set(name.toLowerCase(), [...(current.get(name.toLowerCase()) ?? []), value.join(":").trim()]);
  }
  return rules;
}

/** The headers a path gets: every matching rule's, as Workers joins them (a detached one dropped first). */
function headersFor(rules: Map<string, Map<string, (string | null)[]>>, path: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [pattern, headers] of rules) {
    const regExp = new RegExp(
      `^${pattern
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    if (!regExp.test(path)) continue;
    for (const [name, values] of headers) {
      const kept = values[0] === null ? [] : (result.get(name) ?? []);
      result.set(name, [...kept, ...values.filter((value): value is string => value !== null)]);
    }
  }
  return result;
}

describe("assetHeadersFile", () => {
  const file = assetHeadersFile([
    { name: "favicon.svg", isDirectory: false },
    { name: "photos", isDirectory: true },
    { name: "_headers", isDirectory: false },
    { name: "odd name.txt", isDirectory: false },
  ]);
  const rules = parseHeadersFile(file);

  it.each(["/favicon.svg", "/photos/soup-1.svg", "/assets/entry.client-abc123.js", "/robots.txt"])(
    "gives %s every security header and the non-HTML policy, each once",
    (path) => {
      const headers = headersFor(rules, path);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(headers.get(name.toLowerCase())).toEqual([value]);
      expect(headers.get("content-security-policy")).toEqual([NON_HTML_POLICY]);
    },
  );

  it("caches hashed files a year and the files of public/ a day, one Cache-Control each", () => {
    expect(headersFor(rules, "/assets/entry.client-abc123.js").get("cache-control")).toEqual([
      ASSET_CACHE_CONTROL.hashed,
    ]);
    expect(headersFor(rules, "/favicon.svg").get("cache-control")).toEqual([ASSET_CACHE_CONTROL.named]);
    expect(headersFor(rules, "/photos/soup-1.svg").get("cache-control")).toEqual([ASSET_CACHE_CONTROL.named]);
  });

  it("writes no rule for configuration files or names it cannot write plainly", () => {
    expect([...rules.keys()].sort()).toEqual(["/*", "/assets/*", "/favicon.svg", "/photos/*", "/sw.js"]);
    expect(file).not.toMatch(/\n!/);
  });

  it("gives the service worker a policy of its own that lets it fetch the site, and no long caching", () => {
    const headers = headersFor(rules, "/sw.js");
    expect(headers.get("content-security-policy")).toEqual(["default-src 'none'; connect-src 'self'"]);
    expect(headers.get("cache-control")).toEqual(["no-cache"]);
    expect(headers.get("x-content-type-options")).toEqual(["nosniff"]);
  });
});

describe("keepsOutOfSharedCaches", () => {
  it("needs private or no-store as a whole directive", () => {
    expect(keepsOutOfSharedCaches("private, no-cache")).toBe(true);
    expect(keepsOutOfSharedCaches("No-Store")).toBe(true);
    expect(keepsOutOfSharedCaches("public, max-age=60")).toBe(false);
    expect(keepsOutOfSharedCaches('private="Set-Cookie"')).toBe(false);
    expect(keepsOutOfSharedCaches(null)).toBe(false);
  });
});

describe("isCrossSiteWrite", () => {
  const post = (headers: Record<string, string>, method = "POST") =>
    new Request("https://safebites.example/submit-restaurant", { method, headers });

  it.each([
    [{}],
    [{ Origin: "https://safebites.example" }],
    [{ Origin: "https://safebites.example", "Sec-Fetch-Site": "same-origin" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ "Sec-Fetch-Site": "none" }],
  ])("allows %j", (headers) => {
    expect(isCrossSiteWrite(post(headers))).toBe(false);
  });

  it.each([
    [{ Origin: "https://evil.example" }],
    [{ Origin: "http://safebites.example.evil.example" }],
    [{ Origin: "https://safebites.example:8443" }],
    [{ Origin: "null" }],
    [{ Origin: "%%%" }],
    [{ Origin: "" }],
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "Cross-Site", Origin: "https://safebites.example" }],
    [{ Origin: "https://safebites.example", "X-Forwarded-Host": "proxy.example" }],
  ])("refuses %j", (headers) => {
    expect(isCrossSiteWrite(post(headers))).toBe(true);
  });

  it("only looks at methods that change something", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }, "GET"))).toBe(false);
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }, "HEAD"))).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }, method))).toBe(true);
  });

  it("answers 403 in plain text, never cached", async () => {
    const response = crossSiteForbidden();
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toContain("Forbidden");
  });
});

describe("ambiguousPathRedirect", () => {
  const target = (path: string) => ambiguousPathRedirect(new URL(`https://safebites.example${path}`));

  itReads(target, [
    ["/%5C", "/"],
    ["/%5c/", "/"],
    ["/%09/", "/"],
    ["/%5C?q=1", "/?q=1"],
    ["//evil.example", "/evil.example"],
    ["/%5Cevil.example/x?y=1", "/evil.example/x?y=1"],
    ["/%0A%0D%5C%2F", "/%2F"],
    ["/%09%0A/x", "/x"],
  ]);

  it.each(["/", "/restaurant/1", "/a/%5C/", "/?q=%5C", "/%2F%2F", "/our-mission", "/%0A%0Dx/%5C", "/%09x"])(
    "leaves %s alone",
    (path) => {
      expect(target(path)).toBeNull();
    },
  );

  it("drops a long query rather than send a huge Location", () => {
    expect(target(`/%5C/x?q=${"a".repeat(10_000)}`)).toBe("/x");
  });

  it("never points at another host", () => {
    for (const path of ["//%5C//evil.example", "/%5C%09%5C/evil.example", "///\\evil.example"]) {
      const location = target(path)!;
      expect(location).toMatch(/^\/(?![/\\]|%5c|%09)/i);
      expect(new URL(location, "https://safebites.example").host).toBe("safebites.example");
    }
  });
});
