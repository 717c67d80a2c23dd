// Security headers on every route and status (issue "Hold up under hostile input"), the CSP
// nonce (fresh per response, on every script), HTML never cacheable by a shared cache, and
// zero CSP violations in a real browser on every page. And the headers a status or a form's
// answer needs, as Remix sends them only through a route's `headers` export: Retry-After on
// every 503 (pages, `.data`, form posts; a server whose backend cannot answer), private,
// no-store on every post's answer (a JavaScript post's 400 echoes the visitor's contacts), and
// no-store under /review. Header checks use `request` and contexts with JavaScript on and off
// made here; the whole file runs once, in the `js` project.
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { freePort } from "../../scripts/lib/server.mjs";
import { ownServer } from "./own-server";
import { fillFields, submitForm } from "./support";

const STATIC_PAGES = ["/our-mission", "/contact-us", "/privacy-policy", "/terms-of-service"];
const FORM = "application/x-www-form-urlencoded";

function expectSecurityHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], `${label}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["referrer-policy"], `${label}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], `${label}: Permissions-Policy`).toBe(
    "geolocation=(self), camera=(), microphone=()",
  );
  expect(headers["strict-transport-security"], `${label}: Strict-Transport-Security`).toMatch(/^max-age=[1-9][0-9]*/);
}

/** The CSP as a map of directive -> value. */
function parseCsp(policy: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values.join(" "));
  }
  return map;
}

/** Checks an HTML response's CSP, caching and script nonces; returns its nonce. */
async function expectNoncedHtml(response: APIResponse, label: string): Promise<string> {
  const headers = response.headers();
  expect(headers["content-type"], `${label}: content type`).toMatch(/^text\/html/);
  const csp = parseCsp(headers["content-security-policy"]);
  const scriptSrc = csp.get("script-src") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=_-]{16,})'/.exec(scriptSrc)?.[1];
  expect(nonce, `${label}: script-src has a nonce (${scriptSrc})`).toBeTruthy();
  expect(scriptSrc, `${label}: script-src`).toContain("'strict-dynamic'");
  expect(scriptSrc, `${label}: no 'unsafe-inline' in script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: no 'unsafe-eval' in script-src`).not.toContain("'unsafe-eval'");
  expect(csp.get("object-src"), `${label}: object-src`).toBe("'none'");
  expect(csp.get("base-uri"), `${label}: base-uri`).toBe("'none'");
  expect(csp.get("frame-ancestors"), `${label}: frame-ancestors`).toBe("'none'");
  expect(csp.get("form-action"), `${label}: form-action`).toBe("'self'");

  const cacheControl = (headers["cache-control"] ?? "").toLowerCase();
  expect(cacheControl, `${label}: Cache-Control keeps it out of shared caches`).toMatch(/\b(private|no-store)\b/);
  expect(cacheControl, `${label}: never public`).not.toMatch(/\bpublic\b|s-maxage/);

  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  for (const tag of scripts) {
    expect(tag, `${label}: every <script> carries this response's nonce`).toContain(`nonce="${nonce}"`);
  }
  // The inlined stylesheet is allowed by this nonce, not by 'unsafe-inline'.
  const styleSrc = csp.get("style-src") ?? "";
  expect(styleSrc, `${label}: style-src`).toContain(`'nonce-${nonce}'`);
  expect(styleSrc, `${label}: no 'unsafe-inline' in style-src`).not.toContain("'unsafe-inline'");
  const styles = html.match(/<style\b[^>]*>/gi) ?? [];
  for (const tag of styles) {
    expect(tag, `${label}: every <style> carries this response's nonce`).toContain(`nonce="${nonce}"`);
  }
  return nonce!;
}

async function get(request: APIRequestContext, path: string) {
  return request.get(path, { maxRedirects: 0 });
}

async function postForm(request: APIRequestContext, path: string, body: string) {
  return request.post(path, { data: body, headers: { "Content-Type": FORM }, maxRedirects: 0 });
}

