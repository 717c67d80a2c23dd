// The saved list (docs/saved.md), with JavaScript and without: 'Save'
// from a results page, the list at /saved, 'Remove', the 101st refused, the list as a link in a
// fresh browser, 'No longer listed' and 'Closed', and the files for maps apps.
import { expect, test, type Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { openRestaurants, sampleRestaurants } from "./support";

const cards = (page: Page) => page.getByTestId("restaurant-card");

/** The names of the first `n` cards of the home page's list. */
async function firstNames(page: Page, n: number): Promise<string[]> {
  await page.goto("/");
  await expect(cards(page).first()).toBeVisible();
  return Promise.all(Array.from({ length: n }, (_, i) => cards(page).nth(i).getByRole("heading").innerText()));
}

const entryNames = (page: Page) => page.getByTestId("saved-entry").getByRole("heading");

test("save three places from a results page, see them saved, reload, open /saved, remove one", async ({
  page,
  javaScriptEnabled,
}) => {
  const names = await firstNames(page, 3);
  for (const name of names) {
    await page.getByRole("button", { name: `Save ${name}`, exact: true }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: `Saved ${name}`, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    } else {
      // Without JavaScript the post answers 303 to the list.
      await expect(page).toHaveURL(/\/saved$/);
      await page.goto("/");
    }
  }
  if (javaScriptEnabled) {
    await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (3)");
    await page.reload();
    await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (3)");
    await expect(page.getByRole("button", { name: `Saved ${names[1]}`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  await page.getByTestId("saved-link-header").click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(entryNames(page)).toHaveText(names);
  // The list's map, with its pins after a client-side navigation too (the list has no
  // interactive map to take its place); the first cards of the home page have positions.
  await expect(page.getByTestId("static-map").getByTestId("static-pin")).toHaveText(["1", "2", "3"]);
  await expect(page.getByTestId("saved-link")).toHaveAttribute(
    "href",
    expect.stringMatching(/^\/saved\?ids=\d+,\d+,\d+$/),
  );
  await expect(page.getByText("a browser may clear its copy")).toBeVisible();

  await page.getByRole("button", { name: `Remove ${names[1]}`, exact: true }).click();
  await expect(entryNames(page)).toHaveText([names[0]!, names[2]!]);
  await page.goto("/");
  if (javaScriptEnabled) await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (2)");
});

test("the 101st place is refused with a notice and nothing saved is lost", async ({ page, context, baseURL }) => {
  const full = Array.from({ length: 100 }, (_, i) => 900_000 + i).join(",");
  await context.addCookies([{ name: "saved", value: encodeURIComponent(full), url: baseURL! }]);
  const [name] = await firstNames(page, 1);
  await page.getByRole("button", { name: `Save ${name}`, exact: true }).click();
  await expect(page.getByText("Your list is full: it holds 100 places. Remove one to save another.")).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "saved");
  expect(decodeURIComponent(cookie!.value)).toBe(full);
  await page.goto("/saved");
  await expect(page.getByTestId("saved-entry")).toHaveCount(100);
  await expect(page.getByTestId("saved-gone").first()).toContainText("No longer listed");
});

test("the list's link in a fresh browser: its order, duplicates and junk dropped, gone and closed marked, noindex", async ({
  browser,
  javaScriptEnabled,
}) => {
  const closed = sampleRestaurants.find((r) => r.closed_at !== null)!;
  const [a, b] = openRestaurants;
  const fresh = await browser.newContext({ javaScriptEnabled });
  const page = await fresh.newPage();
  const response = await page.goto(`/saved?ids=${b!.id},x,${a!.id},${b!.id},999999,${closed.id}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  await expect(page.getByTestId("saved-entry")).toHaveCount(4);
  await expect(entryNames(page)).toHaveText([b!.name, a!.name, closed.name]);
  await expect(page.getByTestId("saved-gone")).toContainText("No longer listed");
  await expect(page.getByTestId("saved-closed")).toHaveText(/^Closed [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // Someone else's list: no 'Remove', but each place can be saved to one's own.
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Save ${a!.name}`, exact: true })).toBeVisible();
  await fresh.close();
});

test("KML 2.2 and GPX 1.1 of a list, read by an XML parser @nojs", async ({ request }) => {
  const placed = openRestaurants.filter((r) => r.latitude !== null && r.longitude !== null).slice(0, 2);
  const ids = placed.map((r) => r.id).join(",");
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["Placemark", "wpt"].includes(name) });

  const kml = await request.get(`/saved.kml?ids=${ids}`);
  expect(kml.headers()["content-type"]).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
  const placemarks = parser.parse(await kml.text()).kml.Document.Placemark;
  expect(placemarks.map((p: { name: string }) => p.name)).toEqual(placed.map((r) => r.name));

  const gpx = await request.get(`/saved.gpx?ids=${ids}`);
  const waypoints = parser.parse(await gpx.text()).gpx.wpt;
  expect(waypoints.map((w: { name: string }) => w.name)).toEqual(placed.map((r) => r.name));
});

test("a post that names no place is refused with 400 @nojs", async ({ request }) => {
  const response = await request.post("/saved", { form: { add: "abc" }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
});

test("on paper: no buttons or controls, each page's link as text @nojs", async ({ page, context, baseURL }) => {
  const [a, b] = openRestaurants;
  await context.addCookies([{ name: "saved", value: `${a!.id}%2C${b!.id}`, url: baseURL! }]);
  await page.goto("/saved");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByTestId("saved-link")).toBeHidden();
  await expect(page.getByText(`${baseURL}/restaurant/${a!.id}`, { exact: true })).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByText(`${baseURL}/restaurant/${a!.id}`, { exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(2);
});

test("'Share this list' copies the list's link @js", async ({ page, context, baseURL }) => {
  const [a, b] = openRestaurants;
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await context.addCookies([{ name: "saved", value: `${b!.id}%2C${a!.id}`, url: baseURL! }]);
  await page.goto("/saved");
  await page.getByRole("button", { name: "Share this list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/saved?ids=${b!.id},${a!.id}`);
});
