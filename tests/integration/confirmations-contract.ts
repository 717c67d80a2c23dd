// The confirmations contract (docs/decisions/0022-confirmations-from-diners.md), the same cases on every adapter, on the
// rows of the distance contract with diners' confirmations attached
// (tests/fixtures/confirmations-fixture.ts), against the reference statement of the rules
// (tests/fixtures/reference-search.ts): `confirmed=1` alone and with every other filter, by name
// and by distance, paged; each card's confirmations of the last 12 months; a restaurant page's
// tallies of 24 months and its list; a confirmation found at once when published and gone when
// removed; and the scheduled job that moves the 12-month window.
import { describe, expect, it } from "vitest";
import { runSearch, type SearchResult } from "~/lib/directory/index.server";
import type { Directory } from "~/lib/directory/port";
import { searchOf, type Search } from "~/lib/search/search-url";
import { confirmationRows, withConfirmations } from "../fixtures/confirmations-fixture";
import {
  monthsAgo,
  referenceConfirmationList,
  referenceDirectorySearch,
  referenceTallies,
  type ReferenceConfirmation,
  type ReferencePlaces,
  type ReferenceRestaurant,
} from "../fixtures/reference-search";
import { CENTRE, CROWD, CROWD_WORD } from "../fixtures/synthetic-directory";
import { OPEN_NOW_MOMENTS, distanceRows } from "./directory-contract";

/** The rows of the distance contract with their confirmations (months from the test's clock). */
const confirmedRows: ReferenceRestaurant[] = withConfirmations(distanceRows);
/** What the loaders insert. */
export const confirmedRowsToLoad = confirmationRows(confirmedRows);

type Case = Partial<Search> & { title: string; at?: string; also?: (result: SearchResult) => void };

const CONFIRMED_CASES: Case[] = [
  { title: "alone: any condition, no reaction from anyone" },
  { title: "gluten-free: celiac, gluten-sensitive and wheat-allergy diners", diets: ["gluten-free"] },
  { title: "dairy-free: dairy-allergy and lactose-intolerant diners", diets: ["dairy-free"] },
  { title: "vegetarian: vegetarian and vegan diners", diets: ["vegetarian"] },
  { title: "vegan: vegan diners only", diets: ["vegan"] },
  { title: "two diets (any): diners of either", diets: ["gluten-free", "vegan"] },
  { title: "two diets (all): both served, diners of either", diets: ["dairy-free", "vegetarian"], match: "all" },
  { title: "with '100%'", dedicated: true },
  { title: "with '100%' gluten-free", diets: ["gluten-free"], dedicated: true },
  { title: "with a kitchen practice", kitchen: ["dedicated-fryer"] },
  { title: "with a cuisine", cuisine: "Greek" },
  { title: "with a short term", query: "al" },
  { title: "by name across name groups: page 1", query: CROWD_WORD },
  { title: "by name across name groups: page 3", query: CROWD_WORD, page: 3 },
  { title: "by name with a diet, page 2", query: CROWD_WORD, diets: ["gluten-free"], page: 2 },
  { title: "the default list, page 2", page: 2 },
  { title: "a place's text rule and its centre", location: "Portland, OR", radius: 50 },
  { title: "a ZIP with a radius and a diet", location: "97201", radius: 25, diets: ["gluten-free"] },
  { title: "near a point: the crowd, page 1", coords: CROWD, radius: 5 },
  { title: "near a point: the crowd, page 3, vegetarian", coords: CROWD, radius: 10, diets: ["vegetarian"], page: 3 },
  { title: "near the centre, 50 miles", coords: CENTRE, radius: 50 },
  {
    title: "near the centre, 25 miles, gluten-free (the boundary pair)",
    coords: CENTRE,
    radius: 25,
    diets: ["gluten-free"],
  },
  { title: "nothing within the radius: the nearest confirmed beyond it", coords: { lat: 1.9, lng: 1 }, radius: 5 },
  {
    title: "every filter at once inside a centre",
    location: "97201",
    radius: 50,
    query: "a",
    diets: ["gluten-free"],
    kitchen: ["dedicated-fryer"],
  },
  { title: "with open now", open: true, at: OPEN_NOW_MOMENTS[0] },
  { title: "with open now near the crowd", open: true, coords: CROWD, radius: 5, at: OPEN_NOW_MOMENTS[1] },
];

const byId = new Map(confirmedRows.map((r) => [r.id, r]));

