// The Cache-Control routes ask for, and how the page cache (server.ts) takes it.
import { describe, expect, it } from "vitest";
import { mayStorePage } from "../../../server";
import type { HeadersFunction } from "@remix-run/cloudflare";
import {
  EDGE_POLICY,
  formPageHeaders,
  loaderCacheControl,
  pagePolicy,
  requiredCacheControl,
  reviewHeaders,
  rootHeaders,
  staticCacheControl,
} from "./cache-control";

describe("pages that show an open state", () => {
  const seconds = (policy: string, name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(policy)?.[1] ?? 0);

  it("are kept at most 60 s in all, stale-while-revalidate included", () => {
    const policy = pagePolicy({ showsOpenState: true });
    expect(policy).toMatch(/^public, /);
    expect(seconds(policy, "s-maxage")).toBeGreaterThan(0);
    expect(
      seconds(policy, "s-maxage") + seconds(policy, "stale-while-revalidate") + seconds(policy, "max-age"),
    ).toBeLessThanOrEqual(60);
    expect(mayStorePage(new Response("x", { headers: { "Cache-Control": policy, "Content-Type": "text/html" } }))).toBe(
      true,
    );
  });

  it("other pages keep the search policy", () => {
    expect(pagePolicy({ showsOpenState: false })).toBe("public, s-maxage=60, stale-while-revalidate=600");
  });
});

describe("the headers routes pass on", () => {
  const args = (
    headers: Partial<Record<"loaderHeaders" | "actionHeaders" | "errorHeaders", Record<string, string>>>,
  ): Parameters<HeadersFunction>[0] => ({
    loaderHeaders: new Headers(headers.loaderHeaders),
    actionHeaders: new Headers(headers.actionHeaders),
    errorHeaders: headers.errorHeaders ? new Headers(headers.errorHeaders) : undefined,
    parentHeaders: new Headers(),
  });
  const call = (fn: HeadersFunction, a: Parameters<HeadersFunction>[0]) => new Headers(fn(a) as HeadersInit);
  const UNAVAILABLE = { "Cache-Control": "no-store", "Retry-After": "30" };

  it("a page's loader policy, and a thrown 503's Cache-Control and Retry-After", () => {
    expect(
      call(loaderCacheControl, args({ loaderHeaders: { "Cache-Control": EDGE_POLICY.search } })).get("Cache-Control"),
    ).toBe(EDGE_POLICY.search);
    const failed = call(loaderCacheControl, args({ loaderHeaders: UNAVAILABLE, errorHeaders: UNAVAILABLE }));
    expect(failed.get("Cache-Control")).toBe("no-store");
    expect(failed.get("Retry-After")).toBe("30");
    expect(call(loaderCacheControl, args({})).get("Cache-Control")).toBe(EDGE_POLICY.never);
  });

  it("a form page: its own policy on GET; the action's answer (429, 503) or error with its headers", () => {
    const page = formPageHeaders(staticCacheControl);
    expect(call(page, args({})).get("Cache-Control")).toBe(EDGE_POLICY.static);
    const limited = call(page, args({ actionHeaders: { "Cache-Control": EDGE_POLICY.never, "Retry-After": "60" } }));
    expect(limited.get("Cache-Control")).toBe("private, no-store");
    expect(limited.get("Retry-After")).toBe("60");
    const thrown = call(page, args({ errorHeaders: { "Cache-Control": "private, no-store" } }));
    expect(thrown.get("Cache-Control")).toBe("private, no-store");
    const unavailable = call(
      formPageHeaders(loaderCacheControl),
      args({ errorHeaders: UNAVAILABLE, loaderHeaders: UNAVAILABLE }),
    );
    expect(unavailable.get("Retry-After")).toBe("30");
  });

  it("the root: nothing of its own; an error its boundary renders (a page without one) with its headers", () => {
    expect([...call(rootHeaders, args({})).keys()]).toEqual([]);
    const failed = call(rootHeaders, args({ loaderHeaders: {}, errorHeaders: UNAVAILABLE }));
    expect(failed.get("Retry-After")).toBe("30");
    expect(failed.get("Cache-Control")).toBe("no-store");
  });

  it("the review queue: no-store always, a 503's Retry-After passed on", () => {
    expect(
      call(reviewHeaders, args({ loaderHeaders: { "Cache-Control": "public, s-maxage=60" } })).get("Cache-Control"),
    ).toBe("no-store");
    expect(call(reviewHeaders, args({ errorHeaders: UNAVAILABLE })).get("Retry-After")).toBe("30");
  });

  it("what the Worker sets whatever the route said: a post's answer private, no-store; /review no-store", () => {
    expect(requiredCacheControl("POST", "/submit-restaurant")).toBe("private, no-store");
    expect(requiredCacheControl("POST", "/submit-restaurant.data")).toBe("private, no-store");
    expect(requiredCacheControl("POST", "/review/3")).toBe("private, no-store");
    for (const path of [
      "/review",
      "/review.data",
      "/review/3",
      "/review/3.data",
      "/review/restaurant/1",
      "/review/a/b",
    ]) {
      expect(requiredCacheControl("GET", path), path).toBe("no-store");
    }
    for (const path of ["/", "/reviews", "/restaurant/1", "/reviewer"]) {
      expect(requiredCacheControl("GET", path), path).toBeNull();
    }
  });
});
