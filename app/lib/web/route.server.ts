// What a route reads from its path, and what its loader throws for its ErrorBoundary to render
// (the 503 of an unavailable backend is app/lib/directory/index.server.ts's unavailable()), or,
// for a route that answers with a file, what it answers instead.
import { data } from "@remix-run/cloudflare";
import { DirectoryUnavailableError } from "../directory/port";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../directory/index.server";

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

/**
 * For routes that answer with a file rather than a page (the sitemaps): what guard() and a
 * missing configuration throw as the 503 page becomes a plain-text 503 with Retry-After
 * (Remix would answer a thrown `data()` from such a route with JSON and without its headers).
 */
export async function fileOrUnavailable(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const init = error && typeof error === "object" && "init" in error ? (error.init as ResponseInit | null) : null;
    if (error instanceof DirectoryUnavailableError || init?.status === 503) {
      if (error instanceof DirectoryUnavailableError) console.error(`[directory] ${error.message}`);
      return new Response(`${UNAVAILABLE_MESSAGE}\n`, {
        status: 503,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(RETRY_AFTER_SECONDS),
          "Cache-Control": "no-store",
        },
      });
    }
    throw error;
  }
}
