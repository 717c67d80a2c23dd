import { expect, test } from "@playwright/test";
import { expectNotice } from "./support";

test.describe("suggest a restaurant", () => {
  test("field errors keep every typed value (HTTP 400)", async ({ page }) => {
    await page.goto("/submit-restaurant");
    await expect(page.getByRole("heading", { name: "Suggest a Restaurant" })).toBeVisible();
    await page.getByLabel("Restaurant Name").fill("Test Taqueria");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State").fill("TX");
    await page.getByLabel("Website URL").fill("ftp://files.example");
    await page.getByLabel("Cuisine Type").fill("Mexican");
    await page.getByLabel("Vegan options").check();
    await page.getByLabel("Additional Information").fill("Dedicated fryer.");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Submit Restaurant" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-website")).toHaveText(
      "Please enter a website address starting with http:// or https://.",
    );
    await expect(page.getByLabel("Restaurant Name")).toHaveValue("Test Taqueria");
    await expect(page.getByLabel("City")).toHaveValue("Austin");
    await expect(page.getByLabel("Website URL")).toHaveValue("ftp://files.example");
    await expect(page.getByLabel("Cuisine Type")).toHaveValue("Mexican");
    await expect(page.getByLabel("Vegan options")).toBeChecked();
    await expect(page.getByLabel("Additional Information")).toHaveValue("Dedicated fryer.");
    await expect(page.getByLabel("Website URL")).toHaveAttribute("aria-invalid", "true");
  });

  test("a valid suggestion: 'Thank you!', then back on home", async ({ page, javaScriptEnabled }) => {
    await page.goto("/submit-restaurant");
    await page.getByLabel("Restaurant Name").fill("Test Taqueria");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State").fill("TX");
    await page.getByLabel("Website URL").fill("https://taqueria.example");
    await page.getByLabel("Your Email (for follow up)").fill("me@person.example");
    await page.getByRole("button", { name: "Submit Restaurant" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Submitting..." })).toBeVisible();
      await expectNotice(
        page,
        true,
        "Thank you!",
        "Your restaurant submission has been received. Our team will review it shortly.",
      );
      await expect(page).toHaveURL(/\/submit-restaurant$/);
      await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    } else {
      await expect(page).toHaveURL(/\/$/);
      await expectNotice(
        page,
        false,
        "Thank you!",
        "Your restaurant submission has been received. Our team will review it shortly.",
      );
      // Once only: a reload neither shows it again nor resubmits.
      await page.reload();
      await expect(page.getByTestId("server-notice")).toHaveCount(0);
    }
  });

  test("required fields are marked and the review note is shown", async ({ page }) => {
    await page.goto("/submit-restaurant");
    for (const label of ["Restaurant Name", "City", "State"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(
      page.getByText("All submissions are reviewed by our team before being added to the directory."),
    ).toBeVisible();
  });
});