/** What the card of a found restaurant must carry: its tallies of the last 12 months. */
function expectCardsAsReference(result: SearchResult) {
  for (const r of [...result.restaurants, ...result.nearestBeyond]) {
    expect(r.recentConfirmations, `restaurant ${r.id}`).toEqual(referenceTallies(byId.get(r.id)!, 12));
  }
}

async function expectSearchAsReference(directory: Directory, places: ReferencePlaces, c: Case) {
  const { title: _title, at, also, ...parts } = c;
  const search = searchOf({ ...parts, confirmed: parts.confirmed ?? true });
  const result = await runSearch(directory, search);
  const reference = referenceDirectorySearch(confirmedRows, places, { ...search, at: at ? new Date(at) : undefined });
  expect(result.restaurants.map((r) => r.id)).toEqual(reference.ids);
  expect({ total: result.total, capped: result.capped }).toEqual({
    total: reference.total,
    capped: reference.totalCapped,
  });
  expect(result.nearestBeyond.map((r) => r.id)).toEqual(reference.nearestBeyond.map((r) => r.id));
  expectCardsAsReference(result);
  also?.(result);
  return { result, reference };
}

/** What a test backend does outside the port: derive rows as the job sees them, publish, remove. */
export type ConfirmationsBackend = {
  /** Writes restaurant `id`'s derived columns as `like`'s, stale from this month (as if derived a month ago). */
  makeStale(id: number, like: number): Promise<void>;
  /** One run of the scheduled job (the window refresh); how many rows it derived again. */
  runWindowJob(): Promise<number>;
  /** Inserts a confirmation as another client would. */
  insert(row: ReferenceConfirmation & { restaurant_id: number }): Promise<void>;
  remove(id: number): Promise<void>;
};

