// Places beyond the United States in the location box (docs/search-url.md, "Beyond the United
// States"), with the world place data `npm start` loads: 'City, Country', 'City, Subdivision',
// a bare name in several countries, a US state's code that keeps its US meaning, and 'Did you
// mean' for a city misspelt abroad ("Misspelt places abroad"). JavaScript on and off. The cards depend on the sample data; these check where the search looks.
import { expect, test } from "@playwright/test";
import { unfold } from "./support";

test.describe("beyond the United States", () => {
  test("'Toronto, Canada' searches around Toronto, read as 'Toronto, ON'", async ({ page }) => {
    await page.goto("/?location=Toronto%2C+Canada");
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Toronto, ON");
    await expect(page).toHaveTitle(/within 40 km of Toronto, ON/);
  });

  test("'London' is in several countries: 'Did you mean' names each, the largest first, and a link searches there", async ({
    page,
  }) => {
    await page.goto("/?location=London");
    const didYouMean = page.getByTestId("did-you-mean");
    await expect(didYouMean.getByRole("link").first()).toHaveText("London, United Kingdom");
    await expect(didYouMean.getByRole("link").nth(1)).toHaveText("London, ON");
    await expect(page.getByTestId("search-area")).toHaveCount(0);
    await didYouMean.getByRole("link", { name: "London, ON" }).click();
    await expect(page).toHaveURL(/location=London%2C\+ON/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of London, ON");
  });

  test("'Berlin, DE' is Delaware, and Berlin, Germany is offered", async ({ page }) => {
    await page.goto("/?location=Berlin%2C+DE");
    await expect(page.getByTestId("did-you-mean").getByRole("link", { name: "Berlin, Germany" })).toBeVisible();
    await page.getByTestId("did-you-mean").getByRole("link", { name: "Berlin, Germany" }).click();
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Berlin, Germany");
  });

  test("'Georgia' stays the US state; Georgia the country is offered, and 'Tbilisi, Georgia' finds Tbilisi", async ({
    page,
  }) => {
    await page.goto("/?location=Georgia");
    await expect(page.getByTestId("search-area")).toHaveCount(0);
    const offer = page.getByTestId("did-you-mean").getByRole("link", { name: "Tbilisi, Georgia" });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/location=Tbilisi%2C\+Georgia/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Tbilisi, Georgia");
  });

  test("typed in the box: the own names of city and country ('Roma, Italia')", async ({ page }) => {
    await page.goto("/");
    await unfold(page, "search");
    await page.getByLabel("City, state or zip").fill("Roma, Italia");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=Roma%2C\+Italia/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Rome, Italy");
  });

  test("a misspelt city with its country: 'Did you mean' the place there, named as the app names it", async ({
    page,
  }) => {
    await page.goto("/?location=Torronto%2C+Canada");
    const box = page.getByTestId("spelling-suggestions");
    await expect(box.getByRole("link")).toHaveText(["Toronto, ON"]);
    await expect(box).toContainText(/Toronto, ON \(\d+\)/);
    await box.getByRole("link", { name: "Toronto, ON" }).click();
    await expect(page).toHaveURL(/\/\?location=Toronto%2C\+ON$/);
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Toronto, ON");
  });

  test("misspelt abroad: only the country named ('Londn, UK'), the own names ('Munchn, Deutschland')", async ({
    page,
  }) => {
    await page.goto("/?location=Londn%2C+UK");
    await expect(page.getByTestId("spelling-suggestions").getByRole("link")).toHaveText(["London, United Kingdom"]);
    await page.goto("/?location=Munchn%2C+Deutschland");
    const munich = page.getByTestId("spelling-suggestions").getByRole("link");
    await expect(munich).toHaveText(["Munich, Germany"]);
    await munich.click();
    await expect(page.getByTestId("search-area")).toHaveText("Within 40 km of Munich, Germany");
  });

  test("'Italy' alone searches the whole country, by name; Italy, TX is offered", async ({ page }) => {
    await page.goto("/?location=Italy");
    await expect(page.getByTestId("search-area")).toHaveText("In Italy");
    await expect(page.getByTestId("did-you-mean").getByRole("link", { name: "Italy, TX" })).toBeVisible();
    await expect(page).toHaveTitle(/Italy/);
  });

  test("typed in the box: a postal code with its country ('SW1A 1AA, UK')", async ({ page }) => {
    await page.goto("/");
    await unfold(page, "search");
    await page.getByLabel("City, state or zip").fill("sw1a 1aa, UK");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=sw1a\+1aa%2C\+UK/);
    await expect(page.getByTestId("search-area")).toHaveText("In SW1A 1AA, United Kingdom");
    await expect(page.getByTestId("did-you-mean")).toHaveCount(0);
  });
});
