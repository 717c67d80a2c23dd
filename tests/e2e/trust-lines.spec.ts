// Trust lines that say whose and when (issue 39, points 10-11): a card's line from diners names
// the condition of a reaction and of safe visits, and each count says its window (the card's
// 12 months, the restaurant page's 24), so the card and the page no longer seem to disagree.
// Expectations come from the sample data through the reference rules and the app's text module.
import { expect, test } from "@playwright/test";
import { CONFIRMATION_TEXT, cardLine, dinerLines, type ConfirmationTally } from "~/lib/trust/confirmations";
import { referenceTallies } from "../fixtures/reference-search";
import { sampleRestaurants } from "./support";
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