export function describeConfirmationsContract(
  label: string,
  directory: () => Directory,
  places: () => ReferencePlaces,
  backend: () => ConfirmationsBackend,
  directoryAt: (at: Date) => Directory,
) {
  describe(`confirmations contract: ${label}`, () => {
    it("the fixture holds what the cases need", () => {
      const now = new Date();
      const all = confirmedRowsToLoad;
      expect(new Set(all.map((c) => c.restaurant_id)).size).toBeGreaterThan(300);
      expect(all.some((c) => c.visited === monthsAgo(now, 12))).toBe(true);
      expect(all.some((c) => c.visited === monthsAgo(now, 13))).toBe(true);
      const reference = referenceDirectorySearch(confirmedRows, places(), { ...searchOf({ confirmed: true }) });
      expect(reference.totalCapped || reference.total > 100).toBe(true);
    });

    for (const c of CONFIRMED_CASES) {
      it(`confirmed=1 – ${c.title}`, async () => {
        const chosen = c.at ? directoryAt(new Date(c.at)) : directory();
        const { result } = await expectSearchAsReference(chosen, places(), c);
        // Every case but the empty ones finds someone: the filter is tested, not skipped.
        if (!c.coords || c.coords.lat !== 1.9) expect(result.total + result.nearestBeyond.length).toBeGreaterThan(0);
      });
    }

    it("the filter narrows: fewer with it than without, for every diet", async () => {
      for (const diets of [[], ["gluten-free"], ["dairy-free"], ["vegetarian"], ["vegan"]] as Search["diets"][]) {
        const confirmed = await runSearch(directory(), searchOf({ diets, confirmed: true, query: CROWD_WORD }));
        const all = await runSearch(directory(), searchOf({ diets, query: CROWD_WORD }));
        expect(confirmed.total, diets.join()).toBeGreaterThan(0);
        expect(confirmed.total, diets.join()).toBeLessThan(all.total);
      }
    });

    it("cards without the filter carry their confirmations of the last 12 months too", async () => {
      for (const search of [
        searchOf({}),
        searchOf({ query: CROWD_WORD, page: 2 }),
        searchOf({ coords: CENTRE, radius: 50 }),
      ]) {
        expectCardsAsReference(await runSearch(directory(), search));
      }
    });

    it("one restaurant carries its confirmations of the last 12 months", async () => {
      for (const id of [1, 5, 7, 30, 47, 53, 72, 9003, 10_027, 13]) {
        expect((await directory().getRestaurant(id))?.recentConfirmations, String(id)).toEqual(
          referenceTallies(byId.get(id)!, 12),
        );
      }
    });

    it("a restaurant page: the tallies of the last 24 months and its confirmations, newest visit first", async () => {
      const since = monthsAgo(new Date(), 24);
      for (const id of [1, 5, 7, 23, 30, 47, 53, 72, 40, 10_024, 10_021, 13]) {
        const page = await directory().getConfirmations(id, since, 20);
        const row = byId.get(id)!;
        expect(page.tallies, String(id)).toEqual(referenceTallies(row, 24));
        expect(
          page.confirmations.map(({ id, condition, visited, outcome, staff, seen, ordered, note }) => ({
            id,
            condition,
            visited,
            outcome,
            staff,
            seen,
            ordered,
            note,
          })),
          String(id),
        ).toEqual(
          referenceConfirmationList(row, 20).map(({ id, condition, visited, outcome, staff, seen, ordered, note }) => ({
            id,
            condition,
            visited,
            outcome,
            staff: staff ?? null,
            seen: seen ?? [],
            ordered: ordered ?? null,
            note: note ?? null,
          })),
        );
        for (const c of page.confirmations) expect(c.restaurantId).toBe(id);
      }
      const few = await directory().getConfirmations(7, since, 2);
      expect(few.confirmations.map((c) => c.id)).toEqual([1, 2]);
      expect((await directory().getConfirmations(999_999, since, 20)).confirmations).toEqual([]);
    });

    it("a confirmation is found at once when published, and gone when removed", async () => {
      // Ring Stop 10 (id 9020, vegetarian options) has none; a vegan who ate safely this month.
      const search = searchOf({ coords: CENTRE, radius: 50, confirmed: true, diets: ["vegetarian"] });
      const before = await runSearch(directory(), search);
      expect(before.restaurants.map((r) => r.id)).not.toContain(9020);
      const b = backend();
      /** Confirmation `id` at Ring Stop 10: a diner with `condition`, `back` months ago, and how it went. */
      const visit = (id: number, condition: string, back: number, outcome: ReferenceConfirmation["outcome"]) =>
        b.insert({ id, restaurant_id: 9020, condition, visited: monthsAgo(new Date(), back), outcome });
      await visit(90_001, "vegan", 0, "ate-safely");
      try {
        const after = await runSearch(directory(), search);
        expect(after.restaurants.map((r) => r.id)).toContain(9020);
        expect(after.restaurants.find((r) => r.id === 9020)?.recentConfirmations).toEqual([
          { condition: "vegan", outcome: "ate-safely", count: 1, latest: monthsAgo(new Date(), 0) },
        ]);
        // A reaction from a vegan takes it out again; one from a celiac diner does not.
        await visit(90_002, "celiac", 1, "reacted");
        expect((await runSearch(directory(), search)).restaurants.map((r) => r.id)).toContain(9020);
        await visit(90_003, "vegan", 1, "reacted");
        expect((await runSearch(directory(), search)).restaurants.map((r) => r.id)).not.toContain(9020);
      } finally {
        for (const id of [90_001, 90_002, 90_003]) await b.remove(id);
      }
      const removed = await runSearch(directory(), search);
      expect(removed.restaurants.map((r) => r.id)).toEqual(before.restaurants.map((r) => r.id));
      expect((await directory().getRestaurant(9020))?.recentConfirmations).toEqual([]);
    });

    it("the scheduled job: a row whose oldest counted visit has left the 12 months is derived again", async () => {
      // Ring Stop 5 (id 9015) has only a visit 13 months back: nothing counted. Written as it
      // was derived last month (as Ring Stop 2 is now: one safe visit, dairy allergy), it is
      // found until the job runs, and not after.
      const b = backend();
      const search = searchOf({ coords: CENTRE, radius: 50, confirmed: true });
      await b.makeStale(9015, 9012);
      expect((await runSearch(directory(), search)).restaurants.map((r) => r.id)).toContain(9015);
      expect(await b.runWindowJob()).toBeGreaterThanOrEqual(1);
      expect((await runSearch(directory(), search)).restaurants.map((r) => r.id)).not.toContain(9015);
      expect((await directory().getRestaurant(9015))?.recentConfirmations).toEqual([]);
      // Nothing else was stale: a second run derives nothing.
      expect(await b.runWindowJob()).toBe(0);
      await expectSearchAsReference(directory(), places(), { title: "after the job", coords: CENTRE, radius: 50 });
    });
  });
}
