import { countryName } from "../world/country-names";
import { describe, expect, it } from "vitest";
import { parseLocationRule, placeLookupOf, type Place } from "./places";
import {
  combineLookups,
  countryAreaLabel,
  countryAreaOf,
  countryCode,
  normalisePostalCode,
  worldPlaceOf,
  worldQualifier,
  worldReadingOf,
  type WorldPlaceRow,
} from "./world";
import { itReads } from "../../../tests/support/cases";

const read = (box: string) => worldReadingOf(parseLocationRule(box));

describe("countryCode", () => {
  itReads(countryCode, [
    ["Canada", "CA"],
    ["CA", "CA"],
    ["ca", "CA"],
    ["Deutschland", "DE"],
    ["Germany", "DE"],
    ["Italia", "IT"],
    ["ITALY", "IT"],
    ["España", "ES"],
    ["espana", "ES"],
    ["UK", "GB"],
    ["United Kingdom", "GB"],
    ["Great Britain", "GB"],
    ["FR", "FR"],
    ["Japan", "JP"],
    ["Éire", "IE"],
  ]);

  it.each(["", "US", "USA", "United States", "Ontario", "Narnia", "日本"])("knows no country in %j", (text) => {
    expect(countryCode(text)).toBeNull();
  });

  it("names a country in English", () => {
    expect(countryName("IT")).toBe("Italy");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("ZZ")).toBe("ZZ");
  });
});

describe("worldReadingOf", () => {
  it("reads 'City, Country' by English name, own name or code", () => {
    expect(read("Toronto, Canada")).toEqual({
      lookup: { key: "toronto", country: "CA", subdivision: null },
      use: "centre",
    });
    expect(read("München, Deutschland")).toEqual({
      lookup: { key: "munchen", country: "DE", subdivision: null },
      use: "centre",
    });
    expect(read("Paris, FR")?.lookup).toEqual({ key: "paris", country: "FR", subdivision: null });
    expect(read("Roma, Italia")?.lookup).toEqual({ key: "roma", country: "IT", subdivision: null });
    expect(read("SW1A 1AA, UK")?.lookup).toEqual({ key: "sw1a1aa", country: "GB", subdivision: null });
  });

  it("reads 'City, Subdivision' for anything after the comma that is neither a US state nor a country", () => {
    expect(read("London, ON")).toEqual({
      lookup: { key: "london", country: null, subdivision: "on" },
      use: "centre",
    });
    expect(read("London, England")?.lookup).toEqual({ key: "london", country: null, subdivision: "england" });
  });

  it("keeps a US state's meaning and only offers the world place ('Berlin, DE', 'Toronto, CA', 'Perth, WA')", () => {
    expect(read("Berlin, DE")).toEqual({ lookup: { key: "berlin", country: "DE", subdivision: null }, use: "offer" });
    expect(read("Toronto, CA")).toEqual({ lookup: { key: "toronto", country: "CA", subdivision: null }, use: "offer" });
    expect(read("Perth, WA")).toEqual({ lookup: { key: "perth", country: null, subdivision: "wa" }, use: "offer" });
    // The US reading is the spec's, unchanged.
    expect(placeLookupOf(parseLocationRule("Berlin, DE"))).toEqual({ kind: "place", key: "berlin", state: "DE" });
  });

  it("'Georgia' stays the US state; the country Georgia is offered by its capital ('Tbilisi, Georgia')", () => {
    expect(read("Georgia")).toEqual({ lookup: { key: "tbilisi", country: "GE", subdivision: null }, use: "offer" });
    expect(read("georgia ")).toEqual(read("Georgia"));
    expect(placeLookupOf(parseLocationRule("Georgia"))).toBeNull();
    expect(countryAreaOf(parseLocationRule("Georgia"))).toBeNull();
    // A code stays the state's alone.
    expect(read("GA")).toBeNull();
  });

  it("'Tbilisi, Georgia': the US place if Georgia has one, else the country's ('Berlin, DE' keeps 'offer')", () => {
    expect(read("Tbilisi, Georgia")).toEqual({
      lookup: { key: "tbilisi", country: "GE", subdivision: null },
      use: "fallback",
    });
    expect(read("Berlin, DE")?.use).toBe("offer");
  });

  it("reads a bare name as a name anywhere, and nothing for a state, a country, a ZIP code or blank", () => {
    expect(read("London")).toEqual({ lookup: { key: "london", country: null, subdivision: null }, use: "centre" });
    for (const box of ["", "  ", "Oregon", "OR", "Italy", "97201", ", Canada", "Toronto, "])
      expect(read(box)).toBeNull();
  });
});

