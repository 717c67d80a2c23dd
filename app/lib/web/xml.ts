// Text escaped for XML: the sitemaps (app/lib/seo/sitemap.ts), the saved list's KML and GPX
// files (app/lib/saved/saved-export.ts) and the SVG of the static map, its pins and its
// basemap (app/lib/map/static-markup.ts, static-map.server.ts). Pure.

/** Text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}
