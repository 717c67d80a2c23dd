// Trust lines that say whose and when (issue 39, points 10-11, and 13): a card's line from diners names
// the condition of a reaction and of safe visits, and each count says its window (the card's
// 12 months, the restaurant page's 24), so the card and the page no longer seem to disagree.
// Expectations come from the sample data through the reference rules and the app's text module,
// and, for a line that must hold in any year, from rows of their own dated from today.
import { expect, test } from "@playwright/test";
import { CONFIRMATION_TEXT, cardLine, dinerLines, type ConfirmationTally } from "~/lib/trust/confirmations";
import { monthsAgo, referenceTallies } from "../fixtures/reference-search";
import { claimCheckedText, claimFlagText } from "~/lib/trust/claims";
import { sampleRestaurants, submitForm } from "./support";
import { axeViolations } from "./axe";
import { reviewServer } from "./review-server";

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
    test(`${name}: the sample's cards name the condition of a reaction, and of safe visits with their window`, async ({
      page,
      javaScriptEnabled,
    }) => {
      // 72: the sample's reaction (a diner with a dairy allergy, Feb 2026) while it is within the
      // card's 12 months, and its line from what is left once it is not; the rows of their own
      // below keep a reaction within the window whatever the date.
      const line72 = cardLine(tallies(72, 12));
      await page.goto(`/?q=${encodeURIComponent(row(72).name)}`);
      const card = page
        .getByTestId("restaurant-card")
        .filter({ hasText: row(72).name })
        .first();
      if (line72) {
        await expect(card.getByTestId("confirmation-line")).toHaveText(
          line72.warning ? `⚠ ${line72.text}` : line72.text,
        );
      } else {
        await expect(card).toBeVisible();
        await expect(card.getByTestId("confirmation-line")).toHaveCount(0);
      }
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

/** 'Oct 2026': a month (YYYY-MM) as the lines write it, worked out here rather than by the app. */
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

// Rows of their own, dated from today (one month back is inside the 12 months whatever the
// date and whichever clock, the test's or the database's, turns a month first), so that the
// card's reaction line is asserted word for word in any year; and a listing whose name claims
// '100% gluten-free' while its columns say options, through the review queue (point 12).
// "@js" keeps the describe to one project; the pages are opened in contexts made here.
test.describe("rows dated from today, and a name that claims more, on a server of their own @js", () => {
  test.describe.configure({ mode: "serial" });
  const now = new Date();
  const oneBack = monthsAgo(now, 1);
  const twoBack = monthsAgo(now, 2);
  const threeBack = monthsAgo(now, 3);
  const { contextOf } = reviewServer({
    name: "trust-lines",
    what: "restaurants with confirmations dated from today, and a bakery whose name claims 100%",
    sql: () =>
      [
        "INSERT INTO restaurants (id, name, city, state, zip_code, is_gluten_free, is_dairy_free, gluten_free_only, description) VALUES",
        "(1, 'Dated Reaction Kitchen', 'Portland', 'OR', '97201', 1, 1, 0, 'Curries.'),",
        "(2, 'Dated Safe Kitchen', 'Portland', 'OR', '97201', 1, 0, 0, 'Noodles.'),",
        "(3, '100% Gluten Free Bakery', 'Portland', 'OR', '97201', 1, 0, 0, 'Breads and cakes.'),",
        "(4, 'Plain Claims Bakery', 'Portland', 'OR', '97201', 1, 0, 0, 'Gluten-free options: breads and cakes.');",
        "INSERT INTO confirmations (restaurant_id, condition, visited, outcome) VALUES",
        `(1, 'celiac', '${twoBack}', 'ate-safely'),`,
        `(1, 'dairy-allergy', '${oneBack}', 'reacted'),`,
        `(2, 'celiac', '${threeBack}', 'ate-safely'),`,
        `(2, 'celiac', '${oneBack}', 'ate-safely'),`,
        `(2, 'vegan', '${twoBack}', 'ate-safely');`,
      ].join("\n"),
  });

  for (const [name, use] of [
    ["phone", PHONE],
    ["desk", DESK],
  ] as const) {
    for (const javaScriptEnabled of [true, false]) {
      const mode = `${name}, ${javaScriptEnabled ? "js" : "no-js"}`;
      test(`${mode}: a card names the condition of a reaction dated last month, and a count its window`, async ({
        browser,
      }, testInfo) => {
        const { context, page } = await contextOf(browser, javaScriptEnabled, "198.51.100.70", false);
        await page.setViewportSize(use.viewport);
        await page.goto("/?q=Dated");
        const card = (text: string) => page.getByTestId("restaurant-card").filter({ hasText: text });
        const reaction = card("Dated Reaction Kitchen").getByTestId("confirmation-line");
        await expect(reaction).toHaveText(`⚠ A diner with a dairy allergy reacted · ${monthLabel(oneBack)}`);
        await expect(card("Dated Safe Kitchen").getByTestId("confirmation-line")).toHaveText(
          `2 celiac diners ate safely in the last 12 months · latest ${monthLabel(oneBack)}`,
        );
        await testInfo.attach(`${mode}: a card with a reaction`, {
          body: await card("Dated Reaction Kitchen").screenshot(),
          contentType: "image/png",
        });
        expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);
        await context.close();
      });
    }
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "no-js";
    test(`${mode}: the review queue flags the name's claim; the restaurant page says which one the team checked`, async ({
      browser,
    }) => {
      // Reports sent through the public form, from an address per mode.
      const diner = await contextOf(browser, javaScriptEnabled, `198.51.100.${javaScriptEnabled ? 81 : 82}`, false);
      for (const id of [3, 4]) {
        await diner.page.goto(`/restaurant/${id}/report`);
        await diner.page.getByLabel("The dietary information is wrong").check();
        await diner.page.getByLabel("Details").fill(`They share the oven with wheat bread (${mode}, ${id}).`);
        await submitForm(diner.page, "Send Report");
        await expect(diner.page).toHaveURL(new RegExp(`/restaurant/${id}$`));
      }
      await diner.context.close();

      const { context, page } = await contextOf(browser, javaScriptEnabled, `192.0.2.${javaScriptEnabled ? 81 : 82}`);
      await page.goto("/review");
      const item = (id: number) =>
        page.getByTestId("review-item").filter({ hasText: `They share the oven with wheat bread (${mode}, ${id}).` });
      await expect(item(3).getByTestId("review-claims")).toHaveText(claimFlagText(["gluten-free"]));
      expect(claimFlagText(["gluten-free"])).toBe(
        "The name or description claims 100% gluten-free, which the listing's columns do not say. Check which is true.",
      );
      // The bakery whose words claim options only: no flag.
      await expect(item(4)).toHaveCount(1);
      await expect(item(4).getByTestId("review-claims")).toHaveCount(0);
      expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);

      await page.goto("/restaurant/3");
      await expect(page.getByTestId("claim-checked-gluten-free")).toHaveText(claimCheckedText("gluten-free"));
      expect(claimCheckedText("gluten-free")).toBe(
        "The name or description may say 100% gluten-free: our team checked this listing as gluten-free options, not a dedicated kitchen.",
      );
      await page.goto("/restaurant/4");
      await expect(page.locator("h1")).toHaveText("Plain Claims Bakery");
      await expect(page.locator("[data-testid^=claim-checked-]")).toHaveCount(0);
      await context.close();
    });
  }
});
