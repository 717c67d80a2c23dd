// Beyond the United States on the D1 adapter (real local D1): the world contract
// (./world-contract.ts) on the US place data and the world fixture, and what a world place
// lookup reads against the full world place data (docs/decisions/0031-world-place-data.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory, worldPlaceStatement } from "~/lib/directory/d1/directory.server";
import { loadPlaceData } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { loadWorldPlaceData } from "../../scripts/generate-world-places";
import { loadWorldPlacesIntoD1 } from "../../scripts/load-world-places";
import { worldFixture, worldFixtureRestaurants } from "../fixtures/world-fixture";
import { loadFixture, startD1 } from "../support/d1";
import { describeWorldContract, worldFixtureData } from "./world-contract";

const places = loadPlaceData();
let d1: Awaited<ReturnType<typeof startD1>>;
let full: Awaited<ReturnType<typeof startD1>>;

beforeAll(async () => {
  [d1, full] = await Promise.all([startD1(), startD1()]);
  await loadFixture(d1.db, { restaurants: worldFixtureRestaurants, photos: [], cuisines: ["Cafe"] });
  await loadPlacesIntoD1(d1.db, places);
  await loadWorldPlacesIntoD1(d1.db, worldFixtureData());
  await loadWorldPlacesIntoD1(full.db, loadWorldPlaceData());
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
  await full?.dispose();
});

describeWorldContract(
  "D1",
  () => createD1Directory(d1.db),
  () => ({ ...places, world: worldFixture }),
);

describe("world place lookups on D1, with every world place loaded", () => {
  const rowsRead = async (lookup: Parameters<typeof worldPlaceStatement>[0]) => {
    const statement = worldPlaceStatement(lookup);
    const result = await full.db
      .prepare(statement.sql)
      .bind(...statement.params)
      .all();
    return { rows: result.results.length, read: result.meta.rows_read };
  };

  it("reads the index entries of one key and the rows they name: a few dozen rows at most", async () => {
    for (const lookup of [
      { key: "london", country: null, subdivision: null },
      { key: "london", country: null, subdivision: "on" },
      { key: "toronto", country: "CA", subdivision: null },
      { key: "roma", country: "IT", subdivision: null },
      { key: "san", country: null, subdivision: null },
      { key: "santacruz", country: null, subdivision: null },
    ]) {
      const { read } = await rowsRead(lookup);
      expect(read, JSON.stringify(lookup)).toBeLessThanOrEqual(60);
    }
  });

  it("finds London, Ontario by its subdivision and Rome by its Italian name", async () => {
    const directory = createD1Directory(full.db);
    expect(await directory.lookUpWorldPlaces({ key: "london", country: null, subdivision: "on" })).toEqual([
      expect.objectContaining({ name: "London", country: "CA", subdivision: "ON" }),
    ]);
    const [rome] = await directory.lookUpWorldPlaces({ key: "roma", country: "IT", subdivision: null });
    expect(rome).toMatchObject({ name: "Rome", country: "IT", subdivision: "62" });
  });
});
