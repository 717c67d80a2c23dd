// Photos from other hosts (docs/decisions/0007-photos-from-any-https-host.md): a photo on any
// https:// host is allowed by the page's CSP, and a photo that fails to load never shows a
// broken-image icon. With JavaScript the grid drops it, and with no photo left the page shows
// 'No photos available for this restaurant'; without JavaScript a placeholder box covers it
// (the .photo-fallback rule in app/tailwind.css), saying that text when it is the only photo.
//
// The restaurants live in a database of their own, served by a second `wrangler dev` that this
// file starts (tests/e2e/own-server.ts, as stored-xss.spec.ts does), so that the shared e2e
// database keeps exactly the sample data the other specs count on. The photo hosts are
// unreachable: a `.test` name (reserved, never resolves) and a refused port on this machine.
// "@js" keeps the file to one project; the pages are opened in contexts made here, with
// JavaScript on and off.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { freePort } from "../../scripts/lib/server.mjs";
import { ownServer } from "./own-server";

const NO_PHOTOS = "No photos available for this restaurant";
const UNRESOLVABLE = "https://photos.unreachable.test/bistro.jpg";
const GOOD_PHOTO = "/photos/soup-1.svg";
/** The placeholder's background: Tailwind's slate-50, as the browser paints it. */
const PLACEHOLDER_RGB = [248, 250, 252];

const RESTAURANTS = {
  unresolvable: 1,
  refused: 2,
  oneOfTwo: 3,
};

function photosSql(refusedPort: number): string {
  const restaurant = (id: number, name: string) =>
    `INSERT INTO restaurants (id, name, cuisine_type, is_vegan, address, city, state, zip_code) VALUES (${id}, '${name}', 'Thai', 1, '1 Main St', 'Portland', 'OR', '97201');`;
  const photo = (id: number, restaurantId: number, url: string, createdAt: string) =>
    `INSERT INTO restaurant_photos (id, restaurant_id, url, created_at) VALUES (${id}, ${restaurantId}, '${url}', '${createdAt}');`;
  return [
    restaurant(RESTAURANTS.unresolvable, "Unresolvable Host Bistro"),
    photo(1, RESTAURANTS.unresolvable, UNRESOLVABLE, "2024-01-01T00:00:00Z"),
    restaurant(RESTAURANTS.refused, "Refused Port Cafe"),
    photo(2, RESTAURANTS.refused, `https://127.0.0.1:${refusedPort}/cafe.jpg`, "2024-01-01T00:00:00Z"),
    restaurant(RESTAURANTS.oneOfTwo, "Half Broken Diner"),
    // Newest first: the broken photo is the large first one.
    photo(3, RESTAURANTS.oneOfTwo, "https://cdn.unreachable.test/diner.jpg", "2024-02-01T00:00:00Z"),
    photo(4, RESTAURANTS.oneOfTwo, GOOD_PHOTO, "2024-01-01T00:00:00Z"),
  ].join("\n");
}

/** CSP violations the browser reports, with or without JavaScript (the DevTools log). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Log.entryAdded", ({ entry }) => {
    if (/Content[- ]Security[- ]Policy/i.test(entry.text)) violations.push(entry.text);
  });
  await cdp.send("Log.enable");
  return violations;
}

/**
 * How many pixels of an element's box differ from the placeholder's background, in a region
 * at its top left (inset from the dashed border): where the browser draws its broken-image
 * icon and the alt text. The screenshot is decoded by a canvas in `decoder`.
 */
async function offPlaceholder(page: Page, decoder: Page, element: Locator, region: { width: number; height: number }) {
  const box = await element.boundingBox();
  if (!box) throw new Error("the element has no box");
  const png = await page.screenshot({ clip: box });
  return decoder.evaluate(
    async ({ base64, region, background }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d canvas");
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      // Screenshots are in device pixels; the region is in CSS pixels.
      const scale = width / region.boxWidth;
      const inset = Math.ceil(6 * scale);
      let off = 0;
      for (let y = inset; y < Math.min(height - inset, inset + region.height * scale); y++) {
        for (let x = inset; x < Math.min(width - inset, inset + region.width * scale); x++) {
          const i = (y * width + x) * 4;
          if (background.some((value, channel) => Math.abs((data[i + channel] ?? 0) - value) > 3)) off++;
        }
      }
      return off;
    },
    { base64: png.toString("base64"), region: { ...region, boxWidth: box.width }, background: PLACEHOLDER_RGB },
  );
}

async function imageState(image: Locator) {
  return image.evaluate((element: HTMLImageElement) => ({
    complete: element.complete,
    naturalWidth: element.naturalWidth,
    after: getComputedStyle(element, "::after").content,
  }));
}

