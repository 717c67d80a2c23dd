// The index confirmed=1 reads on D1 (migrations/0012_confirmed_search.sql): confirmed_search
// holds the restaurants with a diners' confirmation tag, with the same tokens as
// restaurant_search, whatever happens to them afterwards: a confirmation published or taken
// back, a reaction, a new name, diet or position, new opening hours, closed and reopened,
// deleted. After each step it must hold exactly those rows, and answer every confirmation tag
// with the rows restaurant_search answers it with.
import { describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { runSearch } from "~/lib/directory/index.server";
import { searchOf } from "~/lib/search/search-url";
import { useD1 } from "../support/d1";

const d1 = useD1();
const thisMonth = new Date().toISOString().slice(0, 7);

const run = (sql: string, ...params: (string | number | null)[]) =>
  d1.db
    .prepare(sql)
    .bind(...params)
    .run();
const column = async (sql: string, ...params: (string | number)[]) =>
  (
    await d1.db
      .prepare(sql)
      .bind(...params)
      .raw<[number]>()
  ).map(([value]) => value);

// The confirmation tags, written out (CONFIRMED_BASE 150,100 plus a mask of the four condition
// groups, 1 to 15, as three CJK ideographs: fts-query.ts): what the search asks for.
const TAGS = Array.from({ length: 15 }, (_, i) => {
  const id = 150_100 + i + 1;
  return String.fromCharCode(0x4e00, 0x4e00 + Math.floor(id / 20992), 0x4e00 + (id % 20992));
});

/** Both indexes agree: the same tagged rows, and the same answer to every tag. */
async function expectInStep() {
  const tagged = await column(
    "SELECT name_key FROM restaurants WHERE closed_at IS NULL AND coalesce(confirmation_tags, '') <> '' ORDER BY name_key",
  );
  expect(await column("SELECT rowid FROM confirmed_search ORDER BY rowid")).toEqual(tagged);
  for (const tag of TAGS) {
    const match = `{diets} : "${tag}"`;
    expect(
      await column("SELECT rowid FROM confirmed_search WHERE confirmed_search MATCH ? ORDER BY rowid", match),
    ).toEqual(
      await column("SELECT rowid FROM restaurant_search WHERE restaurant_search MATCH ? ORDER BY rowid", match),
    );
  }
  return tagged.length;
}

const confirmedIds = async (diet: "gluten-free" | "vegan") => {
  const page = await runSearch(createD1Directory(d1.db), searchOf({ diets: [diet], confirmed: true }));
  return page.restaurants.map((r) => r.id).sort((a, b) => a - b);
};

describe("D1: the confirmed search index", () => {
  it("holds the tagged restaurants, in step with the search index, through every change", async () => {
    await run(
      "INSERT INTO restaurants (id, name, city, state, latitude, longitude, is_gluten_free, is_vegan) VALUES " +
        "(1, 'Celiac Safe Kitchen', 'Portland', 'OR', 45.52, -122.68, 1, 0), " +
        "(2, 'Green Plate', 'Portland', 'OR', 45.53, -122.67, 0, 1), " +
        "(3, 'Plain Diner', 'Salem', 'OR', 44.94, -123.03, 1, 1)",
    );
    expect(await expectInStep()).toBe(0);

    // Published: a safe visit by a diner with celiac disease, and one by a vegan diner.
    await run(
      "INSERT INTO confirmations (id, restaurant_id, condition, visited, outcome) VALUES (1, 1, 'celiac', ?, 'ate-safely'), (2, 2, 'vegan', ?, 'ate-safely')",
      thisMonth,
      thisMonth,
    );
    expect(await expectInStep()).toBe(2);
    expect(await confirmedIds("gluten-free")).toEqual([1]);
    expect(await confirmedIds("vegan")).toEqual([2]);

    // A new name (a new name_key), a new position, a diet taken away, new opening hours.
    await run("UPDATE restaurants SET name = 'A Celiac Safe Kitchen' WHERE id = 1");
    await run("UPDATE restaurants SET latitude = 45.6, longitude = -122.6 WHERE id = 2");
    await run("UPDATE restaurants SET hours_of_operation = 'Mon-Sun 9:00 AM - 5:00 PM' WHERE id = 1");
    expect(await expectInStep()).toBe(2);
    await run("UPDATE restaurants SET is_gluten_free = 0 WHERE id = 1");
    expect(await expectInStep()).toBe(2);
    expect(await confirmedIds("gluten-free")).toEqual([]);
    await run("UPDATE restaurants SET is_gluten_free = 1 WHERE id = 1");

    // A reaction by a diner of the same group takes the tag away; taking it back returns it.
    await run(
      "INSERT INTO confirmations (id, restaurant_id, condition, visited, outcome) VALUES (3, 1, 'gluten-sensitive', ?, 'reacted')",
      thisMonth,
    );
    expect(await expectInStep()).toBe(1);
    expect(await confirmedIds("gluten-free")).toEqual([]);
    await run("DELETE FROM confirmations WHERE id = 3");
    expect(await expectInStep()).toBe(2);
    expect(await confirmedIds("gluten-free")).toEqual([1]);

    // Closed, then reopened; a third restaurant confirmed, then deleted.
    await run("UPDATE restaurants SET closed_at = '2026-01-01' WHERE id = 2");
    expect(await expectInStep()).toBe(1);
    expect(await confirmedIds("vegan")).toEqual([]);
    await run("UPDATE restaurants SET closed_at = NULL WHERE id = 2");
    expect(await expectInStep()).toBe(2);
    await run(
      "INSERT INTO confirmations (id, restaurant_id, condition, visited, outcome) VALUES (4, 3, 'vegan', ?, 'ate-safely')",
      thisMonth,
    );
    expect(await expectInStep()).toBe(3);
    expect(await confirmedIds("vegan")).toEqual([2, 3]);
    await run("DELETE FROM restaurants WHERE id = 3");
    expect(await expectInStep()).toBe(2);
    expect(await confirmedIds("vegan")).toEqual([2]);
  });

  // Around a centre, the confirmed page reads the radius's matches first, up to eight times what
  // the page needs (200 for page 1 of 25), and takes them as they are when there are fewer; with
  // as many, it searches the circles as the full index does (decision 0027's amendment). Both
  // ways give the nearest first. 250 confirmed restaurants due north of the centre, the i-th at
  // 0.001° × i (0.069 mi × i): 72 within 5 miles, all 250 within 25 (ids from 1001: the test
  // above leaves its restaurants in the database).
  it("pages a sparse radius and a dense one nearest first", async () => {
    const ids = Array.from({ length: 250 }, (_, i) => 1001 + i);
    for (const id of ids) {
      await run(
        "INSERT INTO restaurants (id, name, city, state, latitude, longitude, is_gluten_free) VALUES (?, ?, 'Bend', 'OR', ?, -121.3, 1)",
        id,
        `Station ${id}`,
        44 + (id - 1000) * 0.001,
      );
      await run(
        "INSERT INTO confirmations (id, restaurant_id, condition, visited, outcome) VALUES (?, ?, 'celiac', ?, 'ate-safely')",
        id,
        id,
        thisMonth,
      );
    }
    const page = async (radius: 5 | 25, n: number) => {
      const search = searchOf({
        coords: { lat: 44, lng: -121.3 },
        radius,
        diets: ["gluten-free"],
        confirmed: true,
        page: n,
      });
      const result = await runSearch(createD1Directory(d1.db), search);
      return { total: result.total, ids: result.restaurants.map((r) => r.id) };
    };
    const range = (from: number, to: number) => ids.slice(from - 1, to);
    // Sparse: 72 in the radius, fewer than 200.
    expect(await page(5, 1)).toEqual({ total: 72, ids: range(1, 25) });
    expect(await page(5, 3)).toEqual({ total: 72, ids: range(51, 72) });
    // Dense for page 1: 250 in the radius, 200 or more; sparse for page 2 (fewer than 400).
    expect(await page(25, 1)).toEqual({ total: 250, ids: range(1, 25) });
    expect(await page(25, 2)).toEqual({ total: 250, ids: range(26, 50) });
    expect(await page(25, 10)).toEqual({ total: 250, ids: range(226, 250) });
  });
});
