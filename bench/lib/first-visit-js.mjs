// First-visit JavaScript: what a page's HTML names (the entry, the route chunks and every
// modulepreload, in <script> and <link> tags and in the inline module script's imports),
// fetched and gzipped at level 9 one file at a time, summed per page. A chunk loaded later
// (the map's MapLibre chunk, loaded after the first result is painted) is not named by the HTML
// and does not count. Target: at most 100 KB (102,400 bytes) gzip on every page.
import { gzipSync } from "node:zlib";

const FIRST_VISIT_JS_TARGET_BYTES = 100 * 1024;

/** Pages of every kind the site serves (the sample data's ids and cities). */
const FIRST_VISIT_JS_PAGES = [
  { name: "home", path: "/" },
  { name: "search", path: "/?q=kitchen&diet=vegan" },
  { name: "search near a place", path: "/?location=Portland%2C+OR&radius=10" },
  { name: "empty search result", path: "/?q=zzzzzz" },
  { name: "city", path: "/us/or/portland" },
  { name: "city, one diet", path: "/us/or/portland/vegan" },
  { name: "state", path: "/us/or" },
  { name: "detail", path: "/restaurant/2" },
  { name: "report", path: "/restaurant/2/report" },
  { name: "suggest", path: "/submit-restaurant" },
  { name: "contact", path: "/contact-us" },
  { name: "not found", path: "/no-such-page" },
];

/** The same-origin script URLs an HTML document names, in order of first mention. */
function scriptsNamedBy(html, origin) {
  const found = new Set();
  const patterns = [
    /<script\b[^>]*\bsrc="([^"]+)"/g,
    /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g,
    /<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g,
    // The inline module script's imports: `import "…"`, `import * as x from "…"`, `import("…")`.
    /\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) {
      const url = new URL(match[1].replace(/&amp;/g, "&"), origin);
      if (url.origin === origin) found.add(url.href);
    }
  }
  return [...found];
}

/** Per page: the scripts its HTML names, their gzip sizes, and the sum. */
export async function measureFirstVisitJs(origin, pages = FIRST_VISIT_JS_PAGES) {
  const sizes = new Map();
  const gzipSize = async (url) => {
    if (!sizes.has(url)) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      sizes.set(url, gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length);
    }
    return sizes.get(url);
  };
  const results = [];
  for (const page of pages) {
    const response = await fetch(`${origin}${page.path}`);
    const html = await response.text();
    const scripts = scriptsNamedBy(html, origin);
    let bytes = 0;
    for (const url of scripts) bytes += await gzipSize(url);
    results.push({ ...page, status: response.status, scripts: scripts.length, gzipBytes: bytes });
  }
  return results;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The report's table. */
export function firstVisitJsSection(results) {
  const lines = [
    "### First-visit JavaScript",
    "",
    "`bench/lib/first-visit-js.mjs`: every script a page's HTML names (entry, route chunks, modulepreloads), each fetched and gzipped at level 9, summed. " +
      `Target: at most ${kb(FIRST_VISIT_JS_TARGET_BYTES)} KB on every page. Chunks loaded later (MapLibre) are not named by the HTML and do not count.`,
    "",
    "| page | path | status | scripts | KB gzip | target |",
    "| --- | --- | ---: | ---: | ---: | --- |",
  ];
  for (const r of results) {
    const met = r.gzipBytes <= FIRST_VISIT_JS_TARGET_BYTES;
    lines.push(
      `| ${r.name} | \`${r.path}\` | ${r.status} | ${r.scripts} | ${kb(r.gzipBytes)} | ${met ? "met" : "**missed**"} (≤ ${kb(FIRST_VISIT_JS_TARGET_BYTES)}) |`,
    );
  }
  return lines;
}
