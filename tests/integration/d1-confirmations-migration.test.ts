// migrations/0010_confirmations.sql on a D1 that already holds the review loop's data
// (0009_review_loop.sql): its rebuild of submissions keeps every row, the generated `urgent`
// column and the links of listing_changes to their submissions (which the drop of the old
// table would set to null), and the confirmations' derived columns bump no listing version.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query, wrangler } from "../../scripts/lib/server.mjs";

const root = join(import.meta.dirname, "..", "..");
const migrations = readdirSync(join(root, "migrations"))
  .filter((name) => /^\d{4}_.*\.sql$/.test(name))
  .sort();

describe("0010_confirmations after the review loop, on D1", () => {
  const dir = mkdtempSync(join(tmpdir(), "safebites-d1-0010-"));
  const execute = (file: string) => wrangler(["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file]);
  const rows = (sql: string) => query(sql, { persistTo: dir }) as Record<string, unknown>[];

  beforeAll(() => {
    for (const name of migrations.filter((name) => name < "0010")) execute(join(root, "migrations", name));
    const before = join(dir, "before.sql");
    writeFileSync(
      before,
      `INSERT INTO restaurants (id, name, city, state) VALUES (1, 'Migration Cafe', 'Portland', 'OR');
       INSERT INTO submissions (id, kind, restaurant_id, reason, payload) VALUES (7, 'report', 1, 'diet', '{}');
       INSERT INTO submissions (id, kind, payload, status, reviewed_at) VALUES (8, 'restaurant', '{}', 'approved', '2026-01-01');
       INSERT INTO listing_changes (restaurant_id, submission_id, column_name, old_value, new_value, changed_by)
       VALUES (1, 8, 'name', 'Old', 'Migration Cafe', 'r@example.test'), (1, NULL, 'website_url', 'x', NULL, 'migration');`,
    );
    execute(before);
    execute(join(root, "migrations", "0010_confirmations.sql"));
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the submissions, their urgency and the links of listing_changes", () => {
    expect(rows("SELECT id, kind, urgent, status FROM submissions ORDER BY id")).toEqual([
      { id: 7, kind: "report", urgent: 1, status: "pending" },
      { id: 8, kind: "restaurant", urgent: 0, status: "approved" },
    ]);
    // (0 for none: wrangler's JSON output writes a null as the text "null".)
    expect(rows("SELECT coalesce(submission_id, 0) AS link FROM listing_changes ORDER BY id")).toEqual([
      { link: 8 },
      { link: 0 },
    ]);
    expect(rows("SELECT name FROM sqlite_master WHERE name LIKE '%_0010' OR name = 'submissions_next'")).toEqual([]);
  });

  it("takes a confirmation, urgent when it reports a reaction; publishing it bumps no version", () => {
    const version = rows("SELECT version FROM restaurants WHERE id = 1")[0]?.version;
    const after = join(dir, "after.sql");
    writeFileSync(
      after,
      `INSERT INTO submissions (id, kind, restaurant_id, payload, repeat_key) VALUES (9, 'confirmation', 1, '{"outcome":"reacted"}', 'k');
       INSERT INTO confirmations (restaurant_id, submission_id, condition, visited, outcome)
       VALUES (1, 9, 'celiac', strftime('%Y-%m', 'now'), 'ate-safely');`,
    );
    execute(after);
    expect(rows("SELECT urgent FROM submissions WHERE id = 9")).toEqual([{ urgent: 1 }]);
    const [restaurant] = rows(
      "SELECT version, confirmation_tallies IS NOT NULL AS derived FROM restaurants WHERE id = 1",
    );
    expect(restaurant).toEqual({ version, derived: 1 });
  });
});
