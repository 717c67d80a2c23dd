import { describe, expect, it } from "vitest";
import { normaliseDiets, toggleDiet } from "./diet";

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
