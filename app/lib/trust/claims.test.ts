import { describe, expect, it } from "vitest";
import { claimCheckedText, unbackedClaims } from "./claims";

const none = { "gluten-free": false, "dairy-free": false, vegetarian: false, vegan: false };

describe("unbackedClaims", () => {
  it("finds '100%', 'dedicated', 'fully vegan' and the like that the columns do not back", () => {
    expect(unbackedClaims("100% Gluten Free Bakery", none)).toEqual(["gluten-free"]);
    expect(unbackedClaims("A dedicated gluten-free bakery with vegan cakes to order.", none)).toEqual(["gluten-free"]);
    expect(unbackedClaims("A fully vegan Punjabi menu cooked without wheat", none)).toEqual(["vegan"]);
    expect(unbackedClaims("Strictly plant-based, entirely dairy-free", none)).toEqual(["dairy-free", "vegan"]);
  });

  it("leaves claims the columns back, and a dedicated fryer or stone, alone", () => {
    expect(unbackedClaims("100% Gluten Free Bakery", { ...none, "gluten-free": true })).toEqual([]);
    expect(unbackedClaims("Falafel from a dedicated gluten-free fryer", none)).toEqual([]);
    expect(unbackedClaims("Gluten-free pizza baked on a dedicated stone", none)).toEqual([]);
    expect(unbackedClaims("Gluten-free options and vegan plates", none)).toEqual([]);
  });

  it("says which one the team checked", () => {
    expect(claimCheckedText("gluten-free")).toBe(
      "The name or description may say 100% gluten-free: our team checked this listing as gluten-free options, not a dedicated kitchen.",
    );
  });
});
