// What a route's loader throws for its ErrorBoundary to render (the 503 of an unavailable
// backend is app/lib/directory/index.server.ts's unavailable()).
import { data } from "@remix-run/cloudflare";

/** 404: no such page (a malformed id or segment, or nothing behind it). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}
