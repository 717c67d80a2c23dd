// The public forms' actions (docs/routes.md): request checks that run before the body is
// parsed, and keeping a valid submission (the duplicate rule, the per-client limit).
import { EDGE_POLICY } from "../web/cache-control";
import { data } from "@remix-run/cloudflare";
import type { Submission } from "@conform-to/react";
import { submissionsOf } from "../directory/stores.server";
import { SUBMISSION_WINDOW_SECONDS, type NewSubmission, type SubmissionKeys } from "../directory/submission-store";
import { NOTICES, type Notice } from "../web/notices";
import { CONFIRM_AGAIN_AFTER_DAYS } from "../trust/confirmations";
import { isCrossSiteWrite } from "../web/security-headers";
import { WORST_BYTES_PER_CHARACTER } from "./text";

/** The public forms' body limit (the contract's 16 KB); the review queue's forms take more (readSubmission). */
const MAX_BODY_BYTES = 16 * 1024;

/** Seconds a refused client is asked to wait (the window of the per-client limit). */
const RATE_LIMIT_RETRY_AFTER = SUBMISSION_WINDOW_SECONDS;
/** Seconds a visitor whose submission could not be stored is asked to wait. */
const STORE_RETRY_AFTER = 30;
/** Seconds a client that already confirmed this restaurant is asked to wait: the 30 days. */
const REPEAT_RETRY_AFTER = CONFIRM_AGAIN_AFTER_DAYS * 86_400;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The client's address as Cloudflare gives it; requests without one share a key. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || "unknown";
}

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

/** The eight 16-bit groups of an IPv6 address (`::`, a dotted IPv4 tail and a zone allowed), or null. */
export function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split("::").length > 2) return null;
  const half = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && IPV4.test(piece)) {
        const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const [head = "", tail] = text.split("::");
  const before = half(head);
  const after = tail === undefined ? [] : half(tail);
  if (!before || !after) return null;
  if (tail === undefined) return before.length === 8 ? before : null;
  const missing = 8 - before.length - after.length;
  return missing >= 1 ? [...before, ...Array<number>(missing).fill(0), ...after] : null;
}

/**
 * Who the per-client limit counts (docs/decisions/0014-submissions-and-abuse-limits.md): an
 * IPv4 address itself, an IPv6 address by its /64 prefix (one household or phone holds a whole
 * /64, so counting full addresses would let it send without limit), an IPv4-mapped IPv6
 * address as its IPv4 address. Anything else is counted as written.
 */
export function clientNetwork(address: string): string {
  const text = address.trim();
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`;
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(":")}::/64`;
}

/**
 * The keys of the duplicate rule and the per-client limit: hashes, so that the table never
 * holds an address (and the purge job erases even the hash after a day). The duplicate key is
 * the client's (its network, as the limit counts it) as well as the submission's: the same
 * form sent twice by one visitor is one row, the same words from two diners (two people who
 * had the same good meal) are two.
 */
export async function submissionKeys(submission: NewSubmission, address: string): Promise<SubmissionKeys> {
  const target =
    submission.kind === "report"
      ? [submission.restaurantId, submission.reason]
      : submission.kind === "confirmation"
        ? [submission.restaurantId]
        : [];
  const client = clientNetwork(address);
  return {
    dedupKey: await sha256(JSON.stringify([client, submission.kind, ...target, submission.payload])),
    clientKey: await sha256(`client:${client}`),
    // One confirmation per client (its network, as above) and restaurant in 30 days; the purge
    // job erases it after that.
    ...(submission.kind === "confirmation"
      ? { repeatKey: await sha256(`repeat:${client}:${submission.restaurantId}`) }
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

/** A form's answer is this visitor's alone: no cache keeps it. */
export const NO_STORE = { "Cache-Control": EDGE_POLICY.never };

type Parsed = Pick<Submission<unknown>, "reply">;

/** A form that did not validate: 400, with Conform's field errors and the typed values. */
export function invalidAnswer(submission: Parsed) {
  return data({ status: "invalid" as const, result: submission.reply() }, { status: 400, headers: NO_STORE });
}

/**
 * A valid form that was not stored: 429 when this client sent too many, or (a confirmation)
 * already confirmed this restaurant within 30 days; 503 when the store failed (`failure` names
 * the form's message then); each keeps the typed values and says when to try again.
 */
export function notStoredAnswer(submission: Parsed, stored: Exclude<StoreResult, "stored">, failure: Notice) {
  if (stored === "limited") {
    return data(
      { status: "limited" as const, result: submission.reply({ formErrors: [NOTICES.tooManySubmissions.title] }) },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(RATE_LIMIT_RETRY_AFTER) } },
    );
  }
  if (stored === "repeated") {
    return data(
      {
        status: "repeated" as const,
        result: submission.reply({ formErrors: [NOTICES.confirmedRecently.description] }),
      },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(REPEAT_RETRY_AFTER) } },
    );
  }
  return data(
    { status: "failed" as const, result: submission.reply({ formErrors: [failure.title] }) },
    { status: 503, headers: { ...NO_STORE, "Retry-After": String(STORE_RETRY_AFTER) } },
  );
}

