// The map for a traveller on a phone and a planner at a desk (issue 39): the page scrolls over
// the map (cooperative gestures), the search's centre is a marker of its own on both maps, the
// fitted pins clear the controls and the attribution, never cover each other and each has a tap
// area of 44 x 44 CSS pixels. Screenshots of each case are attached to the test's report.
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { axeViolations } from "./axe";
import { ownServer } from "./own-server";

const PORTLAND = "/?location=Portland%2C+OR&radius=10";
const SEATTLE_VEGAN = "/?location=Seattle%2C+WA&diet=vegan";
const NEAR_ME = "/?lat=45.52&lng=-122.68&radius=10";
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESK = { viewport: { width: 1366, height: 768 } };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
}

/** Every tap area at least 44 x 44 and none over another. */
function expectSpreadTapAreas(boxes: Box[]) {
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlap(boxes[i]!, boxes[j]!), `pins ${i + 1} and ${j + 1}`).toBe(false);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string, target?: Locator) {
  const body = await (target ?? page).screenshot();
  await testInfo.attach(name, { body, contentType: "image/png" });
}

/** The interactive map, opened with 'Map' on a phone, and its pins drawn. */
async function interactiveMap(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole("button", { name: "Map" }).click();
  const map = page.getByTestId("interactive-map");
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("map-pin").first()).toBeVisible();
  await expect(page.locator(".maplibregl-ctrl-attrib")).toBeVisible();
  return map;
}

/** The mouse over the middle of what is on screen of the map. */
async function overVisibleMiddle(page: Page, map: Locator) {
  const box = (await map.boundingBox())!;
  const height = page.viewportSize()!.height;
  const top = Math.max(box.y, 0);
  const bottom = Math.min(box.y + box.height, height);
  await page.mouse.move(box.x + box.width / 2, (top + bottom) / 2);
}

/** How far apart the first and the last pin are, in pixels (grows as the map zooms in). */
async function pinSpan(page: Page): Promise<number> {
  return page.getByTestId("map-pin").evaluateAll((pins) => {
    const middle = (pin: Element) => {
      const { x, y, width, height } = pin.getBoundingClientRect();
      return { x: x + width / 2, y: y + height / 2 };
    };
    const a = middle(pins[0]!);
    const b = middle(pins[pins.length - 1]!);
    return Math.round(Math.hypot(a.x - b.x, a.y - b.y));
  });
}

test.describe("cooperative gestures @js", () => {
  test.describe("at a desk", () => {
    test.use(DESK);
    test("the wheel over the map scrolls the page and says to hold Ctrl; Ctrl + wheel zooms the map", async ({
      page,
    }, testInfo) => {
      await page.goto(PORTLAND);
      const map = await interactiveMap(page);
      const hints = page.locator(".maplibregl-cooperative-gesture-screen");
      await expect(hints.locator(".maplibregl-desktop-message")).toHaveText(/^Use (Ctrl|⌘) \+ scroll to zoom the map$/);
      await expect(hints.locator(".maplibregl-mobile-message")).toHaveText("Use two fingers to move the map");
      await overVisibleMiddle(page, map);
      const before = await page.evaluate(() => window.scrollY);
      const spanBefore = await pinSpan(page);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      await attachScreenshot(page, testInfo, "desk: the wheel over the map", map);
      // The map did not zoom, and there is nothing to search again.
      expect(await pinSpan(page)).toBe(spanBefore);
      await expect(page.getByRole("button", { name: "Search this area" })).toHaveCount(0);
      await overVisibleMiddle(page, map);
      await page.keyboard.down("Control");
      await page.mouse.wheel(0, -300);
      await page.keyboard.up("Control");
      await expect.poll(() => pinSpan(page)).toBeGreaterThan(spanBefore);
    });
  });

  test.describe("on a phone", () => {
    test.use(PHONE);
    test("a one-finger swipe that starts on the map scrolls the page, and the map says two fingers move it", async ({
      page,
    }, testInfo) => {
      await page.goto(PORTLAND);
      const map = await interactiveMap(page);
      // A touch screen is told about two fingers, not about Ctrl.
      await expect(page.locator(".maplibregl-mobile-message")).toHaveText("Use two fingers to move the map");
      await expect(page.locator(".maplibregl-mobile-message")).toBeVisible();
      await expect(page.locator(".maplibregl-desktop-message")).toBeHidden();
      // The browser, not the map, takes a single finger: touch-action lets it pan the page.
      const canvas = page.locator(".maplibregl-canvas");
      await expect(canvas).toHaveCSS("touch-action", "pan-x pan-y");
      const box = (await map.boundingBox())!;
      const before = await page.evaluate(() => window.scrollY);
      // One finger, from the middle of the map upwards.
      const client = await page.context().newCDPSession(page);
      const x = Math.round(box.x + box.width / 2);
      const y = Math.round(box.y + box.height / 2);
      await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (let step = 1; step <= 10; step++) {
        await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - step * 20 }] });
      }
      await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      await expect(page.getByRole("button", { name: "Search this area" })).toHaveCount(0);
      await attachScreenshot(page, testInfo, "phone: after a one-finger swipe on the map");
    });
  });
});

