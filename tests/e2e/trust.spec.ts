// Trust facts in a real browser, with JavaScript on and off: the '100% dedicated' and kitchen
// toggles (links that keep every other parameter, announced as pressed), the badges and
// 'Verified …' on cards, the detail page's 'Celiac Safety' card, a closed restaurant's 410
// page, the '100%' landing pages, and a 360-pixel-wide screen. Expectations come from the
// sample data through the reference rules (support.ts).
import { expect, test } from "@playwright/test";
import { formatDay, isStale, todayUtc } from "~/lib/trust/trust";
import {
  expectCards,
  expectNoSidewaysScroll,
  expectedLandingNames,
  expectedNames,
  pressToggle,
  sampleRestaurants,
  unfold,
} from "./support";

const byName = (name: string) => sampleRestaurants.find((r) => r.name === name)!;
const closed = sampleRestaurants.filter((r) => r.closed_at !== null);
const glutenFreeOnly = sampleRestaurants.filter((r) => r.gluten_free_only && r.closed_at === null);

test.describe("trust facts", () => {
  test("the toggles keep every other parameter and say whether they are pressed", async ({ page }) => {
    await page.goto("/?location=Portland%2C+OR&diet=gluten-free");
    await pressToggle(page, "100% dedicated", /\/\?location=Portland%2C\+OR&diet=gluten-free&dedicated=1$/);
    await expectCards(page, expectedNames({ location: "Portland, OR", diets: ["gluten-free"], dedicated: true }).names);

    await pressToggle(page, "Staff trained on cross-contact", /&dedicated=1&kitchen=trained-staff$/);
    await expectCards(
      page,
      expectedNames({ location: "Portland, OR", diets: ["gluten-free"], dedicated: true, kitchen: ["trained-staff"] })
        .names,
    );
    // The results title stays the spec's (a diet is selected).
    await expect(page.getByRole("heading", { level: 2, name: "Filtered Restaurants" })).toHaveCount(1);

    await unfold(page, "filters");
    await page.getByRole("button", { name: "100% dedicated" }).click();
    await expect(page).toHaveURL(/\/\?location=Portland%2C\+OR&diet=gluten-free&kitchen=trained-staff$/);
  });

  test("a toggle answers Space as a button does @js", async ({ page }) => {
    await page.goto("/?diet=vegan");
    await unfold(page, "filters");
    await page.getByRole("button", { name: "Dedicated fryer" }).focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/\/\?diet=vegan&kitchen=dedicated-fryer$/);
    await expect(page.getByRole("button", { name: "Dedicated fryer" })).toHaveAttribute("aria-pressed", "true");
  });

  test("a kitchen practice alone narrows the default list; 100% gluten-free counts as a dedicated fryer", async ({
    page,
  }) => {
    await page.goto("/?kitchen=dedicated-fryer");
    const { names, total } = expectedNames({ kitchen: ["dedicated-fryer"] });
    await expectCards(page, names);
    expect(total).toBeGreaterThan(glutenFreeOnly.length);
    for (const r of glutenFreeOnly) expect(names).toContain(r.name);
  });

  test("cards: '100%' badges and 'Verified …' or 'Not yet verified'; closed places are in no list", async ({
    page,
  }) => {
    await page.goto("/?dedicated=1");
    const { names } = expectedNames({ dedicated: true });
    await expectCards(page, names);
    const first = byName(names[0]!);
    const card = page.getByTestId("restaurant-card").first();
    await expect(card.getByTestId("verified")).toHaveText(
      first.verified_at ? `Verified ${formatDay(first.verified_at)}` : "Not yet verified",
    );
    await page.goto("/?q=Bluebird");
    await expect(page.getByTestId("restaurant-card").first()).toContainText("100% Gluten-Free");
    for (const r of closed) {
      await page.goto(`/?q=${encodeURIComponent(r.name)}`);
      await expect(page.getByTestId("restaurant-card")).toHaveCount(0);
    }
  });

  test("detail: the Celiac Safety card and the over-a-year warning", async ({ page }) => {
    const stale = sampleRestaurants.find(
      (r) => r.verified_at && r.closed_at === null && isStale(r.verified_at, todayUtc()),
    )!;
    await page.goto(`/restaurant/${stale.id}`);
    const card = page.getByTestId("celiac-safety");
    await expect(card.getByRole("heading", { name: "Celiac Safety" })).toBeVisible();
    const answer = (value: boolean | null | undefined) => (value === null ? "Not known" : value ? "Yes" : "No");
    await expect(card.getByTestId("practice-dedicated-fryer")).toContainText(
      answer(stale.gluten_free_only || stale.gf_dedicated_fryer),
    );
    await expect(card.getByTestId("practice-trained-staff")).toContainText(answer(stale.gf_trained_staff));
    await expect(page.getByText("Last verified over a year ago. Call ahead to check.")).toBeVisible();
    await expect(page.getByText(`Verified ${formatDay(stale.verified_at!)}`)).toBeVisible();

    const never = sampleRestaurants.find((r) => r.verified_at === null && r.closed_at === null)!;
    await page.goto(`/restaurant/${never.id}`);
    await expect(page.getByTestId("verified")).toHaveText("Not yet verified");
    await expect(page.getByTestId("stale-warning")).toHaveCount(0);
  });

  test("a closed restaurant: 410, its banner and day, noindex, no directions", async ({ page }) => {
    const place = closed[0]!;
    const response = await page.goto(`/restaurant/${place.id}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByText("Permanently closed")).toBeVisible();
    await expect(page.getByText(`Reported closed on ${formatDay(place.closed_at!)}`)).toBeVisible();
    await expect(page.locator('head meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Get Directions" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(place.name);
  });

  test("the '100%' landing page, linked from the city's diet page", async ({ page }) => {
    await page.goto("/us/or/portland/gluten-free");
    await page.getByTestId("dedicated-link").click();
    await expect(page).toHaveURL(/\/us\/or\/portland\/gluten-free\/dedicated$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("100% gluten-free restaurants in Portland, OR");
    const { ids } = await import("../fixtures/reference-search").then((m) =>
      m.referenceCitySearch(sampleRestaurants, "Portland", "OR", "gluten-free", 1, true),
    );
    await expectCards(
      page,
      ids.map((id) => sampleRestaurants.find((r) => r.id === id)!.name),
    );
    expect(expectedLandingNames("Portland", "OR", "gluten-free").length).toBeGreaterThan(ids.length);
    const response = await page.goto("/us/or/portland/gluten-free/only");
    expect(response?.status()).toBe(404);
  });

  test("readable at 360 pixels: home with the toggles, a detail page, a closed page", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/?dedicated=1&kitchen=separate-prep");
    await unfold(page, "filters");
    await expect(page.getByRole("button", { name: "Separate preparation area" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(`/restaurant/${byName("Saffron Thread").id}`);
    await expect(page.getByTestId("celiac-safety")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(`/restaurant/${closed[0]!.id}`);
    await expectNoSidewaysScroll(page);
  });
});
