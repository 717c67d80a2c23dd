// The SQL restates a few constants of the TypeScript by hand: the page size, the count cap,
// Earth's radius, the nearest-beyond limit and reach, and, on D1, the token codes and map-cell
// offsets of the search index (app/lib/directory/d1/fts-query.ts, circles.ts). These tests read the SQL the
// databases actually hold (Postgres functions and D1 views, after every migration) and check
// each literal against the constant it copies, so changing one side alone fails here.
import { describe, expect, it } from "vitest";
import { BEYOND_MAX_MILES, NEAREST_BEYOND } from "~/lib/directory/port";
import { CELL_OFFSETS, PER_DEGREE } from "~/lib/directory/d1/circles";
import {
  CONFIRMED_BASE,
  COUNTRY_BASE,
  CUISINE_BASE,
  ZIP_BASE,
  countryToken,
  token,
} from "~/lib/directory/d1/fts-query";
import { CONDITIONS, CONDITION_BITS, CONDITION_MASKS, conditionMask } from "~/lib/trust/confirmations";
import { EARTH_RADIUS_MILES } from "~/lib/places/geometry";
import { MAX_ALTERNATIVES } from "~/lib/places/places";
import { MAX_COUNTED, PAGE_SIZE } from "~/lib/search/search-url";
import { MINUTES_PER_DAY } from "~/lib/hours/hours";
import { HOUR_SLOTS, QUARTER_SLOTS, SLOTS_PER_ZONE, slotsAt } from "~/lib/hours/open-slots";
import { useD1 } from "../support/d1";
import { usePglite } from "../support/pglite";

describe("Postgres functions use the app's constants", () => {
  const postgres = usePglite();
  const definition = async (name: string) => {
    const { rows } = await postgres.db.query<{ def: string }>(
      "select string_agg(pg_get_functiondef(p.oid), E'\\n') as def from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1",
      [name],
    );
    expect(rows[0]?.def, `function ${name}`).toBeTruthy();
    return rows[0]!.def;
  };

  it("find_restaurants: page size, count cap, Earth's radius, the nearest beyond", async () => {
    const sql = await definition("find_restaurants");
    expect(sql).toContain(`page_size constant integer := ${PAGE_SIZE};`);
    // One more than the cap is counted, to tell 1,000 from '1,000+'.
    expect(sql).toContain(`count_cap constant integer := ${MAX_COUNTED + 1};`);
    expect(sql).toContain(`2 * ${EARTH_RADIUS_MILES} * asin`);
    expect(sql).toContain(`limit ${NEAREST_BEYOND}) as c`);
    expect(sql).toContain(`r.id limit ${NEAREST_BEYOND}'`);
    expect(sql).toContain(`> ${BEYOND_MAX_MILES} or`);
  });

  it("find_restaurants and set_open_hours: the open-hours keys as app/lib/hours/open-slots.ts numbers them", async () => {
    // A key is zone * SLOTS_PER_ZONE + slot; slots: hours, then quarters from HOUR_SLOTS, then
    // minutes from HOUR_SLOTS + QUARTER_SLOTS (slotsAt); a day has MINUTES_PER_DAY minutes.
    const search = await definition("find_restaurants");
    expect(search).toContain(`z.id * ${SLOTS_PER_ZONE} + s.slot`);
    expect(search).toContain(`* ${MINUTES_PER_DAY}`);
    expect(search).toContain(`array[w.m / 60, ${HOUR_SLOTS} + w.m / 15, ${HOUR_SLOTS + QUARTER_SLOTS} + w.m]`);
    // Tuesday 01:01, minute 1501 of the week: hour 25, quarter 100, minute 1501 (slots 0-167
    // hours, 168-839 quarters, 840-10919 minutes: docs/decisions/0016-opening-hours.md).
    expect(slotsAt(1501)).toEqual([25, 168 + 100, 840 + 1501]);
    const write = await definition("set_open_hours");
    expect(write).toContain(`zone_id * ${SLOTS_PER_ZONE} + s.value::integer`);
    expect(write).toContain(`between 0 and ${SLOTS_PER_ZONE - 1}`);
  });

  it("find_restaurants and confirmation_facts: the sets of conditions as app/lib/trust/confirmations.ts encodes them", async () => {
    const search = await definition("find_restaurants");
    expect(search).toContain(`then ${conditionMask([])} else`);
    for (const diet of ["gluten-free", "dairy-free", "vegetarian", "vegan"] as const) {
      expect(search).toContain(`when '${diet}' = any (p_diets) then ${conditionMask([diet])} else 0 end`);
    }
    const facts = await definition("confirmation_facts");
    expect(facts).toContain(`unnest(array[${CONDITION_MASKS.join(", ")}])`);
    for (const condition of CONDITIONS)
      expect(facts).toMatch(new RegExp(`'${condition}'[^\n]*then ${CONDITION_BITS[condition]}`));
  });

  it("resolve_place: one more alternative than 'Did you mean' shows, to know there are more", async () => {
    const sql = await definition("resolve_place");
    expect(sql).toContain(`limit ${MAX_ALTERNATIVES + 1}`);
  });
});

