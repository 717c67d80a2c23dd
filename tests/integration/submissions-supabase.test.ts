// The submissions contract (submissions-contract.ts) on the Supabase adapter: PGlite with the
// migrations, through supabase-js and the PostgREST stand-in; the store with the public key
// (anon), the review with the secret key (service_role). And what anon may do with the table
// and its functions directly: insert through submit_submission only, read nothing.
import type { Transaction } from "@electric-sql/pglite";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { createSupabaseReview, createSupabaseSubmissions } from "~/lib/directory/supabase/submissions.server";
import { WRITABLE_COLUMNS } from "~/lib/submissions/store";
import { reviewStoreOf } from "~/lib/directory/index.server";
import { action as suggestAction } from "~/routes/submit-restaurant";
import { useSupabaseBackend } from "../support/supabase";
import { describeSubmissionsContract, type SubmissionsBackend } from "./submissions-contract";

const supabase = useSupabaseBackend();

const columns = ["id", ...WRITABLE_COLUMNS]
  .map((c) => (c === "verified_at" || c === "closed_at" ? `${c}::text as ${c}` : c))
  .join(", ");

const backend = (): SubmissionsBackend => {
  const { db, api } = supabase;
  return {
    submissions: () => createSupabaseSubmissions(api.url, api.anonKey),
    review: () => createSupabaseReview(api.url, api.serviceKey),
    async submissionRow(id) {
      const { rows } = await db.query<Record<string, unknown>>("select * from public.submissions where id = $1", [id]);
      const row = rows[0];
      if (!row) return null;
      return {
        ...row,
        id: Number(row.id),
        restaurant_id: row.restaurant_id === null ? null : Number(row.restaurant_id),
      };
    },
    async idsWith(field, value) {
      const { rows } = await db.query<{ id: number }>(
        "select id::int as id from public.submissions where payload ->> $1 = $2 order by id",
        [field, value],
      );
      return rows.map((r) => r.id);
    },
    async confirmationsOf(restaurantId) {
      const { rows } = await db.query<Record<string, unknown>>(
        "select * from public.confirmations where restaurant_id = $1 order by id",
        [restaurantId],
      );
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        restaurant_id: Number(row.restaurant_id),
        submission_id: row.submission_id === null ? null : Number(row.submission_id),
      }));
    },
    async restaurant(id) {
      const { rows } = await db.query<Record<string, unknown>>(
        `select ${columns} from public.restaurants where id = $1`,
        [id],
      );
      return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
    },
    async restaurantsNamed(name) {
      const { rows } = await db.query<Record<string, unknown>>(
        `select ${columns} from public.restaurants where name = $1`,
        [name],
      );
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
    async cuisineExists(name) {
      return (await db.query("select 1 from public.cuisine_types where name = $1", [name])).rows.length > 0;
    },
    async addZip(zip, lat, lng) {
      await db.query(
        "insert into public.us_zip_codes (zip, place_name, state, latitude, longitude) values ($1, 'Testville', 'OR', $2, $3) on conflict do nothing",
        [zip, lat, lng],
      );
    },
    async position(name) {
      const { rows } = await db.query<{ lat: number | null; lng: number | null }>(
        "select geo_lat as lat, geo_lng as lng from public.restaurants where name = $1",
        [name],
      );
      return rows[0] ?? { lat: null, lng: null };
    },
    async age(id, seconds) {
      await db.query(
        `update public.submissions set created_at = created_at - make_interval(secs => $2),
            reviewed_at = reviewed_at - make_interval(secs => $2) where id = $1`,
        [id, seconds],
      );
    },
  };
};

describeSubmissionsContract("Supabase (PGlite)", backend);

/** Runs `work` as `role` in a transaction that is always rolled back. */
async function as<T>(role: "anon" | "authenticated", work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await supabase.db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    result = await work(tx);
    await tx.rollback();
  });
  return result as T;
}

async function errorAs(role: "anon" | "authenticated", sql: string) {
  return as(role, async (tx) => {
    await tx.exec(sql);
    return null;
  }).catch((error: unknown) => error as { code?: string; message?: string });
}

const submit = (args: string) => `select public.submit_submission(${args})`;
const OK_PAYLOAD = `'{"name":"Anon Diner","city":"Portland","state":"OR"}'::jsonb`;

