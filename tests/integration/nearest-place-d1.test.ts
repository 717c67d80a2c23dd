// The place nearest a search's coordinates on the D1 adapter (real local D1): the contract
// (./nearest-place-contract.ts) on the US place data and the world fixture, and what the
// lookup reads: the nine cells' index entries and rows, never the table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { nearestPlaceStatement } from "~/lib/directory/d1/nearest-place";
import { loadPlaceData } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { loadWorldPlacesIntoD1 } from "../../scripts/load-world-places";
import { startD1 } from "../support/d1";
import { worldFixtureData } from "./world-contract";
import { describeNearestPlaceContract } from "./nearest-place-contract";

let d1: Awaited<ReturnType<typeof startD1>>;

beforeAll(async () => {
  d1 = await startD1();
  await loadPlacesIntoD1(d1.db, loadPlaceData());
  await loadWorldPlacesIntoD1(d1.db, worldFixtureData());
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
});

describeNearestPlaceContract("D1", () => createD1Directory(d1.db));

describe("the nearest place's reads on D1", () => {
  // The densest nine cells of the place data hold 278 of its 29,542 places (around Newark, NJ,
  // cell 523, 423); D1 counts each as an index entry and a row read, then the sort's.
  it("reads the nine cells through their index: at most about twice the 278 places of the densest", async () => {
    for (const at of [
      { lat: 47.61, lng: -122.2 },
      { lat: 40.8, lng: -74.2 },
      { lat: 40.75, lng: -73.99 },
      { lat: 41.88, lng: -87.63 },
    ]) {
      const statement = nearestPlaceStatement(at);
      const prepared = d1.db.prepare(statement.sql).bind(...statement.params);
      const { meta } = await prepared.all();
      expect(meta.rows_read, JSON.stringify(at)).toBeLessThanOrEqual(620);
      const plan = await d1.db
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join("\n");
      expect(details).toContain("us_places USING INDEX us_places_cell_idx");
      expect(details).toContain("world_places USING INDEX world_places_cell_idx");
    }
  });
});
