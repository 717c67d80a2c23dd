// What the HTTP stage sends and reads back: a mix entry as a search URL, and the app's
// `Server-Timing` header as numbers.

/**
 * A mix entry's criteria (queries.mjs) as the search URL states them (docs/search-url.md), so
 * that the server parses and looks up everything itself. open=now asks about the moment of
 * the request.
 */
export function searchPath(criteria) {
  const params = new URLSearchParams();
  if (criteria.query) params.set("q", criteria.query);
  if (criteria.location) params.set("location", criteria.location);
  if (criteria.coords) {
    params.set("lat", String(criteria.coords.lat));
    params.set("lng", String(criteria.coords.lng));
  }
  // 25 miles is the URL's default, which the app's own links leave out.
  if (criteria.radius && criteria.radius !== 25) params.set("radius", String(criteria.radius));
  if (criteria.cuisine) params.set("cuisine", criteria.cuisine);
  for (const diet of criteria.diets ?? []) params.append("diet", diet);
  if (criteria.match) params.set("match", criteria.match);
  if (criteria.dedicated) params.set("dedicated", "1");
  for (const practice of criteria.kitchen ?? []) params.append("kitchen", practice);
  if (criteria.open) params.set("open", "now");
  if (criteria.page) params.set("page", String(criteria.page));
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

/** `db;dur=1.2, cache;dur=0.3;desc="MISS"` → { db: 1.2, render: 0, cache: 0.3 }; absent parts 0. */
export function parseServerTiming(header) {
  const split = { db: 0, render: 0, cache: 0 };
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";");
    const dur = params.map((p) => /^dur=([\d.]+)$/.exec(p.trim())).find(Boolean);
    if (name in split && dur) split[name] += Number(dur[1]);
  }
  return split;
}
