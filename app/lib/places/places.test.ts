import { describe, expect, it } from "vitest";
import {
  US_STATES,
  parseLocationRule,
  placeLookupOf,
  placeKey,
  placeSlug,
  roundCoordinate,
  stateCode,
  stateName,
} from "./places";
import { distanceMiles } from "./geometry";
import { itReads, itRefuses } from "../../../tests/support/cases";

describe("US states", () => {
  it("has the 50 states, DC and the Marshall Islands", () => {
    expect(Object.keys(US_STATES)).toHaveLength(52);
    expect(stateName("DC")).toBe("District of Columbia");
    expect(stateName("MH")).toBe("Marshall Islands");
  });

  itReads(stateCode, [
    ["OR", "OR"],
    ["or", "OR"],
    [" Or ", "OR"],
    ["Oregon", "OR"],
    ["OREGON", "OR"],
    ["new york", "NY"],
    ["New  York", "NY"],
    ["D.C.", "DC"],
    ["district of columbia", "DC"],
    ["Washington", "WA"],
  ]);

  it.each(["", "  ", "O", "ORE", "Oregon State", "USA", "XX", "PR"])("knows no state %j", (text) => {
    expect(stateCode(text)).toBeNull();
  });
});

describe("placeKey", () => {
  it("folds case, accents, punctuation and spacing", () => {
    expect(placeKey("Portland")).toBe("portland");
    expect(placeKey("  PORTLAND  ")).toBe("portland");
    expect(placeKey("Coeur d'Alene")).toBe(placeKey("Coeur D Alene"));
    expect(placeKey("Coeur d’Alene")).toBe("coeurdalene");
    expect(placeKey("Winston-Salem")).toBe(placeKey("winston  salem"));
    expect(placeKey("Winston--Salem")).toBe("winstonsalem");
    expect(placeKey("Cañon City")).toBe("canoncity");
    expect(placeKey("Española")).toBe("espanola");
    expect(placeKey("Straße")).toBe("strasse");
  });

  it("meets GeoNames' split spellings (O Fallon, Mc Adams) and joined ones (Mcminnville)", () => {
    expect(placeKey("O'Fallon")).toBe(placeKey("O Fallon"));
    expect(placeKey("OFallon")).toBe(placeKey("O Fallon"));
    expect(placeKey("McAdams")).toBe(placeKey("Mc Adams"));
    expect(placeKey("McMinnville")).toBe(placeKey("Mcminnville"));
  });

  it("spells out St, Ste, Ft, Mt and Pt, with or without a dot", () => {
    expect(placeKey("St. Louis")).toBe("saintlouis");
    expect(placeKey("St Louis")).toBe(placeKey("Saint Louis"));
    expect(placeKey("Port St. Lucie")).toBe(placeKey("Port Saint Lucie"));
    expect(placeKey("Ste. Genevieve")).toBe(placeKey("Sainte Genevieve"));
    expect(placeKey("Ft. Worth")).toBe(placeKey("Fort Worth"));
    expect(placeKey("Mt Vernon")).toBe(placeKey("Mount Vernon"));
    expect(placeKey("Pt. Pleasant")).toBe(placeKey("Point Pleasant"));
  });

  it("spells out a leading N, S, E or W only when more words follow", () => {
    expect(placeKey("N. Las Vegas")).toBe(placeKey("North Las Vegas"));
    expect(placeKey("S Coffeyville")).toBe(placeKey("South Coffeyville"));
    expect(placeKey("E")).toBe("e");
    expect(placeKey("Land O Lakes")).toBe("landolakes");
    expect(placeKey("Camp H M Smith")).toBe("camphmsmith");
  });

  it("leaves words that merely start like an abbreviation alone", () => {
    expect(placeKey("Stanton")).toBe("stanton");
    expect(placeKey("Mtn View")).toBe("mtnview");
    expect(placeKey("Fortuna")).toBe("fortuna");
  });

  it("is empty when nothing but punctuation is left", () => {
    expect(placeKey("")).toBe("");
    expect(placeKey(" .,'- ")).toBe("");
    expect(placeKey("東京")).toBe("");
  });
});

