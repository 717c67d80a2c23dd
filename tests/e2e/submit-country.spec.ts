// 'Suggest a Restaurant' beyond the United States (the contract's section 14), JavaScript on and
// off: the country is a list of every country by name, the United States unless chosen; a
// Canadian restaurant is taken with its province and postal code; a postal code or a state
// that is not the country's, or a US ZIP code of four digits, brings the form back (400) with
// the message beside the field and every value kept, the country included.
import { expect, test } from "@playwright/test";
import { expectNotice, fillFields, submitForm } from "./support";

// One client address per project, so the per-client limit counts these tests alone.
test.use({
  extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
    use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.21" : "203.0.113.22" }),
});

test.describe("suggest a restaurant in another country", () => {
  test("the country: every country by name, the United States unless chosen", async ({ page }) => {
    await page.goto("/submit-restaurant");
    const country = page.getByLabel("Country");
    await expect(country).toHaveValue("US");
    await expect(country.locator("option:checked")).toHaveText("United States");
    for (const name of ["Canada", "United Kingdom", "Germany", "Japan", "Australia"]) {
      await expect(country.locator("option", { hasText: name }).first()).toBeAttached();
    }
    expect(await country.locator("option").count()).toBeGreaterThanOrEqual(249);
  });

  test("a Canadian restaurant: 'Thank you!', then back on home", async ({ page, javaScriptEnabled }, testInfo) => {
    await page.goto("/submit-restaurant");
    await page.getByLabel("Country").selectOption({ label: "Canada" });
    await fillFields(page, {
      "Restaurant Name": `Maple Gluten-Free Kitchen ${testInfo.project.name} ${Date.now()}`,
      City: "Toronto",
      State: "Ontario",
      "Zip Code": "m5v2t6",
      "Street Address": "123 Queen St W",
    });
    await page.getByLabel("Gluten-Free options").check();
    await page.getByRole("button", { name: "Submit Restaurant" }).click();
    if (javaScriptEnabled) {
      await expectNotice(
        page,
        true,
        "Thank you!",
        "Your restaurant submission has been received. Our team will review it shortly.",
      );
      await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    } else {
      await expect(page).toHaveURL(/\/$/);
      await expectNotice(
        page,
        false,
        "Thank you!",
        "Your restaurant submission has been received. Our team will review it shortly.",
      );
    }
  });

  test("a postal code and a state that are not Canada's: 400, messages beside them, every value kept", async ({
    page,
  }) => {
    await page.goto("/submit-restaurant");
    await page.getByLabel("Country").selectOption("CA");
    await fillFields(page, {
      "Restaurant Name": "Wrong Code Cafe",
      City: "Toronto",
      State: "Oregon",
      "Zip Code": "97205",
    });
    const response = await submitForm(page, "Submit Restaurant");
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-zip")).toHaveText("Please enter a postal code as it is written in Canada.");
    await expect(page.getByTestId("error-state")).toHaveText(
      "Please enter a state, province or region of Canada or its code: AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT.",
    );
    await expect(page.getByLabel("Country")).toHaveValue("CA");
    await expect(page.getByLabel("Restaurant Name")).toHaveValue("Wrong Code Cafe");
    await expect(page.getByLabel("State")).toHaveValue("Oregon");
    await expect(page.getByLabel("Zip Code")).toHaveValue("97205");
    await expect(page.getByLabel("Zip Code")).toHaveAttribute("aria-invalid", "true");
  });

  test("a US ZIP code of four digits is refused; five digits or ZIP+4 are the rule", async ({ page }) => {
    await page.goto("/submit-restaurant");
    await fillFields(page, { "Restaurant Name": "Short Zip Diner", City: "Portland", State: "OR", "Zip Code": "9720" });
    const response = await submitForm(page, "Submit Restaurant");
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-zip")).toHaveText(
      "Please enter a five-digit ZIP code, or ZIP+4 such as 97205-1234.",
    );
    await expect(page.getByLabel("Zip Code")).toHaveValue("9720");
    await expect(page.getByLabel("Country")).toHaveValue("US");
  });

  test("a country without states or provinces: State is no longer required; a US ZIP is typed on digits @js", async ({
    page,
  }) => {
    await page.goto("/submit-restaurant");
    await expect(page.getByLabel("State")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Zip Code")).toHaveAttribute("inputmode", "numeric");
    await page.getByLabel("Country").selectOption("HK");
    await expect(page.getByLabel("State")).not.toHaveAttribute("required", /.*/);
    await expect(page.getByLabel("Zip Code")).toHaveAttribute("inputmode", "text");
  });
});
