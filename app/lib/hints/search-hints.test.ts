import { describe, expect, it } from "vitest";
import { countText, restaurantsText } from "../search/result-count";
import { searchHref, searchOf, type Search } from "../search/search-url";
import {
  closestPlaces,
  cuisineHints,
  describeSearch,
  filterWordSearch,
  filterWordHint,
  findFilterWords,
  misspeltPlace,
  narrowingRemovals,
  placeSearch,
} from "./search-hints";
import type { PlaceSpelling } from "../places/places";

const NONE = { place: null, alternatives: [] };

describe("findFilterWords", () => {
  it.each([
    ["gluten free", { diets: ["gluten-free"], rest: "" }],
    ["Gluten-Free pizza", { diets: ["gluten-free"], rest: "pizza" }],
    ["GLUTEN  FREE pizza", { diets: ["gluten-free"], rest: "pizza" }],
    ["glutenfree pizza", { diets: ["gluten-free"], rest: "pizza" }],
    ["gf pizza", { diets: ["gluten-free"], rest: "pizza" }],
    ["celiac bakery", { diets: ["gluten-free"], rest: "bakery" }],
    ["Coeliac", { diets: ["gluten-free"], rest: "" }],
    ["dairy free ice cream", { diets: ["dairy-free"], rest: "ice cream" }],
    ["dairy-free", { diets: ["dairy-free"], rest: "" }],
    ["DF tacos", { diets: ["dairy-free"], rest: "tacos" }],
    ["lactose free", { diets: ["dairy-free"], rest: "" }],
    ["lactose-free latte", { diets: ["dairy-free"], rest: "latte" }],
    ["vegan", { diets: ["vegan"], rest: "" }],
    ["Lone Star Vegan", { diets: ["vegan"], rest: "Lone Star" }],
    ["vegetarian thai", { diets: ["vegetarian"], rest: "thai" }],
    ["Veggie Grill", { diets: ["vegetarian"], rest: "Grill" }],
    ["vegan and gluten free pizza", { diets: ["gluten-free", "vegan"], rest: "pizza" }],
    ["pizza, gluten free", { diets: ["gluten-free"], rest: "pizza" }],
    ["gluten free options", { diets: ["gluten-free"], rest: "" }],
    ["vegan friendly cafe", { diets: ["vegan"], rest: "cafe" }],
    ["vegan restaurants", { diets: ["vegan"], rest: "" }],
    ["ümami vegan", { diets: ["vegan"], rest: "ümami" }],
  ])("%s", (text, expected) => {
    expect(findFilterWords(text)).toEqual({ dedicated: false, open: false, ...expected });
  });

  it.each([
    ["100% gluten free", { diets: ["gluten-free"], dedicated: true, open: false, rest: "" }],
    ["dedicated gf bakery", { diets: ["gluten-free"], dedicated: true, open: false, rest: "bakery" }],
    ["open now", { diets: [], dedicated: false, open: true, rest: "" }],
    ["Open-Now sushi", { diets: [], dedicated: false, open: true, rest: "sushi" }],
    ["vegan open now", { diets: ["vegan"], dedicated: false, open: true, rest: "" }],
    ["100%", { diets: [], dedicated: true, open: false, rest: "" }],
  ])("%s", (text, expected) => {
    expect(findFilterWords(text)).toEqual(expected);
  });

  it.each([
    "Dairy Queen",
    "pizza",
    "veganville",
    "Glutenfreeish",
    "gfx",
    "100%s",
    "1100% juice",
    "50% Off Tacos",
    "open",
    "now open",
    "dedicate",
    "vegans",
    "celiacs",
    "",
    "free gluten",
  ])("holds no filter word: %s", (text) => {
    expect(findFilterWords(text)).toBeNull();
  });

  it("whole words only: a word inside another, or touching a digit, is not one", () => {
    expect(findFilterWords("gf2go")).toBeNull();
    expect(findFilterWords("xvegan")).toBeNull();
    expect(findFilterWords("(vegan)")).toMatchObject({ diets: ["vegan"], rest: "( )" });
  });
});

describe("filterWordSearch", () => {
  it("turns the words into filters, keeps the rest as q and every other part, from page 1", () => {
    const search = searchOf({
      query: "gluten free pizza",
      location: "Seattle, WA",
      radius: 10,
      diets: ["vegan"],
      kitchen: ["trained-staff"],
      page: 3,
    });
    expect(filterWordSearch(search)).toEqual({
      ...search,
      query: "pizza",
      diets: ["gluten-free", "vegan"],
      page: 1,
    });
  });

  it("'100%' and 'open now' become dedicated=1 and open=now; nothing left leaves q empty", () => {
    expect(filterWordSearch(searchOf({ query: "100% vegan open now" }))).toEqual(
      searchOf({ diets: ["vegan"], dedicated: true, open: true }),
    );
  });

  it("null without filter words", () => {
    expect(filterWordSearch(searchOf({ query: "Dairy Queen" }))).toBeNull();
    expect(filterWordSearch(searchOf({ location: "vegan" }))).toBeNull();
  });
});

