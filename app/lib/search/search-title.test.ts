import { describe, expect, it } from "vitest";
import { parseSearchParams } from "./search-url";
import { searchTitle } from "./search-title";

const title = (query: string, place: { name: string; state: string; km?: true } | null = null) =>
  searchTitle(parseSearchParams(new URLSearchParams(query)), place);
const portland = { name: "Portland", state: "OR" };

describe("searchTitle", () => {
  it("is null for the plain home page, which keeps the spec's title", () => {
    expect(title("")).toBeNull();
  });

  it("says the diet, the place and the radius", () => {
    expect(title("location=Portland%2C+OR&diet=vegan", portland)).toBe(
      "Vegan restaurants within 25 mi of Portland, OR",
    );
    expect(title("location=Portland%2C+OR&radius=10", portland)).toBe("Restaurants within 10 mi of Portland, OR");
  });

  it("gives the radius in kilometres around a place in a country that uses them", () => {
    const toronto = { name: "Toronto", state: "ON", km: true as const };
    expect(title("location=Toronto%2C+Canada&diet=vegan", toronto)).toBe(
      "Vegan restaurants within 40 km of Toronto, ON",
    );
    expect(title("location=Toronto%2C+Canada&radius=5", toronto)).toBe("Restaurants within 8 km of Toronto, ON");
    expect(title("location=London%2C+UK&radius=10", { name: "London", state: "United Kingdom" })).toBe(
      "Restaurants within 10 mi of London, United Kingdom",
    );
  });

  it("says several diets as the match mode reads them, and '100%' for dedicated", () => {
    expect(title("diet=gluten-free&diet=vegan")).toBe("Gluten-free or vegan restaurants");
    expect(title("diet=gluten-free&diet=dairy-free&diet=vegan&match=all")).toBe(
      "Gluten-free, dairy-free and vegan restaurants",
    );
    expect(title("diet=gluten-free&dedicated=1")).toBe("100% gluten-free restaurants");
    expect(title("dedicated=1")).toBe("100% dedicated restaurants");
  });

  it("says the words, the cuisine, coordinates, a place without a centre, the filters and the page", () => {
    expect(title("q=pizza&cuisine=Italian&location=Springfield")).toBe(
      'Italian restaurants matching "pizza" in "Springfield"',
    );
    expect(title("lat=45.52&lng=-122.68&radius=50&open=now&confirmed=1&page=2")).toBe(
      "Restaurants within 50 mi of 45.52, -122.68, open now, confirmed by diners (page 2)",
    );
    expect(title("kitchen=dedicated-fryer")).toBe("Restaurants, celiac kitchen practices confirmed");
  });

  it("names coordinates by the place nearest them, in kilometres where its country gives them", () => {
    const near = (query: string, nearPlace: { name: string; state: string; km?: true }) =>
      searchTitle(parseSearchParams(new URLSearchParams(query)), null, nearPlace);
    expect(near("lat=47.61&lng=-122.2&radius=50&diet=vegan", { name: "Bellevue", state: "WA" })).toBe(
      "Vegan restaurants within 50 mi of Bellevue, WA",
    );
    expect(near("lat=43.69&lng=-79.43&radius=25", { name: "Toronto", state: "ON", km: true })).toBe(
      "Restaurants within 40 km of Toronto, ON",
    );
  });
});
