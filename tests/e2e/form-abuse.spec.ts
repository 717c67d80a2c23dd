// The suggestion action under abuse (issue "Hold up under hostile input"): oversized bodies,
// other content types, cross-site posts, the honeypot, script URLs, and POSTs to routes
// without an action. HTTP only (Playwright's `request`); runs once, in the `js` project.
import { request as httpRequest } from "node:http";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

const ACTION = "/submit-restaurant";
const FORM = "application/x-www-form-urlencoded";
const VALID = { name: "Test Taqueria", city: "Austin", state: "TX" };
const OVER_LIMIT = 16 * 1024 + 1;

/** Every response of this file goes through here: none may be a 5xx. */
function record(label: string, response: APIResponse): APIResponse {
  expect(response.status(), `${label}: no 5xx`).toBeLessThan(500);
  return response;
}

function recordStatus(label: string, status: number): number {
  expect(status, `${label}: no 5xx`).toBeLessThan(500);
  return status;
}

function encode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function postForm(request: APIRequestContext, path: string, body: string, headers: Record<string, string> = {}) {
  const response = await request.post(path, {
    data: body,
    headers: { "Content-Type": FORM, ...headers },
    maxRedirects: 0,
  });
  return record(`POST ${path} ${JSON.stringify(headers)}`, response);
}

/** A POST whose body goes out chunked (no Content-Length), straight through node:http. */
function postChunked(baseURL: string, path: string, chunks: string[]): Promise<number> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "Content-Type": FORM, "Transfer-Encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server may answer and close before the whole body is sent.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        await new Promise((r) => setTimeout(r, 2));
      }
      req.end();
    })().catch(reject);
  });
}

