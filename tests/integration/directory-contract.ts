// The directory contract: the same cases, on the same fixture, for every adapter. Each
// case asserts the ids in order (against hand-written expectations where they explain a
// rule, and against the reference implementation everywhere).
import { describe, expect, it } from "vitest";
import type { Diet, MatchMode } from "~/lib/diet";
import type { Directory, SearchCriteria } from "~/lib/directory/port";
import { parseLocation } from "~/lib/location";
import { fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { byName, referenceSearch } from "../fixtures/reference-search";

type Case = {
  title: string;
  query?: string;
  location?: string;
  cuisine?: string;
  diets?: Diet[];
  match?: MatchMode;
  limit?: number;
  offset?: number;
  /** Hand-written expectation (ids in order), where it states a rule plainly. */
  expected?: number[];
};

export const SEARCH_CASES: Case[] = [
  { title: "query: partial name, any case", query: "KITCHEN", expected: [1, 8] },
  { title: "query: matches cuisine too", query: "thai", expected: [12, 11] },
  { title: "query: accents and non-ASCII case fold (ÜNÏ)", query: "ÜNÏ", expected: [2] },
  { title: "query: 'cafe' finds Café and Cafe", query: "cafe", expected: [3, 2, 19] },
  { title: "query: 'CAFÉ' finds Cafe too", query: "CAFÉ", expected: [3, 2, 19] },
  { title: "query: ümami lower-case", query: "ümami", expected: [15] },
  { title: "query: literal %", query: "%", expected: [4] },
  { title: "query: literal 50%", query: "50%", expected: [4] },
  { title: "query: literal _", query: "_", expected: [6] },
  { title: "query: literal r_s", query: "r_s", expected: [6] },
  { title: "query: literal backslash", query: "\\", expected: [9] },
  { title: "query: literal quote", query: "'s K", expected: [8] },
  { title: "query: literal comma", query: ", P", expected: [10] },
  { title: "query: double quote", query: '"Q"', expected: [16] },
  { title: "query: two characters", query: "ab", expected: [21] },
  { title: "query: no match", query: "sushi", expected: [] },
  { title: "zip: exact", location: "97201", expected: [1, 20] },
  { title: "zip: partial is not a zip (city/state text)", location: "9720", expected: [] },
  { title: "zip: with spaces around", location: " 97201 ", expected: [1, 20] },
  { title: "city, state: Portland, OR", location: "Portland, OR", expected: [2, 1, 20] },
  { title: "city, state: Portland, ME", location: "portland ,  me", expected: [3, 22] },
  { title: "city, state: partial parts", location: "port, o", expected: [2, 1, 20] },
  { title: "city, state: empty state part", location: "Springfield,", expected: [9, 8] },
  { title: "city or state: 'or' in city or state", location: "or" },
  { title: "city or state: Portland", location: "PORTLAND", expected: [3, 2, 1, 22, 20] },
  { title: "city or state: state code", location: "CO", expected: [12, 17, 13] },
  { title: "query and location", query: "cafe", location: "Portland, OR", expected: [2] },
  { title: "cuisine: exact", cuisine: "Thai", expected: [12, 11] },
  { title: "cuisine: exact is case-sensitive", cuisine: "thai", expected: [] },
  { title: "cuisine with query", cuisine: "French", query: "bistro", expected: [14, 9] },
  { title: "diets any", location: "Portland", diets: ["vegan", "gluten-free"], expected: [3, 1, 22, 20] },
  { title: "diets all", location: "Portland", diets: ["vegan", "gluten-free"], match: "all", expected: [1, 22] },
  { title: "diets all (three)", query: "a", diets: ["gluten-free", "dairy-free", "vegetarian"], match: "all" },
  { title: "paging: second page of two", location: "OR", limit: 2, offset: 2 },
  { title: "paging: past the end", location: "OR", limit: 25, offset: 50, expected: [] },
  { title: "hostile: PostgREST and SQL metacharacters", query: ",()*%_\\\"'" , expected: [] },
  { title: "hostile: PostgREST filter injection", query: "x),or(id.gt.0", expected: [17] },
  { title: "hostile: injection in location", location: "x),or(id.gt.0", expected: [] },
  { title: "hostile: FTS syntax", query: "NEAR(a b) OR * ^", expected: [] },
  { title: "hostile: 5000-character query", query: "a".repeat(5000), expected: [] },
];

function criteria(c: Case): SearchCriteria {
  return {
    query: c.query ?? "",
    location: parseLocation(c.location ?? ""),
    cuisine: c.cuisine ?? null,
    diets: c.diets ?? [],
    match: c.match ?? "any",
    limit: c.limit ?? 25,
    offset: c.offset ?? 0,
  };
}

export function describeDirectoryContract(label: string, directory: () => Directory) {
  describe(`directory contract: ${label}`, () => {
    for (const c of SEARCH_CASES) {
      it(`search – ${c.title}`, async () => {
        const page = await directory().searchRestaurants(criteria(c));
        const ids = page.restaurants.map((r) => r.id);
        const reference = referenceSearch(fixtureRestaurants, criteria(c));
        if (c.expected) expect(ids).toEqual(c.expected);
        expect(ids).toEqual(reference.ids);
        expect(page.total).toBe(reference.total);
      });
    }

    it("default list: every restaurant by name, paged, with the total", async () => {
      const all = [...fixtureRestaurants].sort(byName).map((r) => r.id);
      const first = await directory().listRestaurants({ diets: [], match: "any", limit: 25, offset: 0 });
      expect(first.total).toBe(fixtureRestaurants.length);
      expect(first.restaurants.map((r) => r.id)).toEqual(all);
      const second = await directory().listRestaurants({ diets: [], match: "any", limit: 5, offset: 5 });
      expect(second.restaurants.map((r) => r.id)).toEqual(all.slice(5, 10));
    });

    it("default list: names sort case-insensitively ('apple bistro' before 'Back\\Slash')", async () => {
      const page = await directory().listRestaurants({ diets: [], match: "any", limit: 3, offset: 0 });
      expect(page.restaurants.map((r) => r.name)).toEqual(["50% Off Tacos", "500 Burgers", "Ab"]);
      const names = (await directory().listRestaurants({ diets: [], match: "any", limit: 50, offset: 0 })).restaurants.map((r) => r.name);
      expect(names.indexOf("apple bistro")).toBeLessThan(names.indexOf("Back\\Slash Bistro"));
    });

    it("default list: diet filter, any and all", async () => {
      const any = await directory().listRestaurants({ diets: ["vegan", "dairy-free"], match: "any", limit: 50, offset: 0 });
      const all = await directory().listRestaurants({ diets: ["vegan", "dairy-free"], match: "all", limit: 50, offset: 0 });
      const expectIds = (match: MatchMode) =>
        referenceSearch(fixtureRestaurants, { ...criteria({ title: "" }), diets: ["vegan", "dairy-free"], match, limit: 50 }).ids;
      expect(any.restaurants.map((r) => r.id)).toEqual(expectIds("any"));
      expect(all.restaurants.map((r) => r.id)).toEqual(expectIds("all"));
      expect(all.total).toBeLessThan(any.total);
    });

    it("cuisines: every name, ordered by name", async () => {
      const cuisines = await directory().listCuisines();
      expect(cuisines).toEqual([...cuisines].sort());
      expect(cuisines).toContain("Ethiopian");
      expect(cuisines).toHaveLength(12);
    });

    it("one restaurant: typed values", async () => {
      const restaurant = await directory().getRestaurant(4);
      expect(restaurant).toMatchObject({
        id: 4,
        name: "50% Off Tacos",
        cuisineType: "Mexican",
        isGlutenFree: true,
        isDairyFree: true,
        isVegetarian: false,
        isVegan: false,
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        websiteUrl: null,
        menuUrl: "https://r4.example/menu",
        hoursOfOperation: "Mon-Fri 9am-5pm, Sat 10am-2pm, Sun closed",
      });
    });

    it("one restaurant: unknown id is null", async () => {
      expect(await directory().getRestaurant(999_999)).toBeNull();
      expect(await directory().getRestaurant(Number.MAX_SAFE_INTEGER)).toBeNull();
    });

    it("photos: the five newest first", async () => {
      const photos = await directory().listPhotos(1, 5);
      const expected = fixturePhotos
        .filter((p) => p.restaurant_id === 1)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 5)
        .map((p) => p.id);
      expect(photos.map((p) => p.id)).toEqual(expected);
      expect(photos[0]?.url).toBe("/photos/fixture-2.svg");
    });

    it("photos: none for a restaurant without photos", async () => {
      expect(await directory().listPhotos(5, 5)).toEqual([]);
    });
  });
}
