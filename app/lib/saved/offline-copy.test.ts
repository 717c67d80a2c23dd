import { describe, expect, it } from "vitest";
import {
  mapImagesOf,
  neverKept,
  offlineCopy,
  offlinePage,
  offlinePolicy,
  pageHeading,
  restaurantIdOf,
} from "./offline-copy";

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/framework-abc.js"/>',
  '<style id="app-stylesheet" nonce="n0nce">body{}</style></head>',
  '<body><main id="main" class="flex-1"><h1 class="text-3xl">Tom &amp; Jerry&#x27;s <b>&lt;Grill&gt;</b></h1>',
  '<svg><image href="/map.svg?pins=1,2;3,4&amp;size=s"></image></svg>',
  "</main>",
  '<script nonce="n0nce">window.__remixContext = {"a":"\\u003c/script>"};</script>',
  '<script type="module" nonce="n0nce">import "/assets/entry.client-x.js";</script >',
  "</body></html>",
].join("");

describe("offlineCopy", () => {
  const copy = offlineCopy(PAGE, new Date(2026, 10, 29, 23, 59));

  it("drops every script and module preload, and keeps the rest", () => {
    expect(copy).not.toMatch(/<script|modulepreload|__remixContext|entry\.client/);
    expect(copy).toContain('<style id="app-stylesheet" nonce="n0nce">');
    expect(copy).toContain("Tom &amp; Jerry");
  });

  it("puts the notice with the day the copy was stored, in the browser's time, first in <main>", () => {
    expect(copy).toContain(
      '<main id="main" class="flex-1"><p role="status" class="mx-auto mt-4 max-w-3xl rounded-lg border p-4 border-emerald-800 bg-emerald-50 text-emerald-900" data-testid="offline-notice">You are offline. Saved Nov 29, 2026.</p><h1',
    );
    expect(offlineCopy(PAGE, new Date(2027, 0, 5))).toContain("You are offline. Saved Jan 5, 2027.");
  });
});

describe("offlinePolicy", () => {
  it("keeps the stored policy (its style nonce) and allows no script", () => {
    const stored =
      "default-src 'self'; script-src 'nonce-n0nce' 'strict-dynamic'; style-src 'self' 'nonce-n0nce'; script-src-elem 'self'";
    expect(offlinePolicy(stored)).toBe("default-src 'self'; style-src 'self' 'nonce-n0nce'; script-src 'none'");
    expect(offlinePolicy(null)).toBe("script-src 'none'");
  });
});

describe("offlinePage", () => {
  const html = `<main><h1>You are offline</h1><div id="offline-saved" data-testid="offline-saved"><p>Nothing saved on this device yet.</p></div><p>after</p></main><script>x()</script>`;

  it("lists the saved places with links to their copies, names escaped, and the list's copy", () => {
    const page = offlinePage(
      html,
      [
        { id: 12, name: "<b>Tom & Jerry</b>" },
        { id: 45, name: null },
      ],
      true,
    );
    expect(page).toContain(
      '<div id="offline-saved" data-testid="offline-saved"><ul><li><a class="link" href="/restaurant/12">&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;</a></li><li><a class="link" href="/restaurant/45">Restaurant 45</a></li></ul><p><a class="link" href="/saved">Your saved places</a></p></div><p>after</p>',
    );
    expect(page).not.toContain("<script");
  });

  it("says so when nothing is kept", () => {
    expect(offlinePage(html, [], false)).toContain("<p>Nothing saved on this device yet.</p></div>");
  });
});

describe("what pages say", () => {
  it("reads a page's heading as text", () => {
    expect(pageHeading(PAGE)).toBe("Tom & Jerry's <Grill>");
    expect(pageHeading("<p>no heading</p>")).toBeNull();
  });

  it("finds the static map's images as paths", () => {
    expect(mapImagesOf(PAGE)).toEqual(["/map.svg?pins=1,2;3,4&size=s"]);
  });

  it("knows the paths it never keeps, and a restaurant page's id", () => {
    for (const path of ["/review", "/review/abc", "/review.data", "/tiles/5/1/2.mvt", "/tiles.json"])
      expect(neverKept(path), path).toBe(true);
    for (const path of ["/", "/saved", "/reviews-of-us", "/restaurant/1", "/tilesets"])
      expect(neverKept(path), path).toBe(false);
    expect(restaurantIdOf("/restaurant/12")).toBe(12);
    for (const path of ["/restaurant/0", "/restaurant/012", "/restaurant/12/report", "/restaurant/x"])
      expect(restaurantIdOf(path), path).toBeNull();
  });
});