test.describe("photos from other hosts @js", () => {
  test.describe.configure({ mode: "serial" });
  const server = ownServer({
    name: "photos",
    what: "restaurants with unreachable photos",
    sql: async () => photosSql(await freePort()),
  });

  async function open(browser: Browser, javaScriptEnabled: boolean) {
    const { context, page } = await server.newPage(browser, javaScriptEnabled);
    return { context, page, violations: await watchCsp(page) };
  }

  test("the CSP allows https photos from any host; the violation check sees a violation", async ({
    browser,
    request,
  }) => {
    const csp =
      (await request.get(`${server.origin}/restaurant/${RESTAURANTS.unresolvable}`)).headers()[
        "content-security-policy"
      ] ?? "";
    expect(csp.split(";").map((part) => part.trim())).toContain("img-src 'self' https: data:");

    // The checker reports a blocked image (the policy of before: photos from the site only).
    const { context, page, violations } = await open(browser, false);
    await page.route(`${server.origin}/csp-check`, (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "Content-Security-Policy": "img-src 'self'" },
        body: `<img src="${UNRESOLVABLE}" alt="x">`,
      }),
    );
    await page.goto("/csp-check");
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });

  test("JavaScript on: the no-photos box when every photo fails, the others when some do; no CSP violation", async ({
    browser,
  }) => {
    const { context, page, violations } = await open(browser, true);
    for (const id of [RESTAURANTS.unresolvable, RESTAURANTS.refused]) {
      await page.goto(`/restaurant/${id}`);
      await expect(page.getByTestId("no-photos"), `restaurant ${id}`).toHaveText(NO_PHOTOS);
      await expect(page.getByTestId("photo-grid")).toHaveCount(0);
      await expect(page.locator("main img")).toHaveCount(0);
    }

    await page.goto(`/restaurant/${RESTAURANTS.oneOfTwo}`);
    const images = page.getByTestId("photo-grid").locator("img");
    await expect(images).toHaveCount(1);
    await expect(images).toHaveAttribute("src", GOOD_PHOTO);
    await expect.poll(async () => (await imageState(images)).naturalWidth).toBeGreaterThan(0);
    await expect(page.getByTestId("no-photos")).toHaveCount(0);

    expect(violations).toEqual([]);
    await context.close();
  });

  test("JavaScript on: nothing shifts when the photos fail and the no-photos text takes their place (CLS 0)", async ({
    browser,
  }) => {
    for (const [id, width] of [
      [RESTAURANTS.unresolvable, 390],
      [RESTAURANTS.refused, 1280],
      [RESTAURANTS.oneOfTwo, 390],
    ] as const) {
      const { context, page } = await open(browser, true);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            (window as unknown as { shifts: number }).shifts += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`/restaurant/${id}`);
      if (id !== RESTAURANTS.oneOfTwo) await expect(page.getByTestId("no-photos")).toHaveText(NO_PHOTOS);
      else await expect(page.getByTestId("photo-grid").locator("img")).toHaveCount(1);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), `restaurant ${id}`).toBe(0);
      await context.close();
    }
  });

  test("JavaScript off: a placeholder box, never a broken-image icon; no CSP violation", async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page, violations } = await open(browser, false);
    const decoderContext = await browser.newContext();
    const decoder = await decoderContext.newPage();
    const iconArea = { width: 160, height: 40 };

    for (const id of [RESTAURANTS.unresolvable, RESTAURANTS.refused]) {
      await page.goto(`/restaurant/${id}`);
      const image = page.getByTestId("photo-grid").locator("img");
      await expect(image).toHaveCount(1);
      // Broken: loading finished with no image.
      await expect
        .poll(() => imageState(image), { message: `restaurant ${id}` })
        .toMatchObject({ complete: true, naturalWidth: 0 });
      // The placeholder covers the box; a lone photo's says the no-photos text.
      await expect(image).toHaveAttribute("data-fallback", NO_PHOTOS);
      expect((await imageState(image)).after).not.toBe("none");
      const box = await image.boundingBox();
      expect(box?.height, "the box keeps the photo's 4:3 shape").toBeCloseTo(((box?.width ?? 0) * 3) / 4, 0);
      // Where the browser would draw the icon and the alt text, only the placeholder shows.
      expect(await offPlaceholder(page, decoder, image, iconArea), `restaurant ${id}`).toBe(0);
    }

    // The check sees the icon when the placeholder rule is off.
    const lone = page.getByTestId("photo-grid").locator("img");
    await lone.evaluate((element) => element.classList.remove("photo-fallback"));
    expect(await offPlaceholder(page, decoder, lone, iconArea)).toBeGreaterThan(0);

    // One of two photos broken: it becomes an empty placeholder tile, the other one shows.
    await page.goto(`/restaurant/${RESTAURANTS.oneOfTwo}`);
    const images = page.getByTestId("photo-grid").locator("img");
    await expect(images).toHaveCount(2);
    const broken = images.nth(0);
    await expect.poll(() => imageState(broken)).toMatchObject({ complete: true, naturalWidth: 0 });
    await expect.poll(async () => (await imageState(images.nth(1))).naturalWidth).toBeGreaterThan(0);
    const box = await broken.boundingBox();
    expect(await offPlaceholder(page, decoder, broken, { width: box?.width ?? 0, height: box?.height ?? 0 })).toBe(0);

    expect(violations).toEqual([]);
    await decoderContext.close();
    await context.close();
  });
});
