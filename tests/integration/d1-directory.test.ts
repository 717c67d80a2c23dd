// The D1 adapter against a real local D1 (workerd SQLite), with the shared contract suite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1.server";
import type { Directory } from "~/lib/directory/port";
import { DirectoryUnavailableError } from "~/lib/directory/deadline";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { loadFixture, startD1 } from "../support/d1";
import { describeDirectoryContract } from "./directory-contract";

let d1: Awaited<ReturnType<typeof startD1>>;
let directory: Directory;

beforeAll(async () => {
  d1 = await startD1();
  await loadFixture(d1.db, { restaurants: fixtureRestaurants, photos: fixturePhotos, cuisines: fixtureCuisines });
  directory = createD1Directory(d1.db);
});

afterAll(async () => {
  await d1?.dispose();
});

describeDirectoryContract("D1", () => directory);

describe("D1 schema", () => {
  it("keeps the search index in sync on update and delete", async () => {
    await d1.db.prepare("INSERT INTO restaurants (id, name, city, state) VALUES (900, 'Temporary Taqueria', 'Nowhere', 'ZZ')").run();
    const search = (query: string) =>
      directory.searchRestaurants({ query, location: { kind: "none" }, cuisine: null, diets: [], match: "any", limit: 5, offset: 0 });
    expect((await search("taqueria")).restaurants.map((r) => r.id)).toEqual([900]);
    await d1.db.prepare("UPDATE restaurants SET name = 'Renamed Ramen' WHERE id = 900").run();
    expect((await search("taqueria")).total).toBe(0);
    expect((await search("renamed ramen")).restaurants.map((r) => r.id)).toEqual([900]);
    await d1.db.prepare("DELETE FROM restaurants WHERE id = 900").run();
    expect((await search("renamed")).total).toBe(0);
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
    const row = await d1.db.prepare("SELECT count(*) AS n FROM restaurant_photos WHERE restaurant_id = 901").first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe("D1 adapter faults", () => {
  it("a query slower than the deadline becomes DirectoryUnavailableError", async () => {
    const never = { prepare: () => ({ all: () => new Promise(() => {}) }) } as unknown as D1Database;
    await expect(createD1Directory(never, { timeoutMs: 50 }).listCuisines()).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });

  it("a failing database becomes DirectoryUnavailableError", async () => {
    const broken = { prepare: () => { throw new Error("D1_ERROR: no such table"); } } as unknown as D1Database;
    await expect(createD1Directory(broken).getRestaurant(1)).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });
});
