import { expect, test } from "@playwright/test";
import {
  allByName,
  expectCards,
  expectNotice,
  expectedNames,
  openRestaurants,
  sampleRestaurants,
  unfold,
} from "./support";

test.describe("home and search", () => {
  test("the default list: every restaurant by name, 25 a page, with a count", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Featured Restaurants" })).toBeVisible();
    await expectCards(
      page,
      allByName.slice(0, 25).map((r) => r.name),
    );
    await expect(page.getByTestId("results-count")).toHaveText(`Showing 1–25 of ${openRestaurants.length} restaurants`);
  });

  test("search by typing and pressing Enter", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Restaurant or cuisine").fill("kitchen");
    await page.getByLabel("Restaurant or cuisine").press("Enter");
    await expect(page).toHaveURL(/[?&]q=kitchen/);
    await expect(page.getByRole("heading", { name: 'Search Results for "kitchen"' })).toBeVisible();
    const expected = expectedNames({ query: "kitchen" });
    expect(expected.names.length).toBeGreaterThan(1);
    await expectCards(page, expected.names);
  });

  test("search by location: city, state and zip, with the Search button", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("City, state or zip").fill("Portland, ME");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=Portland%2C\+ME/);
    const maine = expectedNames({ location: "Portland, ME" });
    expect(maine.names.length).toBeGreaterThan(0);
    await expectCards(page, maine.names);
    await expect(page.getByRole("heading", { name: "Featured Restaurants" })).toBeVisible();

    const zip = sampleRestaurants[0]!.zip_code!;
    await unfold(page, "search");
    await page.getByLabel("City, state or zip").fill(zip);
    await page.getByLabel("City, state or zip").press("Enter");
    await expectCards(page, expectedNames({ location: zip }).names);
  });

  test("accents and case fold the way a person expects", async ({ page }) => {
    await page.goto("/?q=cafe+unicode");
    await expectCards(page, ["Café Ünïcode"]);
    await page.goto("/?q=%C3%9CN%C3%8F"); // ÜNÏ
    const folded = expectedNames({ query: "ÜNÏ" }).names;
    expect(folded).toEqual(expect.arrayContaining(["Café Ünïcode", "Juniper & Rye"]));
    await expectCards(page, folded);
  });

  test("literal % _ and , in a query", async ({ page }) => {
    await page.goto("/?q=%25");
    await expectCards(page, expectedNames({ query: "%" }).names);
    expect(expectedNames({ query: "%" }).names).toEqual(["50% Off Tacos"]);
    await page.goto("/?q=_");
    await expectCards(page, ["Under_score Noodle Bar"]);
    await page.goto("/?q=a%2C+P");
    await expectCards(page, ["Comma, Please"]);
  });

  test("dietary buttons filter, combine as any, and go back to All", async ({ page }) => {
    await page.goto("/");
    await unfold(page, "filters");
    await page
      .getByRole("navigation", { name: "Dietary filter" })
      .getByRole("link", { name: "Vegan", exact: true })
      .click();
    await expect(page).toHaveURL(/\?diet=vegan$/);
    await expect(page.getByRole("heading", { name: "Filtered Restaurants" })).toBeVisible();
    const vegan = expectedNames({ diets: ["vegan"] });
    await expectCards(page, vegan.names);

    await unfold(page, "filters");
    await page.getByRole("navigation", { name: "Dietary filter" }).getByRole("link", { name: "Gluten-Free" }).click();
    await expect(page).toHaveURL(/diet=gluten-free&diet=vegan/);
    const either = expectedNames({ diets: ["gluten-free", "vegan"] });
    await expect(page.getByTestId("results-count")).toContainText(`of ${either.total} restaurants`);

    await unfold(page, "filters");
    await page.getByRole("link", { name: "all selected options" }).click();
    await expect(page).toHaveURL(/match=all/);
    const both = expectedNames({ diets: ["gluten-free", "vegan"], match: "all" });
    expect(both.total).toBeLessThan(either.total);
    await expectCards(page, both.names);

    await unfold(page, "filters");
    await page
      .getByRole("navigation", { name: "Dietary filter" })
      .getByRole("link", { name: "All", exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Featured Restaurants" })).toBeVisible();
  });

  test("cuisine buttons search by cuisine and keep the other parameters", async ({ page }) => {
    await page.goto("/?diet=vegetarian");
    await unfold(page, "filters");
    await page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("link", { name: "Indian" }).click();
    await expect(page).toHaveURL(/cuisine=Indian&diet=vegetarian/);
    await expectCards(page, expectedNames({ cuisine: "Indian", diets: ["vegetarian"] }).names);
    await unfold(page, "filters");
    await expect(
      page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("link", { name: "Indian" }),
    ).toHaveAttribute("aria-current", "true");
    await page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("link", { name: "All Cuisines" }).click();
    await expect(page).toHaveURL(/\?diet=vegetarian$/);
  });

  test("an empty search shows 'Search Error' and runs no search", async ({ page, javaScriptEnabled }) => {
    await page.goto("/?diet=vegan");
    await unfold(page, "search");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectNotice(
      page,
      javaScriptEnabled,
      "Search Error",
      "Please enter a restaurant name, cuisine, or location to search.",
    );
    await expectCards(page, expectedNames({ diets: ["vegan"] }).names);
  });

  test("no results: the empty state, without and with a diet filter", async ({ page }) => {
    await page.goto("/?q=zzzzqx");
    const empty = page.getByTestId("empty-results");
    await expect(empty.getByRole("heading", { name: "No restaurants found" })).toBeVisible();
    await expect(empty).toContainText(`We couldn't find any restaurants matching "zzzzqx"`);
    await expect(empty).not.toContainText("with the selected dietary options");
    await expect(empty.getByRole("link", { name: "Submit a Restaurant" })).toHaveAttribute(
      "href",
      "/submit-restaurant",
    );

    await page.goto("/?q=zzzzqx&diet=vegan");
    await expect(page.getByTestId("empty-results")).toContainText(
      `We couldn't find any restaurants matching "zzzzqx" with the selected dietary options`,
    );
    await page.getByRole("link", { name: "Clear Search" }).click();
    await expect(page).toHaveURL(/\/\?diet=vegan$/);
    await expectCards(page, expectedNames({ diets: ["vegan"] }).names);
  });

  test("pagination: page links, counts, past the end", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectCards(
      page,
      allByName.slice(25, 50).map((r) => r.name),
    );
    await expect(page.getByTestId("results-count")).toHaveText(
      `Showing 26–50 of ${openRestaurants.length} restaurants`,
    );
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=3$/);
    await expectCards(
      page,
      allByName.slice(50, 75).map((r) => r.name),
    );

    const response = await page.goto("/?page=99");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("restaurant-card")).toHaveCount(0);
    await expect(page.getByTestId("results-count")).toContainText("No results on page 99");
  });

  test("a bookmarked URL opened fresh renders the same results", async ({ page, browser, javaScriptEnabled }) => {
    await page.goto("/");
    await page.getByLabel("Restaurant or cuisine").fill("a");
    await page.getByLabel("City, state or zip").fill("Portland");
    await page.getByLabel("Radius").selectOption("10");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/radius=10/);
    await unfold(page, "filters");
    await page.getByRole("navigation", { name: "Dietary filter" }).getByRole("link", { name: "Vegetarian" }).click();
    await expect(page).toHaveURL(/diet=vegetarian/);
    const url = page.url();
    const names = expectedNames({ query: "a", location: "Portland", diets: ["vegetarian"] }).names;
    await expectCards(page, names);

    const fresh = await browser.newContext({ javaScriptEnabled });
    const other = await fresh.newPage();
    await other.goto(url);
    await expectCards(other, names);
    await expect(other.getByLabel("Restaurant or cuisine")).toHaveValue("a");
    await expect(other.getByLabel("City, state or zip")).toHaveValue("Portland");
    await expect(other.getByLabel("Radius")).toHaveValue("10");
    await fresh.close();
  });

  test("a card shows cuisine, badges, maps, tel and website links", async ({ page }) => {
    await page.goto("/?q=Greenleaf+Kitchen");
    const card = page.getByTestId("restaurant-card").first();
    const r = sampleRestaurants.find((x) => x.name === "Greenleaf Kitchen")!;
    await expect(card.getByTestId("cuisine-label")).toHaveText(r.cuisine_type!);
    await expect(card.getByRole("list", { name: "Dietary options" }).getByRole("listitem")).toHaveText([
      "Gluten-Free",
      "Dairy-Free",
      "Vegetarian",
      "Vegan",
    ]);
    const maps = await card.getByRole("link", { name: new RegExp(r.address!) }).getAttribute("href");
    expect(new URL(maps!).searchParams.get("query")).toBe(`${r.address}, ${r.city}, ${r.state} ${r.zip_code}`);
    await expect(card.getByRole("link", { name: r.phone_number! })).toHaveAttribute(
      "href",
      `tel:${r.phone_number!.replace(/ /g, "")}`,
    );
    await expect(card.getByRole("link", { name: r.website_url!.replace(/^https?:\/\//, "") })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${r.id}$`));
  });
});
