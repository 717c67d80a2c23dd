// Searching near a place or a position: the radius, nearest first with distances, the line
// that says where, 'Did you mean', the nearest beyond an empty radius, and 'Use My Location'
// without JavaScript (near=me: the connection's approximate position, which `wrangler dev`
// gives as a fixed placeholder in Austin, TX, as the launcher asks, scripts/lib/server.mjs).
import { expect, test, type Page } from "@playwright/test";
import { expectCards, expectNotice, expectedResults, milesText, sampleRestaurants, unfold } from "./support";

const PORTLAND_97201 = { lat: 45.5078, lng: -122.6897 };

/** Waits until the cards show these distances, in order (each read after its hidden 'Distance:' label). */
async function expectDistances(page: Page, miles: readonly (number | null)[]) {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page.getByTestId("distance")).toHaveText(
    miles.map((d) => new RegExp(`^\\s*(Distance:\\s*)?${d === null ? "" : escape(milesText(d))}\\s*$`)),
    { useInnerText: true },
  );
}

test.describe("near a place", () => {
  for (const radius of [5, 10, 25, 50] as const) {
    test(`ZIP 97201 within ${radius} miles: nearest first, each with its distance`, async ({ page }) => {
      await page.goto(`/?location=97201${radius === 25 ? "" : `&radius=${radius}`}`);
      const expected = expectedResults({ location: "97201", radius });
      await expectCards(page, expected.names);
      await expectDistances(page, expected.distances);
      await expect(page.getByTestId("search-area")).toHaveText(`Within ${radius} miles of Portland, OR 97201`);
      await expect(page.getByRole("heading", { name: "Featured Restaurants" })).toBeVisible();
    });
  }

  test("a wider radius finds more, chosen in the form", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("City, state or zip").fill("97201");
    await page.getByLabel("Radius").selectOption("5");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=97201&radius=5/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 5 miles of Portland, OR 97201");
    const within5 = await page.getByTestId("restaurant-card").count();
    await unfold(page, "search");
    await page.getByLabel("Radius").selectOption("50");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=97201&radius=50/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 50 miles of Portland, OR 97201");
    await expect.poll(() => page.getByTestId("restaurant-card").count()).toBeGreaterThan(within5);
  });

  test("'Portland' is in several states: 'Did you mean', and each link searches near that one", async ({ page }) => {
    await page.goto("/?location=Portland");
    const didYouMean = page.getByTestId("did-you-mean");
    await expect(didYouMean).toContainText("Did you mean");
    await expect(didYouMean.getByRole("link").first()).toHaveText("Portland, OR");
    await expect(didYouMean.getByRole("link").nth(1)).toHaveText("Portland, ME");
    await expect(page.getByTestId("search-area")).toHaveCount(0);
    await didYouMean.getByRole("link", { name: "Portland, ME" }).click();
    await expect(page).toHaveURL(/location=Portland%2C\+ME/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of Portland, ME");
    await expectCards(page, expectedResults({ location: "Portland, ME" }).names);
  });

  test("nothing within the radius: a wider search, and the nearest further away", async ({ page }) => {
    // Central Oregon: no sample restaurant within 5 miles.
    await page.goto("/?lat=44.06&lng=-121.31&radius=5");
    await expect(page.getByRole("heading", { name: "No restaurants found" })).toBeVisible();
    await expect(page.getByTestId("wider-radius")).toHaveText("Search within 10 miles");
    const expected = expectedResults({ coords: { lat: 44.06, lng: -121.31 }, radius: 5 });
    const further = page.getByTestId("further-away");
    await expect(further.getByRole("heading", { name: /Further away/ })).toBeVisible();
    await expectCards(
      further,
      expected.nearestBeyond.map(({ id }) => sampleRestaurants.find((r) => r.id === id)!.name),
    );
    expect(expected.nearestBeyond.length).toBeGreaterThan(0);
    await page.getByTestId("wider-radius").click();
    await expect(page).toHaveURL(/radius=10/);
  });
});

test.describe("near a position", () => {
  test("coordinates in the URL: 'Within 5 miles of Portland, OR' (the nearest place), nearest first", async ({
    page,
  }) => {
    await page.goto(`/?lat=${PORTLAND_97201.lat}&lng=${PORTLAND_97201.lng}&radius=5`);
    const expected = expectedResults({ coords: PORTLAND_97201, radius: 5 });
    await expectCards(page, expected.names);
    // A link with coordinates, opened: the nearest place, not 'your location' (issue 39).
    await expect(page.getByTestId("search-area")).toHaveText("Within 5 miles of Portland, OR");
    await expect(page.getByLabel("City, state or zip")).toHaveValue("Current Location");
  });

  test("'Use My Location' without JavaScript: the connection's approximate position @nojs", async ({ page }) => {
    await page.goto("/?q=a");
    await unfold(page, "search");
    await page.getByRole("button", { name: "Use My Location" }).click();
    // wrangler dev's placeholder position (30.27130, -97.74260), three decimals.
    await expect(page).toHaveURL(/\?q=a&lat=30\.271&lng=-97\.743$/);
    await expectNotice(page, false, "Approximate location", "taken from your internet connection");
    await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of your location");
    await expectCards(page, expectedResults({ query: "a", coords: { lat: 30.271, lng: -97.743 } }).names);
    // The notice shows once; the URL can be bookmarked and reloaded, and then reads as any link
    // with coordinates does: by the nearest place (the server keeps no one's position).
    await page.reload();
    await expect(page.getByTestId("server-notice")).toHaveCount(0);
    await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of Austin, TX");
  });

  test("the footer credits the place data", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("place-data-credit")).toContainText("GeoNames");
    await expect(page.getByTestId("place-data-credit").getByRole("link", { name: "CC BY 4.0" })).toHaveAttribute(
      "href",
      "https://creativecommons.org/licenses/by/4.0/",
    );
  });
});
