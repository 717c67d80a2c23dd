import { describe, expect, it } from "vitest";
import { parseCountrySegment, parseSubdivisionSegment } from "./world-segments";
import { parseSitemapFileName, sitemapFileName } from "./sitemap";

describe("the segments of the landing pages outside the US", () => {
  it("a country: two letters in lower case, never the US's (a code of no country finds no rows: 404)", () => {
    expect(parseCountrySegment("ca")).toBe("CA");
    expect(parseCountrySegment("gb")).toBe("GB");
    expect(parseCountrySegment("zz")).toBe("ZZ");
    for (const segment of ["us", "CA", "can", "c", "", undefined, "saved"]) {
      expect(parseCountrySegment(segment)).toBeNull();
    }
  });

  it("a subdivision: its code in lower case, or '-' for none", () => {
    expect(parseSubdivisionSegment("on")).toBe("ON");
    expect(parseSubdivisionSegment("62")).toBe("62");
    expect(parseSubdivisionSegment("-")).toBe("");
    for (const segment of ["ON", "ontario", "o-n", "", undefined, "%2F"]) {
      expect(parseSubdivisionSegment(segment)).toBeNull();
    }
  });

  it("the sitemap's world files: one spelling each, read back as written", () => {
    const files = [
      { kind: "world" },
      { kind: "area", country: "CA", code: "ON", part: 1 },
      { kind: "area", country: "IT", code: "62", part: 3 },
      { kind: "area", country: "SG", code: "", part: 1 },
      { kind: "area", country: "SG", code: "", part: 2 },
    ] as const;
    expect(files.map(sitemapFileName)).toEqual([
      "world.xml",
      "world-ca-on.xml",
      "world-it-62.3.xml",
      "world-sg.xml",
      "world-sg.2.xml",
    ]);
    for (const file of files) expect(parseSitemapFileName(sitemapFileName(file))).toEqual(file);
    // A code of no country (world-zz.xml) reads as written and finds no cities: the route answers 404.
    for (const name of ["world-us-or.xml", "world-ca-on.1.xml", "world-CA-on.xml", "world-ca--.xml"]) {
      expect(parseSitemapFileName(name)).toBeNull();
    }
  });
});
