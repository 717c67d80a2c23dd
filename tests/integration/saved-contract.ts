// A saved list read by id (docs/saved.md), the same cases on every backend, on the
// text fixture (tests/fixtures/directory-fixture.ts): each row as getRestaurant gives it,
// closed ones included, unknown ids left out, and never more than MAX_BY_ID ids read.
import { describe, expect, it } from "vitest";
import { MAX_BY_ID, type Directory } from "~/lib/directory/port";
import { fixtureRestaurants } from "../fixtures/directory-fixture";

export function describeSavedContract(label: string, directory: () => Directory) {
  describe(`${label}: restaurants by id (a saved list)`, () => {
    it("answers each known id with the same restaurant getRestaurant gives, closed ones too", async () => {
      const ids = [5, 23, 1, 999_999, 12];
      const found = await directory().getRestaurantsByIds(ids);
      expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 5, 12, 23]);
      for (const restaurant of found) expect(restaurant).toEqual(await directory().getRestaurant(restaurant.id));
      expect(found.find((r) => r.id === 23)?.closedAt).toBe("2026-01-15");
    });

    it("an empty list asks nothing and answers nothing", async () => {
      expect(await directory().getRestaurantsByIds([])).toEqual([]);
    });

    it(`reads at most ${MAX_BY_ID} ids: any past them are not read`, async () => {
      const known = fixtureRestaurants.map((r) => r.id);
      const filler = Array.from({ length: MAX_BY_ID - 1 }, (_, i) => 800_000 + i);
      const found = await directory().getRestaurantsByIds([known[0]!, ...filler, ...known.slice(1)]);
      expect(found.map((r) => r.id)).toEqual([known[0]]);
    });
  });
}
