import { describe, expect, it } from "vitest";
import {
  CITIES_PER_PAGE,
  cityHeading,
  cityPath,
  cityPageSeo,
  citySlug,
  isCitySlug,
  landingPlaceOf,
  parseCitySegment,
  parseDietSegment,
  parseStateSegment,
  stateHeading,
  statePageSeo,
  statePath,
  usArea,
  withPage,
} from "./landing";
import { cityLabel, landingSearch } from "../search/city-search";
import { itReads } from "../../../tests/support/cases";

describe("citySlug: the rule restaurant_cities keeps", () => {
  itReads(citySlug, [
    ["Portland", "portland"],
    [" Lake Oswego ", "lake-oswego"],
    ["St. Louis", "st-louis"],
    ["Coeur d'Alene", "coeur-dalene"],
    ["Cañon City", "cañon-city"],
    ["ÉLAN", "Élan"],
    ["two  spaces", "two--spaces"],
  ]);
});

describe("URL segments", () => {
  it("a state: a known code in lower case only", () => {
    expect(parseStateSegment("or")).toBe("OR");
    expect(parseStateSegment("dc")).toBe("DC");
    for (const bad of ["OR", "Or", "zz", "ore", "o", "", undefined, "o r", "or "])
      expect(parseStateSegment(bad)).toBeNull();
  });

  it("a city: a slug exactly as kept, that a path segment carries unambiguously", () => {
    for (const good of ["portland", "lake-oswego", "st-louis", "cañon-city", "97201"])
      expect(parseCitySegment(good)).toBe(good);
    for (const bad of [
      "Portland",
      "st. louis",
      "lake oswego",
      "coeur-d'alene",
      " portland",
      "",
      "a/b",
      "a%2Fb",
      "a?b",
      "a#b",
      "a\\b",
      "tab\tcity",
      "x".repeat(201),
      undefined,
    ]) {
      expect(parseCitySegment(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(isCitySlug("x".repeat(200))).toBe(true);
  });

  it("a diet: one of the four, as the search URL spells it", () => {
    expect(parseDietSegment("gluten-free")).toBe("gluten-free");
    expect(parseDietSegment("vegan")).toBe("vegan");
    for (const bad of ["Vegan", "all", "keto", "gluten_free", "", undefined]) expect(parseDietSegment(bad)).toBeNull();
  });
});

describe("links", () => {
  it("state, city and diet paths, the slug encoded as one segment", () => {
    expect(statePath("OR")).toBe("/us/or");
    expect(cityPath("OR", "portland")).toBe("/us/or/portland");
    expect(cityPath("OR", "portland", "gluten-free")).toBe("/us/or/portland/gluten-free");
    expect(cityPath("CO", "cañon-city")).toBe("/us/co/ca%C3%B1on-city");
  });

  it("page 1 has no page parameter", () => {
    expect(withPage("/us/or/portland", 1)).toBe("/us/or/portland");
    expect(withPage("/us/or/portland", 3)).toBe("/us/or/portland?page=3");
    // A state page lists 500 cities a page (docs/seo.md).
    expect(CITIES_PER_PAGE).toBe(500);
  });

  it("a restaurant's place: a US state (any case, trimmed) and a city whose slug is a segment", () => {
    expect(landingPlaceOf({ city: " Portland ", state: "or" })).toEqual({
      state: "OR",
      slug: "portland",
      city: "Portland",
    });
    expect(landingPlaceOf({ city: "St. Louis", state: "MO" })).toEqual({
      state: "MO",
      slug: "st-louis",
      city: "St. Louis",
    });
    expect(landingPlaceOf({ city: "Portland", state: "Oregon" })).toBeNull();
    expect(landingPlaceOf({ city: "Windsor", state: "ON" })).toBeNull();
    expect(landingPlaceOf({ city: "Perth", state: "WA", country: "AU" })).toBeNull();
    expect(landingPlaceOf({ city: "Seattle", state: "WA", country: "US" })).toMatchObject({ state: "WA" });
    expect(landingPlaceOf({ city: "Ames/Boone", state: "IA" })).toBeNull();
    expect(landingPlaceOf({ city: "  ", state: "OR" })).toBeNull();
    expect(landingPlaceOf({ city: null, state: "OR" })).toBeNull();
  });
});

describe("texts", () => {
  it("headings, word for word", () => {
    expect(cityHeading("Portland", "OR", null)).toBe(
      "Restaurants in Portland, OR for gluten-free, dairy-free, vegetarian and vegan diets",
    );
    expect(cityHeading("Portland", "OR", "gluten-free")).toBe("Gluten-free restaurants in Portland, OR");
    expect(cityHeading("Portland", "OR", "dairy-free")).toBe("Dairy-free restaurants in Portland, OR");
    expect(cityHeading("Portland", "OR", "vegetarian")).toBe("Vegetarian restaurants in Portland, OR");
    expect(cityHeading("Portland", "OR", "vegan")).toBe("Vegan restaurants in Portland, OR");
    expect(stateHeading("OR")).toBe("Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets");
    expect(
      cityPageSeo({
        area: usArea("OR"),
        slug: "portland",
        city: "Portland",
        diet: "vegan",
        dedicated: false,
        page: 1,
        listed: 1,
      }).description,
    ).toBe("Find vegan restaurants in Portland, OR: addresses, phone numbers, hours and menus.");
  });

  it("what search engines read of a page: heading, description, canonical path; a city's empty diet: noindex", () => {
    expect(statePageSeo(usArea("OR"), 2)).toEqual({
      heading: "Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets",
      description:
        "Cities in Oregon with restaurants for gluten-free, dairy-free, vegetarian and vegan diets, and how many each has.",
      path: "/us/or?page=2",
    });
    const portland = { area: usArea("OR"), slug: "portland", city: "Portland", page: 1 } as const;
    expect(cityPageSeo({ ...portland, diet: "vegan", dedicated: true, listed: 3 })).toEqual({
      heading: "100% vegan restaurants in Portland, OR",
      description: "Find 100% vegan restaurants in Portland, OR: addresses, phone numbers, hours and menus.",
      path: "/us/or/portland/vegan/dedicated",
      noindex: false,
    });
    expect(cityPageSeo({ ...portland, diet: null, dedicated: false, listed: 0 }).noindex).toBe(true);
  });

  it("a city page searches the location 'City, ST' by the text rule alone", () => {
    expect(cityLabel("Portland", "OR")).toBe("Portland, OR");
    expect(landingSearch("Portland", "OR", "vegan", 2)).toEqual({
      query: "",
      location: "Portland, OR",
      coords: null,
      radius: 25,
      cuisine: "",
      diets: ["vegan"],
      match: "any",
      dedicated: false,
      kitchen: [],
      open: false,
      confirmed: false,
      page: 2,
      near: false,
      submitted: false,
    });
    expect(landingSearch("Portland", "OR", "gluten-free", 1, true)).toMatchObject({
      diets: ["gluten-free"],
      dedicated: true,
    });
  });
});
