import { describe, expect, it } from "vitest";
import { placeLifetime } from "./index.server";

const portland = { name: "Portland", state: "OR", slug: "portland", zip: null, lat: 45.52, lng: -122.68 };

describe("how long a place lookup is kept", () => {
  it("a day when it names a place or offers alternatives", () => {
    expect(placeLifetime({ place: portland, alternatives: [] })).toBe(86_400);
    expect(placeLifetime({ place: null, alternatives: [portland] })).toBe(86_400);
  });

  it("a minute when it finds nothing: place data loaded later is seen soon", () => {
    expect(placeLifetime({ place: null, alternatives: [] })).toBe(60);
  });
});
