// Layout that holds (issue 28): at 320, 360 and 390 px, with JavaScript on and off, no page of
// the sample data, nor of a restaurant whose every text is 200 characters without a space
// (tests/fixtures/long-row.ts), is wider than the screen: nothing scrolls sideways. The rows
// live in a database of their own (tests/e2e/own-server.ts), so that the shared e2e database
// keeps exactly the sample data. "@js" keeps the file to one project; it opens its own contexts.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { isCitySlug } from "~/lib/seo/landing";
import { US_STATES } from "~/lib/places/places";
import { LONG_ROW_ID, longRow, longRowSql } from "../fixtures/long-row";
import { referenceCities } from "../fixtures/reference-search";
import { sampleRestaurants } from "./support";
import { ownServer } from "./own-server";

const WIDTHS = [320, 360, 390] as const;

const rows = [...sampleRestaurants, { ...longRow, closed_at: null } as unknown as (typeof sampleRestaurants)[number]];
const cities = referenceCities(rows).filter((c) => Object.hasOwn(US_STATES, c.state) && isCitySlug(c.slug));
const states = [...new Set(cities.map((c) => c.state.toLowerCase()))];

const PAGES = {
  home: [
    "/",
    "/?q=longname",
    `/?q=${"x".repeat(200)}`,
    `/?location=${"y".repeat(200)}`,
    "/?location=Portland%2C+OR&radius=50",
    "/?location=Portlnd",
    "/?q=gluten+free+pizza&location=Portland%2C+OR",
    "/?diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&kitchen=separate-prep&kitchen=trained-staff&open=now",
    "/?page=2",
    "/?page=99",
    "/?cuisine=Thai&location=97201",
  ],
  restaurants: [...sampleRestaurants.map((r) => `/restaurant/${r.id}`), `/restaurant/${LONG_ROW_ID}`],
  landing: [
    "/us",
    ...states.map((st) => `/us/${st}`),
    ...cities.map((c) => `/us/${c.state.toLowerCase()}/${c.slug}`),
    "/us/or/portland/gluten-free",
    "/us/or/portland/gluten-free/dedicated",
  ],
  other: [
    "/submit-restaurant",
    `/restaurant/${LONG_ROW_ID}/report`,
    "/restaurant/1/report",
    "/our-mission",
    "/contact-us",
    "/privacy-policy",
    "/terms-of-service",
    "/no-such-page",
    "/restaurant/999999",
  ],
};

/** How far the page reaches past the screen's right edge (0: nothing scrolls sideways), and what sticks out. */
async function overflow(page: Page): Promise<{ by: number; what: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const what = Array.from(document.querySelectorAll("body *"))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => !element.closest(".sr-only") && getComputedStyle(element).position !== "fixed")
      .slice(0, 3)
      .map((element) => `<${element.localName} class="${element.getAttribute("class") ?? ""}">`);
    return { by: document.documentElement.scrollWidth - width, what };
  });
}

async function checkAll(browser: Browser, origin: string, javaScriptEnabled: boolean, paths: string[]) {
  const context = await browser.newContext({
    javaScriptEnabled,
    baseURL: origin,
    viewport: { width: 320, height: 700 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  try {
    for (const path of paths) {
      await page.setViewportSize({ width: WIDTHS[0], height: 700 });
      await page.goto(path);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 700 });
        const { by, what } = await overflow(page);
        if (by > 0) problems.push(`${path} at ${width} px: ${by} px too wide (${what.join(", ")})`);
      }
    }
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
}

test.describe("narrow screens: nothing scrolls sideways @js", () => {
  test.describe.configure({ mode: "serial" });
  const server = ownServer({
    name: "narrow",
    what: "the sample data and a row of long unbroken texts",
    sql: () => `${readFileSync("seed/d1.sql", "utf8")}\n${longRowSql()}\n`,
  });

  for (const javaScriptEnabled of [true, false]) {
    for (const [group, paths] of Object.entries(PAGES)) {
      test(`${group}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
        test.setTimeout(300_000);
        await checkAll(browser, server.origin, javaScriptEnabled, paths);
      });
    }

    test(`a refused suggestion with long values, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
      browser,
    }) => {
      const { context, page } = await server.newPage(browser, javaScriptEnabled);
      try {
        await page.setViewportSize({ width: 320, height: 700 });
        await page.goto("/submit-restaurant");
        await page.getByLabel("Restaurant Name").fill("n".repeat(200));
        await page.getByLabel("City").fill("c".repeat(200));
        await page.getByLabel("State").fill("OR");
        // The browser lets any scheme through; the server refuses it, with its message beside the field.
        await page.getByLabel("Website URL").fill(`ftp://${"w".repeat(180)}`);
        await page.getByRole("button", { name: "Submit Restaurant" }).click();
        await expect(page.getByTestId("form-errors")).toBeVisible();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 700 });
          expect((await overflow(page)).by, `at ${width} px`).toBe(0);
        }
      } finally {
        await context.close();
      }
    });
  }
});
