// The map beside the results (contract section 12): numbered cards and pins, the static map
// without JavaScript, MapLibre with it (its own chunk, beside the list from 1024 px, behind
// 'Map' below), 'Search this area', and the tile routes over HTTP.
import { expect, test, type Page, type Request } from "@playwright/test";
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { expectCards, expectedResults, sampleRestaurants } from "./support";
import { parseSearchParams } from "~/lib/search/search-url";

const PORTLAND = "/?location=Portland%2C+OR&radius=10";
const CITY = "/us/or/portland";
const ATTRIBUTION = "US Census Bureau (us-atlas) · GeoNames (CC BY 4.0)";
const byName = new Map(sampleRestaurants.map((r) => [r.name, r]));

/** Each card's number and name, in order. */
async function numberedCards(page: Page) {
  const cards = page.getByTestId("restaurant-card");
  const count = await cards.count();
  const out: { n: number; id: string | null; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    out.push({
      n: Number((await card.getByTestId("result-number").innerText()).replace(/\D/g, "")),
      id: await card.getAttribute("id"),
      name: await card.locator("h3").innerText(),
    });
  }
  return out;
}

/** The cards that should have a pin: the sample restaurant has a position of its own or a ZIP the place data knows. */
const hasPosition = (name: string) => {
  const restaurant = byName.get(name);
  return Boolean(restaurant && (restaurant.latitude !== null || [88, 89, 105].includes(restaurant.id)));
};

const isMapChunk = (request: Request) => /InteractiveMap|maplibre-gl/.test(request.url());

for (const path of [PORTLAND, CITY]) {
  test(`${path}: every card numbered 1-n, a static pin for each card with a position, linking to it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    const cards = await numberedCards(page);
    expect(cards.length).toBeGreaterThan(1);
    cards.forEach((card, index) => {
      expect(card.n).toBe(index + 1);
      expect(card.id).toBe(`result-${index + 1}`);
    });
    const pins = page.getByTestId("static-pin");
    const withPosition = cards.filter((card) => hasPosition(card.name));
    await expect(pins).toHaveCount(withPosition.length);
    for (const [i, card] of withPosition.entries()) {
      await expect(pins.nth(i)).toHaveAttribute("href", `#result-${card.n}`);
      await expect(pins.nth(i)).toHaveAttribute("aria-label", `${card.n}: ${card.name}`);
    }
    await expect(page.getByTestId("map-attribution")).toContainText(ATTRIBUTION);
    // The basemap under the pins: an image of its own, named by the pins' positions.
    const base = await page.getByTestId("static-map").locator("image").getAttribute("href");
    // (and the search's centre, when it has one: issue 39)
    expect(base).toMatch(
      /^\/map\.svg\?pins=-?\d+(\.\d+)?,-?\d+(\.\d+)?(;-?\d+(\.\d+)?,-?\d+(\.\d+)?)*(&centre=-?\d+(\.\d+)?,-?\d+(\.\d+)?)?$/,
    );
    expect(base!.split(";")).toHaveLength(withPosition.length);
  });
}

test("without JavaScript a pin leads to its card; 'Map' leads to the map on a phone @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(PORTLAND);
  await page.getByTestId("map-button").click();
  await expect(page).toHaveURL(/#map$/);
  await expect(page.getByTestId("static-map")).toBeInViewport();
  const pin = page.getByTestId("static-pin").nth(2);
  const href = await pin.getAttribute("href");
  await pin.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator(href!)).toBeInViewport();
});

