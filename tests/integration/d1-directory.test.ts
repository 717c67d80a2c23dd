// The D1 adapter against a real local D1 (workerd SQLite), with the shared contract suite,
// and the D1 schema: constraints, the search structures its triggers keep, and query plans.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { type Directory, DirectoryUnavailableError } from "~/lib/directory/port";
import { runSearch } from "~/lib/directory/index.server";
import {
  citiesStatement,
  cityStatement,
  restaurantFilesStatement,
  restaurantIdsStatement,
  stateCitiesStatement,
} from "~/lib/directory/d1/landing";
import { distanceStatements } from "~/lib/directory/d1/distance-order";
import type { StatementCriteria } from "~/lib/directory/d1/fts-query";
import { nameOrderStatements } from "~/lib/directory/d1/name-order";
import { searchOf, type Search } from "~/lib/search/search-url";
import { searchScope } from "~/lib/places/places";
import { cuisines as sampleCuisines } from "../../data/sample-data.mjs";
import { loadPlaceData } from "../../scripts/generate-places";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { CROWD, CROWD_WORD } from "../fixtures/synthetic-directory";
import { loadFixture, startD1 } from "../support/d1";
import { describeDirectoryContract, distanceRows } from "./directory-contract";
import { runOpenHoursD1 } from "~/lib/jobs/open-hours.server";
import { runConfirmationWindowD1 } from "~/lib/jobs/confirmation-window.server";
import { loadConfirmationsD1 } from "../support/confirmations";
import { confirmedRowsToLoad, describeConfirmationsContract } from "./confirmations-contract";

const places = loadPlaceData();
let d1: Awaited<ReturnType<typeof startD1>>;
let directory: Directory;
let withPlaces: Awaited<ReturnType<typeof startD1>>;
let directoryWithPlaces: Directory;

beforeAll(async () => {
  d1 = await startD1();
  await loadFixture(d1.db, { restaurants: fixtureRestaurants, photos: fixturePhotos, cuisines: fixtureCuisines });
  directory = createD1Directory(d1.db);
  // Restaurants first, then places: rows without coordinates are placed when their ZIP arrives.
  withPlaces = await startD1();
  await loadFixture(withPlaces.db, { restaurants: distanceRows, photos: [], cuisines: sampleCuisines });
  await loadPlacesIntoD1(withPlaces.db, places);
  directoryWithPlaces = createD1Directory(withPlaces.db);
  // Rows loaded raw, as another client would: the scheduled job derives their open intervals,
  // tick after tick until none is pending (a tick stops after its time budget, which a loaded
  // machine can spend before the queue is empty).
  while ((await runOpenHoursD1(withPlaces.db, { maxRows: 100_000 })) > 0);
  // Diners' confirmations, inserted as another client would: the triggers derive them at once.
  await loadConfirmationsD1(withPlaces.db, confirmedRowsToLoad);
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
  await withPlaces?.dispose();
});

describeDirectoryContract("D1", {
  text: () => directory,
  withPlaces: () => directoryWithPlaces,
  withPlacesAt: (at) => createD1Directory(withPlaces.db, { now: () => at, zonesTtlMs: 0 }),
  places: () => places,
});

describeConfirmationsContract(
  "D1",
  () => directoryWithPlaces,
  () => places,
  () => ({
    async makeStale(id, like) {
      await withPlaces.db
        .prepare(
          `UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
             (SELECT confirmation_tallies, confirmation_tags, strftime('%Y-%m', 'now') FROM restaurants WHERE id = ?2)
           WHERE id = ?1`,
        )
        .bind(id, like)
        .run();
    },
    runWindowJob: () => runConfirmationWindowD1(withPlaces.db),
    insert: (row) => loadConfirmationsD1(withPlaces.db, [row]),
    async remove(id) {
      await withPlaces.db.prepare("DELETE FROM confirmations WHERE id = ?").bind(id).run();
    },
  }),
  (at) => createD1Directory(withPlaces.db, { now: () => at, zonesTtlMs: 0 }),
);

/** A search as the statements take it: its location box read by the text rule. */
const criteria = (parts: Partial<Search>): StatementCriteria => {
  const search = searchOf(parts);
  const { locationRule, circles } = searchScope(search, null);
  return { ...search, locationRule, circles };
};

