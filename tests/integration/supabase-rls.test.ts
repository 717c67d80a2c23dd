// What the public (anon) key can do on the Supabase schema: read, and nothing else. Runs the
// migrations on PGlite after Supabase's own default grants (which give anon everything), so
// every refusal here is the migrations' doing.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { CONFIRMATION_COLUMNS } from "~/lib/directory/confirmation-rows";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { asRole } from "../support/pglite";
import { useSupabaseBackend } from "../support/supabase";

const backend = useSupabaseBackend({ postgrest: false });

const TABLES = ["restaurants", "cuisine_types", "restaurant_photos"] as const;
/**
 * Every table in public: the directory's, the place data's (its writes: place-tables.test.ts)
 * and the city and state counts its triggers keep (restaurant_cities, restaurant_states).
 */
const PUBLIC_TABLES = [
  ...TABLES,
  "confirmations",
  "hours_zones",
  "restaurant_cities",
  "restaurant_states",
  "us_places",
  "us_zip_codes",
  "world_place_aliases",
  "world_places",
  "world_subdivision_keys",
  "world_subdivisions",
].sort();
/**
 * Tables the API roles may not even read (tests/integration/submissions-supabase.test.ts):
 * submissions (into which they may only insert a visitor's columns) and listing_changes.
 */
const PRIVATE_TABLES = ["listing_changes", "submissions"];
const API_ROLES = ["anon", "authenticated"] as const;
type Role = (typeof API_ROLES)[number] | "postgres";

const as = <T>(role: Role, work: (tx: Transaction) => Promise<T>) => asRole(backend.db, role, work);

/** The error `sql` raises as `role` (null if it succeeded); always rolled back. */
async function errorAs(role: Role, sql: string): Promise<{ code?: string; message?: string } | null> {
  return as(role, async (tx) => {
    await tx.exec(sql);
    return null;
  }).catch((error: unknown) => error as { code?: string; message?: string });
}

/** Whether `anon` (the API's role) may execute the public function `name`. */
async function anonMayExecute(name: string) {
  const { rows } = await backend.db.query<{ anon: boolean }>(
    "select has_function_privilege('anon', p.oid, 'EXECUTE') as anon from pg_catalog.pg_proc p where p.proname = $1",
    [name],
  );
  return rows[0]?.anon;
}

const WRITES: Record<(typeof TABLES)[number], Record<"insert" | "update" | "delete" | "truncate", string>> = {
  restaurants: {
    insert: "insert into public.restaurants (name) values ('Intruder Inn')",
    update: "update public.restaurants set name = 'Defaced' where id = 1",
    delete: "delete from public.restaurants where id = 1",
    truncate: "truncate public.restaurants cascade",
  },
  cuisine_types: {
    insert: "insert into public.cuisine_types (name) values ('Intrusive')",
    update: "update public.cuisine_types set name = 'Defaced' where id = 1",
    delete: "delete from public.cuisine_types where id = 1",
    truncate: "truncate public.cuisine_types",
  },
  restaurant_photos: {
    insert: "insert into public.restaurant_photos (restaurant_id, url) values (1, '/photos/x.svg')",
    update: "update public.restaurant_photos set url = '/photos/y.svg' where id = 100",
    delete: "delete from public.restaurant_photos where id = 100",
    truncate: "truncate public.restaurant_photos",
  },
};

const WRITE_CASES = API_ROLES.flatMap((role) =>
  TABLES.flatMap((table) =>
    (["insert", "update", "delete", "truncate"] as const).map((op) => [role, table, op] as const),
  ),
);

