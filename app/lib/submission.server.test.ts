import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readSubmission, submissionValues, validateSubmission } from "./submission.server";

const URL_ = "https://safebites.example/submit-restaurant";
const FORM = "application/x-www-form-urlencoded";

/** The status readSubmission rejects with, or "ok" with the parsed form. */
async function statusOf(request: Request): Promise<number | FormData> {
  try {
    return await readSubmission(request);
  } catch (error) {
    const init = (error as { init?: ResponseInit | null }).init;
    if (!init?.status) throw error;
    return init.status;
  }
}

const post = (body: BodyInit | null, headers: Record<string, string> = { "Content-Type": FORM }) =>
  new Request(URL_, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}

describe("readSubmission", () => {
  it("parses a url-encoded form", async () => {
    const form = await statusOf(post("name=Caf%C3%A9&city=Austin&state=TX&vegan=on"));
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("name")).toBe("Café");
  });

  it("parses multipart form data", async () => {
    const body = new FormData();
    body.set("name", "A");
    const request = new Request(URL_, { method: "POST", body });
    const form = await statusOf(request);
    expect((form as FormData).get("name")).toBe("A");
  });

  it("413 when Content-Length says more than 16 KB", async () => {
    const body = `notes=${"a".repeat(MAX_BODY_BYTES)}`;
    expect(await statusOf(post(body, { "Content-Type": FORM, "Content-Length": String(body.length) }))).toBe(413);
  });

  it("413 when a body without Content-Length grows past 16 KB (chunked)", async () => {
    const chunks = ["notes=", ...Array.from({ length: 40 }, () => "a".repeat(1024))];
    expect(await statusOf(post(streamOf(chunks)))).toBe(413);
  });

  it("an oversized body is drained (up to 1 MiB past the limit), then cancelled", async () => {
    const pulled = { count: 0, cancelled: false };
    const endless = (chunkBytes: number, chunks: number) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled.count >= chunks) return controller.close();
          pulled.count += 1;
          controller.enqueue(new Uint8Array(chunkBytes).fill(97));
        },
        cancel() {
          pulled.cancelled = true;
        },
      });
    // 40 KB: read to the end, so the client is never cut off mid-send.
    expect(await statusOf(post(endless(1024, 40)))).toBe(413);
    expect(pulled).toEqual({ count: 40, cancelled: false });
    // Endless: reading stops a little past 16 KB + 1 MiB.
    pulled.count = 0;
    expect(await statusOf(post(endless(64 * 1024, 1_000_000)))).toBe(413);
    expect(pulled.cancelled).toBe(true);
    expect(pulled.count).toBeLessThanOrEqual(Math.ceil((MAX_BODY_BYTES + 1024 * 1024) / (64 * 1024)) + 2);
  });

  it("exactly 16 KB is still read", async () => {
    const body = `notes=${"a".repeat(MAX_BODY_BYTES - 6)}`;
    expect(await statusOf(post(body))).toBeInstanceOf(FormData);
  });

  it.each(["application/json", "text/plain", "", "text/html", "application/xml"])(
    "415 for Content-Type %j",
    async (type) => {
      expect(await statusOf(post("name=A", type ? { "Content-Type": type } : {}))).toBe(415);
    },
  );

  it.each<Record<string, string>>([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
  ])("403 for %j", async (headers) => {
    expect(await statusOf(post("name=A", { "Content-Type": FORM, ...headers }))).toBe(403);
  });

  it("same-origin posts pass", async () => {
    const headers = { "Content-Type": FORM, Origin: "https://safebites.example", "Sec-Fetch-Site": "same-origin" };
    expect(await statusOf(post("name=A", headers))).toBeInstanceOf(FormData);
  });

  it("400 for a multipart body that does not parse", async () => {
    expect(await statusOf(post("garbage", { "Content-Type": "multipart/form-data; boundary=zzz" }))).toBe(400);
  });

  it("invalid UTF-8 and broken percent-escapes do not throw", async () => {
    const form = await statusOf(post("name=%FF%ED%A0%80&city=%&state=%zz"));
    expect(form).toBeInstanceOf(FormData);
  });
});

describe("validateSubmission", () => {
  const valid = { name: "A", city: "B", state: "C" };
  const values = (extra: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, ...extra })) form.set(key, value);
    return submissionValues(form);
  };

  it("accepts the required fields alone", () => {
    expect(validateSubmission(values({}))).toBeNull();
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    'https://ok.example" onmouseover="alert(1)',
    "ftp://files.example",
    "//evil.example",
  ])("a website of %j is a field error", (website) => {
    expect(validateSubmission(values({ website }))?.website).toBe(
      "Please enter a website address starting with http:// or https://.",
    );
  });

  it("a bad email is a field error", () => {
    expect(validateSubmission(values({ submitter_email: "a@b.example?cc=c@d.example" }))?.submitter_email).toBe(
      "Please enter a valid email address.",
    );
  });

  it("overlong values are cut before validation and reported", () => {
    const result = validateSubmission(values({ name: "x".repeat(10_000) }));
    expect(result?.name).toMatch(/under 200 characters/);
  });
});
