// What the sample directory should show, computed from the sample data itself (the same
// source the seed is generated from) and the reference statement of the matching rules.
import { expect, type Page } from "@playwright/test";
import { photos, restaurants } from "../../data/sample-data.mjs";
import type { Diet, MatchMode } from "~/lib/diet";
import { parseLocation } from "~/lib/location";
import { byName, referenceSearch } from "../fixtures/reference-search";
import type { FixtureRestaurant } from "../fixtures/directory-fixture";

export const sampleRestaurants = restaurants as unknown as FixtureRestaurant[];
export const samplePhotos = photos;

export function expectedNames(options: {
  query?: string;
  location?: string;
  cuisine?: string;
  diets?: Diet[];
  match?: MatchMode;
  page?: number;
}) {
  const page = options.page ?? 1;
  const result = referenceSearch(sampleRestaurants, {
    query: options.query ?? "",
    location: parseLocation(options.location ?? ""),
    cuisine: options.cuisine ?? null,
    diets: options.diets ?? [],
    match: options.match ?? "any",
    limit: 25,
    offset: (page - 1) * 25,
  });
  const byId = new Map(sampleRestaurants.map((r) => [r.id, r.name]));
  return { names: result.ids.map((id) => byId.get(id)!), total: result.total };
}

export const allByName = [...sampleRestaurants].sort(byName);

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