test.describe("the search's centre on the map", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      test(`${name}: the static map marks the place searched for and the visitor's position, apart from the pins @nojs`, async ({
        page,
      }, testInfo) => {
        await page.goto(PORTLAND);
        const map = page.getByTestId("static-map");
        const centre = map.getByTestId("search-centre");
        await expect(centre).toHaveAttribute("aria-label", "Centre of Portland, OR");
        await expect(map.getByTestId("map-attribution")).toContainText("Blue dot: Centre of Portland, OR.");
        await expect(map.locator("image")).toHaveAttribute("href", /&centre=45\.\d+,-122\.\d+$/);
        await map.scrollIntoViewIfNeeded();
        await attachScreenshot(page, testInfo, `${name}: static map around Portland, OR`, map);
        // Coordinates opened from a link: named by the nearest place (issue 39 point 6).
        await page.goto(NEAR_ME);
        await expect(page.getByTestId("search-centre")).toHaveAttribute(
          "aria-label",
          "Search centre near Portland, OR",
        );
        await expect(page.getByTestId("map-attribution")).toContainText("Blue dot: Search centre near Portland, OR.");
      });

      test(`${name}: the interactive map marks the search's centre @js`, async ({ page }, testInfo) => {
        await page.goto(NEAR_ME);
        const map = await interactiveMap(page);
        await map.scrollIntoViewIfNeeded();
        const centre = page.getByTestId("map-centre");
        await expect(centre).toHaveAttribute("role", "img");
        await expect(centre).toHaveAttribute("aria-label", "Search centre near Portland, OR");
        await expect(centre).toBeInViewport();
        const centreBox = (await centre.boundingBox())!;
        const mapBox = (await map.boundingBox())!;
        expect(centreBox.x).toBeGreaterThan(mapBox.x);
        expect(centreBox.x + centreBox.width).toBeLessThan(mapBox.x + mapBox.width);
        await attachScreenshot(page, testInfo, `${name}: interactive map near the visitor`, map);
      });
    });
  }
});