function reject(status: number, statusText: string): never {
  throw data(null, { status, statusText, headers: { "Cache-Control": "private, no-store" } });
}

/** Room in a body for the field names, separators, choices and checkboxes (and a multipart post's boundaries). */
const FORM_OVERHEAD_BYTES = 4 * 1024;

/**
 * A body limit: `maxBytes` at most; a body over the contract's 16 KB only when `fits` says the
 * form it holds is valid (the longest valid post of a form with long texts in wide characters
 * is larger than 16 KB; anything else that large is still a 413).
 */
export type BodyLimit = { maxBytes: number; fits?: (form: FormData) => boolean };

/**
 * The body limit of a public form: room for its longest valid post (every text field at its
 * limit, `maxLength` of its schema's constraints, in the widest characters, url-encoded), and
 * past 16 KB only for a post that `isValid`.
 */
export function publicFormLimit(
  constraints: Record<string, { maxLength?: number } | undefined>,
  isValid: (form: FormData) => boolean,
): BodyLimit {
  const characters = Object.values(constraints).reduce((sum, field) => sum + (field?.maxLength ?? 0), 0);
  return {
    maxBytes: Math.max(MAX_BODY_BYTES, characters * WORST_BYTES_PER_CHARACTER + FORM_OVERHEAD_BYTES),
    fits: isValid,
  };
}

/**
 * Rejects cross-site posts (403), other content types (415) and bodies over the limit (413:
 * 16 KB by default; the review queue's forms take more, and a public form takes its longest
 * valid post, publicFormLimit) before parsing; returns the parsed form.
 */
export async function readSubmission(request: Request, limit: number | BodyLimit = MAX_BODY_BYTES): Promise<FormData> {
  const { maxBytes, fits } = typeof limit === "number" ? { maxBytes: limit, fits: undefined } : limit;
  if (isCrossSiteWrite(request)) reject(403, "Forbidden");

  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const urlencoded = type.startsWith("application/x-www-form-urlencoded");
  if (!urlencoded && !type.startsWith("multipart/form-data")) reject(415, "Unsupported Media Type");

  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) reject(413, "Payload Too Large");
  const body = await readLimited(request, maxBytes);
  if (!body) reject(413, "Payload Too Large");

  let form: FormData;
  try {
    if (urlencoded) {
      form = new FormData();
      new URLSearchParams(new TextDecoder().decode(body)).forEach((value, key) => form.append(key, value));
    } else {
      // The header as sent: a multipart boundary is case-sensitive (Chrome's has capitals).
      const header = request.headers.get("Content-Type") ?? type;
      form = await new Request(request.url, { method: "POST", headers: { "Content-Type": header }, body }).formData();
    }
  } catch {
    reject(400, "Bad Request");
  }
  // Past 16 KB, only a valid form of the kind this limit is for.
  if (fits && body.byteLength > MAX_BODY_BYTES && !fits(form)) reject(413, "Payload Too Large");
  return form;
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
