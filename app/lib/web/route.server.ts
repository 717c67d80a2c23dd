// What a route reads from its path, and the 404 its loader throws for its ErrorBoundary to
// render (the 503 of an unavailable backend, and what a route that answers with a file answers
// instead, are in app/lib/directory/index.server.ts: unavailable() and fileOrUnavailable()).
import { data } from "@remix-run/cloudflare";

/**
 * `/restaurant/{id}`: a positive integer in canonical form (no sign, no leading zeros), no
 * larger than both JavaScript and Postgres bigint can hold exactly.
 */
export function parseRestaurantId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** 404: no such page (a malformed id or segment, or nothing behind it). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}
