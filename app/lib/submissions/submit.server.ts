// The public forms' actions (docs/routes.md): request checks that run before the body is
// parsed, and keeping a valid submission (the duplicate rule, the per-client limit).
import { data } from "@remix-run/cloudflare";
import { submissionsOf } from "../directory/index.server";
import { SUBMISSION_WINDOW_SECONDS, type NewSubmission, type SubmissionKeys } from "./store";
import { isCrossSiteWrite } from "../web/security-headers";

const MAX_BODY_BYTES = 16 * 1024;

/** Seconds a refused client is asked to wait (the window of the per-client limit). */
export const RATE_LIMIT_RETRY_AFTER = SUBMISSION_WINDOW_SECONDS;
/** Seconds a visitor whose submission could not be stored is asked to wait. */
export const STORE_RETRY_AFTER = 30;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The client's address as Cloudflare gives it; requests without one share a key. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || "unknown";
}

/**
 * The keys of the duplicate rule and the per-client limit: hashes, so that the table never
 * holds an address (and the purge job erases even the hash after a day).
 */
export async function submissionKeys(submission: NewSubmission, address: string): Promise<SubmissionKeys> {
  const target =
    submission.kind === "report"
      ? [submission.restaurantId, submission.reason]
      : submission.kind === "confirmation"
        ? [submission.restaurantId]
        : [];
  return {
    dedupKey: await sha256(JSON.stringify([submission.kind, ...target, submission.payload])),
    clientKey: await sha256(`client:${address}`),
    // One confirmation per client and restaurant in 30 days; the purge job erases it after that.
    ...(submission.kind === "confirmation"
      ? { repeatKey: await sha256(`repeat:${address}:${submission.restaurantId}`) }
      : {}),
  };
}

export type StoreResult = "stored" | "limited" | "repeated" | "failed";

/**
 * Keeps a valid submission: "stored" (or already stored within the minute: the same answer),
 * "limited" (more than the limit from this client: nothing stored), "repeated" (a confirmation
 * of a restaurant this client confirmed within 30 days: nothing stored), or "failed" (the
 * backend could not take it: logged; the visitor keeps the form and its values).
 */
export async function storeSubmission(
  env: Partial<Env>,
  request: Request,
  submission: NewSubmission,
): Promise<StoreResult> {
  const keys = await submissionKeys(submission, clientAddress(request));
  // The Rate Limiting binding first: it turns a flood away before the database sees it. It
  // counts calls, per location, so it is set looser than the rule; the database's count in
  // the insert itself is what holds the limit exactly (docs/decisions/0014-…).
  const shield = env.SUBMISSION_RATE_LIMIT;
  if (shield) {
    const { success } = await shield.limit({ key: keys.clientKey }).catch(() => ({ success: true }));
    if (!success) return "limited";
  }
  try {
    const outcome = await submissionsOf(env).add(submission, keys);
    return outcome === "limited" || outcome === "repeated" ? outcome : "stored";
  } catch (error) {
    // Unavailable, failing, too slow or not configured (the last one already logged which setting).
    const message = error instanceof Error ? error.message : "no backend to store in";
    console.error(`[submissions] not stored: ${message}`);
    return "failed";
  }
}

function reject(status: number, statusText: string): never {
  throw data(null, { status, statusText });
}

/**
 * Rejects cross-site posts (403), other content types (415) and bodies over 16 KB (413)
 * before parsing; returns the parsed form.
 */
export async function readSubmission(request: Request): Promise<FormData> {
  if (isCrossSiteWrite(request)) reject(403, "Forbidden");

  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const urlencoded = type.startsWith("application/x-www-form-urlencoded");
  if (!urlencoded && !type.startsWith("multipart/form-data")) reject(415, "Unsupported Media Type");

  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) reject(413, "Payload Too Large");
  const body = await readLimited(request, MAX_BODY_BYTES);
  if (!body) reject(413, "Payload Too Large");

  try {
    if (urlencoded) {
      const form = new FormData();
      new URLSearchParams(new TextDecoder().decode(body)).forEach((value, key) => form.append(key, value));
      return form;
    }
    return await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body }).formData();
  } catch {
    reject(400, "Bad Request");
  }
}

/** The body, or null once it passes `limit` bytes (reading stops there). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(reader, DRAIN_LIMIT_BYTES);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Past the limit, this much more of the body is read and thrown away before giving up. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads and drops the rest of an oversized body (up to `max` bytes), then cancels. Answering
 * while the client is still sending makes `wrangler dev`'s proxy fail the request and
 * restart the Worker (the next POST then gets its 503 "Your worker restarted mid-request").
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<void> {
  let dropped = 0;
  while (dropped <= max) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
  }
  await reader.cancel();
}
