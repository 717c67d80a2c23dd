// The place key in SQL (restaurant_cities.place_key: D1 migrations/0007_place_keys.sql,
// Postgres public.place_key) must equal app/lib/places/places.ts placeKey, which made us_places.key:
// 'Did you mean' joins the two. Checked on every GeoNames place name, every letter of the
// Latin-1 Supplement and Latin Extended-A blocks, and hand-picked spellings.
import { describe, expect, it } from "vitest";
import { placeKey } from "~/lib/places/places";
import { loadPlaceData } from "../../scripts/generate-places";
import { useD1 } from "../support/d1";
import { usePglite } from "../support/pglite";

const SPELLINGS = [
  "St. Louis",
  "st louis",
  "Saint-Louis",
  "Ste. Genevieve",
  "Ft Worth",
  "Mt. Pleasant",
  "Pt. Reyes Station",
  "N Las Vegas",
  "N",
  "S. Salt Lake",
  "E St Louis",
  "St St",
  "O'Fallon",
  "Coeur d’Alene",
  "Cañon City",
  "ESPAÑOLA",
  "Española",
  "Doña Ana",
  "Ærøskøbing",
  "Straße",
  "  Portland  ",
  "Winston-Salem",
  "La Cañada Flintridge",
  "100 Mile House",
  "ŁÓDŹ",
  "Ŀlanes",
  "¿Qué?",
  "",
];

const LATIN_LETTERS = Array.from({ length: 0x17f - 0xc0 + 1 }, (_, i) => String.fromCodePoint(0xc0 + i));

/** Every name to check: each letter alone and between words, the spellings, and the place data. */
function names(): string[] {
  const { places } = loadPlaceData();
  return [
    ...new Set([
      ...SPELLINGS,
      ...LATIN_LETTERS.flatMap((c) => [c, `st ${c}x mt`, `n${c}e w`]),
      ...places.map((p) => p.name),
    ]),
  ];
}

function expectAgreement(keys: Map<string, string | null>) {
  const disagree = [...keys]
    .filter(([name, key]) => (key ?? "") !== placeKey(name))
    .map(
      ([name, key]) =>
        `${JSON.stringify(name)}: SQL ${JSON.stringify(key)}, placeKey ${JSON.stringify(placeKey(name))}`,
    );
  expect(disagree).toEqual([]);
}

describe("D1: restaurant_cities.place_key", () => {
  const d1 = useD1();

  it("equals placeKey for every name, as the trigger writes it", async () => {
    const all = names();
    // One INSERT ... SELECT per 5,000 names (the trigger still runs once per row): few round
    // trips with small answers, where a batch of one INSERT per name sent back a result each.
    const insert = d1.db.prepare(
      "INSERT INTO restaurant_cities (state, slug, city) SELECT 'ZZ', 'n' || (?1 + key), value FROM json_each(?2)",
    );
    for (let i = 0; i < all.length; i += 5_000) {
      await insert.bind(i, JSON.stringify(all.slice(i, i + 5_000))).run();
    }
    const { results } = await d1.db
      .prepare("SELECT city, place_key FROM restaurant_cities WHERE state = 'ZZ'")
      .all<{ city: string; place_key: string | null }>();
    expect(results).toHaveLength(all.length);
    expectAgreement(new Map(results.map((r) => [r.city, r.place_key])));
    // About 30,000 rows through the trigger: slow on a busy machine.
  }, 180_000);

  it("'Did you mean' reads it through its index", async () => {
    const { results } = await d1.db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT sum(c.restaurants) FROM restaurant_cities AS c WHERE c.place_key = ?1 AND c.state = ?2",
      )
      .bind("saintpaul", "MN")
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).join("\n")).toMatch(/USING COVERING INDEX restaurant_cities_place_key_idx/);
  });
});

describe("Postgres: public.place_key", () => {
  const pg = usePglite();

  it("equals placeKey for every name", async () => {
    const all = names();
    const { rows } = await pg.db.query<{ name: string; key: string | null }>(
      "select n.name, public.place_key(n.name) as key from unnest($1::text[]) as n(name)",
      [all],
    );
    expect(rows).toHaveLength(all.length);
    expectAgreement(new Map(rows.map((r) => [r.name, r.key])));
  });
});
