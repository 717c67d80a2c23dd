import { describe, expect, it } from "vitest";
import {
  parseSitemapFileName,
  restaurantIdRange,
  robotsTxt,
  sitemapFileName,
  sitemapIndexXml,
  sitemapPath,
  stateSitemapParts,
  urlsetXml,
} from "./sitemap";
import { itRefuses } from "../../../tests/support/cases";

// The sitemaps.org protocol's limit: 50,000 URLs in one sitemap, 50,000 sitemaps in one index.
const PROTOCOL_LIMIT = 50_000;

describe("sitemap files", () => {
  it("names and parses them in one spelling", () => {
    const files = [
      { kind: "restaurants", n: 1 },
      { kind: "restaurants", n: 20 },
      { kind: "state", state: "OR", part: 1 },
      { kind: "state", state: "TX", part: 2 },
      { kind: "state", state: "CA", part: 12 },
    ] as const;
    for (const file of files) expect(parseSitemapFileName(sitemapFileName(file))).toEqual(file);
    expect(sitemapPath({ kind: "state", state: "OR", part: 1 })).toBe("/sitemaps/us-or.xml");
    expect(sitemapPath({ kind: "restaurants", n: 3 })).toBe("/sitemaps/restaurants-3.xml");
  });

  itRefuses(parseSitemapFileName, [
    "restaurants-0.xml",
    "restaurants-01.xml",
    "restaurants-1",
    "restaurants-1.XML",
    "restaurants-49001.xml",
    "restaurants-9999999.xml",
    "us-OR.xml",
    "us-zz.xml",
    "us-or-1.xml",
    "us-or-0.xml",
    "us-or-02.xml",
    "us-or-.xml",
    "us-or.xml.gz",
    "sitemap.xml",
    "",
  ]);

  it("partitions within the protocol's limits", () => {
    // A restaurant file: 50,000 ids, one URL each.
    expect(restaurantIdRange(1)).toEqual({ from: 1, to: 50_000 });
    expect(restaurantIdRange(3)).toEqual({ from: 100_001, to: 150_000 });
    const { from, to } = restaurantIdRange(7);
    expect(to - from + 1).toBeLessThanOrEqual(PROTOCOL_LIMIT);
    // A state's file: the state page, then nine pages per city (its own page, four diet pages
    // and four '100%' pages), so 5,555 cities a file: 1 + 9 × 5,555 = 49,996 URLs.
    expect(1 + 9 * 5_555).toBeLessThanOrEqual(PROTOCOL_LIMIT);
    expect(1 + 9 * 5_556).toBeGreaterThan(PROTOCOL_LIMIT);
    expect(stateSitemapParts(0)).toBe(1);
    expect(stateSitemapParts(5_555)).toBe(1);
    expect(stateSitemapParts(5_556)).toBe(2);
    // Room in the index for every state's files (52 states, at least one file each) beside
    // the restaurant files, of which there are at most 49,000.
    expect(parseSitemapFileName("restaurants-49000.xml")).toEqual({ kind: "restaurants", n: 49_000 });
    expect(parseSitemapFileName("restaurants-49001.xml")).toBeNull();
    expect(PROTOCOL_LIMIT - 49_000).toBeGreaterThanOrEqual(52);
  });
});

describe("XML", () => {
  it("a urlset of absolute URLs, escaped", () => {
    const xml = urlsetXml(["https://x.example/a?b=1&c=2", "https://x.example/us/co/ca%C3%B1on-city"]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://x.example/a?b=1&amp;c=2</loc></url>\n" +
        "<url><loc>https://x.example/us/co/ca%C3%B1on-city</loc></url>\n" +
        "</urlset>\n",
    );
  });

  it("an index of sitemaps", () => {
    expect(sitemapIndexXml(["https://x.example/sitemaps/us-or.xml"])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://x.example/sitemaps/us-or.xml</loc></sitemap>\n</sitemapindex>',
    );
  });

  it("never more than 50,000 entries in one file", () => {
    const many = Array.from({ length: PROTOCOL_LIMIT + 1 }, (_, i) => `https://x.example/restaurant/${i + 1}`);
    expect(() => urlsetXml(many)).toThrow(/50000/);
    expect(() => sitemapIndexXml(many)).toThrow(/50000/);
    expect(urlsetXml(many.slice(1)).match(/<url>/g)).toHaveLength(PROTOCOL_LIMIT);
  });
});

describe("robots.txt", () => {
  it("allows everything and names the sitemap", () => {
    expect(robotsTxt("https://x.example")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://x.example/sitemap.xml\n");
  });
});
