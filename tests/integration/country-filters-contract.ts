// A country alone with filters on a country of more than 1,000 restaurants (issue 41: 'Italy'
// + vegan), the same cases for every adapter: the only match sorts last by name, past the
// first thousand of the country's names, and must be found and counted. Each search is
// compared with the reference (tests/fixtures/reference-search.ts) and a hand-written answer.
import { describe, expect, it } from "vitest";
import type { Directory } from "~/lib/directory/port";
import type { ReferencePlaces } from "../fixtures/reference-search";
import { fixtureRestaurant, type FixtureRestaurant } from "../fixtures/directory-fixture";
import { expectSameAsReference, type Case } from "./directory-contract";

/** The one vegan restaurant of Italy ('100%' vegan, cuisine Vegan): last by name. */
const LAST = 31_201;
/** A vegan restaurant in the US, which no search of Italy finds. */
const IN_THE_US = 31_202;

const italian = (id: number, name: string, columns: Partial<FixtureRestaurant>): FixtureRestaurant =>
  fixtureRestaurant(id, name, {
    is_gluten_free: true,
    cuisine_type: "Pizza",
    country: "IT",
    city: "Roma",
    state: "62",
    zip_code: "00153",
    ...columns,
  });

/** 1,200 restaurants in Italy before the vegan one by name, the vegan one, and one in the US. */
export const countryFiltersRestaurants: FixtureRestaurant[] = [
  ...Array.from({ length: 1200 }, (_, i) => italian(30_001 + i, `Osteria ${String(i + 1).padStart(4, "0")}`, {})),
  italian(LAST, "Zucca Vegana", { is_vegan: true, vegan_only: true, cuisine_type: "Vegan" }),
  fixtureRestaurant(IN_THE_US, "Zucca Vegan Diner", {
    is_vegan: true,
    vegan_only: true,
    cuisine_type: "Vegan",
    country: "US",
    city: "Austin",
    state: "TX",
    zip_code: "78701",
  }),
];

export const countryFiltersCuisines = ["Pizza", "Vegan"];

const CASES: Case[] = [
  { title: "'Italy' + vegan", location: "Italy", diets: ["vegan"], expected: [LAST] },
  { title: "'Italy' + vegan + dedicated", location: "Italy", diets: ["vegan"], dedicated: true, expected: [LAST] },
  { title: "'Italy' + dedicated", location: "Italy", dedicated: true, expected: [LAST] },
  { title: "'Italy' + cuisine", location: "Italy", cuisine: "Vegan", expected: [LAST] },
  { title: "'Italy' + q", location: "Italy", query: "zucca", expected: [LAST] },
  // More than 1,000 matches: '1,000+', and the last page shown (the 1,000th match).
  { title: "'Italy' + gluten-free or vegan, page 40", location: "Italy", diets: ["gluten-free", "vegan"], page: 40 },
  { title: "'Italy' alone, page 40", location: "Italy", page: 40 },
];

export function describeCountryFiltersContract(
  label: string,
  directory: () => Directory,
  places: () => ReferencePlaces,
) {
  describe(`directory contract, a country with filters past its first 1,000 names: ${label}`, () => {
    for (const c of CASES) {
      it(`search – ${c.title}`, async () => {
        const result = await expectSameAsReference(directory(), countryFiltersRestaurants, places(), c);
        if (c.expected) expect(result).toMatchObject({ total: c.expected.length, capped: false });
      });
    }
  });
}