describe("D1 query plans", () => {
  /** Every line of the plan of every statement of a search. */
  async function plans(statements: { sql: string; params: (string | number)[] }[]) {
    const lines: string[] = [];
    for (const { sql, params } of statements) {
      const { results } = await withPlaces.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      lines.push(...results.map((row) => row.detail));
    }
    return lines;
  }
  // A table scan of restaurants (SCAN r / SCAN restaurants without an index) reads every row.
  const tableScan = /^SCAN (r|restaurants)\b(?! USING)/;

  it.each([
    ["the default list", criteria({})],
    ["a term", criteria({ query: CROWD_WORD })],
    ["a short term", criteria({ query: "ze" })],
    ["a place's text rule", criteria({ location: "Portland, OR" })],
    ["a ZIP", criteria({ location: "97201" })],
    ["a cuisine", criteria({ cuisine: "Thai" })],
    ["diets", criteria({ diets: ["vegan", "gluten-free"], match: "all" })],
    ["'100%' alone", criteria({ dedicated: true })],
    ["'100%' diets", criteria({ diets: ["vegan", "gluten-free"], match: "all", dedicated: true })],
    ["kitchen practices", criteria({ kitchen: ["dedicated-fryer", "trained-staff"] })],
    ["kitchen practices with a term, deep", criteria({ query: CROWD_WORD, kitchen: ["trained-staff"], page: 20 })],
    ["a deep page", criteria({ query: CROWD_WORD, page: 40 })],
    [
      "open now",
      {
        ...criteria({ open: true }),
        openZones: [
          { keys: [1, 2, 3], bounds: null },
          { keys: [10921, 10922, 10923], bounds: null },
        ],
      },
    ],
    [
      "open now with a term",
      { ...criteria({ open: true, query: CROWD_WORD }), openZones: [{ keys: [1, 2, 3], bounds: null }] },
    ],
  ])("%s: never a table scan; matches come from the search index", async (_label, c) => {
    const lines = await plans(nameOrderStatements(c, (c.page - 1) * 25));
    expect(lines.filter((line) => tableScan.test(line))).toEqual([]);
    if (c.query || c.location || c.cuisine || c.diets.length || c.dedicated || c.kitchen.length || c.open) {
      expect(lines.some((line) => line.includes("SCAN restaurant_search VIRTUAL TABLE"))).toBe(true);
    }
  });

  it.each([
    ["near a point", criteria({ coords: CROWD, radius: 5 })],
    [
      "near a point, with a term and diets",
      criteria({ coords: CROWD, radius: 50, query: CROWD_WORD, diets: ["vegan"] }),
    ],
    ["near a place, with its text rule", criteria({ location: "Portland, OR", radius: 50 })],
    [
      "near a point, '100%' and kitchen",
      criteria({ coords: CROWD, radius: 5, dedicated: true, kitchen: ["separate-prep"] }),
    ],
    [
      "near a point, open now",
      {
        ...criteria({ coords: CROWD, radius: 5, open: true }),
        openZones: [{ keys: [1, 2, 3], bounds: { south: -2, north: 0, west: 0, east: 2 } }],
      },
    ],
  ])("%s: circles are read from the search index (map cells), each row by its key", async (_label, c) => {
    const centre = c.coords ?? { lat: 45.5, lng: -122.7 };
    const lines = await plans(distanceStatements(c, centre, 0));
    expect(lines.filter((line) => tableScan.test(line))).toEqual([]);
    expect(lines.some((line) => line.includes("SCAN restaurant_search VIRTUAL TABLE"))).toBe(true);
    expect(lines.some((line) => line.includes("SEARCH r USING INDEX restaurants_name_key_idx (name_key=?)"))).toBe(
      true,
    );
  });
});