describe("Supabase row-level security", () => {
  it.each(API_ROLES.flatMap((role) => TABLES.map((table) => [role, table] as const)))(
    "%s can read %s",
    async (role, table) => {
      const count = await as(
        role,
        async (tx) => (await tx.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]?.n,
      );
      const expected = {
        restaurants: fixtureRestaurants.length,
        cuisine_types: fixtureCuisines.length,
        restaurant_photos: fixturePhotos.length,
      }[table];
      expect(count).toBe(expected);
    },
  );

  it.each(WRITE_CASES)("%s may not %s: %s", async (role, table, op) => {
    const error = await errorAs(role, WRITES[table][op]);
    expect(error?.code, error?.message).toBe("42501");
    expect(error?.message).toMatch(/permission denied/);
  });

  // The refusals above are about privileges, not about malformed statements.
  it.each(
    TABLES.flatMap((table) => (["insert", "update", "delete", "truncate"] as const).map((op) => [table, op] as const)),
  )("the owner may write to %s (%s, rolled back)", async (table, op) => {
    expect(await errorAs("postgres", WRITES[table][op])).toBeNull();
  });

  it("every table in public has row-level security enabled", async () => {
    const { rows } = await backend.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual([...PUBLIC_TABLES, ...PRIVATE_TABLES].sort());
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  it("the API roles hold no table privilege but SELECT, and no sequence privilege", async () => {
    const { rows } = await backend.db.query<{ grantee: string; table_name: string; privilege_type: string }>(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and grantee in ('anon', 'authenticated') order by 1, 2, 3`,
    );
    expect(rows).toEqual(
      API_ROLES.flatMap((grantee) =>
        PUBLIC_TABLES.map((table_name) => ({ grantee, table_name, privilege_type: "SELECT" })),
      ),
    );
    const sequences = await backend.db.query<{ seq: string; role: string }>(
      `select c.relname as seq, r.rolname as role from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         cross join pg_catalog.pg_roles r
        where n.nspname = 'public' and c.relkind = 'S' and r.rolname in ('anon', 'authenticated')
          and (has_sequence_privilege(r.rolname, c.oid, 'USAGE') or has_sequence_privilege(r.rolname, c.oid, 'UPDATE'))`,
    );
    expect(sequences.rows).toEqual([]);
    // Column by column: only the insert of a visitor's submission (its own columns, no id,
    // status, date or decision).
    const columns = await backend.db.query<{
      grantee: string;
      table_name: string;
      column_name: string;
      privilege_type: string;
    }>(
      `select grantee, table_name, column_name, privilege_type from information_schema.column_privileges
        where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type <> 'SELECT'
        order by 1, 2, 3`,
    );
    expect(columns.rows).toEqual(
      API_ROLES.flatMap((grantee) =>
        ["client_key", "dedup_key", "kind", "payload", "reason", "repeat_key", "restaurant_id"].map((column_name) => ({
          grantee,
          table_name: "submissions",
          column_name,
          privilege_type: "INSERT",
        })),
      ),
    );
  });

  it("no function in public is security definer (Supabase's rule for exposed schemas), and none is executable by PUBLIC", async () => {
    const { rows } = await backend.db.query<{ proname: string; prosecdef: boolean; public_execute: boolean }>(
      `select p.proname, p.prosecdef,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee = 0) as public_execute
         from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' order by p.proname`,
    );
    expect(rows.map((r) => r.proname)).toEqual([
      "city_slug",
      "city_state",
      "confirmation_facts",
      "confirmations_derive",
      "derive_confirmations",
      "find_restaurants",
      "list_cities",
      "nearest_place",
      "open_hours_pending",
      "place_key",
      "place_spellings",
      "purge_repeat_keys",
      "purge_submitter_contacts",
      "refresh_confirmation_window",
      "resolve_place",
      "resolve_world_place",
      "restaurant_cities_count_states",
      "restaurant_confirmations",
      "restaurant_position",
      "restaurants_bump_version",
      "restaurants_count_cities",
      "restaurants_only_implies_diet",
      "restaurants_open_changed",
      "restaurants_set_position",
      "review_counts",
      "review_decide",
      "review_history",
      "review_listing",
      "review_listing_of",
      "review_publish_confirmations",
      "review_queue",
      "review_submission",
      "review_submissions",
      "review_writable_columns",
      "sb_contains_pattern",
      "sb_fold",
      "set_open_hours",
      "sitemap_outline",
      "sitemap_restaurant_ids",
      "top_cities",
      "us_zip_codes_place_restaurants",
      "world_place_spellings",
    ]);
    // The public key adds a submission by an insert its policy allows; the checks that read the
    // table run in a trigger of the unexposed schema `private` (docs/decisions/0014-…).
    expect(rows.filter((r) => r.prosecdef)).toEqual([]);
    expect(rows.filter((r) => r.public_execute)).toEqual([]);
  });

  it.each([
    "find_restaurants",
    "resolve_place",
    "resolve_world_place",
    "nearest_place",
    "list_cities",
    "sitemap_outline",
    "sitemap_restaurant_ids",
  ])("%s is stable, security invoker, with an empty search_path", async (name) => {
    const { rows } = await backend.db.query<{ provolatile: string; prosecdef: boolean; proconfig: string[] | null }>(
      "select provolatile, prosecdef, proconfig from pg_catalog.pg_proc where oid = $1::regproc",
      [`public.${name}`],
    );
    expect(rows[0]).toEqual({ provolatile: "s", prosecdef: false, proconfig: ['search_path=""'] });
  });

  it("confirmations: the API roles read the published ones (no contact field), write none; the upkeep and review functions are not theirs", async () => {
    const { rows: columns } = await backend.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'confirmations' order by ordinal_position",
    );
    // What a restaurant page reads (the app's list) and the submission it was published from;
    // nothing of the submitter's contact or client keys.
    const names = columns.map((c) => c.column_name);
    const [id, restaurantId, ...answers] = CONFIRMATION_COLUMNS;
    expect(names).toEqual([id, restaurantId, "submission_id", ...answers]);
    expect(names.filter((name) => /email|phone|client|key/.test(name))).toEqual([]);
    for (const role of API_ROLES) {
      expect(
        await as(role, async (tx) => (await tx.query("select * from public.confirmations")).rows.length),
      ).toBeGreaterThanOrEqual(0);
      for (const sql of [
        "insert into public.confirmations (restaurant_id, condition, visited, outcome) values (1, 'celiac', '2026-01', 'ate-safely')",
        "update public.confirmations set note = 'x'",
        "delete from public.confirmations",
        "truncate public.confirmations",
      ]) {
        expect(await errorAs(role, sql), `${role}: ${sql}`).toMatchObject({ code: "42501" });
      }
    }
    for (const name of [
      "confirmation_facts",
      "derive_confirmations",
      "confirmations_derive",
      "refresh_confirmation_window",
      "review_publish_confirmations",
      "review_submissions",
      "purge_repeat_keys",
    ]) {
      expect(await anonMayExecute(name), name).toBe(false);
    }
    const { rows } = await backend.db.query<{ anon: boolean }>(
      "select has_function_privilege('anon', 'public.restaurant_confirmations(bigint, text, integer)', 'EXECUTE') as anon",
    );
    expect(rows[0]?.anon).toBe(true);
  });

  it("the trigger functions cannot be called through the API", async () => {
    for (const name of [
      "restaurants_set_position",
      "restaurants_bump_version",
      "submissions_before_insert",
      "restaurants_count_cities",
      "us_zip_codes_place_restaurants",
      "restaurant_position",
    ]) {
      expect(await anonMayExecute(name), name).toBe(false);
    }
  });
});