test.describe("security headers @js", () => {
  const pages: { label: string; path: string; status: number }[] = [
    { label: "home", path: "/", status: 200 },
    { label: "a search", path: "/?q=pizza&diet=vegan", status: 200 },
    { label: "an empty search", path: "/?q=&location=", status: 200 },
    { label: "a detail page", path: "/restaurant/1", status: 200 },
    { label: "a malformed id", path: "/restaurant/abc", status: 404 },
    { label: "a missing restaurant", path: "/restaurant/999999", status: 404 },
    { label: "an unknown page", path: "/no-such-page", status: 404 },
    { label: "the form", path: "/submit-restaurant", status: 200 },
    ...STATIC_PAGES.map((path) => ({ label: path, path, status: 200 })),
  ];

  for (const { label, path, status } of pages) {
    test(`${label} (${path}): ${status}, headers, CSP with the nonce on every script, private`, async ({ request }) => {
      const response = await get(request, path);
      expect(response.status()).toBe(status);
      expectSecurityHeaders(response, label);
      await expectNoncedHtml(response, label);
    });
  }

  test("a 400 form answer, a 405, a 413 and a 415 carry the headers too", async ({ request }) => {
    const invalid = await postForm(
      request,
      "/submit-restaurant",
      "name=A&city=B&state=OR&website=javascript%3Aalert(1)",
    );
    expect(invalid.status()).toBe(400);
    expectSecurityHeaders(invalid, "400");
    await expectNoncedHtml(invalid, "400");

    const notAllowed = await postForm(request, "/", "q=x");
    expect(notAllowed.status()).toBe(405);
    expectSecurityHeaders(notAllowed, "405");
    await expectNoncedHtml(notAllowed, "405");

    const tooLarge = await postForm(request, "/submit-restaurant", `notes=${"a".repeat(17 * 1024)}`);
    expect(tooLarge.status()).toBe(413);
    expectSecurityHeaders(tooLarge, "413");

    const unsupported = await request.post("/submit-restaurant", {
      data: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(unsupported.status()).toBe(415);
    expectSecurityHeaders(unsupported, "415");
  });

  test("a 403 (cross-site post) and a 303 (accepted suggestion) carry the headers", async ({ request }) => {
    const forbidden = await request.post("/submit-restaurant", {
      data: "name=A&city=B&state=OR",
      headers: { "Content-Type": FORM, Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forbidden.status()).toBe(403);
    expectSecurityHeaders(forbidden, "403");

    const accepted = await postForm(request, "/submit-restaurant", "name=A&city=B&state=OR");
    expect(accepted.status()).toBe(303);
    expectSecurityHeaders(accepted, "303");
  });

  test("static assets: favicon, a script from the page, a photo", async ({ request }) => {
    const home = await (await get(request, "/")).text();
    const script = /\/assets\/[A-Za-z0-9._-]+\.js/.exec(home)?.[0];
    expect(script, "the page references a /assets/*.js file").toBeTruthy();
    // Served by Workers Static Assets with the headers of build/client/_headers
    // (docs/decisions/0008-static-files-and-the-stylesheet.md).
    for (const [path, type, cacheControl] of [
      ["/favicon.svg", /^image\/svg\+xml/, "public, max-age=86400"],
      [script!, /javascript/, "public, max-age=31536000, immutable"],
      ["/photos/soup-1.svg", /^image\/svg\+xml/, "public, max-age=86400"],
    ] as const) {
      const response = await get(request, path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toMatch(type);
      expectSecurityHeaders(response, path);
      expect(response.headers()["x-frame-options"], path).toBe("DENY");
      // An asset carries no nonce, so it may be cached; an SVG opened directly runs no script.
      expect(response.headers()["content-security-policy"] ?? "", path).not.toContain("nonce-");
      expect(response.headers()["content-security-policy"] ?? "", path).toContain("sandbox");
      expect(response.headers()["cache-control"], path).toBe(cacheControl);
    }
    const missing = await get(request, "/photos/no-such-photo.svg");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing, "missing asset");
    // The headers file configures the asset server; it is not a file of the site.
    const headersFile = await get(request, "/_headers");
    expect(headersFile.status()).toBe(404);
    expect(await headersFile.text()).not.toContain("Cache-Control:");
  });

  test("a fresh nonce on every response, the same page twice included", async ({ request }) => {
    for (const path of ["/", "/?q=thai", "/restaurant/2", "/our-mission", "/no-such-page"]) {
      const first = await expectNoncedHtml(await get(request, path), `${path} #1`);
      const second = await expectNoncedHtml(await get(request, path), `${path} #2`);
      expect(second, `${path}: two responses, two nonces`).not.toBe(first);
    }
  });
});

test.describe("no CSP violations in the browser @js", () => {
  test("home, a search, a detail page, the form with an error, each static page", async ({ page }) => {
    test.setTimeout(90_000);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text()))
        violations.push(`${page.url()} console: ${message.text()}`);
    });
    await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
        void report(
          `${location.href} ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });

    /** Visit, wait for hydration and the network to settle. */
    const visit = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    };

    await visit("/");
    await expect(page.getByTestId("restaurant-card").first()).toBeVisible();

    // A search through the form (client navigation), then a detail page from a card.
    await page.getByRole("searchbox").first().fill("pizza");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/q=pizza/);
    await page.waitForLoadState("networkidle");
    await visit("/?q=thai&diet=vegan&diet=gluten-free&match=all");
    await visit("/restaurant/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("img").first()).toBeVisible();

    await visit("/submit-restaurant");
    await fillFields(page, {
      "Restaurant Name": "Test Taqueria",
      City: "Austin",
      State: "TX",
      "Website URL": "ftp://files.example",
    });
    await page.getByRole("button", { name: "Submit Restaurant" }).click();
    await expect(page.getByTestId("error-website")).toBeVisible();
    await page.waitForLoadState("networkidle");

    for (const path of [...STATIC_PAGES, "/no-such-page"]) await visit(path);

    expect(violations).toEqual([]);
  });
});

test.describe("what a form post's answer carries @js", () => {
  test("a JavaScript post's 400 (.data) echoes the values: private, no-store, never public", async ({ request }) => {
    const body = "name=A&city=B&state=OR&submitter_email=not-an-email&submitter_phone=555-0100&_js=1";
    for (const path of ["/submit-restaurant.data", "/submit-restaurant"]) {
      const response = await postForm(request, path, body);
      expect(response.status(), path).toBe(400);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    const report = await postForm(request, "/restaurant/1/report.data", "reason=hours&submitter_email=x");
    expect(report.status()).toBe(400);
    expect(report.headers()["cache-control"]).toBe("private, no-store");
    // The form itself stays a page for everyone.
    const form = await get(request, "/submit-restaurant.data");
    expect(form.status()).toBe(200);
    expect(form.headers()["cache-control"]).toMatch(/public/);
  });

  test("a refused body (413, 415) and an accepted suggestion (303): private, no-store", async ({ request }) => {
    const tooLarge = await postForm(request, "/submit-restaurant.data", `notes=${"a".repeat(17 * 1024)}`);
    expect(tooLarge.status()).toBe(413);
    expect(tooLarge.headers()["cache-control"]).toBe("private, no-store");
    const accepted = await request.post("/submit-restaurant", {
      data: "name=Header%20Diner&city=Austin&state=TX",
      headers: { "Content-Type": FORM, "CF-Connecting-IP": "203.0.113.90" },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(303);
    expect(accepted.headers()["cache-control"]).toBe("private, no-store");
  });

  test("/review without the queue configured: 404, no-store, the page and its .data", async ({ request }) => {
    for (const path of ["/review", "/review.data", "/review/1", "/review/1.data", "/review/restaurant/1"]) {
      const response = await get(request, path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
  });
});

test.describe("a backend that cannot answer: 503 with Retry-After @js", () => {
  test.describe.configure({ mode: "serial" });
  let unreachable = "";
  test.beforeAll(async () => {
    unreachable = `http://127.0.0.1:${await freePort()}`;
  });
  // Supabase configured at a port nothing listens on: every read and write fails at once.
  const server = ownServer({
    name: "unavailable",
    what: "nothing",
    sql: () => "SELECT 1;",
    vars: () => [`SUPABASE_URL:${unreachable}`, "SUPABASE_ANON_KEY:test-anon-key"],
  });

  test("pages and their .data: 503, Retry-After", async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: server.origin });
    for (const path of [
      "/",
      "/?q=thai",
      "/restaurant/1",
      "/restaurant/1/report",
      "/us/or",
      "/us/or/portland",
      "/_root.data",
      "/restaurant/1.data",
      "/us/or.data",
    ]) {
      const response = await get(request, path);
      expect(response.status(), path).toBe(503);
      expect(response.headers()["retry-after"], path).toBe("30");
      expect(response.headers()["cache-control"], path).toMatch(/no-store/);
    }
    await request.dispose();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the suggestion form, JavaScript ${javaScriptEnabled ? "on" : "off"}: 503, Retry-After, private, no-store`, async ({
      browser,
    }) => {
      const { context, page } = await server.newPage(browser, javaScriptEnabled);
      await page.goto("/submit-restaurant");
      await fillFields(page, { "Restaurant Name": "Unstored Diner", City: "Austin", State: "TX" });
      const response = await submitForm(page, "Submit Restaurant");
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toBe("30");
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByLabel("Restaurant Name")).toHaveValue("Unstored Diner");
      await context.close();
    });
  }
});
