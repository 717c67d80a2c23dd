// Confirmations from diners in a real browser, with JavaScript on and off
// (docs/decisions/0022-confirmations-from-diners.md): the restaurant page's 'From diners' card, the line on cards, the 'Confirmed by diners'
// toggle, and the form 'Ate here? Tell other diners' (messages beside the fields with the
// values kept, 'Thank you!' once, one per restaurant in 30 days, 404 and 410). Expectations come
// from the sample data through the reference rules (support.ts) and, for the words, the app's
// own text module (its wording is checked word by word in app/lib/trust/confirmations.test.ts).
import { expect, test } from "@playwright/test";
import { cardLine, dinerLines, type ConfirmationTally } from "~/lib/trust/confirmations";
import { monthsAgo, referenceTallies } from "../fixtures/reference-search";
import {
  expectCards,
  expectNotice,
  expectUsableAt360,
  expectedNames,
  pressToggle,
  sampleRestaurants,
  submitForm,
} from "./support";

// One client address per project, so the per-client limits count these tests alone.
test.use({
  extraHTTPHeaders: async ({ javaScriptEnabled }, use) =>
    use({ "CF-Connecting-IP": javaScriptEnabled ? "203.0.113.61" : "203.0.113.62" }),
});

const THANKS = ["Thank you!", "Your confirmation has been received. Our team will review it shortly."] as const;
const row = (id: number) => sampleRestaurants.find((r) => r.id === id)!;
const tallies = (id: number, months: number) => referenceTallies(row(id), months) as ConfirmationTally[];