describe("placeSlug", () => {
  itReads(placeSlug, [
    ["Portland", "portland"],
    ["San Francisco", "san-francisco"],
    ["Saint Louis", "saint-louis"],
    ["St. Louis", "saint-louis"],
    ["Mt Zion", "mount-zion"],
    ["Coeur d'Alene", "coeur-d-alene"],
    ["Winston-Salem", "winston-salem"],
    ["Lincoln'S New Salem", "lincoln-s-new-salem"],
    ["Cañon City", "canon-city"],
  ]);

  it("is idempotent and URL-safe", () => {
    for (const name of ["St. Helens", "O Fallon", "Mc Adams", "Ste Genevieve", "N Las Vegas"]) {
      const slug = placeSlug(name);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(placeSlug(slug)).toBe(slug);
    }
  });

  it("gives names of one slug the same key", () => {
    const pairs = [
      ["St Helens", "Saint Helens"],
      ["O'Fallon", "O Fallon"],
    ];
    for (const [a, b] of pairs) {
      expect(placeSlug(a!)).toBe(placeSlug(b!));
      expect(placeKey(a!)).toBe(placeKey(b!));
    }
  });
});

/** The place a location box names, as the search reads it: from the location rule. */
const placeQuery = (location: string) => placeLookupOf(parseLocationRule(location));

describe("placeLookupOf", () => {
  describe("is none when blank or when nothing is left", () => {
    itRefuses(placeQuery, ["", "   ", "!!!"]);
  });

  it("reads exactly five digits as a ZIP code", () => {
    expect(placeQuery("97201")).toEqual({ kind: "zip", zip: "97201" });
    expect(placeQuery("  97201 ")).toEqual({ kind: "zip", zip: "97201" });
  });

  it.each(["9720", "972011", "97201-1234", "97 201"])("%j is not a ZIP code", (text) => {
    expect(placeQuery(text)?.kind).not.toBe("zip");
  });

  it("reads 'City, ST' and 'City, State' in any case and spacing", () => {
    const portland = { kind: "place", key: "portland", state: "OR" };
    expect(placeQuery("Portland, OR")).toEqual(portland);
    expect(placeQuery("  portland ,or  ")).toEqual(portland);
    expect(placeQuery("PORTLAND, Oregon")).toEqual(portland);
    expect(placeQuery("Portland,oregon")).toEqual(portland);
    expect(placeQuery("St. Louis, mo")).toEqual({ kind: "place", key: "saintlouis", state: "MO" });
    expect(placeQuery("Washington, D.C.")).toEqual({ kind: "place", key: "washington", state: "DC" });
  });

  describe("finds no place when the part after the comma is not a state", () => {
    itRefuses(placeQuery, ["Portland, Orgon", "Portland, OR, USA", "Springfield,", "Paris, France"]);
  });

  describe("names no place for a state after a comma with no city: a state alone has no centre", () => {
    itRefuses(placeQuery, [", ME"]);
  });

  describe("names no place for a state alone, by code or name", () => {
    itRefuses(placeQuery, ["OR", "oregon", " New York "]);
  });

  it("reads anything else as a bare place name, by key", () => {
    expect(placeQuery("Portland")).toEqual({ kind: "name", key: "portland" });
    expect(placeQuery("  st. HELENS ")).toEqual({ kind: "name", key: "sainthelens" });
    expect(placeQuery("97201 Portland")).toEqual({ kind: "name", key: "97201portland" });
  });

  it("copes with a 200-character name", () => {
    const long = "Springfield".repeat(19).slice(0, 200);
    expect(placeQuery(long)).toEqual({ kind: "name", key: long.toLowerCase() });
  });
});