describe("D1 query plans: landing pages and sitemaps", () => {
  async function plan({ sql, params }: { sql: string; params: (string | number)[] }) {
    const { results } = await withPlaces.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail);
  }

  it("one city and a state's cities: the primary key of restaurant_cities, already in slug order", async () => {
    expect(await plan(cityStatement("OR", "portland"))).toEqual([
      "SEARCH restaurant_cities USING PRIMARY KEY (state=? AND slug=?)",
    ]);
    expect(await plan(citiesStatement("OR", 500, 500))).toEqual([
      "SEARCH restaurant_cities USING PRIMARY KEY (state=?)",
    ]);
  });

  it("the sitemap outline: one seek on the primary key per file; the states' counts from a covering index", async () => {
    const files = await plan(restaurantFilesStatement(50_000, 100));
    expect(files.filter((line) => line.includes("restaurants"))).toEqual([
      "SEARCH restaurants USING INTEGER PRIMARY KEY (rowid>?)",
      "SEARCH restaurants USING INTEGER PRIMARY KEY (rowid>?)",
    ]);
    const states = await plan(stateCitiesStatement(["OR", "WA"]));
    expect(states[0]).toBe(
      "SEARCH restaurant_cities USING COVERING INDEX restaurant_cities_count_idx (state=? AND restaurants>?)",
    );
    expect(states.some((line) => line.includes("TEMP B-TREE"))).toBe(false);
  });

  it("a restaurant sitemap: one range of the primary key", async () => {
    expect(await plan(restaurantIdsStatement(1, 50_000))).toEqual([
      "SEARCH restaurants USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)",
    ]);
  });

  it("reads no more rows than the file or page holds", async () => {
    const rowsRead = async (statement: { sql: string; params: (string | number)[] }) =>
      (
        await withPlaces.db
          .prepare(statement.sql)
          .bind(...statement.params)
          .all()
      ).meta.rows_read;
    expect(await rowsRead(restaurantIdsStatement(9_001, 9_010))).toBeLessThanOrEqual(10);
    expect(await rowsRead(citiesStatement("OR", 0, 3))).toBeLessThanOrEqual(3);
    // A seek per file and one more to find there is no next (D1 counts the CTE's own rows
    // too): a few rows a file, however many restaurants each holds.
    for (const idsPerFile of [50_000, 1_000]) {
      const files = (await directoryWithPlaces.sitemapOutline(idsPerFile, 100)).restaurantFiles.length;
      expect(await rowsRead(restaurantFilesStatement(idsPerFile, 100))).toBeLessThanOrEqual(3 * (files + 1));
    }
    expect(distanceRows.length).toBeGreaterThan(1_000);
  });
});

