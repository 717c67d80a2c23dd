// migrations/0018_country_token.sql on a D1 that already holds restaurants (0017): its rebuild
// of both search indexes gives each existing row its country's token, keeps its other tokens,
// and keeps a row with a diners' confirmation tag in confirmed_search.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countryToken, DIET_IDS, token } from "~/lib/directory/d1/fts-query";
import { query, wrangler } from "../../scripts/lib/server.mjs";

const root = join(import.meta.dirname, "..", "..");
const migrations = readdirSync(join(root, "migrations"))
  .filter((name) => /^\d{4}_.*\.sql$/.test(name))
  .sort();

describe("0018_country_token on restaurants already indexed, on D1", () => {
  const dir = mkdtempSync(join(tmpdir(), "safebites-d1-0018-"));
  const execute = (file: string) => wrangler(["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file]);
  const rows = (sql: string) => query(sql, { persistTo: dir }) as Record<string, unknown>[];
  const ids = (index: string, ftsQuery: string) =>
    rows(
      `SELECT r.id FROM ${index} JOIN restaurants AS r ON r.name_key = ${index}.rowid WHERE ${index} MATCH '${ftsQuery}' ORDER BY r.id`,
    ).map((r) => r.id);

  beforeAll(() => {
    for (const name of migrations.filter((name) => name < "0018")) execute(join(root, "migrations", name));
    const before = join(dir, "before.sql");
    writeFileSync(
      before,
      `INSERT INTO restaurants (id, name, city, state, country, is_vegan) VALUES
         (1, 'Roma Vegana', 'Roma', '62', 'IT', 1), (2, 'Roma Pizza', 'Roma', '62', 'IT', 0),
         (3, 'Austin Vegan', 'Austin', 'TX', 'US', 1);
       UPDATE restaurants SET confirmation_tags = 'x' WHERE id = 1;`,
    );
    execute(before);
    execute(join(root, "migrations", "0018_country_token.sql"));
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("indexes every existing row under its country, beside its other tokens", () => {
    expect(ids("restaurant_search", `{diets} : "${countryToken("IT")}"`)).toEqual([1, 2]);
    expect(ids("restaurant_search", `{diets} : "${countryToken("US")}"`)).toEqual([3]);
    expect(
      ids("restaurant_search", `{diets} : "${countryToken("IT")}" AND {diets} : "${token(DIET_IDS.vegan)}"`),
    ).toEqual([1]);
    expect(ids("restaurant_search", `{name} : "roma"`)).toEqual([1, 2]);
    expect(ids("confirmed_search", `{diets} : "${countryToken("IT")}"`)).toEqual([1]);
  });
});