test.describe("with JavaScript @js", () => {
  test("beside the list from 1024 px: MapLibre after the first paint, a pin button per card with a position, choosing one highlights and scrolls to its card", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PORTLAND);
    await expect(page.getByTestId("interactive-map")).toBeVisible({ timeout: 20_000 });
    const cards = await numberedCards(page);
    const pins = page.getByTestId("map-pin");
    const withPosition = cards.filter((card) => hasPosition(card.name));
    await expect(pins).toHaveCount(withPosition.length);
    const names = await pins.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    expect(names).toEqual(withPosition.map((card) => `${card.n}: ${card.name}`));
    await expect(page.locator(".maplibregl-ctrl-attrib")).toContainText(ATTRIBUTION);

    const last = withPosition[withPosition.length - 1]!;
    const pin = page.getByRole("button", { name: `${last.n}: ${last.name}` });
    await pin.focus();
    await page.keyboard.press("Enter");
    const card = page.locator(`#result-${last.n}`);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await expect(card).toBeInViewport();
    await expect(page.locator("[data-highlighted]")).toHaveCount(1);
  });

  test("'Search this area' after moving the map: the centre and covering radius in the URL, the reference's results", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PORTLAND);
    const map = page.getByTestId("interactive-map");
    await expect(map).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("map-pin").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Search this area" })).toHaveCount(0);
    // From 1024 px the filters stay open above the results (docs/layout.md), so the map may
    // start below the first screen: the mouse drags only what is in view.
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(from.x - step * 12, from.y + step * 6);
    await page.mouse.up();
    await page.getByRole("button", { name: "Search this area" }).click();
    await expect(page).toHaveURL(/lat=.*&lng=/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("lat")).toMatch(/^-?\d+(\.\d{1,3})?$/);
    expect(params.get("lng")).toMatch(/^-?\d+(\.\d{1,3})?$/);
    expect(params.has("location")).toBe(false);
    const search = parseSearchParams(params);
    expect([5, 10, 25, 50]).toContain(search.radius);
    const { names } = expectedResults({ coords: search.coords!, radius: search.radius });
    expect(names.length).toBeGreaterThan(0);
    await expectCards(page, names.slice(0, 25));
  });

  test("on a phone MapLibre loads only when 'Map' is pressed", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (isMapChunk(request)) mapRequests.push(request.url());
    });
    await page.goto(PORTLAND, { waitUntil: "load" });
    await page.waitForTimeout(1500);
    expect(mapRequests).toEqual([]);
    await expect(page.getByTestId("results-map")).toBeHidden();
    const button = page.getByRole("button", { name: "Map" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(page.getByTestId("interactive-map")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("map-pin").first()).toBeVisible();
    expect(mapRequests.length).toBeGreaterThan(0);
  });

  test("the static map's SVG is sent once, in the markup and not in the page's data; hydration keeps it, and a search made in the page shows no stale pin", async ({
    page,
    request,
  }) => {
    const html = await (await request.get(PORTLAND)).text();
    const pins = (html.match(/data-testid="static-pin"/g) ?? []).length;
    expect(pins).toBeGreaterThan(1);
    const scripts = html.match(/<script\b[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.join("")).not.toMatch(/static-pin|<svg/);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PORTLAND);
    // Hydrated, and MapLibre loaded over the static map, which is still there under it.
    await expect(page.getByTestId("interactive-map")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("static-pin")).toHaveCount(pins);

    // Other results, from a client-side navigation: no server render drew their static map,
    // so its box is empty (no pin of the last page's), and the interactive map covers it.
    const before = await numberedCards(page);
    await page.getByTestId("diet-vegan").click();
    await expect(page).toHaveURL(/diet=vegan/);
    await expect
      .poll(async () => (await numberedCards(page)).map((card) => card.name))
      .not.toEqual(before.map((card) => card.name));
    await expect(page.getByTestId("static-map")).toHaveCount(1);
    await expect(page.getByTestId("static-pin")).toHaveCount(0);
    await expect(page.getByTestId("interactive-map")).toBeVisible({ timeout: 20_000 });
  });

  test("a page without results, and a page without a list, never loads MapLibre", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (isMapChunk(request)) mapRequests.push(request.url());
    });
    for (const path of ["/?q=zzzzzzzz", "/restaurant/2", "/our-mission"]) {
      await page.goto(path, { waitUntil: "load" });
      await page.waitForTimeout(1000);
    }
    await expect(page.getByTestId("results-map")).toHaveCount(0);
    expect(mapRequests).toEqual([]);
  });
});

