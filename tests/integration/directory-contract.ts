// The directory contract: the same cases, on the same data, for every adapter, through the
// app's own entry (runSearch: place lookup, then the page). Every case is checked
// against the reference statement of the rules (tests/fixtures/reference-search.ts): ids in
// order, distances, count, 'Did you mean', the nearest beyond; some also against hand-written
// expectations where they state a rule plainly.
//
// Two data sets: the small text fixture without place data (the spec's text rules alone: no
// location names a centre), and the sample directory with the full place data plus the
// synthetic restaurants of tests/fixtures/synthetic-directory.ts (distance, paging, '1,000+').
//
// The app is asked through its own entry; the reference is asked with searches built here
// (searchAsked: the docs' defaults), and the cases are picked and the answers read with
// rules stated in the fixtures, so no app function decides what is expected.
import { describe, expect, it } from "vitest";
import { findCityRestaurants, runSearch, type SearchResult } from "~/lib/directory/index.server";
import type { Directory } from "~/lib/directory/port";
import { searchOf, type Search } from "~/lib/search/search-url";
import { type City } from "~/lib/directory/landing-rows";
import type { Place, StateCode } from "~/lib/places/places";
import { restaurants as sampleRows } from "../../data/sample-data.mjs";
import { fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { landingRestaurants } from "../fixtures/landing-cities";
import {
  ALL_DIETS,
  byName,
  referenceCities,
  referenceCitySearch,
  referenceDirectorySearch,
  referenceRestaurantIds,
  referenceSitemapOutline,
  referenceStateCities,
  searchAsked,
  type ReferenceCity,
  type ReferencePlaces,
  type ReferenceRestaurant,
} from "../fixtures/reference-search";
import { isLandingSlug, STATE_CODES } from "../fixtures/reference-rules";
import { describeSavedContract } from "./saved-contract";
import { CENTRE, CROWD, CROWD_WORD, syntheticRestaurants } from "../fixtures/synthetic-directory";

export type Case = Partial<Search> & {
  title: string;
  /** Hand-written expectation (ids in order), where it states a rule plainly. */
  expected?: number[];
  /** More checks on the result, beyond the reference. */
  also?: (result: SearchResult) => void;
};

const NO_PLACES: ReferencePlaces = { zips: [], places: [] };

function parts({ title: _title, expected: _expected, also: _also, ...parts }: Case): Partial<Search> {
  return parts;
}

/** The search the app is asked (its own defaults). */
const criteria = (c: Case): Search => searchOf(parts(c));

/** How the results page names a search's place (docs/search-url.md: 'Portland, OR', 'Portland, OR 97201'). */
const placeName = (place: Place) =>
  place.zip ? `${place.name}, ${place.state} ${place.zip}` : `${place.name}, ${place.state}`;

/** The search through the adapter, compared with the reference in every part. */
export async function expectSameAsReference(
  directory: Directory,
  rows: readonly ReferenceRestaurant[],
  places: ReferencePlaces,
  c: Case,
  at?: Date,
) {
  const result = await runSearch(directory, criteria(c));
  const reference = referenceDirectorySearch(rows, places, { ...searchAsked(parts(c)), at });
  const ids = result.restaurants.map((r) => r.id);
  if (c.expected) expect(ids).toEqual(c.expected);
  expect(ids).toEqual(reference.ids);
  result.restaurants.forEach((r, i) => {
    const distance = reference.distances[i];
    if (distance === null || distance === undefined) expect(r.distance).toBeNull();
    else expect(r.distance).toBeCloseTo(distance, 6);
  });
  expect({ total: result.total, capped: result.capped }).toEqual({
    total: reference.total,
    capped: reference.totalCapped,
  });
  if (reference.centre) {
    expect(result.centre?.lat).toBeCloseTo(reference.centre.lat, 9);
    expect(result.centre?.lng).toBeCloseTo(reference.centre.lng, 9);
    expect(result.place ? placeName(result.place) : "your location").toBe(reference.centre.label);
  } else {
    expect(result.centre).toBeNull();
  }
  expect(result.alternatives.map(({ name, state, slug }) => ({ name, state, slug }))).toEqual(reference.didYouMean);
  expect(result.nearestBeyond.map((r) => r.id)).toEqual(reference.nearestBeyond.map((r) => r.id));
  result.nearestBeyond.forEach((r, i) => expect(r.distance).toBeCloseTo(reference.nearestBeyond[i]!.distance, 6));
  c.also?.(result);
  return result;
}

// ---------------------------------------------------------------------------------------
// The text rules (tests/fixtures/directory-fixture.ts, no place data).

const TEXT_CASES: Case[] = [
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
  { title: "query: two characters fold accents as longer terms do ('ur' finds Ürban)", query: "ur", expected: [5, 15] },
  { title: "query: one character", query: "z", expected: [13, 19] },
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
  { title: "city or state: two letters in their order ('oc' is not 'CO')", location: "Denver, oc", expected: [] },
  { title: "city or state: a doubled letter ('tt' is not any 't')", location: "tt", expected: [6, 7] },
  { title: "city, state: one letter of the state", location: "Bend, r", expected: [21, 24] },
  { title: "query and location", query: "cafe", location: "Portland, OR", expected: [2] },
  { title: "cuisine: exact", cuisine: "Thai", expected: [12, 11] },
  { title: "cuisine: exact is case-sensitive", cuisine: "thai", expected: [] },
  { title: "cuisine with query", cuisine: "French", query: "bistro", expected: [14, 9] },
  { title: "diets any", location: "Portland", diets: ["vegan", "gluten-free"], expected: [3, 1, 22, 20] },
  { title: "diets all", location: "Portland", diets: ["vegan", "gluten-free"], match: "all", expected: [1, 22] },
  { title: "diets all (three)", query: "a", diets: ["gluten-free", "dairy-free", "vegetarian"], match: "all" },
  { title: "diets only, any", diets: ["vegan", "dairy-free"] },
  { title: "diets only, all", diets: ["vegan", "dairy-free"], match: "all" },
  {
    title: "default list: every open restaurant by name",
    expected: fixtureRestaurants
      .filter((r) => !r.closed_at)
      .sort(byName)
      .map((r) => r.id),
  },
  // Trust (docs/search-url.md): '100%' diets, kitchen practices, closed restaurants.
  { title: "closed: not found by name", query: "shuttered", expected: [] },
  { title: "closed: not found by its ZIP", location: "97201", expected: [1, 20] },
  { title: "diets: a '100%' row written without its diet has it", diets: ["gluten-free"], location: "Bend" },
  { title: "dedicated alone: any '100%' diet", dedicated: true, expected: [10, 1, 20, 24, 13, 15] },
  { title: "dedicated with one diet", diets: ["gluten-free"], dedicated: true, expected: [24, 13, 15] },
  { title: "dedicated with diets, any", diets: ["vegan", "gluten-free"], dedicated: true },
  { title: "dedicated with diets, all", diets: ["vegan", "vegetarian"], match: "all", dedicated: true, expected: [1] },
  {
    title: "dedicated with diets, all, none has every one",
    diets: ["vegan", "gluten-free"],
    match: "all",
    dedicated: true,
    expected: [],
  },
  { title: "dedicated with a location", location: "Portland, OR", dedicated: true, expected: [1, 20] },
  { title: "dedicated with a query", query: "zebra", dedicated: true, expected: [13] },
  {
    title: "kitchen: dedicated fryer (100% gluten-free counts)",
    kitchen: ["dedicated-fryer"],
    expected: [4, 18, 24, 13, 15],
  },
  { title: "kitchen: separate preparation", kitchen: ["separate-prep"] },
  { title: "kitchen: trained staff", kitchen: ["trained-staff"], expected: [1, 18, 15] },
  {
    title: "kitchen: every practice",
    kitchen: ["dedicated-fryer", "separate-prep", "trained-staff"],
    expected: [18, 15],
  },
  {
    title: "kitchen with dedicated and a diet",
    kitchen: ["trained-staff"],
    dedicated: true,
    diets: ["gluten-free"],
    expected: [15],
  },
  { title: "kitchen with a cuisine", kitchen: ["separate-prep"], cuisine: "Korean", expected: [21, 24] },
  { title: "paging: past the end", location: "OR", page: 3, expected: [] },
  { title: "paging: past the 1,000th result is empty, not an error", page: 41, expected: [] },
  { title: "radius without a centre changes nothing", location: "Portland, OR", radius: 5, expected: [2, 1, 20] },
  { title: "hostile: PostgREST and SQL metacharacters", query: ",()*%_\\\"'", expected: [] },
  { title: "hostile: PostgREST filter injection", query: "x),or(id.gt.0", expected: [17] },
  { title: "hostile: injection in location", location: "x),or(id.gt.0", expected: [] },
  { title: "hostile: FTS syntax", query: "NEAR(a b) OR * ^", expected: [] },
  { title: "hostile: FTS syntax in a short term", query: '"*', expected: [] },
  { title: "hostile: 5000-character query", query: "a".repeat(5000), expected: [] },
];

function describeTextContract(label: string, directory: () => Directory) {
  describe(`directory contract, text rules: ${label}`, () => {
    for (const c of TEXT_CASES) {
      it(`search – ${c.title}`, async () => {
        await expectSameAsReference(directory(), fixtureRestaurants, NO_PLACES, c);
      });
    }

    it("default list: names sort case-insensitively ('apple bistro' before 'Back\\Slash')", async () => {
      const { restaurants } = await runSearch(directory(), criteria({ title: "" }));
      expect(restaurants.slice(0, 3).map((r) => r.name)).toEqual(["50% Off Tacos", "500 Burgers", "Ab"]);
      const names = restaurants.map((r) => r.name);
      expect(names.indexOf("apple bistro")).toBeLessThan(names.indexOf("Back\\Slash Bistro"));
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

    it("one restaurant: trust facts typed ('100%', practices known or not, days as YYYY-MM-DD)", async () => {
      expect(await directory().getRestaurant(13)).toMatchObject({
        isGlutenFree: true,
        glutenFreeOnly: true,
        veganOnly: false,
        dedicatedFryer: null,
        separatePrep: null,
        trainedStaff: false,
        verifiedAt: "2024-01-31",
        closedAt: null,
      });
      // Written with is_gluten_free false: the database set it.
      expect(await directory().getRestaurant(24)).toMatchObject({ isGlutenFree: true, glutenFreeOnly: true });
      // A closed restaurant is still a row: its page answers 410, not 404.
      expect(await directory().getRestaurant(23)).toMatchObject({ closedAt: "2026-01-15", trainedStaff: true });
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

// ---------------------------------------------------------------------------------------
// Distance, places, paging and the capped count (sample directory + synthetic rows + places).

/**
 * The rows of the distance (and landing) contract: the sample directory, the synthetic
 * restaurants, and the cities of the landing pages' rules.
 */
export const distanceRows: ReferenceRestaurant[] = [
  ...(sampleRows as unknown as ReferenceRestaurant[]),
  ...syntheticRestaurants(),
  ...landingRestaurants,
];

const PORTLAND_97201 = { lat: 45.5078, lng: -122.6897 };
const ids = (result: SearchResult) => result.restaurants.map((r) => r.id);

const DISTANCE_CASES: Case[] = [
  ...([5, 10, 25, 50] as const).map((radius) => ({
    title: `coords in Portland, ${radius} miles`,
    coords: PORTLAND_97201,
    radius,
  })),
  ...([5, 10, 25, 50] as const).map((radius) => ({ title: `ZIP 97201, ${radius} miles`, location: "97201", radius })),
  {
    title: "a wider radius finds more (5 < 10 < 25 < 50 around 97201)",
    location: "97201",
    radius: 50,
    also: (r) => expect(r.total).toBeGreaterThan(20),
  },
  { title: "'Portland, OR' names a centre", location: "Portland, OR" },
  { title: "'portland , oregon' (a state name, odd case and spacing)", location: "  portland ,  oregon " },
  { title: "'Seattle' (one state only) names a centre", location: "Seattle", radius: 10 },
  {
    title: "'Portland' (several states): the text rule, and 'Did you mean'",
    location: "Portland",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(r.alternatives.slice(0, 2).map((p) => p.state)).toEqual(["OR", "ME"]);
      expect(r.alternatives.length).toBeLessThanOrEqual(5);
    },
  },
  { title: "'Springfield' (several states)", location: "Springfield" },
  {
    title: "'St. Paul' (several states): 'Did you mean' counts 'St. Paul' and 'Saint Paul' as the place",
    location: "St. Paul",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(r.alternatives.slice(0, 2).map((p) => p.state)).toEqual(["OR", "MN"]);
    },
  },
  { title: "a state alone ('Oregon') names no centre", location: "Oregon" },
  { title: "an unknown ZIP names no centre (the text rule finds it exactly)", location: "97299" },
  { title: "a ZIP that does not exist", location: "00000" },
  { title: "an unknown place", location: "Nowhere At All, OR" },
  {
    title: "coords win over the location box, whose text rule still joins",
    coords: PORTLAND_97201,
    location: "Seattle",
    radius: 5,
  },
  { title: "query inside a centre", coords: PORTLAND_97201, radius: 50, query: "a" },
  { title: "cuisine inside a centre", location: "97201", radius: 50, cuisine: "Thai" },
  { title: "diets inside a centre (any)", location: "Portland, OR", radius: 50, diets: ["vegan", "gluten-free"] },
  {
    title: "diets inside a centre (all)",
    location: "Portland, OR",
    radius: 50,
    diets: ["vegan", "gluten-free"],
    match: "all",
  },
  { title: "short query inside a centre", coords: PORTLAND_97201, radius: 25, query: "ab" },
  // Every filter at once: the longest SQL (D1 refuses expressions more than 100 deep).
  {
    title: "every filter at once inside a centre",
    location: "97201",
    radius: 50,
    query: "an",
    cuisine: "Thai",
    diets: ["vegan", "gluten-free", "vegetarian"],
    match: "all",
  },
  {
    title: "every filter at once, nothing within the radius: the nearest beyond",
    coords: { lat: 1.9, lng: 1 },
    location: "Portland, OR",
    radius: 5,
    query: "a",
    cuisine: "Thai",
    diets: ["dairy-free", "vegan"],
  },
  { title: "just inside and just outside the radius", coords: CENTRE, radius: 25, query: "Boundary", expected: [9001] },
  {
    title: "just outside is inside a wider radius",
    coords: CENTRE,
    radius: 50,
    query: "Boundary",
    expected: [9001, 9002],
  },
  {
    title: "a tie in distance is broken by name",
    coords: CENTRE,
    radius: 5,
    also: (r) => {
      const twins = ids(r).filter((id) => id === 9003 || id === 9004);
      expect(twins).toEqual([9004, 9003]);
    },
  },
  { title: "paging by distance: page 1", coords: CENTRE, radius: 50 },
  { title: "paging by distance: page 2", coords: CENTRE, radius: 50, page: 2 },
  { title: "paging by distance: past the end", coords: CENTRE, radius: 50, page: 3 },
  {
    title: "nothing within the radius: the nearest beyond it",
    coords: { lat: 1.9, lng: 1 },
    radius: 5,
    also: (r) => {
      expect(r.total).toBe(0);
      expect(r.nearestBeyond.length).toBe(3);
    },
  },
  {
    title: "nothing within the radius, with a filter: the nearest that pass it",
    coords: { lat: 1.9, lng: 1 },
    radius: 5,
    diets: ["dairy-free"],
  },
  { title: "nothing anywhere near: no nearest beyond", coords: { lat: -60, lng: -140 }, radius: 50 },
  {
    title: "rows without coordinates: at their ZIP's centre, or last, found by the text rule",
    location: "Portland, OR",
    radius: 5,
    query: "a",
    also: (r) => {
      const byId = new Map(r.restaurants.map((x) => [x.id, x]));
      // 88 and 89 share ZIP 97202 (a tie broken by name); 90 has no ZIP and 91 an unknown one.
      expect(byId.get(88)?.distance).toBe(byId.get(89)?.distance);
      expect(byId.get(88)?.distance).toBeGreaterThan(0);
      expect(ids(r).indexOf(89)).toBeLessThan(ids(r).indexOf(88));
      expect(ids(r).slice(-2)).toEqual([91, 90]);
      expect(byId.get(90)?.distance).toBeNull();
    },
  },
  { title: "rows without coordinates, page 2", location: "Portland, OR", radius: 50, page: 2 },
  {
    title: "'1,000+': a crowd within the radius",
    coords: CROWD,
    radius: 5,
    also: (r) => expect({ total: r.total, capped: r.capped }).toEqual({ total: 1000, capped: true }),
  },
  { title: "'1,000+' by distance: page 2", coords: CROWD, radius: 5, page: 2 },
  { title: "'1,000+' by distance: page 40 holds the 1,000th", coords: CROWD, radius: 5, page: 40 },
  { title: "'1,000+' by distance: page 41 is empty", coords: CROWD, radius: 5, page: 41, expected: [] },
  { title: "'1,000+' by distance with a diet", coords: CROWD, radius: 5, diets: ["vegetarian"], page: 20 },
  ...[1, 12, 13, 24, 25, 34, 35, 40, 41].map((page) => ({
    title: `'1,000+' by name: page ${page} (name groups across page edges)`,
    query: CROWD_WORD,
    page,
  })),
  { title: "'1,000+' by name: the default list", page: 40 },
  { title: "by name with a diet tag across name groups", query: CROWD_WORD, diets: ["vegetarian"], page: 13 },
  { title: "by name with a cuisine across name groups", query: CROWD_WORD, cuisine: "Greek", page: 20 },
  // Trust inside a centre and across name groups (closed crowd members included in the data).
  { title: "dedicated inside a centre", coords: CENTRE, radius: 50, dedicated: true },
  {
    title: "dedicated with a diet inside a centre",
    location: "97201",
    radius: 50,
    diets: ["gluten-free"],
    dedicated: true,
  },
  { title: "kitchen inside a centre", coords: CENTRE, radius: 50, kitchen: ["dedicated-fryer"] },
  {
    title: "kitchen inside a place, with its text rule",
    location: "Portland, OR",
    radius: 25,
    kitchen: ["separate-prep"],
  },
  { title: "dedicated by distance, page 2", coords: CROWD, radius: 5, dedicated: true, page: 2 },
  { title: "kitchen by name across name groups", query: CROWD_WORD, kitchen: ["trained-staff"], page: 9 },
  {
    title: "dedicated by name across name groups",
    query: CROWD_WORD,
    dedicated: true,
    diets: ["gluten-free"],
    page: 2,
  },
  { title: "kitchen and dedicated, the default list", kitchen: ["trained-staff"], dedicated: true, page: 3 },
  {
    title: "dedicated, nothing within the radius: the nearest beyond that pass it",
    coords: { lat: 1.9, lng: 1 },
    radius: 5,
    dedicated: true,
  },
  {
    title: "every trust filter at once inside a centre",
    location: "97201",
    radius: 50,
    query: "a",
    diets: ["vegan"],
    dedicated: true,
    kitchen: ["dedicated-fryer"],
  },
  { title: "by name with a short term across name groups", query: "ze", page: 5 },
];

function describeDistanceContract(label: string, directory: () => Directory, places: () => ReferencePlaces) {
  describe(`directory contract, distance and counting: ${label}`, () => {
    for (const c of DISTANCE_CASES) {
      it(`search – ${c.title}`, async () => {
        await expectSameAsReference(directory(), distanceRows, places(), c);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------
// Landing pages and sitemaps (docs/seo.md), on the rows of the distance contract.

const isStateCode = (state: string): state is StateCode => STATE_CODES.includes(state);

/** A city as the port returns it, for comparing with the reference. */
const cityOf = (c: ReferenceCity): City => ({
  state: c.state,
  slug: c.slug,
  name: c.name,
  restaurants: c.restaurants,
  diets: c.diets,
  dedicated: c.dedicated,
});

function describeLandingContract(label: string, directory: () => Directory) {
  describe(`directory contract, landing pages and sitemaps: ${label}`, () => {
    const cities = referenceCities(distanceRows);
    // The cities that have landing pages: a US state, a slug that can be a URL segment.
    const landing = cities.filter((c) => isStateCode(c.state) && isLandingSlug(c.slug));
    const states = [...new Set(cities.map((c) => c.state))].filter(isStateCode);

    it("the fixture has what the cases need", () => {
      expect(landing.length).toBeGreaterThan(40);
      expect(cities.find((c) => c.state === "MO" && c.slug === "st-louis")).toMatchObject({
        name: "St. Louis",
        restaurants: 2,
      });
      expect(cities.some((c) => !isLandingSlug(c.slug))).toBe(true);
      expect(cities.some((c) => !isStateCode(c.state))).toBe(true);
    });

    it("one city: every city with restaurants, counted in all and per diet", async () => {
      for (const c of cities.filter((c) => isStateCode(c.state))) {
        expect(await directory().getCity(c.state as StateCode, c.slug), `${c.state} ${c.slug}`).toEqual(cityOf(c));
      }
    });

    it.each([
      ["an unknown slug", "OR", "nowhere"],
      ["another state's city", "ME", "beaverton"],
      ["a city name that is not a slug", "MO", "St. Louis"],
      ["a slug in another case", "OR", "Portland"],
      ["a state in lower case", "or", "portland"],
      ["a state with no restaurants", "WY", "cheyenne"],
    ])("one city: %s is none", async (_title, state, slug) => {
      expect(await directory().getCity(state as StateCode, slug)).toBeNull();
    });

    it.each(states)("a state's cities (%s): every city with restaurants, by slug", async (state) => {
      const expected = referenceStateCities(distanceRows, state, 0, 1000).map(cityOf);
      expect(await directory().listCities(state, 0, 1000)).toEqual(expected);
    });

    it("a state's cities, a page at a time (offset and limit)", async () => {
      const all = referenceStateCities(distanceRows, "OR", 0, 1000).map(cityOf);
      expect(all.length).toBeGreaterThan(10);
      const pages: City[] = [];
      for (let offset = 0; offset < all.length + 4; offset += 4)
        pages.push(...(await directory().listCities("OR", offset, 4)));
      expect(pages).toEqual(all);
      expect(await directory().listCities("OR", all.length, 4)).toEqual([]);
    });

    it("a state with no restaurants has no cities", async () => {
      expect(await directory().listCities("WY", 0, 100)).toEqual([]);
    });

    it.each([
      [50_000, 100],
      [1_000, 100],
      [1_000, 3],
      [7, 50_000],
    ])("the sitemap outline: %i ids a file, at most %i files", async (idsPerFile, maxFiles) => {
      const expected = referenceSitemapOutline(distanceRows, idsPerFile, maxFiles, STATE_CODES);
      const outline = await directory().sitemapOutline(idsPerFile, maxFiles);
      expect(outline).toEqual(expected);
      if (idsPerFile === 50_000) expect(outline.restaurantFiles).toEqual([1, 2, 6]);
    });

    it.each([
      [1, 50_000],
      [50_001, 100_000],
      [100_001, 250_000],
      [9_001, 9_010],
      [250_001, 300_000],
    ])("restaurant ids from %i to %i", async (fromId, toId) => {
      expect(await directory().listRestaurantIds(fromId, toId)).toEqual(
        referenceRestaurantIds(distanceRows, fromId, toId),
      );
    });

    it("a city page: the text rule for 'City, ST' alone, by name, for every city and each diet", async () => {
      for (const [index, c] of landing.entries()) {
        const state = c.state as StateCode;
        for (const diet of [null, ALL_DIETS[index % ALL_DIETS.length]!]) {
          const result = await findCityRestaurants(directory(), cityOf(c), state, diet, 1);
          const reference = referenceCitySearch(distanceRows, c.name, state, diet, 1);
          const where = `${c.name}, ${state} ${diet ?? ""}`;
          expect(
            result.restaurants.map((r) => r.id),
            where,
          ).toEqual(reference.ids);
          expect({ total: result.total, capped: result.capped }, where).toEqual({
            total: reference.total,
            capped: reference.totalCapped,
          });
          expect(
            result.restaurants.every((r) => r.distance === null),
            where,
          ).toBe(true);
        }
      }
    });

    it("a city page lists the city by the name kept for its slug: the text rule finds only that spelling", async () => {
      const stLouis = cities.find((c) => c.state === "MO" && c.slug === "st-louis")!;
      const result = await findCityRestaurants(directory(), cityOf(stLouis), "MO", null, 1);
      expect(result.restaurants.map((r) => r.id)).toEqual([60_001]);
      const canyon = cities.find((c) => c.state === "CO" && c.slug === "cañon-city")!;
      expect(
        (await findCityRestaurants(directory(), cityOf(canyon), "CO", null, 1)).restaurants.map((r) => r.id),
      ).toEqual([250_001, 250_002]);
    });

    it("a city page past its end is empty", async () => {
      const portland = cities.find((c) => c.state === "OR" && c.slug === "portland")!;
      const result = await findCityRestaurants(directory(), cityOf(portland), "OR", null, 2);
      expect(result.restaurants).toEqual([]);
      expect(result.total).toBe(referenceCitySearch(distanceRows, "Portland", "OR", null, 1).total);
    });
  });
}

// ---------------------------------------------------------------------------------------
// open=now (docs/opening-hours.md): the sample directory and the synthetic crowd, at fixed
// moments (the adapters read a fixed clock), against the reference statement of the hours
// rules. The backends read the open intervals derived from the text (the scheduled job has
// run over every row before these cases).

/** Moments in UTC that put the sample's time zones at telling local times. */
export const OPEN_NOW_MOMENTS = [
  // Tuesday 11:00 Pacific, 14:00 Eastern: lunch everywhere.
  "2026-11-24T19:00:00Z",
  // Tuesday 15:00 Pacific: between lunch and dinner; 18:00 Eastern: dinner.
  "2026-11-24T23:00:00Z",
  // Saturday 00:30 Pacific, 02:30 Central, 03:30 Eastern: only late nights past midnight.
  "2026-11-28T08:30:00Z",
  // Sunday 8 March 2026, 03:30 Pacific daylight time, minutes after the change; 05:30 Eastern.
  "2026-03-08T10:30:00Z",
  // Wednesday 1 July 2026, 03:30 UTC: Tuesday evening in summer time.
  "2026-07-01T03:30:00Z",
];

const OPEN_NOW_CASES: Case[] = [
  { title: "the default list" },
  { title: "a term", query: "a" },
  { title: "the crowd's word, page 2", query: CROWD_WORD, page: 2 },
  { title: "a cuisine", cuisine: "Thai" },
  { title: "diets, all of them", diets: ["vegan", "gluten-free"], match: "all" },
  { title: "a place's text rule and its centre", location: "Portland, OR", radius: 50 },
  { title: "a ZIP with a radius", location: "78701", radius: 25 },
  { title: "near a point, with diets", coords: CROWD, radius: 5, diets: ["vegetarian"] },
  { title: "near a point, page 3", coords: CROWD, radius: 10, page: 3 },
  { title: "nothing open near: the nearest open beyond", coords: CENTRE, radius: 5, query: CROWD_WORD },
  { title: "with dedicated", dedicated: true },
  { title: "with a kitchen practice", kitchen: ["dedicated-fryer"] },
  { title: "everything at once", query: "a", location: "Portland, OR", radius: 25, diets: ["vegan"], dedicated: false },
];

function describeOpenNowContract(label: string, directoryAt: (at: Date) => Directory, places: () => ReferencePlaces) {
  describe(`directory contract, open now: ${label}`, () => {
    for (const moment of OPEN_NOW_MOMENTS) {
      for (const c of OPEN_NOW_CASES) {
        it(`${moment}: ${c.title}`, async () => {
          const at = new Date(moment);
          await expectSameAsReference(directoryAt(at), distanceRows, places(), { ...c, open: true }, at);
        });
      }
    }

    it("the filter narrows: some but not all of the directory is open at each moment", async () => {
      for (const moment of OPEN_NOW_MOMENTS) {
        const at = new Date(moment);
        const open = await runSearch(directoryAt(at), searchOf({ open: true, query: CROWD_WORD }));
        const all = await runSearch(directoryAt(at), searchOf({ query: CROWD_WORD }));
        expect(open.total, moment).toBeGreaterThan(0);
        expect(open.total, moment).toBeLessThan(all.total);
      }
    });
  });
}

/**
 * The whole contract on one adapter: the text cases on the small text fixture (`text`), the
 * distance, landing and open-now cases on the sample directory with the place data
 * (`withPlaces`; `withPlacesAt` the same answering as if it were `at`).
 */
export function describeDirectoryContract(
  label: string,
  directories: {
    text: () => Directory;
    withPlaces: () => Directory;
    withPlacesAt: (at: Date) => Directory;
    places: () => ReferencePlaces;
  },
) {
  describeTextContract(label, directories.text);
  describeDistanceContract(label, directories.withPlaces, directories.places);
  describeLandingContract(label, directories.withPlaces);
  describeOpenNowContract(label, directories.withPlacesAt, directories.places);
  describeSavedContract(label, directories.text);
}
