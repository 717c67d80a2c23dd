// The suggestions beside a search (docs/search-url.md "What people type"), the same cases on
// every backend, through the app's own door (runSearch, then hints/search-hints.ts's searchHintsFor), against the
// plain statement of the rules (tests/fixtures/reference-search-hints.ts, counts from
// reference-search.ts): the links (where each leads) and their counts; and, for every query
// that holds filter words, the spec's own results unchanged; and the way in beside an empty
// search: each state's open restaurants and the cities with the most (reference-search.ts).
import { describe, expect, it } from "vitest";
import { runSearch } from "~/lib/directory/index.server";
import { searchHintsFor } from "~/lib/hints/search-hints";
import type { Directory } from "~/lib/directory/port";
import { parseSearchParams, searchHref, searchOf, type Search } from "~/lib/search/search-url";
import type { HintLink } from "~/lib/hints/search-hints";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { referenceCities, referenceDirectorySearch, type ReferencePlaces } from "../fixtures/reference-search";
import {
  referenceCuisineHints,
  referencePlaceHints,
  referenceWithoutFilters,
  type ReferenceLink,
} from "../fixtures/reference-search-hints";
import { AUSTIN_EMPTIED_BY_FILTERS } from "../fixtures/search-hint-cases";
import { distanceRows } from "./directory-contract";

type Case = Partial<Search> & { title: string };

/** Queries whose q holds filter words: the link, and the spec's results as they were. */
const FILTER_WORD_CASES: (Case & { href: string | null })[] = [
  {
    title: "'gluten free' in Seattle, WA",
    query: "gluten free",
    location: "Seattle, WA",
    href: "/?location=Seattle%2C+WA&diet=gluten-free",
  },
  {
    title: "'gf kitchen' in Portland, OR",
    query: "gf kitchen",
    location: "Portland, OR",
    href: "/?q=kitchen&location=Portland%2C+OR&diet=gluten-free",
  },
  { title: "'vegan' alone: the filtered default list", query: "vegan", href: "/?diet=vegan" },
  { title: "'Lone Star Vegan'", query: "Lone Star Vegan", href: null },
  {
    title: "'100% gluten-free' near 97201",
    query: "100% gluten-free",
    location: "97201",
    href: "/?location=97201&diet=gluten-free&dedicated=1",
  },
  {
    title: "'veggie thai' with a diet already chosen",
    query: "veggie thai",
    diets: ["vegan"],
    href: "/?q=thai&diet=vegetarian&diet=vegan",
  },
  {
    title: "'celiac' with coordinates",
    query: "celiac",
    coords: { lat: 45.5078, lng: -122.6897 },
    radius: 10,
    href: "/?radius=10&diet=gluten-free&lat=45.5078&lng=-122.6897",
  },
  {
    title: "'dairy free kitchen', every diet all",
    query: "dairy free kitchen",
    diets: ["vegan"],
    match: "all",
    href: "/?q=kitchen&diet=dairy-free&diet=vegan&match=all",
  },
];

const PLACE_CASES: Case[] = [
  { title: "'Portlnd'", location: "Portlnd" },
  { title: "'Portlnd, OR' (in Oregon only)", location: "Portlnd, OR" },
  { title: "'Portlnd, Oregn' (an unknown state: every state)", location: "Portlnd, Oregn" },
  { title: "'Seatle'", location: "Seatle" },
  { title: "'Sprngfield'", location: "Sprngfield" },
  { title: "'Minneapols, MN'", location: "Minneapols, MN" },
  { title: "'Austn' with a diet", location: "Austn", diets: ["vegan"] },
  { title: "'Portlnd' with a query", location: "Portlnd", query: "cafe" },
  { title: "'Portlnd', 5 miles", location: "Portlnd", radius: 5 },
  { title: "'Zzyzxq' (nothing near)", location: "Zzyzxq" },
  { title: "'Bnd' (too short)", location: "Bnd" },
];

const CUISINE_CASES: Case[] = [
  { title: "q 'itallian'", query: "itallian" },
  { title: "q 'indain' in Portland, OR", query: "indain", location: "Portland, OR" },
  { title: "cuisine 'italian' (case)", cuisine: "italian" },
  { title: "cuisine 'Thia'", cuisine: "Thia" },
  { title: "q 'thia' with a diet", query: "thia", diets: ["vegan"] },
];

const WITHOUT_CASES: Case[] = [
  {
    title: "a cuisine, a diet and a kitchen practice in Seattle, 5 miles",
    location: "Seattle, WA",
    radius: 5,
    cuisine: "Thai",
    diets: ["gluten-free"],
    kitchen: ["dedicated-fryer"],
  },
  { title: "every diet, '100%' and a kitchen practice in Austin, 5 miles", ...AUSTIN_EMPTIED_BY_FILTERS },
  {
    title: "the default list, '100%' and a kitchen practice",
    dedicated: true,
    kitchen: ["trained-staff"],
    diets: ["dairy-free"],
  },
  { title: "a query and a cuisine", query: "kitchen", cuisine: "Peruvian" },
  {
    title: "a ZIP code, 5 miles, vegan and dedicated",
    location: "97201",
    radius: 5,
    diets: ["vegan"],
    dedicated: true,
    cuisine: "Thai",
  },
];

const asked = (c: Case): Search => {
  const { title: _title, ...parts } = c as Case & { href?: unknown };
  delete (parts as { href?: unknown }).href;
  return searchOf(parts);
};

