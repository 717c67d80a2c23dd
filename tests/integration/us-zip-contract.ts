// Five digits in the location box are a US ZIP code (issue 41, docs/search-url.md "Beyond the
// United States"): the same cases for every adapter, on the world fixture
// (tests/fixtures/world-fixture.ts) with two restaurants more whose zip_code is '10115', one in
// Berlin and one in New York, each search compared with the reference
// (tests/fixtures/reference-search.ts) and with a hand-written answer.
import { describe, expect, it } from "vitest";
import type { Directory } from "~/lib/directory/port";
import type { SearchResult } from "~/lib/directory/index.server";
import type { ReferencePlaces } from "../fixtures/reference-search";
import { dietFlags, fixtureRestaurant, type FixtureRestaurant } from "../fixtures/directory-fixture";
import { worldFixtureRestaurants } from "../fixtures/world-fixture";
import { expectSameAsReference, type Case } from "./directory-contract";

const ids = (result: SearchResult) => result.restaurants.map((r) => r.id);

const withZip = (id: number, name: string, country: string, city: string, state: string, lat: number, lng: number) =>
  fixtureRestaurant(id, name, {
    ...dietFlags("G"),
    cuisine_type: "Cafe",
    country,
    city,
    state,
    zip_code: "10115",
    latitude: lat,
    longitude: lng,
  });

/** The world fixture and two restaurants with the postal code '10115': Berlin's and New York's. */
export const usZipRestaurants: FixtureRestaurant[] = [
  ...worldFixtureRestaurants,
  withZip(9101, "Mitte Glutenfrei", "DE", "Berlin", "BE", 52.532, 13.3846),
  withZip(9102, "Morningside Gluten Free", "US", "New York", "NY", 40.8108, -73.9639),
];

const US_ZIP_CASES: Case[] = [
  {
    title: "'10115' is New York's ZIP code: the US restaurant only, counted once",
    location: "10115",
    also: (r) => {
      expect(ids(r)).toEqual([9102]);
      expect(r.total).toBe(1);
    },
  },
  {
    title: "'10115' with a diet: the US restaurant only",
    location: "10115",
    diets: ["gluten-free"],
    also: (r) => expect(ids(r)).toEqual([9102]),
  },
  {
    title: "'10115' within 5 miles: still not Berlin's beyond the radius",
    location: "10115",
    radius: 5,
    also: (r) => expect(ids(r)).toEqual([9102]),
  },
  {
    title: "'00153' (no US ZIP code's centre) is not Rome's postal code",
    location: "00153",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(r.total).toBe(0);
    },
  },
  {
    title: "'10115, Germany': the postal code in its country, Berlin's",
    location: "10115, Germany",
    also: (r) => {
      expect(ids(r)).toEqual([9101]);
      expect(r.total).toBe(1);
    },
  },
  {
    title: "'SW1A 1AA, UK' is still found abroad",
    location: "SW1A 1AA, UK",
    also: (r) => expect(ids(r)).toEqual([9006]),
  },
  { title: "'Berlin, Germany' finds both Berlin restaurants", location: "Berlin, Germany", radius: 5 },
];

export function describeUsZipContract(label: string, directory: () => Directory, places: () => ReferencePlaces) {
  describe(`directory contract, a US ZIP code is in the US: ${label}`, () => {
    for (const c of US_ZIP_CASES) {
      it(`search – ${c.title}`, async () => {
        await expectSameAsReference(directory(), usZipRestaurants, places(), c);
      });
    }
  });
}