describe("D1 schema", () => {
  const search = (c: Partial<Search>) => runSearch(directory, searchOf(c));

  it("keeps the search index in sync on insert, update and delete", async () => {
    await d1.db
      .prepare(
        "INSERT INTO restaurants (id, name, city, state, is_vegan) VALUES (900, 'Temporary Taqueria', 'Nowhere', 'ZZ', 1)",
      )
      .run();
    expect((await search({ query: "taqueria" })).restaurants.map((r) => r.id)).toEqual([900]);
    await d1.db.prepare("UPDATE restaurants SET name = 'Renamed Ramen' WHERE id = 900").run();
    expect((await search({ query: "taqueria" })).total).toBe(0);
    expect((await search({ query: "renamed ramen" })).restaurants.map((r) => r.id)).toEqual([900]);
    await d1.db
      .prepare("UPDATE restaurants SET is_vegan = 0, cuisine_type = 'Noodles', zip_code = '99999' WHERE id = 900")
      .run();
    expect((await search({ query: "renamed", diets: ["vegan"] })).total).toBe(0);
    expect((await search({ query: "renamed", cuisine: "Noodles" })).total).toBe(1);
    expect((await search({ location: "99999" })).restaurants.map((r) => r.id)).toEqual([900]);
    await d1.db.prepare("DELETE FROM restaurants WHERE id = 900").run();
    expect((await search({ query: "renamed" })).total).toBe(0);
  });

  it("keeps the names in order: name_key never contradicts the name", async () => {
    const row = await withPlaces.db
      .prepare(
        "SELECT count(*) AS n FROM (SELECT name_key >> 23 AS g, lag(name_key >> 23) OVER (ORDER BY name COLLATE NOCASE, id) AS before FROM restaurants) WHERE before > g",
      )
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("places a row typed without coordinates at its ZIP's centre, and moves it when the ZIP changes", async () => {
    await withPlaces.db
      .prepare("INSERT INTO restaurants (id, name, zip_code) VALUES (950, 'Dashboard Diner', '97201')")
      .run();
    const at = () => withPlaces.db.prepare("SELECT geo_lat, geo_lng FROM restaurants WHERE id = 950").first();
    expect(await at()).toEqual({ geo_lat: 45.5078, geo_lng: -122.6897 });
    await withPlaces.db.prepare("UPDATE restaurants SET zip_code = '98101-1234' WHERE id = 950").run();
    const seattle = places.zips.find((z) => z.zip === "98101")!;
    expect(await at()).toEqual({ geo_lat: seattle.latitude, geo_lng: seattle.longitude });
    await withPlaces.db.prepare("UPDATE restaurants SET latitude = 40, longitude = -100 WHERE id = 950").run();
    expect(await at()).toEqual({ geo_lat: 40, geo_lng: -100 });
    await withPlaces.db.prepare("DELETE FROM restaurants WHERE id = 950").run();
  });

  it("counts each city's restaurants, in all and per diet", async () => {
    const city = () =>
      withPlaces.db
        .prepare("SELECT restaurants, vegan FROM restaurant_cities WHERE state = 'ZZ' AND slug = 'test-town'")
        .first();
    await withPlaces.db
      .prepare("INSERT INTO restaurants (id, name, city, state, is_vegan) VALUES (960, 'A', 'Test Town', 'zz', 1)")
      .run();
    await withPlaces.db
      .prepare("INSERT INTO restaurants (id, name, city, state) VALUES (961, 'B', ' test town ', 'ZZ')")
      .run();
    expect(await city()).toEqual({ restaurants: 2, vegan: 1 });
    await withPlaces.db.prepare("UPDATE restaurants SET is_vegan = 0 WHERE id = 960").run();
    expect(await city()).toEqual({ restaurants: 2, vegan: 0 });
    await withPlaces.db.prepare("UPDATE restaurants SET city = 'Elsewhere' WHERE id = 961").run();
    expect(await city()).toEqual({ restaurants: 1, vegan: 0 });
    await withPlaces.db.prepare("DELETE FROM restaurants WHERE id IN (960, 961)").run();
    expect(await city()).toEqual({ restaurants: 0, vegan: 0 });
  });

  it("a city whose restaurants have all left has no landing page, and leaves the sitemap", async () => {
    const directory = directoryWithPlaces;
    await withPlaces.db
      .prepare("INSERT INTO restaurants (id, name, city, state) VALUES (970, 'Last One', 'Ghost Town', 'NV')")
      .run();
    expect(await directory.getCity("NV", "ghost-town")).toMatchObject({ name: "Ghost Town", restaurants: 1 });
    expect((await directory.sitemapOutline(50_000, 100)).states).toContainEqual({ state: "NV", cities: 1 });
    await withPlaces.db.prepare("DELETE FROM restaurants WHERE id = 970").run();
    const row = await withPlaces.db
      .prepare("SELECT restaurants FROM restaurant_cities WHERE state = 'NV' AND slug = 'ghost-town'")
      .first();
    expect(row).toEqual({ restaurants: 0 });
    expect(await directory.getCity("NV", "ghost-town")).toBeNull();
    expect(await directory.listCities("NV", 0, 10)).toEqual([]);
    expect((await directory.sitemapOutline(50_000, 100)).states.map((s) => s.state)).not.toContain("NV");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", " https://x.example", "data:text/html,x", "vbscript:x"])(
    "refuses a website_url of %j",
    async (url) => {
      await expect(
        d1.db.prepare("INSERT INTO restaurants (name, website_url) VALUES ('Bad', ?)").bind(url).run(),
      ).rejects.toThrow(/CHECK constraint/);
    },
  );

  it("refuses a photo url that is not http(s) or a root-relative path", async () => {
    for (const url of ["javascript:alert(1)", "//evil.example/x.png", "data:image/png;base64,AA"]) {
      await expect(
        d1.db.prepare("INSERT INTO restaurant_photos (restaurant_id, url) VALUES (1, ?)").bind(url).run(),
      ).rejects.toThrow(/CHECK constraint/);
    }
  });

  it("deletes a restaurant's photos with it", async () => {
    await d1.db.prepare("INSERT INTO restaurants (id, name) VALUES (901, 'Gone Soon')").run();
    await d1.db.prepare("INSERT INTO restaurant_photos (restaurant_id, url) VALUES (901, '/photos/x.svg')").run();
    await d1.db.prepare("DELETE FROM restaurants WHERE id = 901").run();
    const row = await d1.db
      .prepare("SELECT count(*) AS n FROM restaurant_photos WHERE restaurant_id = 901")
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe("D1 adapter faults", () => {
  it("a query slower than the deadline becomes DirectoryUnavailableError", async () => {
    const never = { prepare: () => ({ all: () => new Promise(() => {}) }) } as unknown as D1Database;
    await expect(createD1Directory(never, { timeoutMs: 50 }).listCuisines()).rejects.toBeInstanceOf(
      DirectoryUnavailableError,
    );
  });

  it("a failing database becomes DirectoryUnavailableError", async () => {
    const broken = {
      prepare: () => {
        throw new Error("D1_ERROR: no such table");
      },
    } as unknown as D1Database;
    await expect(createD1Directory(broken).getRestaurant(1)).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });
});
