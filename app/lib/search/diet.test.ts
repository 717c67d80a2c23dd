import { describe, expect, it } from "vitest";
import { matchesDiets, normaliseDiets, toggleDiet } from "./diet";

describe("dietary filter transitions (docs/search-url.md)", () => {
  it("choosing All resets to All only", () => {
    expect(toggleDiet(["vegan", "dairy-free"], "all")).toEqual([]);
    expect(toggleDiet([], "all")).toEqual([]);
  });

  it("toggling a value from All removes All and adds it", () => {
    expect(toggleDiet([], "vegan")).toEqual(["vegan"]);
  });

  it("toggling adds or removes that value, in canonical order", () => {
    expect(toggleDiet(["vegan"], "gluten-free")).toEqual(["gluten-free", "vegan"]);
    expect(toggleDiet(["gluten-free", "vegan"], "gluten-free")).toEqual(["vegan"]);
  });

  it("a set that becomes empty returns to All", () => {
    expect(toggleDiet(["vegan"], "vegan")).toEqual([]);
  });

  it("normalises unknown values and duplicates away", () => {
    expect(normaliseDiets(["vegan", "keto", "vegan", "gluten-free"])).toEqual(["gluten-free", "vegan"]);
  });
});

describe("matchesDiets", () => {
  const r = { isGlutenFree: true, isDairyFree: false, isVegetarian: true, isVegan: false };
  it("All matches everything", () => expect(matchesDiets(r, [], "any")).toBe(true));
  it("any: one selected attribute is enough", () =>
    expect(matchesDiets(r, ["vegan", "gluten-free"], "any")).toBe(true));
  it("any: none of them fails", () => expect(matchesDiets(r, ["vegan", "dairy-free"], "any")).toBe(false));
  it("all: every selected attribute", () => {
    expect(matchesDiets(r, ["vegetarian", "gluten-free"], "all")).toBe(true);
    expect(matchesDiets(r, ["vegetarian", "vegan"], "all")).toBe(false);
  });
});
