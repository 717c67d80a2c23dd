// What the sample directory should show, computed from the sample data itself (the same
// source the seed is generated from), the place data, and the reference statement of the
// search rules.
import { expect, type Page } from "@playwright/test";
import { confirmations, photos, restaurants } from "../../data/sample-data.mjs";
import type { Diet, MatchMode } from "~/lib/search/diet";
import type { LatLng } from "~/lib/places/places";
import type { Radius } from "~/lib/search/search-url";
import type { KitchenPractice } from "~/lib/trust/trust";
import { loadPlaceData } from "../../scripts/generate-places";
import {
  byName,
  referenceCities,
  referenceCitySearch,
  referenceDirectorySearch,
  type ReferenceRestaurant,
} from "../fixtures/reference-search";

/** The sample restaurants, each with its published confirmations (the seed inserts them too). */
export const sampleRestaurants: ReferenceRestaurant[] = (restaurants as unknown as ReferenceRestaurant[]).map((r) => {
  const own = confirmations.filter((c) => c.restaurant_id === r.id).map((c) => ({ ...c, seen: [...c.seen] }));
  return own.length ? { ...r, confirmations: own } : r;
});
export const samplePhotos = photos;
const places = loadPlaceData();

export function expectedResults(options: {
  query?: string;
  location?: string;
  coords?: LatLng;
  radius?: Radius;
  cuisine?: string;
  diets?: Diet[];
  match?: MatchMode;
  dedicated?: boolean;
  kitchen?: KitchenPractice[];
  open?: boolean;
  confirmed?: boolean;
  page?: number;
}) {
  const result = referenceDirectorySearch(sampleRestaurants, places, {
    query: options.query ?? "",
    location: options.location ?? "",
    coords: options.coords ?? null,
    radius: options.radius ?? 25,
    cuisine: options.cuisine ?? "",
    diets: options.diets ?? [],
    match: options.match ?? "any",
    dedicated: options.dedicated ?? false,
    kitchen: options.kitchen ?? [],
    open: options.open ?? false,
    confirmed: options.confirmed ?? false,
    page: options.page ?? 1,
  });
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

/** The names on the result cards, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId("restaurant-card").locator("h3").allInnerTexts();
}

export async function expectCards(page: Page, names: string[]) {
  await expect(page.getByTestId("restaurant-card")).toHaveCount(names.length);
  expect(await cardNames(page)).toEqual(names);
}

/** A notice: a toast with JavaScript, the server-rendered notice without. */
export async function expectNotice(page: Page, javaScriptEnabled: boolean, title: string, description: string) {
  const scope = javaScriptEnabled ? page.locator("[role=region] li") : page.getByTestId("server-notice");
  await expect(scope.filter({ hasText: title }).first()).toBeVisible();
  await expect(scope.filter({ hasText: description }).first()).toBeVisible();
}

/** restaurant_cities of the sample directory. */
export const sampleCities = referenceCities(sampleRestaurants);

/** A city page's restaurants: the text rule for "City, ST" alone (no centre), by name. */
export function expectedLandingNames(city: string, state: string, diet: Diet | null = null): string[] {
  const { ids } = referenceCitySearch(sampleRestaurants, city, state, diet);
  const byId = new Map(sampleRestaurants.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * After a search the form and the filter buttons are folded away (<details>, docs/layout.md):
 * open one the way a visitor does, with a click on its summary, when it is folded. The home
 * page before a search shows the form unfolded and the filters open.
 */
export async function unfold(page: Page, which: "search" | "filters") {
  const details = page.getByTestId(which === "search" ? "search-disclosure" : "filters");
  if ((await details.count()) === 0) return;
  if (await details.evaluate((element) => (element as HTMLDetailsElement).open)) return;
  await details.locator("summary").click();
  await expect(details).toHaveJSProperty("open", true);
}
