// The search hints contract (search-hints-contract.ts) on D1: a real local D1 with the sample
// directory, the synthetic rows and the full place data; and the spelling lookup's plan.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { placeSpellingsStatement } from "~/lib/directory/d1/search-hints";
import { stateRestaurantsStatement, topCitiesStatement } from "~/lib/directory/d1/landing";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { loadPlaceData } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { loadFixture, startD1 } from "../support/d1";
import { distanceRows } from "./directory-contract";
import { describeSearchHintsContract } from "./search-hints-contract";

const places = loadPlaceData();
let d1: Awaited<ReturnType<typeof startD1>>;

beforeAll(async () => {
  d1 = await startD1();
  await loadFixture(d1.db, { restaurants: distanceRows, photos: [], cuisines: sampleCuisines });
  await loadPlacesIntoD1(d1.db, places);
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
});

describeSearchHintsContract(
  "D1",
  () => createD1Directory(d1.db),
  () => places,
);

describe("D1: the way in and the spelling lookup", () => {
  it("a restaurant added, closed and removed moves its state's count", async () => {
    const directory = createD1Directory(d1.db);
    const before = (await directory.listStates()).find((s) => s.state === "WY")?.restaurants ?? 0;
    await d1.db
      .prepare("INSERT INTO restaurants (id, name, city, state) VALUES (970001, 'Cheyenne Cafe', 'Cheyenne', 'WY')")
      .run();
    expect((await directory.listStates()).find((s) => s.state === "WY")?.restaurants).toBe(before + 1);
    await d1.db.prepare("UPDATE restaurants SET closed_at = '2026-01-01' WHERE id = 970001").run();
    expect((await directory.listStates()).find((s) => s.state === "WY")?.restaurants ?? 0).toBe(before);
    await d1.db.prepare("DELETE FROM restaurants WHERE id = 970001").run();
    expect((await directory.listStates()).find((s) => s.state === "WY")?.restaurants ?? 0).toBe(before);
  });

  it("every statement reads through an index, never a whole table", async () => {
    for (const statement of [
      placeSpellingsStatement({ key: "portlnd", state: null, maxEdits: 1 }),
      placeSpellingsStatement({ key: "portlnd", state: "OR", maxEdits: 1 }),
      stateRestaurantsStatement(),
      topCitiesStatement(12),
    ]) {
      const { results } = await d1.db
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail).join("\n");
      expect(plan, statement.sql).not.toMatch(/^SCAN (restaurant_cities|us_places|city_key_variants|restaurants)\b/m);
    }
  });
});