describe("distanceMiles", () => {
  const portland = { lat: 45.5235, lng: -122.6762 };
  const salem = { lat: 44.9429, lng: -123.0351 };

  it("is zero from a point to itself and symmetric", () => {
    expect(distanceMiles(portland, portland)).toBe(0);
    expect(distanceMiles(portland, salem)).toBeCloseTo(distanceMiles(salem, portland), 12);
  });

  it("uses the haversine formula with an Earth radius of 3958.8 miles", () => {
    // One degree of latitude along a meridian: 3958.8 * pi / 180.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3958.8 * Math.PI) / 180, 9);
    // A quarter of a great circle.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((3958.8 * Math.PI) / 2, 6);
    // Antipodes: half the circumference, without NaN.
    expect(distanceMiles({ lat: 10, lng: 20 }, { lat: -10, lng: -160 })).toBeCloseTo(3958.8 * Math.PI, 2);
  });

  it("matches known city distances", () => {
    // Portland to Salem, Oregon: about 44 miles as the crow flies.
    expect(distanceMiles(portland, salem)).toBeGreaterThan(43);
    expect(distanceMiles(portland, salem)).toBeLessThan(45);
    // Across the antimeridian: Attu, Alaska (172.9 E) to Adak (176.6 W) is about 440 miles, not 23,000.
    expect(distanceMiles({ lat: 52.9, lng: 172.9 }, { lat: 51.88, lng: -176.66 })).toBeLessThan(500);
  });
});

describe("roundCoordinate", () => {
  itReads(roundCoordinate, [
    [45.5235, 45.524],
    [45.52349, 45.523],
    [-122.6762, -122.676],
    [-122.6765, -122.677],
    [0.0004, 0],
    [-0.0004, 0],
    [90, 90],
    [-180, -180],
    [12.5, 12.5],
  ]);

  it("rounds halves away from zero, alike on both sides", () => {
    expect(roundCoordinate(1.2345)).toBe(-roundCoordinate(-1.2345));
    expect(roundCoordinate(0.0125)).toBe(0.013);
  });

  it("never gives -0 and writes at most three decimals", () => {
    expect(Object.is(roundCoordinate(-0.0001), 0)).toBe(true);
    for (const value of [45.123456, -122.98765, 0.1 + 0.2, 33.3333333, -0.0009]) {
      expect(String(roundCoordinate(value))).toMatch(/^-?\d+(\.\d{1,3})?$/);
    }
  });
});

describe("parseLocationRule (docs/search-url.md)", () => {
  it("is none when blank", () => {
    expect(parseLocationRule("")).toEqual({ kind: "none" });
    expect(parseLocationRule("   ")).toEqual({ kind: "none" });
  });

  it("treats exactly five digits as a zip", () => {
    expect(parseLocationRule("97201")).toEqual({ kind: "zip", zip: "97201" });
    expect(parseLocationRule(" 97201 ")).toEqual({ kind: "zip", zip: "97201" });
  });

  it.each(["9720", "972011", "97201-1234", "9720a", "９７２０１"])("%j is not a zip", (value) => {
    expect(parseLocationRule(value).kind).not.toBe("zip");
  });

  it("splits a value with a comma into trimmed city and state parts", () => {
    expect(parseLocationRule("  Portland ,  OR ")).toEqual({ kind: "cityState", city: "Portland", state: "OR" });
    expect(parseLocationRule("Springfield,")).toEqual({ kind: "cityState", city: "Springfield", state: "" });
    expect(parseLocationRule(", ME")).toEqual({ kind: "cityState", city: "", state: "ME" });
  });

  it("splits at the first comma", () => {
    expect(parseLocationRule("Portland, OR, USA")).toEqual({ kind: "cityState", city: "Portland", state: "OR, USA" });
  });

  it("matches anything else against city or state", () => {
    expect(parseLocationRule("Oregon")).toEqual({ kind: "cityOrState", text: "Oregon" });
    expect(parseLocationRule("97201 Portland")).toEqual({ kind: "cityOrState", text: "97201 Portland" });
  });
});