/** A link as the reference states it: where it leads, its words (for places and cuisines), its count. */
const fromReference = (links: ReferenceLink[], withLabel: boolean) =>
  links.map((link) => ({
    // (The reference's search is its own type; its radius is the one it was asked.)
    href: searchHref(searchOf({ ...link.search, radius: link.search.radius as Search["radius"] })),
    ...(withLabel ? { label: link.label } : {}),
    count: link.count,
    capped: link.capped,
  }));
const fromApp = (links: HintLink[], withLabel: boolean) =>
  links.map(({ href, label, count, capped }) => ({ href, ...(withLabel ? { label } : {}), count, capped }));

export function describeSearchHintsContract(label: string, directory: () => Directory, places: () => ReferencePlaces) {
  async function suggest(search: Search) {
    const result = await runSearch(directory(), search);
    return { result, suggestions: await searchHintsFor(directory(), search, result, sampleCuisines) };
  }

  describe(`suggestions contract: ${label}`, () => {
    for (const c of FILTER_WORD_CASES) {
      it(`filter words – ${c.title}: the link and its count; the spec's results unchanged`, async () => {
        const search = asked(c);
        const { result, suggestions } = await suggest(search);
        const reference = referenceDirectorySearch(distanceRows, places(), search);
        expect(result.restaurants.map((r) => r.id)).toEqual(reference.ids);
        expect(result.total).toBe(reference.total);
        if (c.href === null) {
          // 'Lone Star Vegan' holds a filter word; its link shows only where it finds something.
          const rest = referenceDirectorySearch(
            distanceRows,
            places(),
            parseSearchParams(new URLSearchParams("q=Lone+Star&diet=vegan")),
          );
          expect(suggestions.filterWords === null).toBe(rest.total === 0);
          return;
        }
        const counted = referenceDirectorySearch(
          distanceRows,
          places(),
          parseSearchParams(new URL(c.href, "http://x").searchParams),
        );
        expect(counted.total).toBeGreaterThan(0);
        expect(suggestions.filterWords).toMatchObject({
          href: c.href,
          count: counted.total,
          capped: counted.totalCapped,
        });
      });
    }

    it("no filter word, no link: 'Dairy Queen', 'pizza'", async () => {
      for (const query of ["Dairy Queen", "pizza"]) {
        expect((await suggest(searchOf({ query }))).suggestions.filterWords).toBeNull();
      }
    });

    for (const c of PLACE_CASES) {
      it(`did you mean (place) – ${c.title}`, async () => {
        const search = asked(c);
        const { suggestions } = await suggest(search);
        const expected = fromReference(referencePlaceHints(distanceRows, places(), search), true);
        expect(fromApp(suggestions.didYouMean, true)).toEqual(expected);
      });
    }

    it("'Portlnd' means Portland, OR first", async () => {
      const { suggestions } = await suggest(searchOf({ location: "Portlnd" }));
      expect(suggestions.didYouMean[0]?.label).toBe("Portland, OR");
      expect(suggestions.didYouMean.length).toBeLessThanOrEqual(3);
    });

    for (const c of CUISINE_CASES) {
      it(`did you mean (cuisine) – ${c.title}`, async () => {
        const search = asked(c);
        const { suggestions } = await suggest(search);
        const expected = fromReference(referenceCuisineHints(distanceRows, places(), sampleCuisines, search), true);
        expect(fromApp(suggestions.didYouMean, true)).toEqual(expected);
      });
    }

    it("'itallian' means Italian", async () => {
      const { suggestions } = await suggest(searchOf({ query: "itallian" }));
      expect(suggestions.didYouMean.map((link) => link.label)).toEqual(["Italian"]);
    });

    for (const c of WITHOUT_CASES) {
      it(`the filter that emptied the page – ${c.title}`, async () => {
        const search = asked(c);
        const { result, suggestions } = await suggest(search);
        expect(result.total).toBe(0);
        const expected = fromReference(referenceWithoutFilters(distanceRows, places(), search), false);
        expect(expected.length).toBeGreaterThan(0);
        expect(fromApp(suggestions.withoutFilters, false)).toEqual(expected);
      });
    }

    it("a search that finds something offers no 'Did you mean' and no 'Without'", async () => {
      const { suggestions } = await suggest(searchOf({ location: "Portland, OR", diets: ["vegan"] }));
      expect(suggestions).toMatchObject({ didYouMean: [], withoutFilters: [] });
    });

    it("each state's open restaurants, kept by the database", async () => {
      const expected = new Map<string, number>();
      for (const city of referenceCities(distanceRows))
        expected.set(city.state, (expected.get(city.state) ?? 0) + city.restaurants);
      const states = await directory().listStates();
      expect(states).toEqual(
        [...expected.entries()]
          .filter(([, n]) => n > 0)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([state, restaurants]) => ({ state, restaurants })),
      );
    });

    it("the cities with the most restaurants, most first", async () => {
      const expected = referenceCities(distanceRows)
        .filter((c) => c.restaurants > 0)
        .sort(
          (a, b) =>
            b.restaurants - a.restaurants ||
            (a.state < b.state ? -1 : a.state > b.state ? 1 : a.slug < b.slug ? -1 : 1),
        )
        .slice(0, 5)
        .map((c) => `${c.state}/${c.slug}/${c.restaurants}`);
      const cities = await directory().listTopCities(5);
      expect(cities.map((c) => `${c.state}/${c.slug}/${c.restaurants}`)).toEqual(expected);
    });
  });
}
