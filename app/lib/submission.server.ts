// The suggestion form (docs/routes.md): request checks that run before the body is
// parsed, and the zod schema that validates the fields.
import { data } from "@remix-run/cloudflare";
import { z } from "zod";

import { isCrossSiteWrite } from "./security-headers";
import {
  SUBMISSION_CHECKBOXES,
  SUBMISSION_FIELDS,
  type SubmissionErrors,
  type SubmissionValues,
} from "./submission-fields";

export const MAX_BODY_BYTES = 16 * 1024;

type TextField = (typeof SUBMISSION_FIELDS)[number];

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
const required = (label: string) => text(200).min(1, `${label} is required.`);

const httpUrl = text(500).refine((value) => {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}, "Please enter a website address starting with http:// or https://.");

const email = text(254).refine(
  (value) => !value || z.string().email().safeParse(value).success,
  "Please enter a valid email address.",
);

export const submissionSchema = z.object({
  name: required("Restaurant name"),
  city: required("City"),
  state: required("State"),
  address: text(200),
  zip: text(20),
  phone: text(40),
  website: httpUrl,
  submitter_email: email,
  submitter_phone: text(40),
  cuisine: text(100),
  notes: text(4000),
});

/** The typed-in values of a form, every field present (for re-rendering the form). */
export function submissionValues(form: FormData): SubmissionValues {
  const values = {} as SubmissionValues;
  for (const field of SUBMISSION_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, 5000) : "";
  }
  for (const box of SUBMISSION_CHECKBOXES) values[box] = form.has(box);
  return values;
}

export function validateSubmission(values: SubmissionValues): SubmissionErrors | null {
  const result = submissionSchema.safeParse(values);
  if (result.success) return null;
  const errors: SubmissionErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as TextField;
    errors[field] ??= issue.message;
  }
  return errors;
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
