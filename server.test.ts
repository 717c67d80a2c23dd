import { describe, expect, it } from "vitest";
// The Worker's page cache: the key, what may be answered from it, what may be stored in it.
import { mayStorePage, mayUsePageCache, pageCacheKey, renonce } from "./server";

const key = (url: string, build = "abc123") => pageCacheKey(new URL(url), build);
const at = (path: string) =>
  `https://page-cache.safebites.internal/abc123/${encodeURIComponent("https://x.example")}${path}`;

describe("page cache keys", () => {
  it("the URL as requested, with its origin: pages carry absolute URLs", () => {
    expect(key("https://x.example/?q=thai&diet=vegan")).toBe(at("/?q=thai&diet=vegan"));
    expect(key("https://y.example/?q=thai")).not.toBe(key("https://x.example/?q=thai"));
    expect(key("https://x.example/us/co/cañon-city")).toBe(at("/us/co/ca%C3%B1on-city"));
  });

  it("another spelling of a search is another entry (the app links to one spelling only)", () => {
    expect(key("https://x.example/?diet=vegan&q=thai")).not.toBe(key("https://x.example/?q=thai&diet=vegan"));
  });

  it("the build's version is part of the key: a page kept from the build before names scripts a deploy removed", () => {
    expect(key("https://x.example/?q=thai", "abc123")).not.toBe(key("https://x.example/?q=thai", "def456"));
  });

  it("open=now is part of the key", () => {
    expect(key("https://x.example/?q=thai&open=now")).not.toBe(key("https://x.example/?q=thai"));
  });
});

describe("what may be answered from the cache", () => {
  const get = (headers: Record<string, string> = {}, method = "GET") =>
    new Request("https://x.example/?q=thai", { method, headers });

  it("a plain GET", () => {
    expect(mayUsePageCache(get())).toBe(true);
    expect(mayUsePageCache(get({ Cookie: "theme=dark" }))).toBe(true);
  });

  it("not a POST, a reload, or a visitor with a one-time notice waiting", () => {
    expect(mayUsePageCache(get({}, "POST"))).toBe(false);
    expect(mayUsePageCache(get({ "Cache-Control": "no-cache" }))).toBe(false);
    expect(mayUsePageCache(get({ Cookie: "a=1; sb_flash=abc" }))).toBe(false);
  });
});

describe("re-noncing a cached page", () => {
  it("replaces every copy of the render's nonce, and nothing else", () => {
    const html = '<style nonce="OLD">x</style><script nonce="OLD">y</script><p>OLDER</p>';
    expect(renonce(html, "OLD", "NEW")).toBe('<style nonce="NEW">x</style><script nonce="NEW">y</script><p>NEWER</p>');
    expect(renonce(html, "", "NEW")).toBe(html);
  });
});

describe("what may be stored", () => {
  const response = (type: string, cacheControl: string, status = 200) =>
    new Response("x", { status, headers: { "Content-Type": type, "Cache-Control": cacheControl } });

  it("pages, sitemaps and robots.txt that asked for the edge policy", () => {
    expect(mayStorePage(response("text/html; charset=utf-8", "public, s-maxage=60, stale-while-revalidate=600"))).toBe(
      true,
    );
    expect(
      mayStorePage(
        response(
          "application/xml; charset=utf-8",
          "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400",
        ),
      ),
    ).toBe(true);
    expect(
      mayStorePage(
        response("text/plain; charset=utf-8", "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400"),
      ),
    ).toBe(true);
  });

  it("never errors, private answers or other types", () => {
    expect(
      mayStorePage(
        response("application/xml", "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400", 404),
      ),
    ).toBe(false);
    expect(mayStorePage(response("text/plain", "no-store", 503))).toBe(false);
    expect(mayStorePage(response("text/html", "private, no-store"))).toBe(false);
    expect(mayStorePage(response("application/json", "public, s-maxage=60, stale-while-revalidate=600"))).toBe(false);
  });
});