test.describe("pins that clear the controls and each other", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      for (const path of [PORTLAND, SEATTLE_VEGAN]) {
        test(`${name} ${path}: the static map's pins are 44 x 44 tap areas inside the map, none over another @nojs`, async ({
          page,
        }, testInfo) => {
          await page.goto(path);
          const map = page.getByTestId("static-map");
          await map.scrollIntoViewIfNeeded();
          const areas = await boxesOf(map.locator("[data-pin-area]"));
          expectSpreadTapAreas(areas);
          const svg = (await map.locator("svg").boundingBox())!;
          for (const area of areas) {
            expect(area.x).toBeGreaterThanOrEqual(svg.x - 0.5);
            expect(area.y).toBeGreaterThanOrEqual(svg.y - 0.5);
            expect(area.x + area.width).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
            expect(area.y + area.height).toBeLessThanOrEqual(svg.y + svg.height + 0.5);
          }
          // Each tap area leads to its card.
          const pin = map.getByTestId("static-pin").nth(1);
          const href = await pin.getAttribute("href");
          await pin.locator("[data-pin-area]").click({ position: { x: 3, y: 3 } });
          await expect(page).toHaveURL(new RegExp(`${href}$`));
          await attachScreenshot(page, testInfo, `${name}: static map ${path}`, map);
          expect(await axeViolations(page, false)).toEqual([]);
        });

        test(`${name} ${path}: the interactive map's fitted pins clear the zoom buttons and the attribution, 44 x 44, none over another @js`, async ({
          page,
        }, testInfo) => {
          await page.goto(path);
          const map = await interactiveMap(page);
          await map.scrollIntoViewIfNeeded();
          const pins = page.getByTestId("map-pin");
          // The spread follows the fit: wait until the pins have settled apart.
          await expect
            .poll(async () => {
              const boxes = await boxesOf(pins);
              return boxes.some((a, i) => boxes.some((b, j) => j > i && overlap(a, b)));
            })
            .toBe(false);
          const boxes = await boxesOf(pins);
          expectSpreadTapAreas(boxes);
          const mapBox = (await map.boundingBox())!;
          const controls = await boxesOf(page.locator(".maplibregl-ctrl-group, .maplibregl-ctrl-attrib"));
          expect(controls.length).toBe(2);
          for (const box of boxes) {
            expect(box.x).toBeGreaterThanOrEqual(mapBox.x - 0.5);
            expect(box.y).toBeGreaterThanOrEqual(mapBox.y - 0.5);
            expect(box.x + box.width).toBeLessThanOrEqual(mapBox.x + mapBox.width + 0.5);
            expect(box.y + box.height).toBeLessThanOrEqual(mapBox.y + mapBox.height + 0.5);
            for (const control of controls) expect(overlap(box, control)).toBe(false);
          }
          await attachScreenshot(page, testInfo, `${name}: interactive map ${path}`, map);
          expect(await axeViolations(page)).toEqual([]);
        });
      }
    });
  }
});

test.describe("the 'Map' button on a phone", () => {
  test.use(PHONE);
  test("sits in room of its own above the list: it covers no card at any scroll position", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.goto(PORTLAND);
    const button = page.getByTestId("map-button");
    await expect(button).toBeVisible();
    await expect(button).toHaveText("Map");
    // Nothing fixed or sticky: it scrolls with the page.
    const positions = await button.evaluate((element) => {
      const out: string[] = [];
      for (let e: Element | null = element; e; e = e.parentElement) out.push(getComputedStyle(e).position);
      return out;
    });
    expect(positions.filter((p) => p === "fixed" || p === "sticky")).toEqual([]);
    const cards = page.getByTestId("restaurant-card");
    for (const scroll of [0, 400, 1200]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const [buttonBox] = await boxesOf(button);
      for (const card of await boxesOf(cards)) expect(overlap(buttonBox!, card)).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await attachScreenshot(page, testInfo, "phone: the first screen with the 'Map' button");
    if (javaScriptEnabled) {
      await button.click();
      await expect(button).toHaveText("Hide map");
      await expect(page.getByTestId("interactive-map")).toBeVisible({ timeout: 20_000 });
      const [buttonBox] = await boxesOf(button);
      for (const card of await boxesOf(cards)) expect(overlap(buttonBox!, card)).toBe(false);
      const [mapBox] = await boxesOf(page.getByTestId("results-map"));
      expect(overlap(buttonBox!, mapBox!)).toBe(false);
    }
  });
});

