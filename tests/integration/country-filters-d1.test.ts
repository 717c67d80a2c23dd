// A country with filters past its first 1,000 names on the D1 adapter (real local D1): the
// contract of ./country-filters-contract.ts, with the US place data and the world fixture's.
import { afterAll, beforeAll } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
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
