// Which methods a path takes (docs/routes.md, "Methods"): GET and HEAD everywhere, POST where a
// route has an action (the public forms and the review queue). Remix runs a route's action for
// any method but GET and HEAD, so the Worker (server.ts) answers every other method itself,
// 405 with `Allow`, before any action runs; a POST to a route without an action gets Remix's
// 405 page, and the Worker adds `Allow` to it.

import { routedPath } from "./cache-control";

/** Paths whose route has an action: the forms and the review queue's decisions. */
const ACTION_PATHS = [
  /^\/submit-restaurant$/,
  /^\/restaurant\/[^/]+\/(?:report|confirm)$/,
  /^\/review$/,
  /^\/review\/[^/]+$/,
];

const READ = ["GET", "HEAD"] as const;

/** The page a path names: a `.data` request's page (`/_root.data` is the home page's), without a trailing slash. */
function pageOf(pathname: string): string {
  const path = routedPath(pathname);
  if (path === "/_root.data") return "/";
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  return page.length > 1 ? page.replace(/\/+$/, "") : page;
}

/** The methods a path takes, for the `Allow` header: GET, HEAD, and POST where there is an action. */
function allowedMethods(pathname: string): string[] {
  const page = pageOf(pathname);
  return ACTION_PATHS.some((pattern) => pattern.test(page)) ? [...READ, "POST"] : [...READ];
}

/** The `Allow` header's value for a path. */
export function allowHeader(pathname: string): string {
  return allowedMethods(pathname).join(", ");
}

/**
 * 405 for a method no route of the app takes (PUT, PATCH, DELETE, OPTIONS, ...), before Remix
 * would run an action for it; null for GET, HEAD and POST (Remix answers a POST to a route
 * without an action with its own 405 page).
 */
export function methodNotAllowed(method: string, pathname: string): Response | null {
  if (method === "GET" || method === "HEAD" || method === "POST") return null;
  return new Response("Method Not Allowed\n", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { Allow: allowHeader(pathname), "Content-Type": "text/plain; charset=utf-8" },
  });
}