test.describe("a map without its basemap", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      for (const failing of ["/tiles.json", "/tiles/"]) {
        test(`${name}: ${failing} answering 503: the interactive map says so and keeps its pins @js`, async ({
          page,
        }, testInfo) => {
          await page.route(
            (url) => url.pathname.startsWith(failing),
            (route) => route.fulfill({ status: 503, headers: { "Retry-After": "60" }, body: "unavailable" }),
          );
          await page.goto(PORTLAND);
          const map = await interactiveMap(page);
          await expect(page.getByTestId("basemap-unavailable")).toHaveText(
            "The map's background is unavailable: the pins are shown on a plain background.",
          );
          await expect(page.getByTestId("map-pin")).toHaveCount(await page.getByTestId("static-pin").count());
          await map.scrollIntoViewIfNeeded();
          await attachScreenshot(page, testInfo, `${name}: interactive map, ${failing} failing`, map);
          expect(await axeViolations(page)).toEqual([]);
        });
      }
    });
  }

  // One server for both: the test opens its own pages with JavaScript on and off.
  test.describe("the archive missing @nojs", () => {
    test.describe.configure({ mode: "serial" });
    const server = ownServer({
      name: "no-basemap",
      what: "the sample data, and a map archive that is not there",
      sql: () => `${readFileSync("seed/d1.sql", "utf8")}\n`,
      vars: () => ["MAP_ARCHIVE:no-such-archive.pmtiles"],
    });

    for (const javaScriptEnabled of [false, true]) {
      test(`the static map's pins on a plain background, no image to break, a caption that says so; JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
        browser,
      }, testInfo) => {
        const context = await browser.newContext({ ...PHONE, javaScriptEnabled, baseURL: server.origin });
        try {
          const page = await context.newPage();
          await page.goto(PORTLAND);
          const map = page.getByTestId("static-map");
          await expect(map.getByTestId("static-pin").first()).toBeAttached();
          await expect(map.locator("image, img")).toHaveCount(0);
          await expect(map.getByTestId("plain-background")).toBeAttached();
          // (This server has no place data: the search has no centre.)
          await expect(map.getByTestId("map-attribution")).toHaveText(
            "The map's background is unavailable: the pins are shown on a plain background.",
          );
          expect((await page.request.get("/map.svg?pins=45.5,-122.6")).status()).toBe(503);
          if (javaScriptEnabled) {
            const interactive = await interactiveMap(page);
            await expect(page.getByTestId("basemap-unavailable")).toBeVisible();
            await attachScreenshot(page, testInfo, "phone: interactive map without an archive", interactive);
          } else {
            await map.scrollIntoViewIfNeeded();
            await attachScreenshot(page, testInfo, "phone: static map without an archive", map);
          }
        } finally {
          await context.close();
        }
      });
    }
  });
});

test.describe("'Search this area' @js", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      test(`${name}: its results are 'this map area', not the visitor's location, and the page stays where it was`, async ({
        page,
      }, testInfo) => {
        await page.goto(PORTLAND);
        const map = await interactiveMap(page);
        await map.scrollIntoViewIfNeeded();
        const box = (await map.boundingBox())!;
        const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        if (name === "phone") {
          // Two fingers move the map on a touch screen; the zoom buttons move it for one.
          await page.getByRole("button", { name: "Zoom out" }).click();
        } else {
          await page.mouse.move(from.x, from.y);
          await page.mouse.down();
          for (let step = 1; step <= 10; step++) await page.mouse.move(from.x - step * 12, from.y + step * 6);
          await page.mouse.up();
        }
        const button = page.getByRole("button", { name: "Search this area" });
        await expect(button).toBeVisible();
        // Somewhere down the page, the button still in view.
        await page.evaluate(() => window.scrollBy(0, 100));
        await expect(button).toBeInViewport();
        const scrolled = await page.evaluate(() => window.scrollY);
        expect(scrolled).toBeGreaterThan(0);
        await button.click();
        await expect(page).toHaveURL(/lat=.*&lng=/);
        await expect(page.getByTestId("search-area")).toHaveText(/^Within (5|10|25|50) miles of this map area$/);
        await expect(page.getByTestId("search-summary")).toContainText("This map area");
        await expect(page.getByTestId("search-summary")).not.toContainText("Your location");
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
        // (On a phone the list shows the new results; the map opens again with 'Map'.)
        if (name === "phone") await page.getByRole("button", { name: "Map" }).click();
        await expect(page.getByTestId("map-centre")).toHaveAttribute("aria-label", "Centre of this map area");
        await attachScreenshot(page, testInfo, `${name}: after 'Search this area'`);
        // A filter keeps the area, and so its name.
        const vegan = page.getByTestId("diet-vegan");
        if (!(await vegan.isVisible())) await page.getByTestId("filters-summary").click();
        await vegan.click();
        await expect(page).toHaveURL(/diet=vegan/);
        await expect(page.getByTestId("search-area")).toHaveText(/of this map area$/);
        // Other coordinates are not the map's area: a link to them names the nearest place.
        await page.goto(NEAR_ME);
        await expect(page.getByTestId("search-area")).toHaveText("Within 10 miles of Portland, OR");
      });
    });
  }
});
