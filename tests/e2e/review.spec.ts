// The review queue in a real browser, JavaScript on and off, behind a locally signed Access
// token (scripts/lib/access-keys.mjs serves the keys; the Worker checks the token exactly as
// it checks Cloudflare Access's): no token, nothing of the queue; a suggestion sent through
// the public form is approved with an edit and becomes a restaurant the search finds, verified
// only when the reviewer says so and how ('Verified {date} by phone'); a report that the place
// closed is approved and the restaurant is closed (410), after which its other reports can only
// be rejected or approved with 'Reopen'; two reports decided from pages loaded at the same time:
// the second answers 409 with the listing as it is now, and both corrections stand in the end,
// each in the listing's history; the description keeps its paragraphs; every answer is
// no-store. On a server and database of its own (tests/e2e/own-server.ts), so the shared e2e
// database keeps exactly the sample data.
// "@js" keeps the file to one project; the pages are opened in contexts made here.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatDay, todayUtc } from "~/lib/trust/trust";
import { reviewServer } from "./review-server";

/** Restaurants 1-12: each test and mode has its own. */
const RESTAURANTS = Array.from({ length: 12 }, (_, i) => i + 1);

test.describe("the review queue @js", () => {
  test.describe.configure({ mode: "serial" });
  const { server, reviewerToken, contextOf } = reviewServer({
    name: "review",
    what: "restaurants to report on",
    sql: () =>
      [
        "INSERT INTO restaurants (id, name, city, state, zip_code, is_vegan, phone_number, hours_of_operation, description) VALUES",
        RESTAURANTS.map(
          (id) =>
            `(${id}, 'Queue Cafe ${id}', 'Portland', 'OR', '97201', ${id % 2}, '(555) 010-02${String(id).padStart(2, "0")}', 'Mon-Fri 9am-5pm', 'Cafe ${id}.')`,
        ).join(",\n") + ";",
      ].join("\n"),
  });

  async function sendReport(page: Page, id: number, label: string, details: string) {
    await page.goto(`/restaurant/${id}/report`);
    await page.getByLabel(label).check();
    await page.getByLabel("Details").fill(details);
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${id}$`));
  }

  /** Clicks a decision button and returns the answer to the post (a document or, with JavaScript, its .data). */
  async function decide(page: Page, button: ReturnType<Page["getByRole"]>) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      button.click(),
    ]);
    return response;
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "no-js";
    // Restaurants of this mode: js 1-6, no-js 7-12.
    const own = (n: number) => (javaScriptEnabled ? n : n + 6);
    // Each test's reviewer writes from addresses of its own: 192.0.2.{block + 1} with JavaScript, {block + 2} without.
    const reviewer = (browser: Browser, block: number) =>
      contextOf(browser, javaScriptEnabled, `192.0.2.${block + (javaScriptEnabled ? 1 : 2)}`);

    test(`${mode}: without a valid token the queue answers 403 and shows nothing of it`, async ({ browser }) => {
      const { context, page } = await server.newPage(browser, javaScriptEnabled);
      const response = await page.goto("/review");
      expect(response?.status()).toBe(403);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
      await expect(page.getByText("Review queue")).toHaveCount(0);
      await context.addCookies([{ name: "CF_Authorization", value: "not.a.token", url: server.origin }]);
      expect((await page.goto("/review"))?.status()).toBe(403);
      await context.close();
    });

    test(`${mode}: a suggestion is approved with an edit; verified only when said, and how`, async ({ browser }) => {
      // The form's 3 s of simulated delays, twice, and a dozen page loads: triple time, for a busy machine.
      test.slow();
      const { context, page } = await reviewer(browser, 30);
      const names = [`Queue Bistro ${mode}`, `Queue Checked Bistro ${mode}`];
      for (const name of names) {
        await page.goto("/submit-restaurant");
        await page.getByLabel("Restaurant Name").fill(name);
        await page.getByLabel("City").fill("Portland");
        await page.getByLabel("State").fill("Oregon");
        await page.getByLabel("Zip Code").fill("97201");
        await page.getByLabel("Vegan options").check();
        await page.getByRole("button", { name: "Submit Restaurant" }).click();
        await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
      }

      const response = await page.goto("/review?kind=restaurant");
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();
      const item = page.getByTestId("review-item").filter({ hasText: names[0] });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(names[0]!);
      await expect(item.getByLabel("State", { exact: true })).toHaveValue("OR");
      await expect(item.getByLabel("Vegan options")).toBeChecked();
      await item.getByLabel("Hours (comma-separated)").fill("Daily 11am-9pm");
      const approved = await decide(page, item.getByRole("button", { name: "Approve", exact: true }));
      expect(approved.headers()["cache-control"]).toBe("private, no-store");
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByTestId("review-item").filter({ hasText: names[0] })).toHaveCount(0);

      // The second: 'I verified these facts' without saying how is refused beside the field.
      const checked = page.getByTestId("review-item").filter({ hasText: names[1] });
      await checked.getByLabel("I verified these facts").check();
      const refused = await decide(page, checked.getByRole("button", { name: "Approve", exact: true }));
      expect(refused.status()).toBe(400);
      const again = page.getByTestId("review-item").filter({ hasText: names[1] });
      await expect(again.getByText("Please say how you verified these facts.")).toBeVisible();
      await again.getByLabel("I verified these facts").check();
      await again.getByLabel("How", { exact: true }).selectOption("phone");
      await decide(page, again.getByRole("button", { name: "Approve", exact: true }));
      await expect(page).toHaveURL(/\/review$/);

      await page.goto(`/?q=${encodeURIComponent(names[0]!)}`);
      await expect(page.getByTestId("restaurant-card").filter({ hasText: names[0] })).toHaveCount(1);
      await page.getByRole("link", { name: names[0] }).first().click();
      await expect(page.getByText("Daily 11am-9pm")).toBeVisible();
      await expect(page.getByTestId("verified")).toHaveText("Not yet verified");

      await page.goto(`/?q=${encodeURIComponent(names[1]!)}`);
      const verified = `Verified ${formatDay(todayUtc())} by phone`;
      await expect(
        page.getByTestId("restaurant-card").filter({ hasText: names[1] }).getByTestId("verified"),
      ).toHaveText(verified);
      await page.getByRole("link", { name: names[1] }).first().click();
      await expect(page.getByTestId("verified")).toHaveText(verified);
      await context.close();
    });

    test(`${mode}: 'closed' approved: the restaurant is closed (410); its other report only with 'Reopen'; again: 409`, async ({
      browser,
    }) => {
      // Twelve page loads and posts on a server of its own: triple time, for a busy machine.
      test.slow();
      const { context, page } = await reviewer(browser, 40);
      const id = own(1);
      const details = `Boarded up (${mode}).`;
      const hours = `Open on Sundays now (${mode}).`;
      await sendReport(page, id, "The hours are wrong", hours);
      await sendReport(page, id, "It has closed permanently", details);

      await page.goto("/review?kind=report");
      const item = page.getByTestId("review-item").filter({ hasText: details });
      await expect(item.getByTestId("review-listing")).toContainText(`Queue Cafe ${id}`);
      await expect(item).toContainText("Safety first");
      const action = await item.locator("form").getAttribute("action");
      await item.getByRole("button", { name: "Approve: mark closed" }).click();
      await expect(page).toHaveURL(/\/review\?kind=report$|\/review$/);
      await expect(page.getByTestId("review-item").filter({ hasText: details })).toHaveCount(0);

      // Closed: nothing left to report (410) at once. (The restaurant's own page follows within
      // its cache lifetime: its data is cached for 60 s.)
      const gone = await page.goto(`/restaurant/${id}/report`);
      expect(gone?.status()).toBe(410);
      const again = await context.request.post(action!, { form: { decision: "reject" }, maxRedirects: 0 });
      expect(again.status()).toBe(409);

      // The hours report on the closed listing: approving it is 409, nothing verified.
      await page.goto("/review?kind=report");
      const other = page.getByTestId("review-item").filter({ hasText: hours });
      await expect(other.getByTestId("review-closed")).toBeVisible();
      await other.getByLabel("I verified these facts").check();
      await other.getByLabel("How", { exact: true }).selectOption("phone");
      const refused = await decide(page, other.getByRole("button", { name: "Approve", exact: true }));
      expect(refused.status()).toBe(409);
      await expect(page.getByTestId("review-answer")).toContainText("marked closed");
      // With 'Reopen' it goes through, and closed_at is cleared.
      const retry = page.getByTestId("review-item").filter({ hasText: hours });
      await retry.getByLabel("Reopen: the restaurant is in business again").check();
      await retry.getByLabel("Hours (comma-separated)").fill("Daily 10am-4pm");
      await decide(page, retry.getByRole("button", { name: "Approve", exact: true }));
      await expect(page).toHaveURL(/\/review$/);
      expect((await page.goto(`/restaurant/${id}/report`))?.status()).toBe(200);
      const history = await page.goto(`/review/restaurant/${id}`);
      expect(history?.headers()["cache-control"]).toBe("no-store");
      const changes = page.getByTestId("listing-change");
      await expect(changes.filter({ hasText: "Closed" })).toHaveCount(2);
      await expect(changes.filter({ hasText: "Daily 10am-4pm" })).toHaveCount(1);
      await context.close();
    });

    test(`${mode}: two reports decided from pages loaded at the same time: the second is 409, nothing undone`, async ({
      browser,
    }) => {
      // Two tabs, ten page loads and posts: triple time, for a busy machine.
      test.slow();
      const { context, page } = await reviewer(browser, 50);
      const id = own(2);
      const hours = `New hours (${mode}).`;
      const phone = `New phone (${mode}).`;
      await sendReport(page, id, "The hours are wrong", hours);
      await sendReport(page, id, "The address, phone or website is wrong", phone);

      // Two tabs, loaded at the same time.
      await page.goto("/review?kind=report");
      const second = await context.newPage();
      await second.goto("/review?kind=report");

      const first = page.getByTestId("review-item").filter({ hasText: hours });
      await first.getByLabel("Hours (comma-separated)").fill("Tue-Sun 8am-3pm");
      await decide(page, first.getByRole("button", { name: "Approve", exact: true }));
      await expect(page).toHaveURL(/\/review$/);

      const stale = second.getByTestId("review-item").filter({ hasText: phone });
      await stale.getByLabel("Phone", { exact: true }).fill("(555) 010-0299");
      const conflict = await decide(second, stale.getByRole("button", { name: "Approve", exact: true }));
      expect(conflict.status()).toBe(409);
      expect(conflict.headers()["cache-control"]).toBe("private, no-store");
      await expect(second.getByTestId("review-answer")).toContainText("the listing changed");
      // The form again, from the listing as it is now: the new hours are there.
      const fresh = second.getByTestId("review-item").filter({ hasText: phone });
      await expect(fresh.getByLabel("Hours (comma-separated)")).toHaveValue("Tue-Sun 8am-3pm");
      await expect(fresh.getByTestId("review-listing")).toContainText("Tue-Sun 8am-3pm");
      await fresh.getByLabel("Phone", { exact: true }).fill("(555) 010-0299");
      await decide(second, fresh.getByRole("button", { name: "Approve", exact: true }));
      await expect(second).toHaveURL(/\/review$/);

      await page.goto(`/review/restaurant/${id}`);
      const changes = page.getByTestId("listing-change");
      await expect(changes.filter({ hasText: "Tue-Sun 8am-3pm" })).toHaveCount(1);
      await expect(changes.filter({ hasText: "(555) 010-0299" })).toHaveCount(1);
      await expect(changes.first()).toContainText("reviewer@example.test");
      await context.close();
    });

    test(`${mode}: the description is edited in a multi-line box and keeps its paragraphs`, async ({ browser }) => {
      test.slow();
      const { context, page } = await reviewer(browser, 60);
      const id = own(3);
      const details = `Please mention the shared fryer (${mode}).`;
      await sendReport(page, id, "Something else", details);
      await page.goto("/review?kind=report");
      const item = page.getByTestId("review-item").filter({ hasText: details });
      const description = item.getByLabel("Description");
      expect(await description.evaluate((element) => element.tagName)).toBe("TEXTAREA");
      await description.fill("Family run.\n\nThe fryer is shared: ask for grilled dishes.");
      await decide(page, item.getByRole("button", { name: "Approve", exact: true }));
      await expect(page).toHaveURL(/\/review$/);
      await page.goto(`/review/restaurant/${id}`);
      const after = page.getByTestId("listing-change").filter({ hasText: "Family run." }).locator("td").nth(4);
      expect(await after.evaluate((cell) => cell.textContent)).toBe(
        "Family run.\n\nThe fryer is shared: ask for grilled dishes.",
      );
      await context.close();
    });
  }

  test("every response under /review is no-store: pages, .data, errors; a decision's answer private, no-store", async ({
    playwright,
  }) => {
    const token = await reviewerToken();
    const request = await playwright.request.newContext({
      baseURL: server.origin,
      extraHTTPHeaders: { "Cf-Access-Jwt-Assertion": token },
    });
    for (const [path, status] of [
      ["/review", 200],
      ["/review.data", 200],
      ["/review?kind=report&page=2", 200],
      ["/review/restaurant/1", 200],
      ["/review/restaurant/1.data", 200],
      ["/review/999999", 404],
      ["/review/999999.data", 404],
      ["/review/restaurant/999999", 404],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(status);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
    const anonymous = await playwright.request.newContext({ baseURL: server.origin });
    for (const path of ["/review", "/review.data"]) {
      const response = await anonymous.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
    const decided = await request.post("/review/999999", { form: { decision: "reject" }, maxRedirects: 0 });
    expect(decided.status()).toBe(404);
    expect(decided.headers()["cache-control"]).toBe("private, no-store");
    await request.dispose();
    await anonymous.dispose();
  });

  test("issue 37: without a token every request under /review is 403, .data of the root included; other methods 405", async ({
    playwright,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL: server.origin });
    for (const path of [
      "/review.data?_routes=root",
      "/review/1.data?_routes=root",
      "/review/restaurant/101.data?_routes=root",
      "/Review.data?_routes=root",
      "/review/no/such/page",
    ]) {
      const response = await anonymous.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(response.headers()["cache-control"], path).toBe("no-store");
      // A page carries the root's data as every page does; a .data answer carries nothing at all.
      const body = await response.text();
      expect(body, path).not.toContain("Review queue");
      if (path.includes(".data")) expect(body, path).not.toContain("siteName");
    }
    // A post without a token decides nothing: the queue's own 403 page.
    const posted = await anonymous.post("/review/1", { form: { decision: "reject" }, maxRedirects: 0 });
    expect(posted.status()).toBe(403);
    await expect(posted.text()).resolves.toContain("Forbidden");

    const request = await playwright.request.newContext({
      baseURL: server.origin,
      extraHTTPHeaders: { "Cf-Access-Jwt-Assertion": await reviewerToken() },
    });
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const response = await request.fetch("/review/1", { method, form: { decision: "reject" }, maxRedirects: 0 });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow, method).toBe("GET, HEAD, POST");
    }
    await request.dispose();
    await anonymous.dispose();
  });
});