test.describe("tile routes over HTTP @nojs", () => {
  test("the static map's basemap: an SVG of the view around the pins with its place names; bad pins 400, never a 5xx", async ({
    request,
  }) => {
    // Two positions in Portland, OR (the pins of a page).
    const response = await request.get("/map.svg?pins=45.5231,-122.6765;45.5122,-122.6587");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toContain("max-age=86400");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 400"/);
    expect(svg).toMatch(/<path d="M-?\d+ -?\d+l/);
    expect(svg).toContain(">Portland</text>");
    for (const query of ["", "?pins=", "?pins=45.5", "?pins=91,0", "?pins=0,181", "?pins=a,b", "?pins=1,2,3"]) {
      expect((await request.get(`/map.svg${query}`)).status(), query).toBe(400);
    }
  });

  test("TileJSON names the versioned tile URL, the layers and the attribution", async ({ request, baseURL }) => {
    const response = await request.get("/tiles.json");
    expect(response.status()).toBe(200);
    const tileJson = await response.json();
    expect(tileJson.tiles[0]).toMatch(new RegExp(`^${baseURL}/tiles/\\{z\\}/\\{x\\}/\\{y\\}\\.mvt\\?v=\\w+$`));
    expect(tileJson.vector_layers.map((layer: { id: string }) => layer.id)).toEqual([
      "land",
      "states",
      "counties",
      "places",
    ]);
    expect(tileJson.attribution).toBe(ATTRIBUTION);
  });

  test("a known tile decodes as a vector tile with the expected layers, long-lived caching", async ({ request }) => {
    // Portland, OR at zoom 8.
    const response = await request.get("/tiles/8/40/91.mvt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/vnd.mapbox-vector-tile");
    expect(response.headers()["cache-control"]).toMatch(/max-age=(86400|31536000)/);
    const tile = new VectorTile(new PbfReader(new Uint8Array(await response.body())));
    expect(Object.keys(tile.layers).sort()).toEqual(["counties", "land", "places", "states"]);
    const places = tile.layers.places!;
    const names = Array.from({ length: places.length }, (_, i) => places.feature(i).properties.name);
    expect(names).toContain("Portland");
    const { tiles } = await (await request.get("/tiles.json")).json();
    const versioned = await request.get(tiles[0].replace("{z}/{x}/{y}", "8/40/91"));
    expect(versioned.headers()["cache-control"]).toContain("max-age=31536000");
  });

  test("a tile abroad holds the country's outline: London at zoom 8", async ({ request }) => {
    const response = await request.get("/tiles/8/127/85.mvt");
    expect(response.status()).toBe(200);
    const tile = new VectorTile(new PbfReader(new Uint8Array(await response.body())));
    expect(Object.keys(tile.layers)).toContain("land");
  });

  test("an empty tile inside the archive is 204; outside it, or a bad address, 404, never a 5xx", async ({
    request,
  }) => {
    // The Gulf of Mexico: inside the archive's bounds, nothing there.
    expect((await request.get("/tiles/8/64/110.mvt")).status()).toBe(204);
    for (const path of [
      "/tiles/9/80/180.mvt",
      "/tiles/8/0/0.mvt",
      "/tiles/-1/0/0.mvt",
      // Below the archive's south edge (Tasmania's latitude).
      "/tiles/3/4/7.mvt",
      "/tiles/40/1/1.mvt",
      "/tiles/99999999999999/1/1.mvt",
      "/tiles/a/b/c.mvt",
      "/tiles/3/1/2.png",
      "/tiles/3/1/2",
      "/tiles/3/1/2.mvt.gz",
      "/tiles/3/1/%2e%2e.mvt",
    ]) {
      const status = (await request.get(path)).status();
      expect([400, 404], path).toContain(status);
    }
  });
});