const row = (name: string, country: string, subdivision: string | null, population: number): WorldPlaceRow => ({
  name,
  country,
  subdivision,
  population,
  lat: 1,
  lng: 2,
});

describe("how a world place reads", () => {
  it("by its subdivision code in Canada and Australia, else by its country's name", () => {
    expect(worldQualifier(row("Toronto", "CA", "ON", 1))).toBe("ON");
    expect(worldQualifier(row("Sydney", "AU", "NSW", 1))).toBe("NSW");
    expect(worldQualifier(row("Rome", "IT", "62", 1))).toBe("Italy");
    expect(worldQualifier(row("London", "GB", "ENG", 1))).toBe("United Kingdom");
    expect(worldQualifier(row("Somewhere", "CA", null, 1))).toBe("Canada");
  });

  it("never by a code that is also a US state's ('Perth, WA' would be Washington)", () => {
    expect(worldQualifier(row("Perth", "AU", "WA", 1))).toBe("Australia");
  });

  it("reads back as the same place: the label typed into the box names it again", () => {
    for (const place of [row("Toronto", "CA", "ON", 1), row("Rome", "IT", "62", 1), row("Perth", "AU", "WA", 1)]) {
      const label = `${place.name}, ${worldQualifier(place)}`;
      const reading = read(label);
      expect(reading?.use).toBe("centre");
      expect(reading?.lookup.country ?? reading?.lookup.subdivision?.toUpperCase()).toBe(
        reading?.lookup.country ? place.country : place.subdivision,
      );
    }
  });
});

describe("combineLookups", () => {
  const london = row("London", "GB", "ENG", 7_556_900);
  const londonOn = row("London", "CA", "ON", 346_765);
  const usPlace = (name: string, state: string): Place => ({ name, state, slug: "x", zip: null, lat: 3, lng: 4 });

  it("a bare name in several countries: no centre, every place offered, the world's largest first", () => {
    const us = { place: null, alternatives: [usPlace("London", "KY"), usPlace("London", "OH")] };
    const result = combineLookups(us, read("London"), [london, londonOn]);
    expect(result.place).toBeNull();
    expect(result.alternatives.map((p) => `${p.name}, ${p.state}`)).toEqual([
      "London, United Kingdom",
      "London, ON",
      "London, KY",
      "London, OH",
    ]);
  });

  it("a bare name found once in the whole world is the centre", () => {
    expect(combineLookups({ place: null, alternatives: [] }, read("Toronto"), [row("Toronto", "CA", "ON", 2)])).toEqual(
      {
        place: worldPlaceOf(row("Toronto", "CA", "ON", 2)),
        alternatives: [],
      },
    );
  });

  it("a bare name in exactly one US state keeps its US centre; the world places are offered", () => {
    const portland = usPlace("Portland", "OR");
    const result = combineLookups({ place: portland, alternatives: [] }, read("Portland"), [london]);
    expect(result.place).toBe(portland);
    expect(result.alternatives).toHaveLength(1);
  });

  it("'City, Country' is the largest place of that name there", () => {
    const result = combineLookups(null, read("London, UK"), [london]);
    expect(result).toEqual({ place: worldPlaceOf(london), alternatives: [] });
  });

  it("a US state after the comma keeps the US result and offers the country's place", () => {
    const result = combineLookups({ place: null, alternatives: [] }, read("Toronto, CA"), [
      row("Toronto", "CA", "ON", 2),
    ]);
    expect(result.place).toBeNull();
    expect(result.alternatives.map((p) => `${p.name}, ${p.state}`)).toEqual(["Toronto, ON"]);
  });

  it("'Tbilisi, Georgia': no US place, so Tbilisi is the centre; 'Atlanta, Georgia' keeps Atlanta, GA", () => {
    const tbilisi = row("Tbilisi", "GE", "TB", 1_049_498);
    expect(combineLookups({ place: null, alternatives: [] }, read("Tbilisi, Georgia"), [tbilisi])).toEqual({
      place: worldPlaceOf(tbilisi),
      alternatives: [],
    });
    expect(worldPlaceOf(tbilisi).state).toBe("Georgia");
    const atlanta = usPlace("Atlanta", "GA");
    expect(combineLookups({ place: atlanta, alternatives: [] }, read("Atlanta, Georgia"), [])).toEqual({
      place: atlanta,
      alternatives: [],
    });
  });

  it("'Georgia' alone: the state's text rule stands, Tbilisi, Georgia offered", () => {
    const result = combineLookups(null, read("Georgia"), [row("Tbilisi", "GE", "TB", 1_049_498)]);
    expect(result.place).toBeNull();
    expect(result.alternatives.map((p) => `${p.name}, ${p.state}`)).toEqual(["Tbilisi, Georgia"]);
  });

  it("without world places the US result is untouched", () => {
    const us = { place: usPlace("Portland", "OR"), alternatives: [] };
    expect(combineLookups(us, read("Portland"), [])).toBe(us);
    expect(combineLookups(null, null, [])).toEqual({ place: null, alternatives: [] });
  });
});