describe("the public key and the submissions table", () => {
  it.each(["anon", "authenticated"] as const)("%s can neither read, change nor delete submissions", async (role) => {
    for (const sql of [
      "select * from public.submissions",
      "insert into public.submissions (kind, payload) values ('restaurant', '{}')",
      "update public.submissions set status = 'approved'",
      "delete from public.submissions",
      "truncate public.submissions",
    ]) {
      const error = await errorAs(role, sql);
      expect(error?.code, sql).toBe("42501");
    }
  });

  it.each([
    "review_pending(50)",
    "review_submission(1)",
    "review_decide(1, 'approved', 'x@example.test', now(), 'none', null, null)",
    "purge_submitter_contacts(now(), now(), 10)",
    "review_writable_columns()",
  ])("anon may not call %s", async (call) => {
    const error = await errorAs("anon", `select public.${call}`);
    expect(error?.code).toBe("42501");
  });

  it("anon adds a submission through submit_submission, and gets one word back", async () => {
    const outcome = await as("anon", async (tx) => {
      const { rows } = await tx.query<{ outcome: string }>(
        `${submit(`'restaurant', null, null, ${OK_PAYLOAD}, 'anon-dedup', 'anon-client'`)} as outcome`,
      );
      return rows[0]?.outcome;
    });
    expect(outcome).toBe("stored");
  });

  it.each([
    ["an unknown kind", `'spam', null, null, ${OK_PAYLOAD}, 'k1', 'c1'`],
    ["a suggestion naming a restaurant", `'restaurant', 1, null, ${OK_PAYLOAD}, 'k2', 'c2'`],
    ["a report with an unknown reason", `'report', 1, 'bored', ${OK_PAYLOAD}, 'k3', 'c3'`],
    ["a report on no restaurant", `'report', 999999, 'hours', ${OK_PAYLOAD}, 'k4', 'c4'`],
    ["a payload that is not an object", `'restaurant', null, null, '[1]'::jsonb, 'k5', 'c5'`],
    ["an unknown payload field", `'restaurant', null, null, '{"is_admin":true}'::jsonb, 'k6', 'c6'`],
    ["a nested payload value", `'restaurant', null, null, '{"name":{"a":1}}'::jsonb, 'k7', 'c7'`],
    ["an oversized field", `'restaurant', null, null, jsonb_build_object('notes', repeat('a', 5000)), 'k8', 'c8'`],
    [
      "an oversized payload",
      `'restaurant', null, null, (select jsonb_object_agg(k, repeat('a', 3000)) from unnest(array['name','city','state','address','zip','notes']) as k), 'k9', 'c9'`,
    ],
    ["an empty key", `'restaurant', null, null, ${OK_PAYLOAD}, '', 'c10'`],
    ["an overlong key", `'restaurant', null, null, ${OK_PAYLOAD}, repeat('k', 200), 'c11'`],
  ])("submit_submission refuses %s", async (_label, args) => {
    const error = await errorAs("anon", submit(args));
    expect(error, _label).not.toBeNull();
    expect(error?.code).not.toBe("42501");
  });

  it("submit_submission is the only security definer function of the migration, with an empty search_path", async () => {
    const { rows } = await supabase.db.query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_catalog.pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prosecdef order by p.proname`,
    );
    expect(rows).toEqual([{ proname: "submit_submission", proconfig: ['search_path=""'] }]);
  });
});

describe("the Supabase store under faults", () => {
  it.each(["error500", "hang"] as const)(
    "%s: the store fails (the form answers 503) and no row is written",
    async (mode) => {
      supabase.faulty.setMode(mode);
      const store = createSupabaseSubmissions(supabase.faulty.url, supabase.faulty.anonKey, { timeoutMs: 500 });
      const name = `Faulty ${mode} Diner`;
      await expect(
        store.add(
          { kind: "restaurant", payload: { name, city: "Portland", state: "OR" } },
          { dedupKey: name, clientKey: name },
        ),
      ).rejects.toThrow();
      const { rows } = await supabase.db.query("select 1 from public.submissions where payload ->> 'name' = $1", [
        name,
      ]);
      expect(rows).toEqual([]);
      supabase.faulty.setMode("error500");
    },
  );
});

describe("the forms and the queue with Supabase configured", () => {
  const post = (fields: Record<string, string>, address: string) =>
    new Request("http://localhost/submit-restaurant", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
      body: new URLSearchParams(fields).toString(),
    });
  const args = (request: Request, env: Record<string, unknown>) =>
    ({ request, params: {}, context: { cloudflare: { env } } }) as unknown as ActionFunctionArgs;

  it("a suggestion through the route is stored with the public key", async () => {
    const env = { SUPABASE_URL: supabase.api.url, SUPABASE_ANON_KEY: supabase.api.anonKey };
    const response = await suggestAction(
      args(post({ name: "Supabase Route Deli", city: "Portland", state: "OR", vegan: "on" }, "192.0.2.77"), env),
    );
    expect((response as Response).status).toBe(303);
    const { rows } = await supabase.db.query<{ payload: Record<string, unknown> }>(
      "select payload from public.submissions where payload ->> 'name' = 'Supabase Route Deli'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ name: "Supabase Route Deli", vegan: true, gf_trained_staff: null });
  });

  it("without SUPABASE_REVIEW_KEY the review store is unavailable (503) and the log says why", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const env = { SUPABASE_URL: supabase.api.url, SUPABASE_ANON_KEY: supabase.api.anonKey } as Partial<Env>;
    expect(() => reviewStoreOf(env)).toThrow();
    try {
      reviewStoreOf(env);
    } catch (error) {
      expect((error as { init?: { status?: number } }).init?.status).toBe(503);
    }
    expect(log.mock.calls.flat().join("\n")).toMatch(/SUPABASE_REVIEW_KEY is missing/);
    log.mockRestore();
    // With it, the queue reads through the review functions.
    const pending = await reviewStoreOf({
      ...env,
      SUPABASE_REVIEW_KEY: supabase.api.serviceKey,
    } as Partial<Env>).listPending(5);
    expect(pending.length).toBeGreaterThan(0);
  });
});
