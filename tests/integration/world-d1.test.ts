// Beyond the United States on the D1 adapter (real local D1): the world contract
// (./world-contract.ts) on the US place data and the world fixture, and what a world place
// lookup reads against the full world place data (docs/decisions/0031-world-place-data.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Directory } from "~/lib/directory/d1/directory.server";
import { worldPlaceStatement } from "~/lib/directory/d1/place-lookups";
import { loadPlaceData } from "../../scripts/generate-places";
import { countryStatements } from "~/lib/directory/d1/country-order";
import { worldPlaceSpellingsStatement } from "~/lib/directory/d1/search-hints";
import type { StatementCriteria } from "~/lib/directory/d1/fts-query";
import type { CountryArea } from "~/lib/places/places";
import { parseSearchParams } from "~/lib/search/search-url";
import { loadPlacesIntoD1 } from "../../scripts/load-places";
import { loadWorldPlaceData } from "../../scripts/generate-world-places";
import { loadWorldPlacesIntoD1 } from "../../scripts/load-world-places";
import { worldFixture, worldFixtureRestaurants } from "../fixtures/world-fixture";
import { loadFixture, startD1 } from "../support/d1";
import { describeWorldContract, worldFixtureData } from "./world-contract";
import { describeUsZipContract, usZipRestaurants } from "./us-zip-contract";

const places = loadPlaceData();
let d1: Awaited<ReturnType<typeof startD1>>;
let full: Awaited<ReturnType<typeof startD1>>;
let zips: Awaited<ReturnType<typeof startD1>>;

beforeAll(async () => {
  [d1, full, zips] = await Promise.all([startD1(), startD1(), startD1()]);
  await loadFixture(zips.db, { restaurants: usZipRestaurants, photos: [], cuisines: ["Cafe"] });
  await loadPlacesIntoD1(zips.db, places);
  await loadWorldPlacesIntoD1(zips.db, worldFixtureData());
  await loadFixture(d1.db, { restaurants: worldFixtureRestaurants, photos: [], cuisines: ["Cafe"] });
  await loadPlacesIntoD1(d1.db, places);
  await loadWorldPlacesIntoD1(d1.db, worldFixtureData());
  await loadWorldPlacesIntoD1(full.db, loadWorldPlaceData());
}, 120_000);

afterAll(async () => {
  await d1?.dispose();
  await full?.dispose();
  await zips?.dispose();
});

describeWorldContract(
  "D1",
  () => createD1Directory(d1.db),
  () => ({ ...places, world: worldFixture }),
);

describeUsZipContract(
  "D1",
  () => createD1Directory(zips.db),
  () => ({ ...places, world: worldFixture }),
);

describe("world place lookups on D1, with every world place loaded", () => {
  const rowsRead = async (lookup: Parameters<typeof worldPlaceStatement>[0]) => {
    const statement = worldPlaceStatement(lookup);
    const result = await full.db
      .prepare(statement.sql)
      .bind(...statement.params)
      .all();
    return { rows: result.results.length, read: result.meta.rows_read };
  };

  it("reads the index entries of one key and the rows they name: a few dozen rows at most", async () => {
    for (const lookup of [
      { key: "london", country: null, subdivision: null },
      { key: "london", country: null, subdivision: "on" },
      { key: "toronto", country: "CA", subdivision: null },
      { key: "roma", country: "IT", subdivision: null },
      { key: "san", country: null, subdivision: null },
      { key: "santacruz", country: null, subdivision: null },
    ]) {
      const { read } = await rowsRead(lookup);
      expect(read, JSON.stringify(lookup)).toBeLessThanOrEqual(60);
    }
  });

  it("finds London, Ontario by its subdivision and Rome by its Italian name", async () => {
    const directory = createD1Directory(full.db);
    expect(await directory.lookUpWorldPlaces({ key: "london", country: null, subdivision: "on" })).toEqual([
      expect.objectContaining({ name: "London", country: "CA", subdivision: "ON" }),
    ]);
    const [rome] = await directory.lookUpWorldPlaces({ key: "roma", country: "IT", subdivision: null });
    expect(rome).toMatchObject({ name: "Rome", country: "IT", subdivision: "62" });
  });
});

