// A link with coordinates (lat/lng), as 'Use My Location' and 'Search this area' both make it,
// read by whoever opens it (issue 39 point 6): a receiver, a bookmark or a page without
// JavaScript reads the nearest place ('Within 50 miles of Bellevue, WA'), never 'your
// location'; the tab that pressed 'Use My Location' still reads 'your location'.
// (app/lib/places/nearest-place.ts; docs/search-url.md "Coordinates and the place named for them".)
import { expect, test } from "@playwright/test";
import { unfold } from "./support";

// A point in Bellevue, WA: Bellevue's centre (47.615, -122.1663) is the nearest place.
const BELLEVUE = "/?lat=47.61&lng=-122.19&radius=50";

test("a shared link with coordinates names the nearest place, in the line, the summary and the title", async ({
  browser,
  javaScriptEnabled,
}) => {
  // The receiver: a fresh context that never pressed anything.
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(BELLEVUE);
  await expect(page.getByTestId("search-area")).toHaveText("Within 50 miles of Bellevue, WA");
  await expect(page.getByTestId("search-summary")).toContainText("Bellevue, WA");
  await expect(page.getByTestId("search-summary")).not.toContainText("Your location");
  await expect(page).toHaveTitle("Restaurants within 50 mi of Bellevue, WA – SafeBites");
  // The box still says the search is by coordinates, as the spec has it.
  await unfold(page, "search");
  await expect(page.getByLabel("City, state or zip")).toHaveValue("Current Location");
  await context.close();
});

test("without JavaScript the static map's centre is named by the nearest place @nojs", async ({ page }) => {
  await page.goto(BELLEVUE);
  const centre = page.getByTestId("static-map").getByTestId("search-centre");
  await expect(centre).toHaveAttribute("aria-label", "Search centre near Bellevue, WA");
  await expect(page.getByTestId("map-attribution")).toContainText("Blue dot: Search centre near Bellevue, WA.");
});

test("coordinates with no place in the nine cells around them read as themselves", async ({ page }) => {
  // At sea off Oregon: the nearest places are 56 miles away.
  await page.goto("/?lat=44.5&lng=-125.2&radius=5");
  await expect(page.getByTestId("search-area")).toHaveText("Within 5 miles of 44.5, -125.2");
  await expect(page).toHaveTitle("Restaurants within 5 mi of 44.5, -125.2 – SafeBites");
});

test("'Use My Location' says 'your location' in its own tab, and the link it made names the place elsewhere @js", async ({
  browser,
  page,
  context,
}) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 47.61, longitude: -122.19 });
  await page.goto("/?q=a");
  await unfold(page, "search");
  await page.getByRole("button", { name: "Use My Location" }).click();
  await expect(page).toHaveURL(/q=a&lat=47\.61&lng=-122\.19$/);
  await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of your location");
  await expect(page.getByTestId("search-summary")).toContainText("Your location");
  // A reload in the same tab keeps it (the server names the place; the tab knows better).
  await page.reload();
  await expect(page.getByTestId("search-area")).toHaveText("Within 25 miles of your location");
  const shared = page.url();

  const receiver = await browser.newContext();
  const other = await receiver.newPage();
  await other.goto(shared);
  await expect(other.getByTestId("search-area")).toHaveText("Within 25 miles of Bellevue, WA");
  await expect(other.getByTestId("search-summary")).toContainText("Bellevue, WA");
  await receiver.close();
});
