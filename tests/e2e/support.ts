// What the sample directory should show, computed from the sample data itself (the same
// source the seed is generated from), the place data, and the reference statement of the
// search rules.
import { expect, type Locator, type Page, type Response } from "@playwright/test";
import { confirmations, photos, restaurants } from "../../data/sample-data.mjs";
import { loadPlaceData } from "../../scripts/generate-places";
import { US_STATES } from "../../app/lib/places/places";
import {
  byName,
  referenceCities,
  referenceCitySearch,
  referenceDirectorySearch,
  searchAsked,
  type ReferenceRestaurant,
  type SearchAsked,
} from "../fixtures/reference-search";

/** The sample restaurants, each with its published confirmations (the seed inserts them too). */
export const sampleRestaurants: ReferenceRestaurant[] = (restaurants as unknown as ReferenceRestaurant[]).map((r) => {
  const own = confirmations.filter((c) => c.restaurant_id === r.id).map((c) => ({ ...c, seen: [...c.seen] }));
  return own.length ? { ...r, confirmations: own } : r;
});
export const samplePhotos = photos;
const places = loadPlaceData();

/** What the sample directory answers a search (the docs' defaults but for `options`). */
export function expectedResults(options: Partial<SearchAsked>) {
  const result = referenceDirectorySearch(sampleRestaurants, places, searchAsked(options));
  const byId = new Map(sampleRestaurants.map((r) => [r.id, r.name]));
  return { ...result, names: result.ids.map((id) => byId.get(id)!) };
}

export function expectedNames(options: Parameters<typeof expectedResults>[0]) {
  const { names, total } = expectedResults(options);
  return { names, total };
}

/** The restaurants that lists show: closed ones are in none. */
export const openRestaurants = sampleRestaurants.filter((r) => r.closed_at === null);

export const allByName = [...openRestaurants].sort(byName);

/** The names on the result cards (in `scope`: the page, or a part of it). */
function cardNames(scope: Page | Locator): Locator {
  return scope.getByTestId("restaurant-card").locator("h3");
}

/**
 * Waits until the result cards show exactly these names, in order: a web-first assertion, so
 * a page that is still rendering (the URL changes before the new cards are there) is waited for.
 */
export async function expectCards(scope: Page | Locator, names: readonly string[]) {
  await expect(cardNames(scope)).toHaveText([...names], { useInnerText: true });
}

/**
 * A distance as a card shows it (docs/search-url.md): one decimal under 10 miles ('0.8 mi'),
 * whole miles from 10 ('12 mi', '1,204 mi'), and '< 0.1 mi' for less than a tenth.
 */
export function milesText(miles: number): string {
  const tenths = Math.round(miles * 10);
  if (tenths === 0) return "< 0.1 mi";
  if (tenths < 100) return `${Math.floor(tenths / 10)}.${tenths % 10} mi`;
  return `${Math.round(miles).toLocaleString("en-US")} mi`;
}

/** Types each value into the field its key labels, in order. */
export async function fillFields(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
}

/** Clicks the form's submit button `name`; the answer to its POST (a fetch with JavaScript, the page without). */
export async function submitForm(page: Page, name: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name }).click(),
  ]);
  return response;
}

/** A notice: a toast with JavaScript, the server-rendered notice without. */
export async function expectNotice(page: Page, javaScriptEnabled: boolean, title: string, description: string) {
  const scope = javaScriptEnabled ? page.locator("[role=region] li") : page.getByTestId("server-notice");
  await expect(scope.filter({ hasText: title }).first()).toBeVisible();
  await expect(scope.filter({ hasText: description }).first()).toBeVisible();
}

/**
 * The answer to a form sent once too often in a minute: 429 with the wait, never stored, and
 * the notice. With JavaScript the response is the action's .data answer, without it the page:
 * both carry the wait.
 */
export async function expectTooManySubmissions(page: Page, javaScriptEnabled: boolean, response: Response) {
  expect(response.status()).toBe(429);
  expect(response.headers()["retry-after"]).toBe("60");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  await expectNotice(page, javaScriptEnabled, "Too many submissions", "Please wait a minute and try again.");
}

/**
 * restaurant_cities of the sample directory in the US: the cities of the `/us/...` landing
 * pages (the rows abroad, data/sample-data.mjs's 112-177, have subdivision codes no US state has).
 */
export const sampleCities = referenceCities(sampleRestaurants).filter((city) => Object.hasOwn(US_STATES, city.state));

/** A city page's restaurants: the text rule for "City, ST" alone (no centre), by name. */
export function expectedLandingNames(
  city: string,
  state: string,
  diet: SearchAsked["diets"][number] | null = null,
): string[] {
  const { ids } = referenceCitySearch(sampleRestaurants, city, state, diet);
  const byId = new Map(sampleRestaurants.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * After a search the form and the filter buttons are folded away (<details>, docs/layout.md):
 * open one the way a visitor does, with a click on its summary, when it is folded. The home
 * page before a search shows the form unfolded; from 1024 px wide the filters are always open.
 */
export async function unfold(page: Page, which: "search" | "filters") {
  const details = page.getByTestId(which === "search" ? "search-disclosure" : "filters");
  if ((await details.count()) === 0) return;
  if (await details.evaluate((element) => (element as HTMLDetailsElement).open)) return;
  // From 1024 px wide the filters are open without a summary to click (docs/layout.md).
  if (!(await details.locator("summary").isVisible())) return;
  await details.locator("summary").click();
  await expect(details).toHaveJSProperty("open", true);
}

/**
 * Presses the filter toggle `name` as a visitor does (the filters unfolded first): not pressed
 * before; after, the URL matches `url` and the toggle on the new page says it is pressed.
 */
export async function pressToggle(page: Page, name: string, url: RegExp) {
  await unfold(page, "filters");
  const toggle = page.getByRole("button", { name });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page).toHaveURL(url);
  await unfold(page, "filters");
  await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
}

/** The page is no wider than the screen (nothing to scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, message?: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, message).toBeLessThanOrEqual(0);
}

/** Each of `paths`, on a screen 360 px wide: nothing wider than the screen. */
export async function expectUsableAt360(page: Page, paths: readonly string[]) {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of paths) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
}