describe("world place spellings on D1, with every world place loaded", () => {
  // Restaurants abroad in a few cities (and one in the US), beside every world place and its other names.
  beforeAll(async () => {
    await full.db
      .prepare(
        "INSERT INTO restaurants (name, city, state, zip_code, country) VALUES " +
          "('A', 'Toronto', 'ON', 'M5V 2T6', 'CA'), ('B', 'London', 'ENG', 'WC2E 8RF', 'GB'), " +
          "('C', 'London', 'ON', 'N6A 3K7', 'CA'), ('D', 'München', 'BY', '80802', 'DE'), " +
          "('E', 'Roma', '62', '00153', 'IT'), ('F', 'Portland', 'OR', '97201', 'US'), ('G', 'Milan', '25', '20121', 'IT')",
      )
      .run();
  });

  const probes = [
    { key: "torronto", state: null, maxEdits: 2, country: "CA" as const },
    { key: "torotno", state: null, maxEdits: 1 },
    { key: "londn", state: null, maxEdits: 1, country: "GB" as const },
    { key: "muenchen", state: null, maxEdits: 2, country: "DE" as const },
    { key: "saintlous", state: null, maxEdits: 2 },
    { key: "milanno", state: null, maxEdits: 1, country: "IT" as const },
  ];

  it("reads through indexes, never a whole table (EXPLAIN QUERY PLAN)", async () => {
    for (const probe of probes) {
      const statement = worldPlaceSpellingsStatement(probe);
      const { results } = await full.db
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail).join("\n");
      expect(plan, JSON.stringify(probe)).not.toMatch(
        /\bSCAN (restaurant_cities|world_places|world_place_aliases|city_key_variants|restaurants)\b(?! USING)/m,
      );
      // Each world place by its key or its id, never by walking a country's places.
      expect(plan).not.toMatch(/world_places_country_slug_idx|world_places_cell_idx/);
    }
  });

  it("reads the typed key's variants (json_each twice) and the few rows they name: a few hundred at most", async () => {
    for (const probe of probes) {
      const statement = worldPlaceSpellingsStatement(probe);
      const result = await full.db
        .prepare(statement.sql)
        .bind(...statement.params)
        .all();
      expect(result.meta.rows_read, JSON.stringify(probe)).toBeLessThanOrEqual(400);
      console.info(
        `rows read, world spelling '${probe.key}' (${probe.country ?? "every country"}): ${result.meta.rows_read}`,
      );
    }
    const directory = createD1Directory(full.db);
    const munich = await directory.placesSpeltLike(probes[3]!);
    expect(munich.map((p) => `${p.name}, ${p.state}/${p.key}/${p.restaurants}`)).toEqual(["Munich, Germany/munchen/1"]);
    const london = await directory.placesSpeltLike(probes[2]!);
    expect(london.map((p) => `${p.name}, ${p.state}`)).toEqual(["London, United Kingdom"]);
    // Its restaurants write 'Milan'; 'Milanno' is near its other name, 'Milano' (world_alias_key_variants).
    const milan = await directory.placesSpeltLike(probes[5]!);
    expect(milan.map((p) => `${p.name}, ${p.state}/${p.key}/${p.restaurants}`)).toContain("Milan, Italy/milano/1");
  });
});

describe("a country or a postal code in one on D1: rows read on a large table", () => {
  // 30,000 restaurants: 10,000 in Italy (one in five vegan, ten per postal code), 20,000 in
  // the US, inserted by SQL (the triggers keep the search index). At 1M rows the country's
  // index reads the same: the page's offset plus 25, the count at most 1,001.
  let big: Awaited<ReturnType<typeof startD1>>;
  beforeAll(async () => {
    big = await startD1();
    await big.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000) ` +
          `INSERT INTO restaurants (name, city, state, zip_code, country, is_vegan) ` +
          `SELECT printf('Place %05d', (i * 7919) % 30000), CASE WHEN i % 3 = 0 THEN 'Roma' ELSE 'Austin' END, ` +
          `CASE WHEN i % 3 = 0 THEN '62' ELSE 'TX' END, ` +
          `CASE WHEN i % 3 = 0 THEN printf('%05d', i / 30) ELSE '78701' END, ` +
          `CASE WHEN i % 3 = 0 THEN 'IT' ELSE 'US' END, CASE WHEN i % 5 = 0 THEN 1 ELSE 0 END FROM n`,
      )
      .run();
  }, 300_000);
  afterAll(async () => {
    await big?.dispose();
  });

  const read = async (area: CountryArea, search: Partial<StatementCriteria> = {}, page = 1) => {
    const criteria: StatementCriteria = {
      ...parseSearchParams(new URLSearchParams()),
      ...search,
      page,
      locationRule: { kind: "none" },
      circles: [],
    };
    let rows = 0;
    let total = 0;
    let shown = 0;
    for (const [index, statement] of countryStatements(criteria, area, (page - 1) * 25).entries()) {
      const result = await big.db
        .prepare(statement.sql)
        .bind(...statement.params)
        .all();
      rows += result.meta.rows_read;
      if (index === 0) total = Number((result.results[0] as { total: number }).total);
      else shown = result.results.length;
    }
    return { rows, total, shown };
  };

  it("'Italy': the first and the last page read at most 2,100 rows, through the country's index", async () => {
    const first = await read({ kind: "country", country: "IT" });
    expect(first).toMatchObject({ total: 1001, shown: 25 });
    expect(first.rows).toBeLessThanOrEqual(1100);
    const last = await read({ kind: "country", country: "IT" }, {}, 40);
    expect(last).toMatchObject({ total: 1001, shown: 25 });
    expect(last.rows).toBeLessThanOrEqual(2100);
    console.info(`rows read, 'Italy': page 1 ${first.rows}, page 40 ${last.rows}`);
  });

  it("'Italy' with a diet: the count from the index, the page from a walk of the country's first names", async () => {
    const vegan = await read({ kind: "country", country: "IT" }, { diets: ["vegan"] });
    expect(vegan.shown).toBe(25);
    expect(vegan.rows).toBeLessThanOrEqual(5000);
    console.info(`rows read, 'Italy' vegan: page 1 ${vegan.rows}`);
  });

  it("a postal code in Italy: its ten rows", async () => {
    const postal = await read({ kind: "postal", country: "IT", postalCode: "00100" });
    expect(postal).toMatchObject({ total: 10, shown: 10 });
    expect(postal.rows).toBeLessThanOrEqual(40);
    console.info(`rows read, '00100, Italy': ${postal.rows}`);
  });
});
