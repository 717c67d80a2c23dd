// What a result card's data carries: what the card shows, as it shows it, and no key for what
// it does not show.
import { describe, expect, it } from "vitest";
import { cardOf } from "./card";
import type { FoundRestaurant, Restaurant } from "./restaurant-rows";

const row = {
  id: 2,
  name: "Greenleaf Kitchen",
  cuisineType: "American",
  isGlutenFree: true,
  isDairyFree: false,
  isVegetarian: true,
  isVegan: true,
  address: "446 Kestrel Way",
  city: "Portland",
  state: "OR",
  zipCode: "97209",
  phoneNumber: null,
  emailAddress: "hello@greenleaf.example",
  websiteUrl: "javascript:alert(1)",
  menuUrl: null,
  hoursOfOperation: "Mon-Sun 11am-10pm",
  description: "A long description the card does not show.",
  latitude: 45.5,
  longitude: -122.6,
  geoLat: 45.5,
  geoLng: -122.6,
  recentConfirmations: [
    { condition: "celiac", outcome: "ate-safely", count: 4, latest: "2026-03" },
    { condition: "vegan", outcome: "ate-safely", count: 2, latest: "2026-10" },
  ],
  verifiedAt: null,
  verifiedHow: null,
  closedAt: null,
  glutenFreeOnly: false,
  dairyFreeOnly: false,
  vegetarianOnly: false,
  veganOnly: true,
  dedicatedFryer: null,
  separatePrep: null,
  trainedStaff: null,
} as unknown as Restaurant;

describe("cardOf", () => {
  it("carries the distance and the line from diners as the card's text, not the number and the tallies", () => {
    const card = cardOf({ ...row, distance: 0.8643050340529035 } as FoundRestaurant);
    expect(card.distance).toBe("0.9 mi");
    expect(card.fromDiners).toEqual({
      text: "4 celiac diners ate safely in the last 12 months · latest Mar 2026",
      warning: false,
    });
    expect(card).not.toHaveProperty("recentConfirmations");
  });

  it("leaves out what the card does not show, and what has nothing to show", () => {
    const card = cardOf({ ...row, recentConfirmations: [], distance: null } as FoundRestaurant);
    expect(Object.keys(card).sort()).toEqual(["address", "cuisineType", "diets", "id", "name", "only"]);
    expect(card).toMatchObject({
      diets: ["gluten-free", "vegetarian", "vegan"],
      only: ["vegan"],
      address: "446 Kestrel Way, Portland, OR 97209",
    });
  });
});
