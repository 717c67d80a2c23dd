// How a restaurant reads in its country: names, clocks, units, addresses and phone numbers,
// per country, on the sample data's own rows (data/sample-data.mjs).
import { describe, expect, it } from "vitest";
import { restaurants } from "../../../data/sample-data.mjs";
import { clockOf, formatKilometres, radiusKilometres, usesKilometres } from "./countries";
import { countryName } from "./country-names";
import { addressLine, addressLines, formatDistance, internationalPhone, isAbroad } from "./reading";
import { telHref } from "../web/links";
import { itReads } from "../../../tests/support/cases";

/** A sample row as the port names its columns. */
function row(id: number) {
  const r = restaurants.find((r) => r.id === id)!;
  return {
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zip_code,
    country: r.country,
    phone: r.phone_number,
  };
}

describe("countries", () => {
  it("names a country in English", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("JP")).toBe("Japan");
    expect(countryName("CA")).toBe("Canada");
    expect(countryName("de")).toBe("Germany");
  });

  it("tells the time on a 12-hour clock in the US, Canada, Australia, New Zealand, India and the Philippines", () => {
    for (const cc of ["US", "CA", "AU", "NZ", "IN", "PH", null, undefined]) expect(clockOf(cc), String(cc)).toBe("12h");
    for (const cc of ["GB", "IE", "IT", "ES", "DE", "JP", "FR"]) expect(clockOf(cc), cc).toBe("24h");
  });

  it("gives distances in kilometres except where roads are signed in miles", () => {
    for (const cc of ["US", "GB", null]) expect(usesKilometres(cc), String(cc)).toBe(false);
    for (const cc of ["CA", "IE", "JP", "AU", "FR"]) expect(usesKilometres(cc), cc).toBe(true);
  });

  it("writes kilometres as the cards show them", () => {
    expect(formatKilometres(0.75)).toBe("1.2 km");
    expect(formatKilometres(0.01)).toBe("< 0.1 km");
    expect(formatKilometres(24.9)).toBe("40 km");
    expect(formatKilometres(750)).toBe("1,207 km");
    expect([5, 10, 25, 50].map(radiusKilometres)).toEqual([8, 16, 40, 80]);
  });
});

describe("formatDistance: a card's distance", () => {
  itReads(
    (miles: number) => formatDistance(miles, "US"),
    [
      [0, "< 0.1 mi"],
      [0.049, "< 0.1 mi"],
      [0.05, "0.1 mi"],
      [0.8, "0.8 mi"],
      [0.84, "0.8 mi"],
      [0.85, "0.9 mi"],
      [1, "1.0 mi"],
      [9.94, "9.9 mi"],
      [9.95, "10 mi"],
      [9.99, "10 mi"],
      [10, "10 mi"],
      [12.4, "12 mi"],
      [12.5, "13 mi"],
      [49.6, "50 mi"],
      [1204.2, "1,204 mi"],
    ],
  );

  it("reads a negative rounding error as zero, and writes nothing for a non-number", () => {
    expect(formatDistance(-1e-12, null)).toBe("< 0.1 mi");
    expect(formatDistance(Number.NaN, "US")).toBe("");
    expect(formatDistance(Number.POSITIVE_INFINITY, "GB")).toBe("");
  });

  it("reads kilometres where the restaurant's country gives distances in them, miles elsewhere", () => {
    expect(formatDistance(0.75, "CA")).toBe("1.2 km");
    expect(formatDistance(24.9, "JP")).toBe("40 km");
    expect(formatDistance(0.75, "GB")).toBe("0.8 mi");
    expect(formatDistance(0.75, "US")).toBe("0.8 mi");
    expect(formatDistance(0.75, undefined)).toBe("0.8 mi");
  });
});

describe("addresses in the country's order", () => {
  it.each([
    [121, ["14 Pemberly Yard", "London", "WC2H 9JQ", "United Kingdom"]],
    [112, ["88 Tamarack Row", "Toronto, ON M5V 2T6", "Canada"]],
    [130, ["17 Coppersmith Lane", "Dublin", "D02 XY45", "Ireland"]],
    [136, ["Via dei Cardellini 14", "00153 Rome", "Italy"]],
    [143, ["Calle de los Azahares 12", "41004 Seville", "Spain"]],
    [150, ["Lindenblütenstraße 12", "10115 Berlin", "Germany"]],
    [157, ["18 Wattlebird Lane", "Sydney NSW 2000", "Australia"]],
    [165, ["4-2-9 Momijidai", "Tokyo, 150-0002", "Japan"]],
    [172, ["18 rue des Coquelicots", "75011 Paris", "France"]],
  ])("restaurant %i", (id, lines) => {
    expect(addressLines(row(id))).toEqual(lines);
    expect(addressLine(row(id))).toBe(lines.join(", "));
  });

  it("leaves out what is not stored", () => {
    expect(addressLine({ address: null, city: "Osaka", state: "27", zipCode: null, country: "JP" })).toBe(
      "Osaka, Japan",
    );
  });

  it("knows the US from the rest", () => {
    expect(isAbroad("US")).toBe(false);
    expect(isAbroad(undefined)).toBe(false);
    expect(isAbroad("GB")).toBe(true);
  });
});

describe("phone numbers in international form, E.164 in the link", () => {
  it.each([
    [121, "+44 20 7946 0101", "tel:+442079460101"],
    [126, "+44 131 496 0123", "tel:+441314960123"],
    [112, "+1 416 555 0161", "tel:+14165550161"],
    [130, "+353 20 910 0171", "tel:+353209100171"],
    [136, "+39 06 5550 0181", "tel:+390655500181"],
    [143, "+34 954 55 50 19", "tel:+34954555019"],
    [150, "+49 30 23125191", "tel:+493023125191"],
    [157, "+61 2 5550 0101", "tel:+61255500101"],
    [159, "+61 491 570 156", "tel:+61491570156"],
    [165, "+81 3 5550 0111", "tel:+81355500111"],
    [172, "+33 1 99 00 01 72", "tel:+33199000172"],
  ])("restaurant %i", (id, text, href) => {
    const phone = internationalPhone(row(id).phone, row(id).country);
    expect(phone).toBe(text);
    expect(telHref(phone)).toBe(href);
  });

  it("is null for what is no number of the country", () => {
    expect(internationalPhone("call us", "GB")).toBeNull();
    expect(internationalPhone("12", "DE")).toBeNull();
    expect(internationalPhone(null, "JP")).toBeNull();
  });
});
