// The scheduled merge of the search indexes (app/lib/jobs/search-index-merge.server.ts), on
// real D1 (workerd's SQLite): each write adds a segment to an FTS5 index; past the limit a
// tick merges them into one, and every search finds what it found before. Both indexes:
// restaurant_search, and confirmed_search, which confirmed=1 reads.
import { describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { runSearch } from "~/lib/directory/index.server";
import { searchOf, type Search } from "~/lib/search/search-url";
import { mergeSearchIndexD1, searchIndexSegments } from "~/lib/directory/d1/search-index-merge.server";
import { searchIndexMergeJob } from "~/lib/jobs/search-index-merge.server";
import { SCHEDULED_JOBS } from "~/lib/jobs/scheduled.server";
import { useD1 } from "../support/d1";

const SEARCHES: Partial<Search>[] = [
  { query: "kitchen" },
  { query: "ki" },
  { location: "Portland, OR" },
  { location: "or", diets: ["vegan"] },
  { coords: { lat: 45.52, lng: -122.68 }, radius: 25 },
  { coords: { lat: 45.52, lng: -122.68 }, radius: 5, diets: ["gluten-free"] },
];

describe("D1: the search-index merge", () => {
  // Twelve writes, each its own transaction: each leaves a segment (FTS5 merges some on write).
  const d1 = useD1(async (db) => {
    for (let w = 0; w < 12; w++) {
      const values = Array.from({ length: 20 }, (_, i) => {
        const id = w * 20 + i + 1;
        const name = `${["Kitchen", "Grill", "Cafe", "Bistro"][id % 4]} ${id}`;
        const [city, state] = id % 3 ? ["Portland", "OR"] : ["Salem", "OR"];
        return `(${id}, '${name}', '${city}', '${state}', ${45.52 + (id % 17) * 0.01}, ${-122.68 + (id % 13) * 0.01}, ${id % 2}, ${id % 5 === 0 ? 1 : 0})`;
      });
      await db
        .prepare(
          `INSERT INTO restaurants (id, name, city, state, latitude, longitude, is_gluten_free, is_vegan) VALUES ${values.join(", ")}`,
        )
        .run();
    }
  });

  const results = async () => {
    const directory = createD1Directory(d1.db);
    const found = [];
    for (const search of SEARCHES) {
      const page = await runSearch(directory, searchOf(search));
      found.push({ total: page.total, ids: page.restaurants.map((r) => r.id) });
    }
    return found;
  };

  it("leaves fewer segments than the limit alone, merges more into one, and every search finds the same", async () => {
    const segments = await searchIndexSegments(d1.db);
    expect(segments).toBeGreaterThan(1);
    const before = await results();
    expect(before.every((r) => r.total > 0)).toBe(true);

    expect(await mergeSearchIndexD1(d1.db, { maxSegments: segments })).toBe(segments);
    expect(await searchIndexSegments(d1.db)).toBe(segments);

    expect(await mergeSearchIndexD1(d1.db, { maxSegments: 1 })).toBe(1);
    expect(await searchIndexSegments(d1.db)).toBe(1);
    expect(await results()).toEqual(before);

    // A later write adds a segment again.
    await d1.db
      .prepare("INSERT INTO restaurants (id, name, city, state) VALUES (999, 'Late Kitchen', 'Bend', 'OR')")
      .run();
    expect(await searchIndexSegments(d1.db)).toBe(2);
  });

  it("merges the index confirmed=1 reads as well, and its searches find the same", async () => {
    // Each confirmation its own transaction: each adds a segment to confirmed_search.
    const month = new Date().toISOString().slice(0, 7);
    for (let id = 1; id <= 12; id++) {
      await d1.db
        .prepare(
          "INSERT INTO confirmations (restaurant_id, condition, visited, outcome) VALUES (?, 'celiac', ?, 'ate-safely')",
        )
        .bind(id, month)
        .run();
    }
    const confirmed = searchOf({ diets: ["gluten-free"], confirmed: true });
    const before = await runSearch(createD1Directory(d1.db), confirmed);
    expect(before.total).toBeGreaterThan(0);
    expect(await searchIndexSegments(d1.db, "confirmed_search")).toBeGreaterThan(8);

    await searchIndexMergeJob.run({ DB: d1.db } as Env, new Date());
    expect(await searchIndexSegments(d1.db, "confirmed_search")).toBe(1);
    expect(await runSearch(createD1Directory(d1.db), confirmed)).toEqual(before);
  });

  it("runs on every tick", () => {
    expect(SCHEDULED_JOBS).toContain(searchIndexMergeJob);
  });
});