describe("countryAreaOf: a country alone, or a postal code with its country", () => {
  // As text, so that each case compares by value: 'IT', 'GB SW1A 1AA', or null.
  const area = (box: string) => {
    const found = countryAreaOf(parseLocationRule(box));
    return found ? (found.kind === "country" ? found.country : `${found.country} ${found.postalCode}`) : null;
  };
  itReads(area, [
    ["Italy", "IT"],
    ["Deutschland", "DE"],
    ["  japan ", "JP"],
    ["España", "ES"],
    ["United Kingdom", "GB"],
    // A bare two-letter code ('UK' too) stays the text rule; a US state's name is the state.
    ["UK", null],
    ["IT", null],
    ["DE", null],
    ["Georgia", null],
    ["Maryland", null],
    ["United States", null],
    ["Portland", null],
    ["", null],
    ["SW1A 1AA, UK", "GB SW1A 1AA"],
    ["sw1a1aa, United Kingdom", "GB SW1A 1AA"],
    ["sw1a   1aa , uk", "GB SW1A 1AA"],
    ["M5V 2T6, Canada", "CA M5V 2T6"],
    ["m5v2t6, Canada", "CA M5V 2T6"],
    ["10115, Germany", "DE 10115"],
    ["00153, Italia", "IT 00153"],
    ["D02 X285, Ireland", "IE D02 X285"],
    // A US state after the comma keeps the spec's rules; a city's name is no postal code.
    ["10115, DE", null],
    ["97201, OR", null],
    ["97201", null],
    ["Toronto, Canada", null],
    ["Berlin, Germany", null],
    ["1, Germany", null],
    ["12345678901, Germany", null],
    ["10115, Atlantis", null],
  ]);

  it("reads back as the results line names it", () => {
    expect(countryAreaLabel({ kind: "country", country: "IT" })).toBe("Italy");
    expect(countryAreaLabel({ kind: "postal", country: "GB", postalCode: "SW1A 1AA" })).toBe(
      "SW1A 1AA, United Kingdom",
    );
  });
});

describe("normalisePostalCode", () => {
  itReads(
    (text: string) => normalisePostalCode(text, "GB"),
    [
      ["ec1a1bb", "EC1A 1BB"],
      ["W1A 0AX", "W1A 0AX"],
      ["Soho", null],
    ],
  );
  itReads(
    (text: string) => normalisePostalCode(text, "NL"),
    [
      ["1012 js", "1012 JS"],
      ["1012JS", "1012JS"],
    ],
  );
});
