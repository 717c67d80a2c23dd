// Notices that follow one another (issue 28): 'Location found!' takes the place of 'Getting
// your location...', and a refused submission's notice stays until the visitor closes it
// (the others fade after a few seconds).
import { expect, test } from "@playwright/test";
import { expectNotice } from "./support";

test.describe("notice flows @js", () => {
  test("'Location found!' replaces 'Getting your location...'", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 45.52346, longitude: -122.67621 });
    await page.goto("/");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Location found!", "Showing nearby restaurants.");
    await expect(page.locator("[role=region] li").filter({ hasText: "Getting your location..." })).toHaveCount(0);
  });

  test("'Location error' replaces 'Getting your location...'", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Use My Location" }).click();
    await expectNotice(page, true, "Location error", "Unable to get your location. Please try entering it manually.");
    await expect(page.locator("[role=region] li").filter({ hasText: "Getting your location..." })).toHaveCount(0);
  });

  test("a refused submission's notice stays until it is closed", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.41" });
    await page.goto("/submit-restaurant");
    // Five stored from this client (same-origin posts from the page), so the sixth is refused.
    const statuses = await page.evaluate(async () => {
      const answers: number[] = [];
      for (let n = 0; n < 5; n++) {
        const body = new URLSearchParams({ name: `Flow Test ${n}`, city: "Austin", state: "TX" });
        answers.push((await fetch("/submit-restaurant", { method: "POST", body, redirect: "manual" })).status);
      }
      return answers;
    });
    expect(statuses.every((status) => status === 0 || status === 303)).toBe(true);
    await page.getByLabel("Restaurant Name").fill("Flow Test 6");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State").fill("TX");
    await page.getByRole("button", { name: "Submit Restaurant" }).click();
    await expectNotice(page, true, "Too many submissions", "Please wait a minute and try again.");
    const toast = page.locator("[role=region] li").filter({ hasText: "Too many submissions" });
    // Past the 6 s after which the other notices fade.
    await page.waitForTimeout(7_500);
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Close" }).click();
    await expect(toast).toHaveCount(0);
  });
});