describe("D1's search index uses the app's token codes", () => {
  let views: string;
  const d1 = useD1(async (db) => {
    const { results } = await db
      .prepare(
        "SELECT sql FROM sqlite_master WHERE type = 'view' AND name IN ('restaurant_tag_ids', 'restaurant_search_source')",
      )
      .all<{ sql: string }>();
    views = results.map((r) => r.sql).join("\n");
  });

  it("three ideographs from U+4E00 in base 20,992, as token() writes them", () => {
    const first = token(0).charCodeAt(0);
    const radix = 20992;
    // token() counts in base `radix`: its middle digit turns over at `radix`.
    expect(token(radix)).toBe(String.fromCharCode(first, first + 1, first));
    expect(token(radix - 1)).toBe(String.fromCharCode(first, first, first + radix - 1));
    expect(views).toContain(
      `char(${first} + t.zip / ${radix * radix}, ${first} + (t.zip / ${radix}) % ${radix}, ${first} + t.zip % ${radix})`,
    );
  });

  it("the tags of the sets of conditions confirmed by diners: CONFIRMED_BASE + each mask, and the bits of each condition", async () => {
    const facts = await d1.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'view' AND name = 'restaurant_confirmation_facts'")
      .first<{ sql: string }>();
    for (const mask of CONDITION_MASKS) {
      const id = CONFIRMED_BASE + mask;
      expect(facts?.sql).toContain(
        `WHEN (f.safe & ${mask}) <> 0 AND (f.reacted & ${mask}) = 0 THEN char(19968, 19968 + ${id} / 20992, 19968 + ${id} % 20992)`,
      );
      expect(token(id)).toBe(String.fromCharCode(19968, 19968 + Math.floor(id / 20992), 19968 + (id % 20992)));
    }
    for (const condition of CONDITIONS) {
      expect(facts?.sql).toMatch(new RegExp(`'${condition}'[^\n]*THEN ${CONDITION_BITS[condition]}`));
    }
    expect(views).toContain("|| ' ' || coalesce(r.confirmation_tags, '')");
  });

  it("ZIP and cuisine bases", () => {
    expect(views).toContain(`THEN ${ZIP_BASE} + CAST(r.zip_code AS INTEGER)`);
    expect(views).toContain(`SELECT ${CUISINE_BASE} + c.id FROM cuisine_tokens`);
  });

  it("the country's token: COUNTRY_BASE + its letters in base 26, as countryToken() writes it", async () => {
    expect(views).toContain(
      `(${COUNTRY_BASE} + (unicode(substr(r.country, 1, 1)) - 65) * 26 + unicode(substr(r.country, 2, 1)) - 65)`,
    );
    expect(countryToken("AA")).toBe(token(COUNTRY_BASE));
    expect(countryToken("ZZ")).toBe(token(COUNTRY_BASE + 675));
    // The view's token for a row in Italy is the one countryClause asks for.
    const { db } = d1;
    await db.batch([
      db.prepare("INSERT INTO restaurants (id, name, country) VALUES (990001, 'Token Test', 'IT')"),
      db.prepare("INSERT INTO restaurants (id, name, country) VALUES (990002, 'Token Test US', 'US')"),
    ]);
    const { results } = await db
      .prepare(
        "SELECT s.diets FROM restaurant_search_source AS s JOIN restaurants AS r USING (name_key) WHERE r.id IN (990001, 990002) ORDER BY r.id",
      )
      .all<{ diets: string }>();
    expect(results.map((r) => r.diets.split(" ").at(-1))).toEqual([countryToken("IT"), countryToken("US")]);
  });

  it("each level's cells: offset, cells per degree, rows and columns", () => {
    for (const [level, k] of PER_DEGREE.entries()) {
      const rows = 180 * k - 1;
      const columns = 360 * k;
      expect(views, `level ${level}`).toContain(
        `${CELL_OFFSETS[level]} + min(${rows}, CAST(floor((r.geo_lat + 90) * ${k}) AS INTEGER)) * ${columns}`,
      );
      expect(views, `level ${level}`).toContain(
        `CAST(floor((r.geo_lng + 180) * ${k}) AS INTEGER) % ${columns} AS g${level}`,
      );
    }
  });
});