describe("find_restaurants called directly by anon", () => {
  type Page = { total: number; restaurants: { id: number }[]; nearest_beyond: unknown[] };

  async function search(args: Record<string, unknown>): Promise<Page> {
    const names = Object.keys(args);
    const call = names.map((name, i) => `${name} := $${i + 1}`).join(", ");
    return as("anon", async (tx) => {
      const { rows } = await tx.query<{ page: Page }>(
        `select public.find_restaurants(${call}) as page`,
        Object.values(args),
      );
      return rows[0]?.page as Page;
    });
  }
  const ids = (page: Page) => page.restaurants.map((r) => r.id);
  const empty = { total: 0, restaurants: [], nearest_beyond: [] };

  it("metacharacters match literally", async () => {
    expect(await search({ p_query: ",()*%_\\\"'" })).toEqual(empty);
    expect(ids(await search({ p_query: "%" }))).toEqual([4]);
    expect(ids(await search({ p_query: "_" }))).toEqual([6]);
    expect(ids(await search({ p_query: "\\" }))).toEqual([9]);
  });

  it("PostgREST filter syntax is only text", async () => {
    expect(ids(await search({ p_query: "x),or(id.gt.0" }))).toEqual([17]);
    expect((await search({ p_city_or_state: "x),or(id.gt.0" })).total).toBe(0);
    expect((await search({ p_cuisine: "American' or '1'='1" })).total).toBe(0);
    expect((await search({ p_zip: "97201' or 1=1 --" })).total).toBe(0);
  });

  it("a 5000-character term finds nothing and does not fail", async () => {
    expect(await search({ p_query: "a".repeat(5000) })).toEqual(empty);
    expect((await search({ p_city: "é".repeat(5000), p_state: "OR" })).total).toBe(0);
  });

  it("25 a page; the offset is clamped to >= 0; past the end an empty page with the count", async () => {
    const page = await as("postgres", async (tx) => {
      await tx.exec("insert into public.restaurants (name) select 'Filler ' || i from generate_series(1, 150) as i");
      await tx.exec("set local role anon");
      const { rows } = await tx.query<{ page: Page }>("select public.find_restaurants(p_offset := -10) as page");
      return rows[0]?.page;
    });
    // Closed restaurants are in no count.
    const open = fixtureRestaurants.filter((r) => !r.closed_at).length;
    expect(page?.total).toBe(open + 150);
    expect(page?.restaurants).toHaveLength(25);
    expect(await search({ p_offset: 1_000_000 })).toEqual({ ...empty, total: open });
  });

  it("unknown diet names and nulls inside the array are ignored", async () => {
    const all = await search({});
    expect((await search({ p_diets: ["carnivore"] })).total).toBe(all.total);
    expect((await search({ p_diets: ["vegan", null], p_match_all: true })).total).toBe(
      fixtureRestaurants.filter((r) => (r.is_vegan || r.vegan_only) && !r.closed_at).length,
    );
  });

  it("unknown kitchen practices, nulls and SQL in p_kitchen are ignored; p_dedicated null is false", async () => {
    const all = await search({});
    expect(
      (await search({ p_kitchen: ["x'); drop table public.restaurants; --", null, "Dedicated-Fryer"] })).total,
    ).toBe(all.total);
    expect((await search({ p_dedicated: null })).total).toBe(all.total);
    expect((await search({ p_kitchen: ["trained-staff", "trained-staff"] })).total).toBe(
      fixtureRestaurants.filter((r) => r.gf_trained_staff && !r.closed_at).length,
    );
  });

  it("refuses rings that would read more than a few hundred miles", async () => {
    const huge = JSON.stringify([[50, 0, 2_000_000_000, -180, 180]]);
    const error = await errorAs(
      "anon",
      `select public.find_restaurants(p_lat := 0, p_lng := 0, p_radius := 50, p_rings := '${huge}')`,
    );
    expect(error?.message).toMatch(/ring/);
  });
});
