// The location box and the suggestion form read one list of subdivisions (issue 41): every code
// the form takes in a country is a subdivision the box's data holds and reads as a key, and the
// other way round. The expected codes are written down from ISO 3166-2 as the iso-3166 package
// has them (docs/decisions/0031-world-place-data.md), not read from the module under test.
import { describe, expect, it } from "vitest";
import { placeKey } from "../app/lib/places/places";
import { checkState } from "../app/lib/submissions/address-rules";
import type { Subdivision } from "../app/lib/world/subdivisions";
import type { SubdivisionRow } from "./extract-subdivisions";
import { loadWorldPlaceData } from "./generate-world-places";
import { worldSubdivisionRows, type FirstLevelData } from "./world-subdivision-rows";

/** Each country's first-level ISO 3166-2 codes, without the country prefix. */
// prettier-ignore
const FIRST_LEVEL: Record<string, string[]> = {
  CA: ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"],
  GB: ["ENG", "NIR", "SCT", "WLS"],
  IE: ["C", "L", "M", "U"],
  IT: ["21", "23", "25", "32", "34", "36", "42", "45", "52", "55", "57", "62", "65", "67", "72", "75", "77", "78", "82", "88"],
  ES: ["AN", "AR", "AS", "CB", "CE", "CL", "CM", "CN", "CT", "EX", "GA", "IB", "MC", "MD", "ML", "NC", "PV", "RI", "VC"],
  DE: ["BB", "BE", "BW", "BY", "HB", "HE", "HH", "MV", "NI", "NW", "RP", "SH", "SL", "SN", "ST", "TH"],
  AU: ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"],
  JP: Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, "0")),
  ZA: ["EC", "FS", "GP", "KZN", "LP", "MP", "NC", "NW", "WC"],
};

/** Codes the extract of iso3166-2-db had that ISO has since changed or never had at the first level. */
const OLD_CODES: [country: string, code: string][] = [
  ["ZA", "GT"],
  ["ZA", "ZN"],
  ["ES", "PM"],
  ["ES", "MU"],
  ["IN", "TG"],
  ["IN", "OR"],
  ["CN", "11"],
  ["FR", "COR"],
  ["CZ", "JM"],
];

describe("the location box and the suggestion form agree on subdivisions", () => {
  const data = loadWorldPlaceData();
  const boxCodes = (country: string) =>
    data.subdivisions
      .filter((s) => s.country === country)
      .map((s) => s.code)
      .sort();
  /** The codes the box reads a text as in the country (world_subdivision_keys), by country and key. */
  const reads = new Map<string, string[]>();
  for (const k of data.subdivisionKeys)
    reads.set(`${k.country} ${k.key}`, [...(reads.get(`${k.country} ${k.key}`) ?? []), k.code]);
  const boxReads = (country: string, text: string) => [...(reads.get(`${country} ${placeKey(text)}`) ?? [])].sort();

  it.each(Object.entries(FIRST_LEVEL))(
    "in %s: the box holds and reads the codes the form takes, no more",
    (country, codes) => {
      expect(boxCodes(country)).toEqual([...codes].sort());
      for (const code of codes) {
        expect(checkState(country, code), `${country}-${code}`).toEqual({ ok: true, value: code });
        expect(boxReads(country, code), `${country}-${code}`).toContain(code);
      }
    },
  );

  it("takes none of the codes ISO has changed, in the box or the form", () => {
    for (const [country, code] of OLD_CODES) {
      expect(checkState(country, code).ok, `${country}-${code}`).toBe(false);
      expect(boxCodes(country), `${country}-${code}`).not.toContain(code);
    }
  });

  it("holds no subdivision the form refuses, in any country, and reads each name as the form does", () => {
    for (const { country, code, name } of data.subdivisions) {
      expect(checkState(country, code), `${country}-${code}`).toEqual({ ok: true, value: code });
      // The name the box holds is one the form takes too ('Bayern', 'Ontario'), as a code the box
      // reads it as (a name two subdivisions share, a city and its district, reads as either).
      const byName = checkState(country, name);
      expect(byName.ok, `${country} ${name}`).toBe(true);
      expect(boxReads(country, name), `${country} ${name}`).toContain(byName.ok ? byName.value : "");
    }
  });

  it("reads a subdivision by its ISO name and by the other names people write", () => {
    expect(boxReads("DE", "Bayern")).toEqual(["BY"]);
    expect(boxReads("DE", "Bavaria")).toEqual(["BY"]);
    expect(boxReads("IT", "Toscana")).toEqual(["52"]);
    expect(boxReads("IT", "Tuscany")).toEqual(["52"]);
    expect(boxReads("CA", "Ontario")).toEqual(["ON"]);
    expect(boxReads("GB", "Scotland")).toEqual(["SCT"]);
  });

  it("puts towns in the subdivisions of today's codes", () => {
    const town = (name: string, country: string) =>
      data.places.find((p) => p.name === name && p.country === country)?.subdivision;
    expect(town("Toronto", "CA")).toBe("ON");
    expect(town("Johannesburg", "ZA")).toBe("GP");
    expect(town("Hyderabad", "IN")).toBe("TS");
    expect(town("Beijing", "CN")).toBe("BJ");
    expect(town("Ajaccio", "FR")).toBe("20R");
    expect(town("Lyon", "FR")).toBe("ARA");
    expect(town("Brno", "CZ")).toBe("64");
  });
});

