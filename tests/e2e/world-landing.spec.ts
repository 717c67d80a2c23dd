// The landing pages outside the US (docs/seo.md) in a real browser,
// with JavaScript on and off (both projects): /countries, a country, a subdivision, a city and
// its page for one diet, from the sample data's Canadian restaurants.
import { expect, test } from "@playwright/test";
import { expectCards, expectedLandingNames, sampleRestaurants, unfold } from "./support";

const TORONTO = "Restaurants in Toronto, ON, Canada for gluten-free, dairy-free, vegetarian and vegan diets";
const ontario = sampleRestaurants.filter((r) => r.country === "CA" && r.state === "ON" && !r.closed_at);
const canada = sampleRestaurants.filter((r) => r.country === "CA" && !r.closed_at);

test.describe("landing pages outside the US", () => {
  test("/countries to a city's page for one diet, by their links", async ({ page, baseURL }) => {
    const response = await page.goto("/countries");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Restaurants by country | SafeBites");
    const countries = page.getByTestId("countries").getByRole("listitem");
    await expect(countries.filter({ hasText: "Canada" })).toHaveText(
      new RegExp(`^Canada\\s*\\(${canada.length} restaurants?\\)$`),
    );
    await expect(countries.filter({ hasText: "United States" })).toHaveCount(1);

    await page.getByRole("link", { name: "Canada", exact: true }).click();
    await expect(page).toHaveURL(/\/ca$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Restaurants in Canada for gluten-free, dairy-free, vegetarian and vegan diets",
    );
    await expect(page.getByTestId("subdivisions").getByRole("listitem").filter({ hasText: "Ontario" })).toHaveText(
      new RegExp(`^Ontario\\s*\\(${ontario.length} restaurants?\\)$`),
    );
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/ca`);

    await page.getByRole("link", { name: "Ontario", exact: true }).click();
    await expect(page).toHaveURL(/\/ca\/on$/);
    await expect(page).toHaveTitle(
      "Restaurants in Ontario, Canada for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
    );
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*\/\s*Canada\s*\/\s*Ontario/);

    await page.getByRole("link", { name: "Restaurants in Toronto", exact: true }).click();
    await expect(page).toHaveURL(/\/ca\/on\/toronto$/);
    await expect(page).toHaveTitle(`${TORONTO} | SafeBites`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TORONTO);
    const names = expectedLandingNames("Toronto", "ON");
    expect(names).toContain("Maple & Millet");
    await expectCards(page, names);

    await unfold(page, "filters");
    await page.getByTestId("diet-gluten-free").click();
    await expect(page).toHaveURL(/\/ca\/on\/toronto\/gluten-free$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gluten-free restaurants in Toronto, ON, Canada");
    await expectCards(page, expectedLandingNames("Toronto", "ON", "gluten-free"));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/ca/on/toronto/gluten-free`,
    );
  });

  test("structured data: the breadcrumb through the country", async ({ page, baseURL }) => {
    await page.goto("/ca/on/toronto");
    const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = texts
      .map((text) => JSON.parse(text) as { "@type"?: string; itemListElement?: { name: string; item?: string }[] })
      .find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs?.itemListElement?.map((e) => e.name)).toEqual(["Home", "Canada", "Ontario", "Toronto"]);
    expect(crumbs?.itemListElement?.[1]?.item).toBe(`${baseURL}/ca`);
  });

  for (const path of ["/zz", "/ca/zz", "/ca/on/nowhere", "/ca/on/toronto/keto", "/xx/on/toronto/vegan/dedicated"]) {
    test(`404 for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    });
  }
});
