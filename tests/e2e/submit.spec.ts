import { expect, test } from "@playwright/test";
import { expectNotice, expectTooManySubmissions, fillFields, submitForm } from "./support";

// One client address per project, so the per-client limit counts these tests alone.
test.use({
  extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
    use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.11" : "203.0.113.12" }),
});

test.describe("suggest a restaurant", () => {
  test("field errors keep every typed value (HTTP 400)", async ({ page }) => {
    await page.goto("/submit-restaurant");
    await expect(page.getByRole("heading", { name: "Suggest a Restaurant" })).toBeVisible();
    await fillFields(page, {
      "Restaurant Name": "Test Taqueria",
      City: "Austin",
      State: "TX",
      "Website URL": "ftp://files.example",
      "Cuisine Type": "Mexican",
    });
    await page.getByLabel("Vegan options").check();
    await page.getByLabel("Additional Information").fill("Dedicated fryer.");
    const response = await submitForm(page, "Submit Restaurant");
    expect(response.status()).toBe(400);
    // The answer echoes the visitor's values: never kept by any cache (.data with JavaScript).
    expect(response.headers()["cache-control"]).toBe("private, no-store");
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
    await fillFields(page, {
      "Restaurant Name": "Test Taqueria",
      City: "Austin",
      State: "TX",
      "Website URL": "https://taqueria.example",
      "Your Email (for follow up)": "me@person.example",
    });
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

  test("the trust fields: '100%' boxes and the kitchen practices as Yes / No / Not sure, kept on an error", async ({
    page,
  }) => {
    await page.goto("/submit-restaurant");
    await page.getByLabel("Gluten-Free options").check();
    await page.getByLabel("100% Gluten-Free").check();
    const fryer = page.getByRole("group", { name: "Dedicated fryer" });
    const prep = page.getByRole("group", { name: "Separate preparation area" });
    const staff = page.getByRole("group", { name: "Staff trained on cross-contact" });
    await expect(staff.getByLabel("Not sure")).toBeChecked();
    await fryer.getByLabel("Yes", { exact: true }).check();
    await prep.getByLabel("No", { exact: true }).check();
    // A missing required field (State) brings the form back with everything as it was.
    await fillFields(page, { "Restaurant Name": "Trust Test Kitchen", City: "Austin", State: "   " });
    const response = await submitForm(page, "Submit Restaurant");
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-state")).toHaveText("State is required.");
    await expect(page.getByLabel("100% Gluten-Free")).toBeChecked();
    await expect(page.getByLabel("Gluten-Free options")).toBeChecked();
    await expect(fryer.getByLabel("Yes", { exact: true })).toBeChecked();
    await expect(prep.getByLabel("No", { exact: true })).toBeChecked();
    await expect(staff.getByLabel("Not sure")).toBeChecked();
  });

  test("text that is not what it looks like: a zero-width space, a text-direction override (400)", async ({ page }) => {
    await page.goto("/submit-restaurant");
    await page.getByLabel("Restaurant Name").fill("\u202EGreen Leaf");
    await page.getByLabel("City").fill("Port\u200Bland");
    await page.getByLabel("State").fill("Oregon");
    await page.getByLabel("Website URL").fill("https:example.com");
    const response = await submitForm(page, "Submit Restaurant");
    expect(response.status()).toBe(400);
    const hidden = "Please remove invisible, control or text-direction characters.";
    await expect(page.getByTestId("error-name")).toHaveText(hidden);
    await expect(page.getByTestId("error-city")).toHaveText(hidden);
    await expect(page.getByTestId("error-state")).toHaveCount(0);
    await expect(page.getByTestId("error-website")).toHaveText(
      "Please enter a website address starting with http:// or https://.",
    );
    await expect(page.getByLabel("City")).toHaveValue("Port\u200Bland");
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

test.describe("too many suggestions from one address", () => {
  // An address of its own per project and attempt (a retry within the minute must not
  // find the first attempt's five): five stored suggestions, then the sixth is refused.
  test.use({
    extraHTTPHeaders: async ({ javaScriptEnabled }, use, testInfo) =>
      use({ "CF-Connecting-IP": `198.18.${testInfo.retry}.${javaScriptEnabled ? 51 : 52}` }),
  });

  test("the sixth within a minute: 429, 'Too many submissions', every value kept", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = `${testInfo.project.name}-${Date.now()}`;
    for (let i = 1; i <= 5; i += 1) {
      const stored = await request.post("/submit-restaurant", {
        form: { name: `Busy Diner ${tag} ${i}`, city: "Austin", state: "TX" },
        maxRedirects: 0,
      });
      expect(stored.status()).toBe(303);
    }
    await page.goto("/submit-restaurant");
    await fillFields(page, { "Restaurant Name": `Busy Diner ${tag} 6`, City: "Austin", State: "TX" });
    await page.getByLabel("Vegan options").check();
    await page.getByLabel("Additional Information").fill("Sixth in a minute.");
    const response = await submitForm(page, "Submit Restaurant");
    await expectTooManySubmissions(page, javaScriptEnabled, response);
    await expect(page.getByLabel("Restaurant Name")).toHaveValue(`Busy Diner ${tag} 6`);
    await expect(page.getByLabel("Vegan options")).toBeChecked();
    await expect(page.getByLabel("Additional Information")).toHaveValue("Sixth in a minute.");
  });
});

test.describe("one client is an IPv6 /64", () => {
  test("the sixth from anywhere in one /64 within a minute is 429; another /64 goes on @js", async ({
    request,
  }, testInfo) => {
    const prefix = `2001:db8:${testInfo.retry + 1}:64`;
    const tag = `${Date.now()}`;
    const post = (name: string, address: string) =>
      request.post("/submit-restaurant", {
        form: { name, city: "Austin", state: "TX" },
        headers: { "CF-Connecting-IP": address },
        maxRedirects: 0,
      });
    for (let i = 1; i <= 5; i += 1) {
      expect((await post(`Six Four ${tag} ${i}`, `${prefix}::${i}`)).status()).toBe(303);
    }
    const refused = await post(`Six Four ${tag} 6`, `${prefix}:ffff:ffff:ffff:ffff`);
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toBe("60");
    expect((await post(`Six Four ${tag} 7`, `2001:db8:${testInfo.retry + 1}:65::1`)).status()).toBe(303);
  });
});
