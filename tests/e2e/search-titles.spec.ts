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
        await expect(page).toHaveTitle("Restaurants within 10 mi of 45.52, -122.68, open now – SafeBites");
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
