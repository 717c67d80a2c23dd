// 'Report a problem' from a restaurant page, with JavaScript on and off: the form, its field
// messages with the values kept, and the one-time 'Thank you!' back on the restaurant.
import { expect, test } from "@playwright/test";
import { expectNotice, expectTooManySubmissions, expectUsableAt360, submitForm } from "./support";

// One client address per project, so the per-client limit counts these tests alone.
test.use({
  extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
    use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.21" : "203.0.113.22" }),
});

const THANKS = ["Thank you!", "Your report has been received. Our team will review it shortly."] as const;

test.describe("report a problem", () => {
  test("every restaurant page links to its report form", async ({ page }) => {
    await page.goto("/restaurant/1");
    await page.getByRole("link", { name: "Report a problem" }).click();
    await expect(page).toHaveURL(/\/restaurant\/1\/report$/);
    await expect(page.getByRole("heading", { level: 1, name: "Report a problem" })).toBeVisible();
    for (const reason of [
      "It has closed permanently",
      "The hours are wrong",
      "The dietary information is wrong",
      "The address, phone or website is wrong",
      "Something else",
    ]) {
      await expect(page.getByLabel(reason)).toBeVisible();
    }
  });

  test("details are needed unless confirming: the message beside the field, the values kept (400)", async ({
    page,
  }) => {
    await page.goto("/restaurant/2/report");
    await page.getByLabel("The hours are wrong").check();
    await page.getByLabel("Your Email (optional)").fill("diner@example.test");
    const response = await submitForm(page, "Send Report");
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-details")).toHaveText("Please tell us what is wrong.");
    await expect(page.getByLabel("The hours are wrong")).toBeChecked();
    await expect(page.getByLabel("Your Email (optional)")).toHaveValue("diner@example.test");
    await expect(page.getByLabel("Details")).toHaveAttribute("aria-invalid", "true");
  });

  test("a report: back on the restaurant with 'Thank you!' once", async ({ page, javaScriptEnabled }, testInfo) => {
    await page.goto("/restaurant/3/report");
    await page.getByLabel("The dietary information is wrong").check();
    await page.getByLabel("Details").fill(`No longer a gluten-free menu (${testInfo.project.name}).`);
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page).toHaveURL(/\/restaurant\/3$/);
    await expectNotice(page, javaScriptEnabled, ...THANKS);
    if (!javaScriptEnabled) {
      await page.reload();
      await expect(page.getByTestId("server-notice")).toHaveCount(0);
    }
  });

  test("the sixth within a minute from one address: 429 with Retry-After, the values kept", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const address = `198.18.${10 + testInfo.retry}.${javaScriptEnabled ? 61 : 62}`;
    const tag = `${testInfo.project.name}-${Date.now()}`;
    for (let i = 1; i <= 5; i += 1) {
      const stored = await request.post("/restaurant/5/report", {
        form: { reason: "other", details: `Busy report ${tag} ${i}` },
        headers: { "CF-Connecting-IP": address },
        maxRedirects: 0,
      });
      expect(stored.status()).toBe(303);
      expect(stored.headers()["cache-control"]).toBe("private, no-store");
    }
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
    await page.goto("/restaurant/5/report");
    await page.getByLabel("Something else").check();
    await page.getByLabel("Details").fill(`Busy report ${tag} 6`);
    const response = await submitForm(page, "Send Report");
    await expectTooManySubmissions(page, javaScriptEnabled, response);
    await expect(page.getByLabel("Details")).toHaveValue(`Busy report ${tag} 6`);
  });

  test("an unknown restaurant has no report form (404)", async ({ page }) => {
    const response = await page.goto("/restaurant/999999/report");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Restaurant Not Found" })).toBeVisible();
  });

  test("usable at 360 px: nothing wider than the screen", async ({ page }) => {
    await expectUsableAt360(page, ["/restaurant/1/report", "/submit-restaurant"]);
  });
});
