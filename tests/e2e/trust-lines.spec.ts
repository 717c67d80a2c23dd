// Trust lines that say whose and when (issue 39, points 10-11, and 13): a card's line from diners names
// the condition of a reaction and of safe visits, and each count says its window (the card's
// 12 months, the restaurant page's 24), so the card and the page no longer seem to disagree.
// Expectations come from the sample data through the reference rules and the app's text module.
import { expect, test } from "@playwright/test";
import { CONFIRMATION_TEXT, cardLine, dinerLines, type ConfirmationTally } from "~/lib/trust/confirmations";
import { monthsAgo, referenceTallies } from "../fixtures/reference-search";
import { sampleRestaurants, submitForm } from "./support";
import { axeViolations } from "./axe";

const row = (id: number) => sampleRestaurants.find((r) => r.id === id)!;
const tallies = (id: number, months: number) => referenceTallies(row(id), months) as ConfirmationTally[];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESK = { viewport: { width: 1366, height: 768 } };

for (const [name, use] of [
  ["phone", PHONE],
  ["desk", DESK],
] as const) {
  test.describe(name, () => {
    test.use(use);
    test(`${name}: a card names the condition of a reaction, and of safe visits with their window`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      // 72: a diner with a dairy allergy reacted in Feb 2026; 1: safe visits.
      const reaction = cardLine(tallies(72, 12));
      test.skip(!reaction?.warning, "the sample's reaction is older than 12 months by now");
      expect(reaction!.text).toMatch(/^A diner with a dairy allergy reacted · [A-Z][a-z]{2} \d{4}$/);
      await page.goto(`/?q=${encodeURIComponent(row(72).name)}`);
      const card = page
        .getByTestId("restaurant-card")
        .filter({ hasText: row(72).name })
        .first();
      await expect(card.getByTestId("confirmation-line")).toHaveText(`⚠ ${reaction!.text}`);
      await testInfo.attach(`${name}: a card with a reaction (JavaScript ${javaScriptEnabled ? "on" : "off"})`, {
        body: await card.screenshot(),
        contentType: "image/png",
      });
      for (const id of [1, 2, 7]) {
        const line = cardLine(tallies(id, 12));
        if (!line || line.warning) continue;
        // A single visit's month says when; a count says its window.
        expect(line.text).toMatch(
          /^(1 [a-z-]+ diner ate safely · |\d+ [a-z-]+ diners ate safely in the last 12 months · latest )/,
        );
        await page.goto(`/?q=${encodeURIComponent(row(id).name)}`);
        const safe = page
          .getByTestId("restaurant-card")
          .filter({ hasText: row(id).name })
          .first();
        await expect(safe.getByTestId("confirmation-line")).toHaveText(line.text);
      }
      expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);
    });

    test(`${name}: the restaurant page's counts say their window, and its explainer covers every condition`, async ({
      page,
    }) => {
      const id = [1, 2, 5, 7, 53].find((n) => dinerLines(tallies(n, 24)).some((l) => /^[2-9]|^\d\d/.test(l.text)))!;
      await page.goto(`/restaurant/${id}`);
      const lines = dinerLines(tallies(id, 24));
      for (const line of lines) {
        if (!line.text.startsWith("1 ")) expect(line.text).toContain(" in the last 24 months · latest ");
      }
      await expect(page.getByTestId("diner-line")).toHaveText(lines.map((l) => (l.warning ? `⚠ ${l.text}` : l.text)));
      await expect(page.getByText(CONFIRMATION_TEXT.explainer)).toBeVisible();
      expect(CONFIRMATION_TEXT.explainer).not.toContain("same condition");
    });
  });
}

test.describe("a confirmation's answers, said once and in the page's column", () => {
  // A client address of its own per project, so that the once-in-30-days rule counts these alone.
  test.use({
    extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
      use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.65" : "203.0.113.66" }),
  });

  test("'Thank you!' lines up with the page; a second confirmation within 30 days says so once", async ({
    page,
    javaScriptEnabled,
  }) => {
    const id = javaScriptEnabled ? 9 : 10;
    const fill = async (condition: string, outcome: string) => {
      await page.goto(`/restaurant/${id}/confirm`);
      await page.getByLabel(condition, { exact: true }).check();
      await page.getByLabel("When did you eat there?").selectOption(monthsAgo(new Date(), 1));
      await page.getByLabel(outcome).check();
      await page.getByLabel("Staff were knowledgeable").check();
      await page.getByLabel("Anything else other diners should know? (optional)").fill("Asked about the fryer.");
    };
    await fill("Celiac disease", "I ate safely");
    await submitForm(page, "Send Confirmation");
    await expect(page).toHaveURL(new RegExp(`/restaurant/${id}$`));
    if (!javaScriptEnabled) {
      const notice = page.getByTestId("server-notice");
      await expect(notice).toContainText("Thank you!");
      const [noticeBox, heading] = [(await notice.boundingBox())!, (await page.locator("h1").boundingBox())!];
      expect(Math.abs(noticeBox.x - heading.x)).toBeLessThan(1);
      const column = (await page.locator("main > div").first().boundingBox())!;
      expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(column.x + column.width);
    }
    await fill("Vegan", "I reacted");
    const response = await submitForm(page, "Send Confirmation");
    expect(response.status()).toBe(429);
    await expect(page.getByTestId("form-error")).toHaveText("You have already told us about this restaurant recently.");
    const times = await page.evaluate(
      () => document.body.innerText.split("You have already told us about this restaurant recently.").length - 1,
    );
    expect(times).toBe(1);
    expect(await page.content()).not.toContain("Already received");
  });
});

test.describe("a name that claims more than the listing (point 12)", () => {
  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    test.describe(name, () => {
      test.use(use);
      test(`${name}: the restaurant page says which one the team checked`, async ({ page }) => {
        // 84: "A dedicated gluten-free bakery…", not marked 100% gluten-free.
        expect(row(84).description).toMatch(/dedicated gluten-free bakery/i);
        expect(row(84).gluten_free_only).toBe(false);
        await page.goto("/restaurant/84");
        await expect(page.getByTestId("claim-checked-gluten-free")).toHaveText(
          "The name or description may say 100% gluten-free: our team checked this listing as gluten-free options, not a dedicated kitchen.",
        );
        await expect(page.getByTestId("options-only-gluten-free")).toBeVisible();
        // A listing whose words claim nothing more: no such line.
        await page.goto("/restaurant/3");
        await expect(page.locator("[data-testid^=claim-checked-]")).toHaveCount(0);
      });
    });
  }
});
