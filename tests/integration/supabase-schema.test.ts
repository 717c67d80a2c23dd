// The Supabase schema's own guarantees, as the table owner: link and photo URL checks,
// defaults, cascades, accent folding as on D1, and searchability without a manual index.
import { describe, expect, it } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { searchOf } from "~/lib/search/search-url";
import { searchScope } from "~/lib/places/places";
import { insertedDefaults, rolledBack } from "../support/pglite";
import { useSupabaseBackend } from "../support/supabase";

const backend = useSupabaseBackend();

describe("Supabase schema", () => {
  /** Runs `sql` as the owner and rolls back; resolves to the error it raised, if any. */
  const tryAsOwner = (sql: string, params: unknown[] = []) =>
    rolledBack(backend.db, (tx) => tx.query(sql, params)).then(
      () => null,
      (error: unknown) => error as { code?: string },
    );
  /** A check constraint refuses it (SQLSTATE 23514). */
  const expectRefused = async (sql: string, params: unknown[]) =>
    expect(await tryAsOwner(sql, params)).toMatchObject({ code: "23514" });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", " https://x.example", "data:text/html,x", "vbscript:x"])(
    "refuses a website_url or menu_url of %j",
    async (url) => {
      await expectRefused("insert into public.restaurants (name, website_url) values ('Bad', $1)", [url]);
      await expectRefused("insert into public.restaurants (name, menu_url) values ('Bad', $1)", [url]);
    },
  );

  it("accepts http(s) links in any case", async () => {
    const sql =
      "insert into public.restaurants (name, website_url, menu_url) values ('Ok', 'HTTPS://x.example', 'http://x.example/menu')";
    expect(await tryAsOwner(sql)).toBeNull();
  });

  it.each([
    "javascript:alert(1)",
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "data:image/png;base64,AA",
    "photos/x.svg",
  ])("refuses a photo url of %j", async (url) => {
    await expectRefused("insert into public.restaurant_photos (restaurant_id, url) values (1, $1)", [url]);
  });

  it("accepts root-relative and http(s) photo urls", async () => {
    const sql =
      "insert into public.restaurant_photos (restaurant_id, url) values (1, '/photos/x.svg'), (1, 'Https://photos.example/x.png')";
    expect(await tryAsOwner(sql)).toBeNull();
  });

  it("a plain insert gets an identity id and the defaults", async () => {
    const row = await insertedDefaults(backend.db, [
      "id",
      "is_gluten_free",
      "is_dairy_free",
      "is_vegetarian",
      "is_vegan",
      "created_at",
    ]);
    expect(row).toMatchObject({ is_gluten_free: false, is_dairy_free: false, is_vegetarian: false, is_vegan: false });
    expect(typeof row?.id).toBe("number");
    expect(row?.created_at).toBeInstanceOf(Date);
  });

  it("deletes a restaurant's photos with it", async () => {
    await backend.db.transaction(async (tx) => {
      await tx.query("insert into public.restaurants (id, name) values (901, 'Gone Soon')");
      await tx.query("insert into public.restaurant_photos (restaurant_id, url) values (901, '/photos/x.svg')");
      await tx.query("delete from public.restaurants where id = 901");
      const { rows } = await tx.query<{ n: number }>(
        "select count(*)::int as n from public.restaurant_photos where restaurant_id = 901",
      );
      expect(rows[0]?.n).toBe(0);
      await tx.rollback();
    });
  });

  // Each expectation was checked against D1 (workerd's SQLite, FTS5 trigram with
  // remove_diacritics 1): accents come off Latin letters; ł, ß, æ, ø, Greek and Cyrillic
  // accents and ligatures stay, where the unaccent extension would fold them.
  it.each([
    ["Phở Saigon", "PHO SAI", true],
    ["Hiệp Hòa", "hiep hoa", true],
    ["İstanbul Kebap", "istanbul", true],
    ["Ǖber Eats", "uber", true],
    ["Crème Brûlée", "CREME BRULEE", true],
    ["ŒUVRE", "œuvre", true],
    ["Straße Grill", "STRAẞE", true],
    ["ΟΔΟΣ", "οδος", true],
    ["Straße Grill", "strasse", false],
    ["Łódź Pierogi", "lodz", false],
    ["Đà Nẵng", "da nang", false],
    ["Smørrebrød", "smor", false],
    ["Æble Hus", "aeble", false],
    ["Œuf Café", "oeuf", false],
    ["ﬁne dining", "fine", false],
    ["Dalı", "dali", false],
    ["Ελληνικό", "ληνικο", false],
    ["Ёлка Cafe", "елка", false],
    ["Йогурт Бар", "иогурт", false],
  ] as const)("sb_fold: %j contains %j → %s, as on D1", async (text, term, found) => {
    const { rows } = await backend.db.query<{ found: boolean }>(
      "select strpos(public.sb_fold($1), public.sb_fold($2)) > 0 as found",
      [text, term],
    );
    expect(rows[0]?.found).toBe(found);
  });

  it("new and renamed rows are searchable at once (no index to keep in sync by hand)", async () => {
    await backend.db.query(
      "insert into public.restaurants (id, name, city, state) values (900, 'Temporary Taqueria', 'Nowhere', 'ZZ')",
    );
    try {
      const search = (query: string) =>
        createSupabaseDirectory(backend.api.url, backend.api.anonKey).findRestaurants(
          searchOf({ query }),
          searchScope(searchOf({ query }), null),
        );
      expect((await search("TAQUERÍA")).restaurants.map((r) => r.id)).toEqual([900]);
      await backend.db.query("update public.restaurants set name = 'Renamed Ramen' where id = 900");
      expect((await search("taqueria")).total).toBe(0);
      expect((await search("renamed ramen")).restaurants.map((r) => r.id)).toEqual([900]);
    } finally {
      await backend.db.query("delete from public.restaurants where id = 900");
    }
  });
});
