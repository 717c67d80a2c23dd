import { describe, expect, it } from "vitest";
import { filterWordSearch, findFilterWords } from "./filter-words";
import { searchOf } from "./search-url";

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
