// Diners' confirmations through the review queue in a real browser, JavaScript on and off
// (docs/routes.md), behind a locally signed Access token: a reaction comes
// first and is published with its note edited; plain confirmations are approved all at once
// with one form; then the restaurant's page shows them, its card shows the reaction, and its
// listing (verified or not) is unchanged. On a server and database of its own (own-server.ts).
// "@js" keeps the file to one project; the pages are opened in contexts made here.
import { expect, test } from "@playwright/test";
import { monthsAgo } from "../fixtures/reference-search";
import { reviewServer } from "./review-server";

test.describe("confirmations in the review queue @js", () => {
  test.describe.configure({ mode: "serial" });
  const { server, contextOf } = reviewServer({
    name: "review-confirmations",
    what: "two restaurants to confirm",
    sql: () =>
      [
        "INSERT INTO restaurants (id, name, city, state, zip_code, is_gluten_free, verified_at) VALUES",
        "(1, 'Queue Confirm Cafe One', 'Portland', 'OR', '97201', 1, '2026-01-05'),",
        "(2, 'Queue Confirm Cafe Two', 'Portland', 'OR', '97201', 1, NULL);",
      ].join("\n"),
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "no-js";
    const id = javaScriptEnabled ? 1 : 2;

    test(`${mode}: a reaction first, published with its note edited; plain ones approved at once`, async ({
      browser,
    }) => {
      // Diners post from their own addresses (one confirmation per client and restaurant), and
      // never open the restaurant's page, so that its cached data is not the old one.
      const diners = await contextOf(browser, javaScriptEnabled, "198.51.100.1", false);
      const post = async (address: string, form: Record<string, string>) => {
        const response = await diners.context.request.post(`/restaurant/${id}/confirm`, {
          form,
          headers: { "CF-Connecting-IP": address, Origin: server.origin },
          maxRedirects: 0,
        });
        expect(response.status(), address).toBe(303);
      };
      const month = monthsAgo(new Date(), 1);
      // Three plain ones (different answers: the same post twice within a minute is stored once).
      for (const [n, staff] of [
        [1, ""],
        [2, "knowledgeable"],
        [3, "unsure"],
      ] as const) {
        await post(`198.51.100.${10 * id + n}`, { condition: "celiac", visited: month, outcome: "ate-safely", staff });
      }
      await post(`198.51.100.${10 * id + 9}`, {
        condition: "celiac",
        visited: month,
        outcome: "reacted",
        note: `Ill after the fries, call me on 555-0100 (${mode}).`,
      });
      await diners.context.close();

      const { context, page } = await contextOf(browser, javaScriptEnabled, `192.0.2.${50 + id}`, true);
      await page.goto("/review");
      const reaction = page
        .getByTestId("review-confirmation")
        .filter({ hasText: `Queue Confirm Cafe ${id === 1 ? "One" : "Two"}` });
      await expect(reaction).toHaveCount(1);
      // Reactions come before everything else on the page.
      await expect(page.getByTestId("review-confirmation").first()).toContainText("Reacted");
      await reaction.getByLabel("Their note (published as written here)").fill(`Ill after the fries (${mode}).`);
      await reaction.getByRole("button", { name: "Approve: publish" }).click();
      await expect(page).toHaveURL(/\/review$/);

      const plain = page.getByTestId("plain-confirmations");
      await expect(plain.getByTestId("plain-confirmation")).toHaveCount(3);
      await plain.getByRole("button", { name: "Approve all 3 listed" }).click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByTestId("plain-confirmations")).toHaveCount(0);
      await expect(page.getByText("Nothing is waiting.")).toBeVisible();

      await page.goto(`/restaurant/${id}`);
      const card = page.getByTestId("from-diners");
      await expect(card.getByTestId("diner-line")).toHaveText([
        /1 diner with celiac disease reported a reaction/,
        /3 diners with celiac disease ate here safely/,
      ]);
      await expect(card.getByText(`Ill after the fries (${mode}).`)).toBeVisible();
      await expect(card.getByText("555-0100")).toHaveCount(0);
      // The listing is as it was: diners do not verify it.
      await expect(page.getByTestId("verified").first()).toHaveText(
        id === 1 ? "Verified Jan 5, 2026" : "Not yet verified",
      );

      await page.goto(`/?q=${encodeURIComponent("Queue Confirm Cafe")}&confirmed=1`);
      await expect(page.getByTestId("restaurant-card")).toHaveCount(0);
      await page.goto(`/?q=${encodeURIComponent(`Queue Confirm Cafe ${id === 1 ? "One" : "Two"}`)}`);
      await expect(page.getByTestId("confirmation-line")).toHaveAttribute("data-warning", "true");
      await context.close();
    });
  }
});
