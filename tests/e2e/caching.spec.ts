// The two caches of server.ts and the directory, against the real Workers cache of
// `wrangler dev`: a page is rendered once (MISS), then served from the page cache (HIT) with
// a fresh nonce; the pages that must never be kept are not; a backend answer is kept by the
// query cache even when the page is not. Server-Timing tells which parts ran: its `db` entry
// appears only when the backend was asked. Each test uses its own search words, so no other
// test's visits can have filled these entries. Runs once, in the `js` project.
import { expect, test, type APIResponse } from "@playwright/test";

/** A search nobody else makes: a fresh key in both caches. */
const unique = (label: string) => `/?q=${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function timingNames(response: APIResponse): string[] {
  return (response.headers()["server-timing"] ?? "").split(",").map((entry) => entry.trim().split(";")[0] ?? "");
}

function nonceOf(response: APIResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

test.describe("page and query caches @js", () => {
  test("a page is rendered once, then served from the page cache with a fresh nonce", async ({ request }) => {
    const path = unique("pagecache");
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    expect(first.headers()["x-page-cache"]).toBe("MISS");
    expect(timingNames(first)).toEqual(expect.arrayContaining(["cache", "db", "render"]));

    // The cache is written after the response (waitUntil): ask until it answers.
    let second = await request.get(path);
    for (let i = 0; i < 20 && second.headers()["x-page-cache"] !== "HIT"; i++) second = await request.get(path);
    expect(second.headers()["x-page-cache"]).toBe("HIT");
    expect(second.headers()["server-timing"]).toMatch(/^cache;dur=[0-9.]+;desc="HIT"$/);

    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(secondNonce).not.toBe(firstNonce);
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    // Re-nonced: every nonce in the cached page is this response's, none the render's.
    expect(secondHtml).not.toContain(firstNonce);
    expect(secondHtml).toContain(`nonce="${secondNonce}"`);
    expect(secondHtml.split(secondNonce).join("N")).toBe(firstHtml.split(firstNonce).join("N"));
    // What the visitor's browser may do with it is unchanged: no shared cache past the edge.
    expect(second.headers()["cache-control"]).toMatch(/private|no-store/);
  });

  test("pages that are never kept: a notice, a reload, a one-time notice, an error, a redirect", async ({
    request,
  }) => {
    const visitTwice = async (path: string, headers: Record<string, string> = {}) => {
      await request.get(path, { headers, maxRedirects: 0 });
      return request.get(path, { headers, maxRedirects: 0 });
    };
    // An empty search shows the 'Search Error' notice: the page asks for no-store.
    const empty = await visitTwice("/?q=&location=");
    expect(empty.headers()["x-page-cache"]).toBeUndefined();
    await expect(empty.text()).resolves.toContain("Search Error");
    // A hard reload asks for a fresh page: rendered, and the backend asked again (no page cache).
    const reload = await visitTwice("/?q=thai", { "Cache-Control": "no-cache" });
    expect(reload.headers()["x-page-cache"]).not.toBe("HIT");
    // A visitor with a notice waiting in a cookie gets a page of their own.
    const flash = await visitTwice("/?q=thai", { Cookie: "sb_flash=x" });
    expect(flash.headers()["x-page-cache"]).not.toBe("HIT");
    // Errors are not kept.
    const missing = await visitTwice("/restaurant/999999");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-page-cache"]).toBeUndefined();
    const unknown = await visitTwice("/no-such-page");
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["x-page-cache"]).toBeUndefined();
    // near=me depends on the visitor's connection: a redirect, never kept.
    const near = await visitTwice("/?near=me");
    expect(near.status()).toBe(302);
    expect(near.headers()["x-page-cache"]).toBeUndefined();
  });

  test("the query cache keeps a backend answer even when the page is rendered again", async ({ request }) => {
    const path = unique("querycache");
    const headers = { "Cache-Control": "no-cache" }; // past the page cache, every time
    const first = await request.get(path, { headers });
    expect(timingNames(first)).toContain("db");
    let second = await request.get(path, { headers });
    for (let i = 0; i < 20 && timingNames(second).includes("db"); i++) second = await request.get(path, { headers });
    expect(second.status()).toBe(200);
    expect(timingNames(second)).not.toContain("db");
    expect(timingNames(second)).toContain("render");
    expect(await second.text()).toContain(new URLSearchParams(path.slice(2)).get("q")!);
  });
});