describe("filterWordHint", () => {
  it.each<[Partial<Search>, string, string]>([
    [
      { query: "gluten free pizza", location: "Seattle, WA" },
      'Show gluten-free restaurants matching "pizza" in Seattle, WA',
      "/?q=pizza&location=Seattle%2C+WA&diet=gluten-free",
    ],
    [{ query: "vegan" }, "Show vegan restaurants", "/?diet=vegan"],
    [
      { query: "vegan gf", diets: ["dairy-free"] },
      "Show gluten-free, dairy-free or vegan restaurants",
      "/?diet=gluten-free&diet=dairy-free&diet=vegan",
    ],
    [
      { query: "vegan", diets: ["gluten-free"], match: "all" },
      "Show gluten-free and vegan restaurants",
      "/?diet=gluten-free&diet=vegan&match=all",
    ],
    [
      { query: "100% gf bakery" },
      'Show 100% gluten-free restaurants matching "bakery"',
      "/?q=bakery&diet=gluten-free&dedicated=1",
    ],
    [{ query: "dedicated" }, "Show 100% dedicated restaurants", "/?dedicated=1"],
    [{ query: "open now sushi" }, 'Show restaurants open now matching "sushi"', "/?q=sushi&open=now"],
    [
      { query: "veggie", coords: { lat: 45.5, lng: -122.6 }, radius: 10 },
      // Coordinates without a place near them read as themselves (was 'near your location',
      // which a link's receiver would read as theirs: issue 39).
      "Show vegetarian restaurants near 45.5, -122.6",
      "/?radius=10&diet=vegetarian&lat=45.5&lng=-122.6",
    ],
    [
      { query: "celiac", cuisine: "Thai", kitchen: ["dedicated-fryer"], page: 4 },
      "Show gluten-free restaurants",
      "/?cuisine=Thai&diet=gluten-free&kitchen=dedicated-fryer",
    ],
  ])("%o", (parts, label, href) => {
    const suggestion = filterWordHint(searchOf(parts));
    expect(suggestion?.label).toBe(label);
    expect(searchHref(suggestion!.search)).toBe(href);
  });

  it("none for a q without filter words, or without a q", () => {
    expect(filterWordHint(searchOf({ query: "Dairy Queen" }))).toBeNull();
    expect(filterWordHint(searchOf({ diets: ["vegan"] }))).toBeNull();
  });
});

describe("describeSearch", () => {
  it("names coordinates by the place nearest them, for whoever opens the page", () => {
    expect(describeSearch(searchOf({ coords: { lat: 47.61, lng: -122.2 } }), { name: "Bellevue", state: "WA" })).toBe(
      "restaurants near Bellevue, WA",
    );
  });

  it("reads the search as a phrase", () => {
    expect(describeSearch(searchOf({}))).toBe("restaurants");
    expect(describeSearch(searchOf({ location: "97201", open: true, dedicated: true }))).toBe(
      "100% dedicated restaurants open now in 97201",
    );
  });
});

describe("counts as text", () => {
  it("exact up to 1,000, then '1,000+'", () => {
    expect(countText(6, false)).toBe("6");
    expect(countText(1000, true)).toBe("1,000+");
    expect(restaurantsText(1, false)).toBe("1 restaurant");
    expect(restaurantsText(6, false)).toBe("6 restaurants");
    expect(restaurantsText(1000, true)).toBe("1,000+ restaurants");
  });
});

