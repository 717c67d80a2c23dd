// The review queue in a real browser, JavaScript on and off, behind a locally signed Access
// token (scripts/lib/access-keys.mjs serves the keys; the Worker checks the token exactly as
// it checks Cloudflare Access's): no token, nothing of the queue; a suggestion sent through
// the public form appears, is approved with an edit and becomes a restaurant the search
// finds; a report that the place closed is approved and the restaurant is closed (410); a
// second decision is 409. On a server and database of its own (tests/e2e/own-server.ts),
// so the shared e2e database keeps exactly the sample data.
// "@js" keeps the file to one project; the pages are opened in contexts made here.
import { expect, test, type Browser } from "@playwright/test";
import { startLocalAccess } from "../../scripts/lib/access-keys.mjs";
import { ownServer } from "./own-server";

let access: Awaited<ReturnType<typeof startLocalAccess>>;

test.describe("the review queue @js", () => {
  test.describe.configure({ mode: "serial" });
  // Before the server starts: it is told where the keys are.
  test.beforeAll(async () => {
    access = await startLocalAccess();
  });
  test.afterAll(async () => {
    await access?.close();
  });
  const server = ownServer({
    name: "review",
    what: "two restaurants to report on",
    sql: () =>
      [
        "INSERT INTO restaurants (id, name, city, state, zip_code, is_vegan) VALUES",
        "(1, 'Queue Report Cafe One', 'Portland', 'OR', '97201', 1),",
        "(2, 'Queue Report Cafe Two', 'Portland', 'OR', '97201', 0);",
      ].join("\n"),
    vars: () => access.vars,
  });

  async function reviewer(browser: Browser, javaScriptEnabled: boolean, address: string) {
    const context = await browser.newContext({
      javaScriptEnabled,
      baseURL: server.origin,
      extraHTTPHeaders: { "CF-Connecting-IP": address },
    });
    await context.addCookies([
      { name: "CF_Authorization", value: await access.sign({ email: "reviewer@example.test" }), url: server.origin },
    ]);
    return { context, page: await context.newPage() };
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "no-js";

    test(`${mode}: without a valid token the queue answers 403 and shows nothing of it`, async ({ browser }) => {
      const { context, page } = await server.newPage(browser, javaScriptEnabled);
      const response = await page.goto("/review");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
      await expect(page.getByText("Review queue")).toHaveCount(0);
      await context.addCookies([{ name: "CF_Authorization", value: "not.a.token", url: server.origin }]);
      expect((await page.goto("/review"))?.status()).toBe(403);
      await context.close();
    });

    test(`${mode}: a suggestion is approved with an edit and published`, async ({ browser }) => {
      // The form's 3 s of simulated delays (1.5 s to send, 1.5 s before the redirect home) and
      // six page loads: triple time, for a busy machine.
      test.slow();
      const { context, page } = await reviewer(
        browser,
        javaScriptEnabled,
        javaScriptEnabled ? "192.0.2.31" : "192.0.2.32",
      );
      const name = `Queue Bistro ${mode}`;
      await page.goto("/submit-restaurant");
      await page.getByLabel("Restaurant Name").fill(name);
      await page.getByLabel("City").fill("Portland");
      await page.getByLabel("State").fill("OR");
      await page.getByLabel("Zip Code").fill("97201");
      await page.getByLabel("Vegan options").check();
      await page.getByRole("button", { name: "Submit Restaurant" }).click();
      await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });

      const response = await page.goto("/review");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();
      const item = page.getByTestId("review-item").filter({ hasText: name });
      await expect(item).toHaveCount(1);
      await expect(item.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(item.getByLabel("Vegan options")).toBeChecked();
      await item.getByLabel("Hours (comma-separated)").fill("Daily 11am-9pm");
      await item.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByTestId("review-item").filter({ hasText: name })).toHaveCount(0);

      await page.goto(`/?q=${encodeURIComponent(name)}`);
      await expect(page.getByTestId("restaurant-card").filter({ hasText: name })).toHaveCount(1);
      await page.getByRole("link", { name }).first().click();
      await expect(page.getByText("Daily 11am-9pm")).toBeVisible();
      await context.close();
    });

    test(`${mode}: a 'closed' report beside its listing, approved: the restaurant is closed (410); again: 409`, async ({
      browser,
    }) => {
      // Seven page loads and a post on a server of its own: triple time, for a busy machine.
      test.slow();
      const { context, page } = await reviewer(
        browser,
        javaScriptEnabled,
        javaScriptEnabled ? "192.0.2.41" : "192.0.2.42",
      );
      const id = javaScriptEnabled ? 1 : 2;
      const details = `Boarded up (${mode}).`;
      await page.goto(`/restaurant/${id}/report`);
      await page.getByLabel("It has closed permanently").check();
      await page.getByLabel("Details").fill(details);
      await page.getByRole("button", { name: "Send Report" }).click();
      await expect(page).toHaveURL(new RegExp(`/restaurant/${id}$`));

      await page.goto("/review");
      const item = page.getByTestId("review-item").filter({ hasText: details });
      await expect(item.getByTestId("review-listing")).toContainText(`Queue Report Cafe ${id === 1 ? "One" : "Two"}`);
      const action = await item.locator("form").getAttribute("action");
      await item.getByRole("button", { name: "Approve: mark closed" }).click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByTestId("review-item").filter({ hasText: details })).toHaveCount(0);

      // Closed: nothing left to report (410) at once. (The restaurant's own page follows within
      // its cache lifetime: its data is cached for 60 s.)
      const gone = await page.goto(`/restaurant/${id}/report`);
      expect(gone?.status()).toBe(410);
      const again = await context.request.post(action!, { form: { decision: "reject" }, maxRedirects: 0 });
      expect(again.status()).toBe(409);
      await context.close();
    });
  }
});