test.describe("form abuse @js", () => {
  test("a body over 16 KB answers 413 before it is parsed (Content-Length)", async ({ request }) => {
    const body = encode({ ...VALID, notes: "a".repeat(OVER_LIMIT) });
    const response = await postForm(request, ACTION, body);
    expect(response.status()).toBe(413);
    // Multipart too.
    const multipart = record(
      "multipart over limit",
      await request.post(ACTION, { multipart: { ...VALID, notes: "a".repeat(OVER_LIMIT) }, maxRedirects: 0 }),
    );
    expect(multipart.status()).toBe(413);
  });

  test("a body over 16 KB answers 413 when sent chunked, without Content-Length", async ({ baseURL }) => {
    const chunks = [encode(VALID) + "&notes=", ...Array.from({ length: 20 }, () => "a".repeat(1024))];
    const status = recordStatus("chunked over limit", await postChunked(baseURL!, ACTION, chunks));
    expect(status).toBe(413);
    // A small chunked body is read normally.
    const small = recordStatus(
      "chunked small",
      await postChunked(baseURL!, ACTION, [encode({ ...VALID, website: "javascript:alert(1)" })]),
    );
    expect(small).toBe(400);
  });

  for (const type of ["application/json", "text/plain", "text/xml"]) {
    test(`Content-Type ${type} answers 415`, async ({ request }) => {
      const body = type === "application/json" ? JSON.stringify(VALID) : encode(VALID);
      const response = record(
        type,
        await request.post(ACTION, { data: body, headers: { "Content-Type": type }, maxRedirects: 0 }),
      );
      expect(response.status()).toBe(415);
    });
  }

  test("cross-site posts answer 403, on the action and on every other route", async ({ request }) => {
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      for (const path of [ACTION, `${ACTION}.data`, "/", "/our-mission", "/restaurant/1"]) {
        const response = await postForm(request, path, encode(VALID), headers);
        expect(response.status(), `POST ${path} with ${JSON.stringify(headers)}`).toBe(403);
      }
    }
  });

  test("a same-origin post from the page is accepted", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const response = await postForm(request, ACTION, encode(VALID), {
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/");
  });

  test("a filled honeypot gets the same 303 to / as a success, and nothing else", async ({ request }) => {
    const success = await postForm(request, ACTION, encode(VALID));
    const bot = await postForm(request, ACTION, encode({ ...VALID, company_fax: "+1 555 0100" }));
    for (const response of [success, bot]) {
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/");
    }
    const cookieName = (response: APIResponse) => (response.headers()["set-cookie"] ?? "").split("=")[0];
    expect(cookieName(bot)).toBe(cookieName(success));
    expect(await bot.text()).toBe(await success.text());
  });

  test("website=javascript:alert(1) is a field error (400), shown escaped", async ({ request }) => {
    for (const website of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      'https://ok.example" onmouseover="alert(1)',
    ]) {
      const response = await postForm(request, ACTION, encode({ ...VALID, website }));
      expect(response.status(), website).toBe(400);
      const html = await response.text();
      expect(html).toContain('data-testid="error-website"');
      expect(html).toContain("Please enter a website address starting with http:// or https://.");
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toContain('" onmouseover="alert(1)');
    }
  });

  test("bodies that do not parse answer 400, not 500", async ({ request }) => {
    // Broken multipart, and multipart without a boundary.
    for (const type of ["multipart/form-data; boundary=zzz", "multipart/form-data"]) {
      const response = await postForm(request, ACTION, "garbage", { "Content-Type": type });
      expect(response.status(), type).toBe(400);
    }
    // Invalid UTF-8 and broken escapes are repaired, then validated (a note keeps its line ends and tabs).
    const odd = await postForm(request, ACTION, "name=%FF%ED%A0%80&city=%&state=%20or%20&notes=%0D%0A%09");
    expect(odd.status()).toBe(303);
    // Issue 37: a note refuses other control characters (400, beside the field), never a 500.
    const controls = await postForm(request, ACTION, "name=%FF%ED%A0%80&city=%&state=%20or%20&notes=%00%01");
    expect(controls.status()).toBe(400);
  });

  test("POST to a route without an action answers 405, not 500", async ({ request }) => {
    for (const path of ["/our-mission", "/contact-us", "/privacy-policy", "/terms-of-service", "/restaurant/1", "/"]) {
      const response = await postForm(request, path, encode(VALID));
      expect(response.status(), `POST ${path}`).toBe(405);
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = record(
        `${method} /`,
        await request.fetch("/", { method, data: encode(VALID), headers: { "Content-Type": FORM }, maxRedirects: 0 }),
      );
      expect(response.status(), `${method} /`).toBe(405);
    }
    // The detail route exists for any id: no action there, whatever the id.
    const missing = await postForm(request, "/restaurant/abc", encode(VALID));
    expect(missing.status()).toBe(405);
    const unknown = await postForm(request, "/no-such-page", encode(VALID));
    expect(unknown.status()).toBe(404);
  });

  test("issue 37: PUT, PATCH and DELETE never run an action: 405 with Allow; a POST without an action says what is allowed", async ({
    request,
  }) => {
    for (const [method, path, allow] of [
      ["DELETE", "/restaurant/1/confirm", "GET, HEAD, POST"],
      ["PUT", "/submit-restaurant", "GET, HEAD, POST"],
      ["PATCH", "/restaurant/1/report", "GET, HEAD, POST"],
      ["DELETE", "/restaurant/1", "GET, HEAD"],
      ["OPTIONS", "/", "GET, HEAD"],
    ] as const) {
      const response = record(
        `${method} ${path}`,
        await request.fetch(path, { method, data: encode(VALID), headers: { "Content-Type": FORM }, maxRedirects: 0 }),
      );
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers().allow, `${method} ${path}`).toBe(allow);
    }
    const post = await postForm(request, "/our-mission", encode(VALID));
    expect(post.status()).toBe(405);
    expect(post.headers().allow).toBe("GET, HEAD");
  });

  test("issue 37: a body over the limit gets the site's own page, not 'Unexpected Application Error!'", async ({
    request,
  }) => {
    const response = await postForm(request, ACTION, encode({ ...VALID, notes: "a".repeat(OVER_LIMIT) }));
    expect(response.status()).toBe(413);
    const html = await response.text();
    expect(html).toContain("Too much to send");
    expect(html).not.toContain("Unexpected Application Error!");
  });
});
