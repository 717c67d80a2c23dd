// A suggestion the server refuses (issue 28): the summary 'Please correct the highlighted
// fields.' lists each message, every refused field is marked aria-invalid and visibly
// highlighted (a red border, not the grey one), and with JavaScript the summary is brought into
// view and focused (without it the page loads at its top, where the summary is).
import { expect, test } from "@playwright/test";

test.use({
  extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
    use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.31" : "203.0.113.32" }),
});

test("a refused suggestion: the summary in view, the field marked and highlighted", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto("/submit-restaurant");
  await page.getByLabel("Restaurant Name").fill("Test Taqueria");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("State").fill("TX");
  await page.getByLabel("Website URL").fill("ftp://files.example");
  await page.getByRole("button", { name: "Submit Restaurant" }).click();

  const summary = page.getByTestId("form-errors");
  await expect(summary).toContainText("Please correct the highlighted fields.");
  await expect(summary.getByRole("link")).toHaveText([
    "Please enter a website address starting with http:// or https://.",
  ]);
  await expect(summary).toBeInViewport();
  if (javaScriptEnabled) await expect(summary).toBeFocused();

  const website = page.getByLabel("Website URL");
  await expect(website).toHaveAttribute("aria-invalid", "true");
  // Tailwind's red-700 border, not slate-400's grey.
  await expect(website).toHaveCSS("border-top-color", /oklch\(0\.505 0\.213 27\.518\)|rgb\(193, 0, 7\)/);
  await expect(page.getByLabel("City")).not.toHaveAttribute("aria-invalid", "true");
});