describe("misspeltPlace", () => {
  it("a location that names no place and finds nothing: its key, its state if known, its reach", () => {
    expect(misspeltPlace(searchOf({ location: "Portlnd" }), NONE, 0)).toEqual({
      key: "portlnd",
      state: null,
      maxEdits: 1,
    });
    expect(misspeltPlace(searchOf({ location: "Portlnd, oregon" }), NONE, 0)).toEqual({
      key: "portlnd",
      state: "OR",
      maxEdits: 1,
    });
    expect(misspeltPlace(searchOf({ location: "St. Lous, Nowhere" }), NONE, 0)).toEqual({
      key: "saintlous",
      state: null,
      maxEdits: 2,
    });
  });

  it("none when something was found, a place or alternatives are known, or coordinates set the centre", () => {
    expect(misspeltPlace(searchOf({ location: "Portlnd" }), NONE, 2)).toBeNull();
    const place = { name: "Portland", state: "OR", slug: "portland", zip: null, lat: 45.5, lng: -122.6 };
    expect(misspeltPlace(searchOf({ location: "Portland, OR" }), { place, alternatives: [] }, 0)).toBeNull();
    expect(misspeltPlace(searchOf({ location: "Portland" }), { place: null, alternatives: [place] }, 0)).toBeNull();
    expect(misspeltPlace(searchOf({ location: "Portlnd", coords: { lat: 1, lng: 1 } }), NONE, 0)).toBeNull();
  });

  it("none for a ZIP, a state alone, a blank or a short name", () => {
    for (const location of ["97299", "Oregon", "OR", "", "Bnd", ", OR"]) {
      expect(misspeltPlace(searchOf({ location }), NONE, 0), location).toBeNull();
    }
  });
});

describe("misspeltPlace abroad (issue 41)", () => {
  it("'City, Country' abroad: the world places of that country only (no US state)", () => {
    expect(misspeltPlace(searchOf({ location: "Torronto, Canada" }), NONE, 0)).toEqual({
      key: "torronto",
      state: null,
      maxEdits: 2,
      country: "CA",
    });
    expect(misspeltPlace(searchOf({ location: "Londn, UK" }), NONE, 0)).toMatchObject({ key: "londn", country: "GB" });
    expect(misspeltPlace(searchOf({ location: "Munchn, Deutschland" }), NONE, 0)).toMatchObject({
      key: "munchn",
      country: "DE",
    });
    expect(misspeltPlace(searchOf({ location: "Muenchen, Germany" }), NONE, 0)).toMatchObject({
      key: "muenchen",
      maxEdits: 2,
      country: "DE",
    });
  });

  it("a US state's code or name keeps its US meaning; a bare name or an unknown word looks everywhere", () => {
    for (const [location, state] of [
      ["Berlln, DE", "DE"],
      ["Tbilsi, Georgia", "GA"],
    ] as const) {
      const probe = misspeltPlace(searchOf({ location }), NONE, 0);
      expect(probe, location).toMatchObject({ state });
      expect(probe && "country" in probe, location).toBe(false);
    }
    for (const location of ["Torotno", "Torronto, ON", "Torronto, Nowhere"]) {
      const probe = misspeltPlace(searchOf({ location }), NONE, 0);
      expect(probe, location).toMatchObject({ state: null });
      expect(probe && "country" in probe, location).toBe(false);
    }
  });

  it("none for a country alone, a postal code in one, or a name too short ('Rom, Italy')", () => {
    for (const location of ["Italy", "SW1A 1AA, UK", "Rom, Italy"]) {
      expect(misspeltPlace(searchOf({ location }), NONE, 0), location).toBeNull();
    }
  });
});

describe("closestPlaces", () => {
  const place = (name: string, state: string, restaurants: number, zipCount = 1): PlaceSpelling => ({
    name,
    state,
    slug: name.toLowerCase(),
    zip: null,
    lat: 0,
    lng: 0,
    key: name.toLowerCase().replace(/ /g, ""),
    zipCount,
    restaurants,
  });

  it("within reach, nearest first, then most restaurants, most ZIP codes, name, state; none without restaurants", () => {
    const found = closestPlaces("portlnd", [
      place("Portland", "ME", 4, 30),
      place("Portland", "OR", 16, 60),
      place("Portland", "TX", 0, 3),
      place("Port", "NY", 9),
      place("Portlandia", "OR", 50),
      place("Portland", "CT", 4, 40),
    ]);
    expect(found.map(({ item }) => `${item.name}, ${item.state}`)).toEqual([
      "Portland, OR",
      "Portland, CT",
      "Portland, ME",
    ]);
  });
});

