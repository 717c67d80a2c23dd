// The submissions contract (submissions-contract.ts) on a real local D1, and D1's own
// guarantees: the table's constraints and the indexes its statements use.
import { describe, expect, it } from "vitest";
import { createD1Review, createD1Submissions } from "~/lib/directory/d1/submissions.server";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  LISTING_COLUMNS,
  WRITABLE_COLUMNS,
} from "~/lib/directory/submission-store";
import { loadSharedFixture, useD1 } from "../support/d1";
import { describeSubmissionsContract, type SubmissionsBackend } from "./submissions-contract";

const d1 = useD1(loadSharedFixture);

const FLAGS = new Set<string>(EDITABLE_FLAG_COLUMNS);
const PRACTICES = new Set<string>(EDITABLE_PRACTICE_COLUMNS);

function restaurantOf(row: Record<string, unknown>) {
  const out: Record<string, unknown> = { id: row.id };
  for (const column of WRITABLE_COLUMNS) {
    const value = row[column];
    out[column] = FLAGS.has(column) ? value === 1 : PRACTICES.has(column) && value !== null ? value === 1 : value;
  }
  return out;
}

const backend = (): SubmissionsBackend => {
  const db = d1.db;
  return {
    submissions: () => createD1Submissions(db),
    review: () => createD1Review(db),
    async submissionRow(id) {
      const row = await db.prepare("SELECT * FROM submissions WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? { ...row, payload: JSON.parse(String(row.payload)) } : null;
    },
    async idsWith(field, value) {
      const { results } = await db
        .prepare(`SELECT id FROM submissions WHERE json_extract(payload, '$.${field}') = ? ORDER BY id`)
        .bind(value)
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async confirmationsOf(restaurantId) {
      const { results } = await db
        .prepare("SELECT * FROM confirmations WHERE restaurant_id = ? ORDER BY id")
        .bind(restaurantId)
        .all<Record<string, unknown>>();
      return results.map((row) => ({ ...row, seen: JSON.parse(String(row.seen)) }));
    },
    async restaurant(id) {
      const row = await db.prepare("SELECT * FROM restaurants WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? restaurantOf(row) : null;
    },
    async restaurantsNamed(name) {
      const { results } = await db
        .prepare("SELECT * FROM restaurants WHERE name = ?")
        .bind(name)
        .all<Record<string, unknown>>();
      return results.map(restaurantOf);
    },
    async cuisineExists(name) {
      return Boolean(await db.prepare("SELECT 1 FROM cuisine_types WHERE name = ?").bind(name).first());
    },
    async addZip(zip, lat, lng) {
      await db
        .prepare(
          "INSERT OR IGNORE INTO us_zip_codes (zip, place_name, state, latitude, longitude) VALUES (?, 'Testville', 'OR', ?, ?)",
        )
        .bind(zip, lat, lng)
        .run();
    },
    async position(name) {
      const row = await db
        .prepare("SELECT geo_lat AS lat, geo_lng AS lng FROM restaurants WHERE name = ?")
        .bind(name)
        .first<{ lat: number | null; lng: number | null }>();
      return row ?? { lat: null, lng: null };
    },
    async age(id, seconds) {
      const shift = `'-${seconds} seconds'`;
      await db
        .prepare(
          `UPDATE submissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ${shift}),
             reviewed_at = CASE WHEN reviewed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', reviewed_at, ${shift}) END
           WHERE id = ?`,
        )
        .bind(id)
        .run();
    },
    async version(id) {
      const row = await db
        .prepare("SELECT version FROM restaurants WHERE id = ?")
        .bind(id)
        .first<{ version: number }>();
      return row!.version;
    },
    async write(id, columns) {
      const names = Object.keys(columns);
      await db
        .prepare(`UPDATE restaurants SET ${names.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`)
        .bind(...Object.values(columns).map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v)), id)
        .run();
    },
    async writeDerived(id) {
      // What the open-hours job and the position triggers write.
      await db
        .prepare(
          "UPDATE restaurants SET open_slots = '', open_zone = 'America/New_York', open_pending = 0, geo_lat = geo_lat + 0, geo_lng = geo_lng WHERE id = ?",
        )
        .bind(id)
        .run();
    },
    async acceptsWebsite(url) {
      const before = await db
        .prepare("SELECT website_url FROM restaurants WHERE id = 15")
        .first<{ website_url: string }>();
      try {
        await db.prepare("UPDATE restaurants SET website_url = ? WHERE id = 15").bind(url).run();
      } catch {
        return false;
      }
      await db.prepare("UPDATE restaurants SET website_url = ? WHERE id = 15").bind(before!.website_url).run();
      return true;
    },
    async urgentFlags() {
      const { results } = await db
        .prepare("SELECT id, urgent FROM submissions WHERE status = 'pending'")
        .all<{ id: number; urgent: number }>();
      return results.map((r) => ({ id: r.id, urgent: r.urgent === 1 }));
    },
  };
};

describeSubmissionsContract("D1", backend);

describe("D1 submissions table", () => {
  it.each([
    ["an unknown kind", "INSERT INTO submissions (kind, payload) VALUES ('spam', '{}')"],
    [
      "a suggestion naming a restaurant",
      "INSERT INTO submissions (kind, restaurant_id, payload) VALUES ('restaurant', 1, '{}')",
    ],
    ["a report without a reason", "INSERT INTO submissions (kind, restaurant_id, payload) VALUES ('report', 1, '{}')"],
    [
      "an unknown reason",
      "INSERT INTO submissions (kind, restaurant_id, reason, payload) VALUES ('report', 1, 'bored', '{}')",
    ],
    ["a payload that is not a JSON object", "INSERT INTO submissions (kind, payload) VALUES ('restaurant', '[1]')"],
    ["an unknown status", "INSERT INTO submissions (kind, payload, status) VALUES ('restaurant', '{}', 'maybe')"],
    [
      "a decided row without its time",
      "INSERT INTO submissions (kind, payload, status) VALUES ('restaurant', '{}', 'approved')",
    ],
    ["a confirmation naming no restaurant", "INSERT INTO submissions (kind, payload) VALUES ('confirmation', '{}')"],
    [
      "a confirmation with a reason",
      "INSERT INTO submissions (kind, restaurant_id, reason, payload) VALUES ('confirmation', 1, 'diet', '{}')",
    ],
    [
      "a published confirmation of an unknown condition",
      "INSERT INTO confirmations (restaurant_id, condition, visited, outcome) VALUES (1, 'hungry', '2026-01', 'ate-safely')",
    ],
    [
      "a published confirmation of a month that is not one",
      "INSERT INTO confirmations (restaurant_id, condition, visited, outcome) VALUES (1, 'celiac', '2026-13', 'ate-safely')",
    ],
    [
      "a published confirmation whose seen is not a list",
      "INSERT INTO confirmations (restaurant_id, condition, visited, outcome, seen) VALUES (1, 'celiac', '2026-01', 'ate-safely', 'fryer')",
    ],
    [
      "a report on no restaurant",
      "INSERT INTO submissions (kind, restaurant_id, reason, payload) VALUES ('report', 999999, 'hours', '{}')",
    ],
  ])("refuses %s", async (_label, sql) => {
    await expect(d1.db.prepare(sql).run()).rejects.toThrow();
  });

  it("the insert's checks, the queue's pages and counts and the history read through their indexes", async () => {
    const plan = async (sql: string) => {
      const { results } = await d1.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>();
      return results.map((r) => r.detail).join("\n");
    };
    expect(await plan("SELECT 1 FROM submissions WHERE dedup_key = 'x' AND created_at > '2025'")).toMatch(
      /submissions_dedup_idx/,
    );
    expect(await plan("SELECT count(*) FROM submissions WHERE client_key = 'x' AND created_at > '2025'")).toMatch(
      /submissions_client_idx/,
    );
    const page = (where: string) =>
      plan(
        `SELECT id FROM submissions AS s WHERE ${where} ORDER BY s.urgent DESC, s.created_at, s.id LIMIT 50 OFFSET 100`,
      );
    const all = await page("s.status = 'pending' AND NULL IS NULL");
    expect(all).toMatch(/submissions_queue_idx/);
    expect(all).not.toMatch(/TEMP B-TREE/);
    const reports = await page("s.status = 'pending' AND s.kind = 'report'");
    expect(reports).toMatch(/submissions_queue_kind_idx \(kind=\?\)/);
    expect(reports).not.toMatch(/TEMP B-TREE/);
    expect(
      await plan("SELECT kind, reason, count(*) FROM submissions WHERE status = 'pending' GROUP BY kind, reason"),
    ).toMatch(/COVERING INDEX submissions_pending_count_idx/);
    expect(
      await plan("SELECT * FROM listing_changes WHERE restaurant_id = 1 ORDER BY id DESC LIMIT 50 OFFSET 50"),
    ).toMatch(/listing_changes_restaurant_idx \(restaurant_id=\?\)/);
  });

  it("restaurants_version names exactly the listing columns (LISTING_COLUMNS)", async () => {
    const row = await d1.db
      .prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'restaurants_version'")
      .first<{ sql: string }>();
    const of = /AFTER UPDATE OF ([\s\S]*?)\s+ON restaurants/.exec(row!.sql)?.[1] ?? "";
    expect(of.split(",").map((c) => c.trim())).toEqual([...LISTING_COLUMNS]);
    const when = [...row!.sql.matchAll(/new\.(\w+) IS NOT old\.(\w+)/g)].map((m) => m[1]);
    expect(when).toEqual([...LISTING_COLUMNS]);
  });

  it("review_checks aborts a batch with its reason and never holds a row", async () => {
    await expect(d1.db.prepare("INSERT INTO review_checks (name, ok) VALUES ('pending', 0)").run()).rejects.toThrow(
      /review_conflict/,
    );
    await expect(d1.db.prepare("INSERT INTO review_checks (name, ok) VALUES ('current', 0)").run()).rejects.toThrow(
      /review_stale/,
    );
    await d1.db.prepare("INSERT INTO review_checks (name, ok) VALUES ('pending', 1), ('current', 1)").run();
    expect(await d1.db.prepare("SELECT count(*) AS n FROM review_checks").first()).toEqual({ n: 0 });
  });

  it("refuses a website or menu the URL rule refuses, on insert and on update", async () => {
    for (const url of ["https:example.com", "http:/x.example", "https://", "javascript:alert(1)"]) {
      await expect(
        d1.db.prepare("INSERT INTO restaurants (name, website_url) VALUES ('URL rule', ?)").bind(url).run(),
      ).rejects.toThrow(/website_url/);
      await expect(d1.db.prepare("UPDATE restaurants SET menu_url = ? WHERE id = 16").bind(url).run()).rejects.toThrow(
        /menu_url/,
      );
    }
  });
});
