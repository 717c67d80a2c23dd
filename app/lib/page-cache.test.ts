import { describe, expect, it } from "vitest";
import { EDGE_POLICY, mayStorePage, pageCacheKey, pagePolicy } from "./page-cache";

const key = (url: string) => pageCacheKey(new URL(url));
const at = (path: string) => `https://page-cache.safebites.internal/${encodeURIComponent("https://x.example")}${path}`;

describe("page cache keys", () => {
  it("the same search, however written, shares a key; the origin is part of it", () => {
    expect(key("https://x.example/?diet=vegan&q=+thai")).toBe(key("https://x.example/?q=thai&diet=vegan&radius=25"));
    expect(key("https://x.example/?q=thai")).toBe(at("/?q=thai"));
    expect(key("https://y.example/?q=thai")).not.toBe(key("https://x.example/?q=thai"));
  });

  it("landing pages: one key per page, page 1 without its number, other parameters dropped", () => {
    expect(key("https://x.example/us/or")).toBe(at("/us/or"));
    expect(key("https://x.example/us/or?page=1&utm=x")).toBe(at("/us/or"));
    expect(key("https://x.example/us/or?page=2")).toBe(at("/us/or?page=2"));
    expect(key("https://x.example/us/or/portland")).toBe(at("/us/or/portland"));
    expect(key("https://x.example/us/or/portland/gluten-free?page=03")).toBe(at("/us/or/portland/gluten-free?page=3"));
    expect(key("https://x.example/us/co/ca%C3%B1on-city")).toBe(at("/us/co/ca%C3%B1on-city"));
    expect(key("https://x.example/us/co/cañon-city")).toBe(at("/us/co/ca%C3%B1on-city"));
  });

  it.each([
    "/us",
    "/us/",
    "/us/OR",
    "/us/zz",
    "/us/or/Portland",
    "/us/or/st.-louis",
    "/us/or/portland/keto",
    "/us/or/portland/gluten-free/extra",
    "/us/or/%E0%A4%A",
    "/us/or/a%2Fb",
    "/us/or/portland.data",
  ])("no key for %s (a 404 or Remix data)", (path) => {
    expect(key(`https://x.example${path}`)).toBeNull();
  });

  it("sitemaps and robots.txt, in their one spelling", () => {
    expect(key("https://x.example/sitemap.xml")).toBe(at("/sitemap.xml"));
    expect(key("https://x.example/robots.txt")).toBe(at("/robots.txt"));
    expect(key("https://x.example/sitemaps/restaurants-2.xml")).toBe(at("/sitemaps/restaurants-2.xml"));
    expect(key("https://x.example/sitemaps/us-or.xml")).toBe(at("/sitemaps/us-or.xml"));
    expect(key("https://x.example/sitemaps/restaurants-02.xml")).toBeNull();
    expect(key("https://x.example/sitemaps/us-or-1.xml")).toBeNull();
  });
});

describe("what may be stored", () => {
  const response = (type: string, cacheControl: string, status = 200) =>
    new Response("x", { status, headers: { "Content-Type": type, "Cache-Control": cacheControl } });

  it("pages, sitemaps and robots.txt that asked for the edge policy", () => {
    expect(mayStorePage(response("text/html; charset=utf-8", EDGE_POLICY.search))).toBe(true);
    expect(mayStorePage(response("application/xml; charset=utf-8", EDGE_POLICY.sitemap))).toBe(true);
    expect(mayStorePage(response("text/plain; charset=utf-8", EDGE_POLICY.sitemap))).toBe(true);
  });

  it("never errors, private answers or other types", () => {
    expect(mayStorePage(response("application/xml", EDGE_POLICY.sitemap, 404))).toBe(false);
    expect(mayStorePage(response("text/plain", "no-store", 503))).toBe(false);
    expect(mayStorePage(response("text/html", EDGE_POLICY.never))).toBe(false);
    expect(mayStorePage(response("application/json", EDGE_POLICY.search))).toBe(false);
  });
});

describe("pages that show an open state", () => {
  const seconds = (policy: string, name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(policy)?.[1] ?? 0);

  it("are kept at most 60 s in all, stale-while-revalidate included", () => {
    const policy = pagePolicy({ showsOpenState: true });
    expect(policy).toMatch(/^public, /);
    expect(seconds(policy, "s-maxage")).toBeGreaterThan(0);
    expect(
      seconds(policy, "s-maxage") + seconds(policy, "stale-while-revalidate") + seconds(policy, "max-age"),
    ).toBeLessThanOrEqual(60);
    expect(mayStorePage(new Response("x", { headers: { "Cache-Control": policy, "Content-Type": "text/html" } }))).toBe(
      true,
    );
  });

  it("other pages keep the search policy", () => {
    expect(pagePolicy({ showsOpenState: false })).toBe(EDGE_POLICY.search);
  });

  it("open=now is part of the key, however written", () => {
    expect(key("https://x.example/?open=now&q=thai")).toBe(key("https://x.example/?q=thai&open=NOW&open=later"));
    expect(key("https://x.example/?open=now&q=thai")).not.toBe(key("https://x.example/?q=thai"));
    expect(key("https://x.example/?open=later&q=thai")).toBe(key("https://x.example/?q=thai"));
  });
});
