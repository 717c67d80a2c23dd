// What JavaScript adds on top of the links and forms: the browser's geolocation, pending states.
// (Without JavaScript 'Use My Location' asks the server: near-me.spec.ts.)
import { expect, test } from "@playwright/test";
import { expectNotice, unfold } from "./support";

test.describe("with JavaScript @js", () => {
  test("Use My Location: found, 'Current Location', coordinates (3 decimals) and the radius in the URL", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 45.52346, longitude: -122.67621 });
    await page.goto("/?q=a");
    await unfold(page, "search");
    await page.getByLabel("Radius").selectOption("10");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Location found!", "Showing nearby restaurants.");
    await expect(page).toHaveURL(/q=a&radius=10&lat=45\.523&lng=-122\.676$/);
    await expect(page.getByLabel("City, state or zip")).toHaveValue("Current Location");
    // Searching again keeps the coordinates.
    await unfold(page, "search");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/lat=45\.523&lng=-122\.676/);
    await expect(page.getByTestId("server-notice")).toHaveCount(0);
  });

  test("Use My Location: denied", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Location error", "Unable to get your location. Please try entering it manually.");
  });

  test("Use My Location: in progress", async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition() {} }, configurable: true });
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Getting your location...", "Please allow location access if prompted.");
  });

  test("Use My Location: browser without geolocation", async ({ page, context }) => {
    await context.addInitScript(() => {
      // @ts-expect-error: removing the API to stand for an old browser
      delete Navigator.prototype.geolocation;
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Geolocation unavailable", "Your browser doesn't support geolocation.");
  });

  test("six grey placeholder cards and a cuisine spinner while results load", async ({ page }) => {
    await page.goto("/");
    await unfold(page, "filters");
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("link", { name: "Thai" }).click();
    await expect(page.getByTestId("card-skeleton")).toHaveCount(6);
    await expect(page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("status")).toHaveText(
      "Loading Thai",
    );
    await expect(page.getByTestId("card-skeleton")).toHaveCount(0, { timeout: 5000 });
    await expect(page.getByTestId("restaurant-card").first()).toBeVisible();
  });
});

test("a spinner while a restaurant page loads @js", async ({ page }) => {
  await page.goto("/?q=kitchen");
  await page.route(/\/restaurant\/\d+\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page
    .getByTestId("restaurant-card")
    .first()
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByTestId("detail-loading")).toBeVisible();
  await expect(page.getByTestId("detail-loading")).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