describe("closestPlaces with world places", () => {
  const world = (name: string, state: string, key: string, restaurants: number): PlaceSpelling => ({
    name,
    state,
    slug: null,
    zip: null,
    lat: 0,
    lng: 0,
    key,
    zipCount: 0,
    restaurants,
  });
  const us = (name: string, state: string, restaurants: number, zipCount: number): PlaceSpelling => ({
    ...world(name, state, name.toLowerCase(), restaurants),
    slug: name.toLowerCase(),
    zipCount,
  });

  it("a world place found by two of its names once, by the name nearest the typed key", () => {
    const found = closestPlaces("munchn", [
      world("Munich", "Germany", "munich", 3),
      world("Munich", "Germany", "munchen", 1),
    ]);
    expect(found).toEqual([{ item: world("Munich", "Germany", "munchen", 1), edits: 1 }]);
    // Both names as near: the one with more restaurants.
    expect(closestPlaces("romae", [world("Rome", "Italy", "roma", 1), world("Rome", "Italy", "rome", 2)])).toEqual([
      { item: world("Rome", "Italy", "rome", 2), edits: 1 },
    ]);
  });

  it("US and world places together: nearest, then restaurants, then ZIP codes (a world place has none)", () => {
    const found = closestPlaces("berlln", [
      world("Berlin", "Germany", "berlin", 1),
      us("Berlin", "MD", 1, 3),
      world("London", "United Kingdom", "london", 9),
      world("Berlin", "ON", "berlin", 2),
    ]);
    expect(found.map(({ item }) => `${item.name}, ${item.state}`)).toEqual([
      "Berlin, ON",
      "Berlin, MD",
      "Berlin, Germany",
    ]);
  });
});

describe("placeSearch", () => {
  it("the same search with the place in the location box, from page 1", () => {
    const search = searchOf({ location: "Portlnd", diets: ["vegan"], page: 2 });
    expect(searchHref(placeSearch(search, { name: "Portland", state: "OR" }))).toBe(
      "/?location=Portland%2C+OR&diet=vegan",
    );
    expect(searchHref(placeSearch(search, { name: "London", state: "United Kingdom" }))).toBe(
      "/?location=London%2C+United+Kingdom&diet=vegan",
    );
  });
});

describe("cuisineHints", () => {
  const cuisines = ["Italian", "Indian", "Thai", "Middle Eastern"];
  it("a q close to a cuisine, when nothing was found: the q replaced", () => {
    expect(cuisineHints(searchOf({ query: "itallian" }), cuisines, 0).map((s) => s.query)).toEqual(["Italian"]);
    expect(cuisineHints(searchOf({ query: "midle eastern" }), cuisines, 0).map((s) => s.query)).toEqual([
      "Middle Eastern",
    ]);
    expect(cuisineHints(searchOf({ query: "itallian" }), cuisines, 3)).toEqual([]);
    expect(cuisineHints(searchOf({ query: "italian" }), cuisines, 0)).toEqual([]);
  });

  it("a cuisine that names none: the cuisine replaced", () => {
    const [next] = cuisineHints(searchOf({ cuisine: "italian", query: "zzz" }), cuisines, 0);
    expect(next).toMatchObject({ cuisine: "Italian", query: "zzz" });
    expect(cuisineHints(searchOf({ cuisine: "Italian", query: "pizza" }), cuisines, 0)).toEqual([]);
  });
});

describe("narrowingRemovals", () => {
  it("each narrowing filter, removed one at a time, in the contract's order", () => {
    const search = searchOf({
      location: "Portland, OR",
      radius: 10,
      cuisine: "Thai",
      diets: ["gluten-free", "vegan"],
      match: "all",
      dedicated: true,
      kitchen: ["dedicated-fryer", "trained-staff"],
      open: true,
      page: 2,
    });
    expect(narrowingRemovals(search).map(({ label, search: next }) => [label, searchHref(next)])).toEqual([
      [
        'Without "Gluten-Free" and "Vegan"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff&open=now",
      ],
      [
        'Without "all selected options"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff&open=now",
      ],
      [
        'Without "100% dedicated"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&kitchen=dedicated-fryer&kitchen=trained-staff&open=now",
      ],
      [
        'Without "Dedicated fryer"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=trained-staff&open=now",
      ],
      [
        'Without "Staff trained on cross-contact"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&open=now",
      ],
      [
        'Without "Open now"',
        "/?location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff",
      ],
      [
        'Without "Thai"',
        "/?location=Portland%2C+OR&radius=10&diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff&open=now",
      ],
      [
        "Within 50 miles",
        "/?location=Portland%2C+OR&radius=50&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff&open=now",
      ],
    ]);
  });

  it("nothing to remove from a plain search; no radius without a place or position; confirmed when the search has it", () => {
    expect(narrowingRemovals(searchOf({ query: "pizza" }))).toEqual([]);
    expect(narrowingRemovals(searchOf({ query: "pizza", radius: 5 }))).toEqual([]);
    expect(narrowingRemovals(searchOf({ location: "Portland, OR", radius: 50 }))).toEqual([]);
    const confirmed = searchOf({ query: "pizza", confirmed: true });
    expect(narrowingRemovals(confirmed)).toEqual([
      { label: 'Without "Confirmed by diners"', search: { ...confirmed, confirmed: false } },
    ]);
  });
});
