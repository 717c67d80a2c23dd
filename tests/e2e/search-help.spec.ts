// What people type and how they find their way (issue 28), JavaScript on and off: the filter
// words of q offered as filters, 'Did you mean' for a misspelt place or cuisine, the filters
// that emptied the page, badges that cannot be misread, the filters open on a wide screen, and
// the way in (/us, the home page's cities). Expected links and counts come from the plain
// reference statements over the sample data.
import { expect, test } from "@playwright/test";
import { searchHref, searchOf, type Search } from "~/lib/search/search-url";
import { US_STATES } from "~/lib/places/places";
import { loadPlaceData } from "../../scripts/generate-places";
import { referenceCities } from "../fixtures/reference-search";
import { referencePlaceHints, referenceWithoutFilters } from "../fixtures/reference-search-hints";
import { AUSTIN_EMPTIED_BY_FILTERS } from "../fixtures/search-hint-cases";
import { expectCards, expectedNames, sampleRestaurants } from "./support";

const places = loadPlaceData();

test.describe("what people type", () => {
  test("filter words: the search with them as filters, with its count; the spec's results stay", async ({ page }) => {
    await page.goto("/?q=gluten+free&location=Seattle%2C+WA");
    // The spec's own empty state, and inside it the offer.
    await expect(page.getByTestId("empty-results")).toContainText("No restaurants found");
    const { total } = expectedNames({ location: "Seattle, WA", diets: ["gluten-free"] });
    expect(total).toBeGreaterThan(0);
    const offer = page.getByTestId("filter-words").getByRole("link");
    await expect(offer).toHaveText(`Show gluten-free restaurants in Seattle, WA (${total})`);
    await offer.click();
    await expect(page).toHaveURL(/\/\?location=Seattle%2C\+WA&diet=gluten-free$/);
    await expectCards(page, expectedNames({ location: "Seattle, WA", diets: ["gluten-free"] }).names);
  });

  test("filter words above results the spec found: 'vegan' alone", async ({ page }) => {
    await page.goto("/?q=vegan");
    const spec = expectedNames({ query: "vegan" });
    await expectCards(page, spec.names);
    const { total } = expectedNames({ diets: ["vegan"] });
    await expect(page.getByTestId("filter-words")).toHaveText(`Show vegan restaurants (${total})`);
  });

  test("no filter word, no offer: 'Dairy Queen'", async ({ page }) => {
    await page.goto("/?q=Dairy+Queen");
    await expect(page.getByTestId("empty-results")).toBeVisible();
    await expect(page.getByTestId("filter-words")).toHaveCount(0);
  });

  test("a misspelt place: 'Did you mean' the closest places, with their counts", async ({ page }) => {
    await page.goto("/?location=Portlnd");
    const expected = referencePlaceHints(sampleRestaurants, places, searchOf({ location: "Portlnd" }));
    expect(expected[0]?.label).toBe("Portland, OR");
    const box = page.getByTestId("spelling-suggestions");
    await expect(box.getByRole("link")).toHaveText(expected.map((link) => link.label));
    for (const link of expected) await expect(box).toContainText(`${link.label} (${link.count})`);
    await box.getByRole("link", { name: "Portland, OR" }).click();
    await expect(page).toHaveURL(/\/\?location=Portland%2C\+OR$/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of Portland, OR");
  });

  test("a misspelt cuisine: 'itallian' means Italian", async ({ page }) => {
    await page.goto("/?q=itallian");
    const { total } = expectedNames({ query: "Italian" });
    await expect(page.getByTestId("spelling-suggestions")).toHaveText(`Did you mean: Italian (${total})?`);
  });

  test("the filter that emptied the page: links without each filter, with their counts", async ({ page }) => {
    const search = searchOf(AUSTIN_EMPTIED_BY_FILTERS);
    const expected = referenceWithoutFilters(sampleRestaurants, places, search);
    expect(expected.length).toBeGreaterThan(0);
    await page.goto(searchHref(search));
    const empty = page.getByTestId("empty-results");
    await expect(empty).toContainText(
      `We couldn't find any restaurants matching "Austin, TX" with the selected dietary options`,
    );
    const links = empty.getByTestId("without-filters").getByRole("link");
    await expect(links).toHaveCount(expected.length);
    for (const [i, link] of expected.entries()) {
      await expect(links.nth(i)).toHaveAttribute(
        "href",
        searchHref(searchOf({ ...link.search, radius: link.search.radius as Search["radius"] })),
      );
      await expect(links.nth(i)).toContainText(`: ${link.count} restaurant${link.count === 1 ? "" : "s"}`);
    }
  });
});

test.describe("badges that cannot be misread", () => {
  test("cards: 'options' unless '100%', and the confirmed kitchen practices in one line", async ({ page }) => {
    await page.goto("/?q=Saffron+Thread");
    const card = page.getByTestId("restaurant-card").first();
    await expect(card.getByRole("list", { name: "Dietary options" })).toContainText("Gluten-free options");
    await expect(card.getByTestId("kitchen-line")).toContainText("Dedicated fryer · Separate prep · Trained staff");
    await page.goto("/?q=Taqueria+Luna+Azul");
    // Only what is confirmed: the fryer (prep unknown, staff not trained).
    await expect(page.getByTestId("restaurant-card").first().getByTestId("kitchen-line")).toContainText(
      /^(Celiac kitchen practices confirmed: )?Dedicated fryer$/,
    );
  });

  test("the detail page keeps the spec's labels, with 'options, not a dedicated kitchen' beneath", async ({ page }) => {
    await page.goto("/restaurant/1");
    const gf = page.getByTestId("accommodation-gluten-free");
    await expect(gf).toContainText("Gluten-Free");
    await expect(gf).toContainText("Options on the menu, not a dedicated kitchen");
    // Each card's heading is its label: the ids hold no spaces.
    await expect(page.getByRole("region", { name: "Dietary Accommodations" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Contact Information" })).toBeVisible();
  });
});

test.describe("filters in sight on a wide screen", () => {
  test("from 1024 px the filters stay open after a search; a phone folds them", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/?q=a&diet=vegan&diet=gluten-free");
    const vegan = page.getByRole("navigation", { name: "Dietary filter" }).getByRole("link", { name: "Vegan" });
    await expect(vegan).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(vegan).toBeHidden();
    await expect(page.getByTestId("filters-summary")).toContainText("Any of Gluten-Free, Vegan");
    await page.goto("/?q=a&diet=vegan&diet=gluten-free&match=all");
    await expect(page.getByTestId("filters-summary")).toContainText("All of Gluten-Free, Vegan");
  });
});

test.describe("a way in", () => {
  test("/us lists the states with restaurants and their counts, each a link to its page", async ({ page }) => {
    const response = await page.goto("/us");
    expect(response?.status()).toBe(200);
    const counts = new Map<string, number>();
    for (const city of referenceCities(sampleRestaurants))
      counts.set(city.state, (counts.get(city.state) ?? 0) + city.restaurants);
    const states = [...counts.entries()].filter(([state, n]) => n > 0 && Object.hasOwn(US_STATES, state));
    const items = page.getByTestId("states").getByRole("listitem");
    await expect(items).toHaveCount(states.length);
    const oregon = items.filter({ hasText: "Oregon" });
    await expect(oregon).toContainText(`(${counts.get("OR")} restaurants)`);
    await oregon.getByRole("link", { name: "Oregon" }).click();
    await expect(page).toHaveURL(/\/us\/or$/);
  });

  test("the home page before a search links to the cities with the most restaurants", async ({ page }) => {
    await page.goto("/");
    const top = referenceCities(sampleRestaurants).sort((a, b) => b.restaurants - a.restaurants)[0]!;
    const cities = page.getByTestId("popular-cities");
    await expect(cities.getByRole("link").first()).toHaveText(`${top.name}, ${top.state}`);
    await expect(cities.getByRole("link", { name: "Every state" })).toHaveAttribute("href", "/us");
    await page.goto("/?q=thai");
    await expect(page.getByTestId("popular-cities")).toHaveCount(0);
  });
});