test.describe("confirmations from diners", () => {
  test("the restaurant page: lines per condition, a reaction first in the warning style, then the confirmations", async ({
    page,
  }) => {
    // Saffron Thread (5): a celiac diner reacted within the 24 months.
    await page.goto("/restaurant/5");
    const card = page.getByTestId("from-diners");
    await expect(card.getByRole("heading", { level: 2, name: "From diners" })).toBeVisible();
    const expected = dinerLines(tallies(5, 24));
    expect(expected[0]?.warning).toBe(true);
    // (A warning line starts with its sign, hidden from screen readers.)
    await expect(card.getByTestId("diner-line")).toHaveText(expected.map((l) => (l.warning ? `⚠ ${l.text}` : l.text)));
    await expect(card.getByTestId("diner-line").first()).toHaveAttribute("data-warning", "true");
    const listed = row(5).confirmations!.length;
    await expect(card.getByTestId("diner-confirmation")).toHaveCount(listed);
    // Newest visit first; what the diner said, as text.
    await expect(card.getByTestId("diner-confirmation").first()).toContainText("Celiac disease · Reacted");
    await expect(card.getByText("The server was not sure whether the naan shares the oven.")).toBeVisible();
    // Not the team's verification: the page's 'Verified …' is unchanged by diners.
    await expect(page.getByTestId("verified").first()).toHaveText("Verified Sep 15, 2026");
  });

  test("no confirmation yet: the card says so and links to the form", async ({ page }) => {
    await page.goto("/restaurant/13");
    const card = page.getByTestId("from-diners");
    await expect(card.getByTestId("diners-none")).toHaveText("No diner has told us about this restaurant yet.");
    await card.getByRole("link", { name: "Ate here? Tell other diners" }).click();
    await expect(page).toHaveURL(/\/restaurant\/13\/confirm$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ate here? Tell other diners" })).toBeVisible();
  });

  test("only visits older than 24 months: no line, but the confirmation is listed", async ({ page }) => {
    await page.goto("/restaurant/53");
    const card = page.getByTestId("from-diners");
    await expect(card.getByTestId("diner-line")).toHaveCount(dinerLines(tallies(53, 24)).length);
    await expect(card.getByTestId("diner-confirmation")).toHaveCount(1);
    await expect(card.getByTestId("diners-none")).toHaveCount(0);
  });

  test("cards: one line for the last 12 months, a reaction winning over safe visits", async ({ page }) => {
    for (const id of [1, 2, 5, 7, 47, 30, 40]) {
      await page.goto(`/?q=${encodeURIComponent(row(id).name)}`);
      const card = page
        .getByTestId("restaurant-card")
        .filter({ hasText: row(id).name })
        .first();
      const line = cardLine(tallies(id, 12));
      if (line) {
        await expect(card.getByTestId("confirmation-line"), String(id)).toHaveText(
          line.warning ? `⚠ ${line.text}` : line.text,
        );
        if (line.warning) await expect(card.getByTestId("confirmation-line")).toHaveAttribute("data-warning", "true");
      } else {
        await expect(card.getByTestId("confirmation-line"), String(id)).toHaveCount(0);
      }
    }
    expect(cardLine(tallies(5, 12))?.warning).toBe(true);
  });

  test("landing pages: the cards' line, and a way to the city's places confirmed by diners", async ({ page }) => {
    await page.goto("/us/or/portland");
    const card = page
      .getByTestId("restaurant-card")
      .filter({ hasText: row(7).name })
      .first();
    const line = cardLine(tallies(7, 12));
    if (line) await expect(card.getByTestId("confirmation-line")).toHaveText(line.text);
    await page.getByTestId("confirmed-link").click();
    await expect(page).toHaveURL(/\/\?location=Portland%2C\+OR&confirmed=1$/);
    await expectCards(page, expectedNames({ location: "Portland, OR", confirmed: true }).names);
  });

  test("the toggle 'Confirmed by diners' keeps every other parameter and narrows the list", async ({ page }) => {
    await page.goto("/?location=Portland%2C+OR&diet=gluten-free");
    await pressToggle(page, "Confirmed by diners", /\/\?location=Portland%2C\+OR&diet=gluten-free&confirmed=1$/);
    const { names } = expectedNames({ location: "Portland, OR", diets: ["gluten-free"], confirmed: true });
    expect(names.length).toBeGreaterThan(0);
    await expectCards(page, names);
    // Everywhere: with no diet, any condition; a reaction from anyone leaves a place out.
    await page.goto("/?confirmed=1");
    await expectCards(page, expectedNames({ confirmed: true }).names);
    expect(expectedNames({ confirmed: true }).names).not.toContain(row(5).name);
  });

  test("the form: messages beside the fields and the values kept (400)", async ({ page }) => {
    await page.goto("/restaurant/7/confirm");
    // The browser's own checks (required fields) would stop the post: taken off, the server's speak.
    await page.evaluate(() => document.querySelectorAll("[required]").forEach((e) => e.removeAttribute("required")));
    await page.getByLabel("I ate safely").check();
    await page.getByLabel("What did you order? (optional)").fill("Pho");
    await page.getByLabel("Dedicated fryer").check();
    const response = await submitForm(page, "Send Confirmation");
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("error-condition")).toHaveText("Please choose who ate.");
    await expect(page.getByTestId("error-visited")).toHaveText("Please choose the month of your visit.");
    await expect(page.getByLabel("I ate safely")).toBeChecked();
    await expect(page.getByLabel("Dedicated fryer")).toBeChecked();
    await expect(page.getByLabel("What did you order? (optional)")).toHaveValue("Pho");
  });

  test("a confirmation: back on the restaurant with 'Thank you!' once; a second within 30 days: 429", async ({
    page,
    javaScriptEnabled,
  }) => {
    const id = javaScriptEnabled ? 2 : 4;
    await page.goto(`/restaurant/${id}/confirm`);
    await page.getByLabel("Celiac disease").check();
    await page.getByLabel("When did you eat there?").selectOption(monthsAgo(new Date(), 1));
    await page.getByLabel("I ate safely").check();
    await page.getByLabel("Staff were knowledgeable").check();
    await page.getByLabel("A marked gluten-free menu").check();
    await page.getByLabel("Anything else other diners should know? (optional)").fill("Asked for the allergen book.");
    await page.getByRole("button", { name: "Send Confirmation" }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${id}$`));
    await expectNotice(page, javaScriptEnabled, ...THANKS);
    if (!javaScriptEnabled) {
      await page.reload();
      await expect(page.getByTestId("server-notice")).toHaveCount(0);
    }
    // Not public until the team approves it.
    await expect(page.getByText("Asked for the allergen book.")).toHaveCount(0);

    await page.goto(`/restaurant/${id}/confirm`);
    await page.getByLabel("Vegan", { exact: true }).check();
    await page.getByLabel("When did you eat there?").selectOption(monthsAgo(new Date(), 0));
    await page.getByLabel("I reacted").check();
    const response = await submitForm(page, "Send Confirmation");
    expect(response.status()).toBe(429);
    await expect(page.getByTestId("form-error")).toHaveText("You have already told us about this restaurant recently.");
    // The values are kept.
    await expect(page.getByLabel("I reacted")).toBeChecked();
    await expect(page.getByLabel("Vegan", { exact: true })).toBeChecked();
  });

  test("an unknown restaurant has no form (404); a closed one, 410", async ({ page }) => {
    expect((await page.goto("/restaurant/999999/confirm"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Restaurant Not Found" })).toBeVisible();
    expect((await page.goto("/restaurant/45/confirm"))?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "Permanently closed" })).toBeVisible();
  });

  test("the report form sends diners who ate well to the confirmation", async ({ page }) => {
    await page.goto("/restaurant/1/report");
    await expect(page.getByLabel("I ate here recently and the dietary information is right")).toHaveCount(0);
    await page.getByTestId("confirm-instead").click();
    await expect(page).toHaveURL(/\/restaurant\/1\/confirm$/);
  });

  test("usable at 360 px: nothing wider than the screen", async ({ page }) => {
    await expectUsableAt360(page, ["/restaurant/7/confirm", "/restaurant/5"]);
  });
});