describe("worldSubdivisionRows", () => {
  const LIST: Record<string, Subdivision[]> = {
    CA: [{ code: "ON", name: "Ontario" }],
    CN: [
      { code: "BJ", name: "Beijing Shi" },
      { code: "SX", name: "Shanxi Sheng" },
      { code: "SN", name: "Shaanxi Sheng" },
      { code: "NM", name: "Nei Mongol Zizhiqu" },
    ],
    DO: [{ code: "41", name: "Valdesia" }],
    FR: [{ code: "20R", name: "Corse" }],
    HK: [],
    US: [{ code: "OR", name: "Oregon" }],
  };
  const PARENTS: Record<string, string> = { "DO-02": "41" };
  const data: FirstLevelData = {
    countries: Object.keys(LIST).filter((c) => LIST[c]!.length > 0),
    subdivisionsOf: (country) => LIST[country] ?? [],
    firstLevelCodeOf: (country, code) =>
      LIST[country]?.some((s) => s.code === code) ? code : (PARENTS[`${country}-${code}`] ?? null),
  };

  it("joins GeoNames' admin1 codes to ISO's codes by code, ancestor, name, a longer name or a known change", () => {
    const extract: SubdivisionRow[] = [
      ["CA", "08", "ON", "Ontario", []],
      ["CN", "22", "11", "Beijing", ["Peking"]],
      ["CN", "24", "14", "Shanxi", []],
      ["CN", "20", "15", "Inner Mongolia", []],
      ["DO", "01", "02", "Azua Province", []],
      ["FR", "94", "COR", "Corsica", ["Corse"]],
      ["HK", "KKC", "KKC", "Kowloon City", []],
    ];
    const { rows, leftOut } = worldSubdivisionRows(extract, data);
    expect(rows).toEqual([
      ["CA", "08", "ON", "Ontario", []],
      ["CN", "22", "BJ", "Beijing Shi", ["Beijing", "Peking"]],
      ["CN", "24", "SX", "Shanxi Sheng", ["Shanxi"]],
      ["CN", "", "SN", "Shaanxi Sheng", []],
      ["CN", "20", "NM", "Nei Mongol Zizhiqu", ["Inner Mongolia"]],
      ["DO", "01", "41", "Valdesia", []],
      ["FR", "94", "20R", "Corse", ["Corsica"]],
    ]);
    expect(leftOut).toEqual([["HK", "KKC", "KKC", "Kowloon City", []]]);
  });
});
