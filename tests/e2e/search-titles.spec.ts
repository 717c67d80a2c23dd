// Pages that say what they hold (issue 39, points 7-8): a search's <title> names its diets,
// words, place and filters (the spec's headings stay as they are), and skip links lead past
// the search and the filters to the results and to the map.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESK = { viewport: { width: 1366, height: 768 } };

test.describe("a search's title", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      test(`${name}: each search has a title of its own; the headings are the spec's`, async ({ page }) => {
        await page.goto("/");
        await expect(page).toHaveTitle("SafeBites – Find Food That Won't Fight Back");
        await page.goto("/?location=Portland%2C+OR&diet=vegan");
        await expect(page).toHaveTitle("Vegan restaurants within 25 mi of Portland, OR – SafeBites");
        await expect(page.locator("#results-title")).toHaveText("Filtered Restaurants");
        await page.goto("/?q=pizza");
        await expect(page).toHaveTitle('Restaurants matching "pizza" – SafeBites');
        await expect(page.locator("#results-title")).toHaveText('Search Results for "pizza"');
        await page.goto("/?lat=45.52&lng=-122.68&radius=10&open=now");
        await expect(page).toHaveTitle("Restaurants within 10 mi of Portland, OR, open now – SafeBites");
        await expect(page.locator("#results-title")).toHaveText("Featured Restaurants");
      });
    });
  }

  test("a filter chosen with JavaScript changes the title with the results @js", async ({ page }) => {
    await page.setViewportSize(DESK.viewport);
    await page.goto("/?location=Portland%2C+OR");
    await expect(page).toHaveTitle("Restaurants within 25 mi of Portland, OR – SafeBites");
    await page.getByTestId("diet-gluten-free").click();
    await expect(page).toHaveURL(/diet=gluten-free/);
    await expect(page).toHaveTitle("Gluten-free restaurants within 25 mi of Portland, OR – SafeBites");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("skip links", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      test(`${name}: past the search and the filters to the first result, and to the map`, async ({
        page,
        javaScriptEnabled,
      }) => {
        await page.goto("/?location=Portland%2C+OR&diet=vegan");
        await expect(page.getByTestId("restaurant-card").first()).toBeVisible();
        const skip = page.getByRole("link", { name: "Skip to results" });
        const toMap = page.getByRole("link", { name: "Skip to the map" });
        await expect(toMap).toHaveAttribute("href", "#map");
        // Out of sight until a keyboard reaches it, before any of the filters' buttons.
        let stops = 0;
        for (; stops < 20; stops++) {
          await page.keyboard.press("Tab");
          const where = await page.evaluate(() => {
            const active = document.activeElement;
            return {
              skip: active?.textContent === "Skip to results",
              filter: Boolean(active?.closest("[data-testid='filters']")),
            };
          });
          expect(where.filter).toBe(false);
          if (where.skip) break;
        }
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        const box = (await skip.boundingBox())!;
        expect(box.height).toBeGreaterThan(1);
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/#results-title$/);
        await expect(page.locator("#results-title")).toBeInViewport();
        // The next stop is in the results, not among the filters' buttons.
        await page.keyboard.press("Tab");
        const inResults = await page.evaluate(
          () => document.activeElement?.closest("section[aria-labelledby='results-title']") !== null,
        );
        expect(inResults).toBe(true);
        // The map (beside the list from 1024 px; below it without JavaScript).
        if (name === "desk" || !javaScriptEnabled) {
          await page.goto("/?location=Portland%2C+OR&diet=vegan");
          await toMap.focus();
          await page.keyboard.press("Enter");
          await expect(page).toHaveURL(/#map$/);
          await expect(page.getByTestId("results-map")).toBeInViewport();
        }
        expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);
      });
    });
  }
});

test.describe("targets on a touch screen", () => {
  test.use(PHONE);
  test("filter buttons and 'Ate here? Tell other diners' are 44 px high; the place box's example fits", async ({
    page,
  }) => {
    await page.goto("/?location=Portland%2C+OR");
    const summary = page.getByTestId("filters-summary");
    await summary.click();
    const chips = page.getByTestId("filters").locator("a, button").filter({ visible: true });
    expect(await chips.count()).toBeGreaterThan(4);
    const heights = await chips.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
    // The place box's placeholder, in its own font, inside the box.
    await page.goto("/");
    const box = page.locator("#search-location");
    const fits = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBe("e.g. Portland, OR");
    expect(fits.width).toBeLessThanOrEqual(fits.room);
    await page.goto("/restaurant/1");
    const link = page.getByTestId("confirm-link");
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.height).toBeGreaterThanOrEqual(44);
  });
});
