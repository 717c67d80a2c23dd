import { describe, expect, it } from "vitest";
import {
  CITIES_PER_SITEMAP,
  IDS_PER_SITEMAP,
  MAX_RESTAURANT_SITEMAPS,
  MAX_URLS_PER_SITEMAP,
  parseSitemapFileName,
  restaurantIdRange,
  robotsTxt,
  sitemapFileName,
  sitemapIndexXml,
  sitemapPath,
  stateSitemapParts,
  urlsetXml,
  xmlEscape,
} from "./sitemap";
import { itRefuses } from "../../../tests/support/cases";

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
    `restaurants-${MAX_RESTAURANT_SITEMAPS + 1}.xml`,
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
    expect(restaurantIdRange(1)).toEqual({ from: 1, to: IDS_PER_SITEMAP });
    expect(restaurantIdRange(3)).toEqual({ from: 2 * IDS_PER_SITEMAP + 1, to: 3 * IDS_PER_SITEMAP });
    expect(IDS_PER_SITEMAP).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
    // The state page, then a city page and four diet pages per city.
    expect(1 + 9 * CITIES_PER_SITEMAP).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
    expect(stateSitemapParts(0)).toBe(1);
    expect(stateSitemapParts(CITIES_PER_SITEMAP)).toBe(1);
    expect(stateSitemapParts(CITIES_PER_SITEMAP + 1)).toBe(2);
    // Room in the index for every state's files beside the restaurant files.
    expect(MAX_URLS_PER_SITEMAP - MAX_RESTAURANT_SITEMAPS).toBeGreaterThanOrEqual(52);
  });
});

describe("XML", () => {
  it("escapes the five characters XML reserves", () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

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
    const many = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => `https://x.example/restaurant/${i + 1}`);
    expect(() => urlsetXml(many)).toThrow(/50000/);
    expect(() => sitemapIndexXml(many)).toThrow(/50000/);
    expect(urlsetXml(many.slice(1)).match(/<url>/g)).toHaveLength(MAX_URLS_PER_SITEMAP);
  });
});

describe("robots.txt", () => {
  it("allows everything and names the sitemap", () => {
    expect(robotsTxt("https://x.example")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://x.example/sitemap.xml\n");
  });
});
