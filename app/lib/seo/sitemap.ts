// Sitemaps (the sitemaps.org protocol) and robots.txt, as text (docs/seo.md). Pure: the
// routes read the directory and hand the URLs here; the page cache keys use the file names.
//
// /sitemap.xml is an index of files of at most 50,000 URLs each:
//   /sitemaps/us.xml               the way into the landing pages: /us, every state's link
//   /sitemaps/restaurants-{n}.xml  restaurant pages with ids (n-1)*50,000+1 … n*50,000
//   /sitemaps/us-{st}.xml          a state's landing pages: the state page, then each city's
//   /sitemaps/us-{st}-{part}.xml   page, its pages per diet (where that diet has restaurants) and
//                                   per diet served exclusively (where one does), CITIES_PER_SITEMAP
//                                   cities a file
//   /sitemaps/world.xml            the way into the pages outside the US: /countries, each
//                                   country's page /{cc}, each subdivision's /{cc}/{sub}
//   /sitemaps/world-{cc}-{sub}.xml  a subdivision's city pages as a state's ('-' areas:
//   /sitemaps/world-{cc}.xml        world-{cc}.xml), and its further parts …-{sub}.{part}.xml
import { parseStateSegment } from "./landing";
import { parseCountrySegment, parseSubdivisionSegment } from "./world-segments";
import type { StateCode } from "../places/places";
import { xmlEscape } from "../web/xml";

/** The protocol's limit of URLs in one sitemap, and of sitemaps in one index. */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** Restaurant ids per restaurant sitemap: one URL each. */
export const IDS_PER_SITEMAP = 50_000;
/** Landing pages a city may have: its own, one per diet, one per diet served exclusively. */
export const URLS_PER_CITY = 9;
/** Cities per landing sitemap: the state page plus up to URLS_PER_CITY URLs a city stay within the limit. */
export const CITIES_PER_SITEMAP = Math.floor((MAX_URLS_PER_SITEMAP - 1) / URLS_PER_CITY);
/** Restaurant sitemaps an index lists, leaving room for the states' files. */
export const MAX_RESTAURANT_SITEMAPS = MAX_URLS_PER_SITEMAP - 1_000;

export type SitemapFile =
  | { kind: "states" }
  | { kind: "restaurants"; n: number }
  | { kind: "state"; state: StateCode; part: number }
  | { kind: "world" }
  | { kind: "area"; country: string; code: string; part: number };

export function sitemapFileName(file: SitemapFile): string {
  if (file.kind === "states") return "us.xml";
  if (file.kind === "restaurants") return `restaurants-${file.n}.xml`;
  if (file.kind === "world") return "world.xml";
  if (file.kind === "area") {
    const area = `world-${file.country.toLowerCase()}${file.code ? `-${file.code.toLowerCase()}` : ""}`;
    return file.part > 1 ? `${area}.${file.part}.xml` : `${area}.xml`;
  }
  const state = file.state.toLowerCase();
  return file.part > 1 ? `us-${state}-${file.part}.xml` : `us-${state}.xml`;
}

export function sitemapPath(file: SitemapFile): string {
  return `/sitemaps/${sitemapFileName(file)}`;
}

/** The file a name names, in the one spelling sitemapFileName writes; null for anything else. */
export function parseSitemapFileName(name: string | undefined): SitemapFile | null {
  if (name === "us.xml") return { kind: "states" };
  if (name === "world.xml") return { kind: "world" };
  const area = /^world-([a-z]{2})(?:-([a-z0-9]{1,3}))?(?:\.([2-9]|[1-9][0-9]{1,4}))?\.xml$/.exec(name ?? "");
  if (area) {
    const country = parseCountrySegment(area[1]);
    const code = area[2] ? parseSubdivisionSegment(area[2]) : "";
    return country && code !== null ? { kind: "area", country, code, part: area[3] ? Number(area[3]) : 1 } : null;
  }
  const restaurants = /^restaurants-([1-9][0-9]{0,5})\.xml$/.exec(name ?? "");
  if (restaurants) {
    const n = Number(restaurants[1]);
    return n <= MAX_RESTAURANT_SITEMAPS ? { kind: "restaurants", n } : null;
  }
  const state = /^us-([a-z]{2})(?:-([2-9]|[1-9][0-9]{1,4}))?\.xml$/.exec(name ?? "");
  if (state) {
    const code = parseStateSegment(state[1]);
    return code ? { kind: "state", state: code, part: state[2] ? Number(state[2]) : 1 } : null;
  }
  return null;
}

/** The ids a restaurant sitemap covers. */
export function restaurantIdRange(n: number): { from: number; to: number } {
  return { from: (n - 1) * IDS_PER_SITEMAP + 1, to: n * IDS_PER_SITEMAP };
}

/** The landing files of a state with this many cities: at least one (it holds the state page). */
export function stateSitemapParts(cities: number): number {
  return Math.max(1, Math.ceil(cities / CITIES_PER_SITEMAP));
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A <urlset> of absolute URLs (at most MAX_URLS_PER_SITEMAP: the caller's partitioning keeps to it). */
export function urlsetXml(locs: readonly string[]): string {
  if (locs.length > MAX_URLS_PER_SITEMAP) throw new Error(`a sitemap holds at most ${MAX_URLS_PER_SITEMAP} URLs`);
  const body = locs.map((loc) => `<url><loc>${xmlEscape(loc)}</loc></url>\n`).join("");
  return `${HEAD}<urlset ${NS}>\n${body}</urlset>\n`;
}

/** A <sitemapindex> of absolute sitemap URLs. */
export function sitemapIndexXml(locs: readonly string[]): string {
  if (locs.length > MAX_URLS_PER_SITEMAP) throw new Error(`an index holds at most ${MAX_URLS_PER_SITEMAP} sitemaps`);
  const body = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join("");
  return `${HEAD}<sitemapindex ${NS}>\n${body}</sitemapindex>\n`;
}

/** Everything public may be crawled (search pages say noindex themselves); where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
