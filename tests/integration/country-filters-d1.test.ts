// A country with filters past its first 1,000 names on the D1 adapter (real local D1): the
// contract of ./country-filters-contract.ts, with the US place data and the world fixture's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { countryToken } from "~/lib/directory/d1/fts-query";
import { loadPlaceData } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { loadWorldPlacesIntoD1 } from "../../scripts/load-world-places";
import { worldFixture } from "../fixtures/world-fixture";
import { loadFixture, startD1 } from "../support/d1";
import {
  countryFiltersCuisines,
  countryFiltersRestaurants,
  describeCountryFiltersContract,
} from "./country-filters-contract";
import { worldFixtureData } from "./world-contract";

const places = loadPlaceData();
let d1: Awaited<ReturnType<typeof startD1>>;

beforeAll(async () => {
  d1 = await startD1();
  await loadFixture(d1.db, { restaurants: countryFiltersRestaurants, photos: [], cuisines: countryFiltersCuisines });
  await loadPlacesIntoD1(d1.db, places);
  await loadWorldPlacesIntoD1(d1.db, worldFixtureData());
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
});

describeCountryFiltersContract(
  "D1",
  () => createD1Directory(d1.db),
  () => ({ ...places, world: worldFixture }),
);

describe("the country's token follows the row (migrations/0018_country_token.sql)", () => {
  const tagged = async (index: string, country: string) => {
    const { results } = await d1.db
      .prepare(
        `SELECT r.id FROM ${index} JOIN restaurants AS r ON r.name_key = ${index}.rowid WHERE ${index} MATCH ? ORDER BY r.id`,
      )
      .bind(`{diets} : "${countryToken(country)}"`)
      .all<{ id: number }>();
    return results.map((r) => r.id);
  };

  it("a row moved to another country is indexed under it, in both indexes", async () => {
    await d1.db.prepare("UPDATE restaurants SET confirmation_tags = ? WHERE id = 31202").bind("x").run();
    expect(await tagged("confirmed_search", "US")).toEqual([31202]);
    await d1.db.prepare("UPDATE restaurants SET country = 'FR' WHERE id IN (31201, 31202)").run();
    expect(await tagged("restaurant_search", "FR")).toEqual([31201, 31202]);
    expect(await tagged("restaurant_search", "IT")).not.toContain(31201);
    expect(await tagged("restaurant_search", "US")).toEqual([]);
    expect(await tagged("confirmed_search", "FR")).toEqual([31202]);
    expect(await tagged("confirmed_search", "US")).toEqual([]);
  });
});
