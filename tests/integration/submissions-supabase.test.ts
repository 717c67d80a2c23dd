// The submissions contract (submissions-contract.ts) on the Supabase adapter: PGlite with the
// migrations, through supabase-js and the PostgREST stand-in; the store with the public key
// (anon), the review with the secret key (service_role). And what anon may do with the tables
// and the functions directly: insert a visitor's columns into submissions (the checks in a
// trigger of the unexposed schema `private`), read nothing of submissions or listing_changes,
// call none of the review functions; no security definer function in the exposed schema.
import type { Transaction } from "@electric-sql/pglite";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalAccess } from "../../scripts/lib/access-keys.mjs";
import { createSupabaseReview, createSupabaseSubmissions } from "~/lib/directory/supabase/submissions.server";
import { LISTING_COLUMNS, WRITABLE_COLUMNS } from "~/lib/directory/submission-store";
import { reviewStoreOf } from "~/lib/directory/stores.server";
import { action as suggestAction } from "~/routes/submit-restaurant";
import { action as decideAction, loader as submissionLoader } from "~/routes/review.$submissionId";
import { loader as queueLoader } from "~/routes/review._index";
import { decisionFields } from "../support/review-form";
import { settle, type DataWithInit } from "../support/loaders";
import type { Listing, PendingSubmission } from "~/lib/directory/submission-store";
import { useSupabaseBackend } from "../support/supabase";
import { SUPABASE_BOOTSTRAP } from "../support/pglite";
import { postgresMigrationFiles as migrationFiles } from "../../scripts/postgres-migrations";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
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
    async version(id) {
      const { rows } = await db.query<{ version: number }>("select version from public.restaurants where id = $1", [
        id,
      ]);
      return rows[0]!.version;
    },
    async write(id, columns) {
      const names = Object.keys(columns);
      await db.query(
        `update public.restaurants set ${names.map((c, i) => `${c} = $${i + 2}`).join(", ")} where id = $1`,
        [id, ...Object.values(columns)],
      );
    },
    async writeDerived(id) {
      // What the open-hours job (set_open_hours) and the position trigger write.
      await db.query(
        `update public.restaurants set open_slots = '{}', open_zone = 'America/New_York', open_pending = false,
            geo_lat = geo_lat, geo_band = geo_band where id = $1`,
        [id],
      );
    },
    async acceptsWebsite(url) {
      const ok = await db
        .transaction(async (tx) => {
          await tx.query("update public.restaurants set website_url = $1 where id = 15", [url]);
          await tx.rollback();
        })
        .then(
          () => true,
          () => false,
        );
      return ok;
    },
    async urgentFlags() {
      const { rows } = await db.query<{ id: number; urgent: boolean }>(
        "select id::int as id, urgent from public.submissions where status = 'pending'",
      );
      return rows;
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

const insert = (columns: string, values: string) => `insert into public.submissions (${columns}) values (${values})`;
const OK_PAYLOAD = `'{"name":"Anon Diner","city":"Portland","state":"OR"}'::jsonb`;
const VISITOR = "kind, restaurant_id, reason, payload, dedup_key, client_key";

describe("the public key, the submissions table and listing_changes", () => {
  it.each(["anon", "authenticated"] as const)(
    "%s can neither read, change nor delete submissions, nor touch listing_changes",
    async (role) => {
      for (const sql of [
        "select * from public.submissions",
        "select id from public.submissions",
        "update public.submissions set status = 'approved'",
        "delete from public.submissions",
        "truncate public.submissions",
        "select * from public.listing_changes",
        "insert into public.listing_changes (restaurant_id, column_name, changed_by) values (1, 'name', 'x')",
        "update public.listing_changes set new_value = 'x'",
        "delete from public.listing_changes",
      ]) {
        const error = await errorAs(role, sql);
        expect(error?.code, sql).toBe("42501");
      }
    },
  );

  it.each([
    [
      "the status",
      insert("kind, payload, dedup_key, client_key, status", `'restaurant', ${OK_PAYLOAD}, 'k20', 'c20', 'approved'`),
    ],
    ["the id", insert("id, kind, payload, dedup_key, client_key", `424242, 'restaurant', ${OK_PAYLOAD}, 'k21', 'c21'`)],
    [
      "the date",
      insert(
        "kind, payload, dedup_key, client_key, created_at",
        `'restaurant', ${OK_PAYLOAD}, 'k22', 'c22', now() - interval '1 day'`,
      ),
    ],
    [
      "the reviewer",
      insert("kind, payload, dedup_key, client_key, reviewed_by", `'restaurant', ${OK_PAYLOAD}, 'k23', 'c23', 'me'`),
    ],
  ])("anon may not write %s of a submission", async (_label, sql) => {
    expect((await errorAs("anon", sql))?.code).toBe("42501");
  });

  it.each([
    "review_queue(null, 0, 50)",
    "review_counts()",
    "review_submission(1)",
    "review_listing(1)",
    "review_history(1, 0, 50)",
    "review_decide(1, 'approved', 'x@example.test', now(), 'none', null, null, null, null)",
    "purge_submitter_contacts(now(), now(), 10)",
    "review_writable_columns()",
  ])("anon may not call %s", async (call) => {
    const error = await errorAs("anon", `select public.${call}`);
    expect(error?.code).toBe("42501");
  });

  it("anon inserts a visitor's submission; the same again within the minute inserts nothing", async () => {
    const inserted = await as("anon", async (tx) => {
      const counted = [];
      for (let i = 0; i < 2; i += 1) {
        const { affectedRows } = await tx.query(
          insert(VISITOR, `'restaurant', null, null, ${OK_PAYLOAD}, 'anon-dedup', 'anon-client'`),
        );
        counted.push(affectedRows);
      }
      return counted;
    });
    expect(inserted).toEqual([1, 0]);
  });

  it("the sixth from one client within the minute: SQLSTATE PT429 (PostgREST's HTTP 429)", async () => {
    const error = await as("anon", async (tx) => {
      for (let i = 0; i < 5; i += 1) {
        await tx.query(insert(VISITOR, `'restaurant', null, null, ${OK_PAYLOAD}, 'flood-${i}', 'flood-client'`));
      }
      return tx.query(insert(VISITOR, `'restaurant', null, null, ${OK_PAYLOAD}, 'flood-6', 'flood-client'`)).then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
    });
    expect(error?.code).toBe("PT429");
  });

  it.each([
    ["an unknown kind", `'spam', null, null, ${OK_PAYLOAD}, 'k1', 'c1'`],
    ["a suggestion naming a restaurant", `'restaurant', 1, null, ${OK_PAYLOAD}, 'k2', 'c2'`],
    ["a report with an unknown reason", `'report', 1, 'bored', ${OK_PAYLOAD}, 'k3', 'c3'`],
    ["a report on no restaurant", `'report', 999999, 'hours', ${OK_PAYLOAD}, 'k4', 'c4'`],
    ["a report on a closed restaurant", `'report', 23, 'hours', ${OK_PAYLOAD}, 'k4b', 'c4b'`],
    ["a payload that is not an object", `'restaurant', null, null, '[1]'::jsonb, 'k5', 'c5'`],
    ["an unknown payload field", `'restaurant', null, null, '{"is_admin":true}'::jsonb, 'k6', 'c6'`],
    ["a nested payload value", `'restaurant', null, null, '{"name":{"a":1}}'::jsonb, 'k7', 'c7'`],
    ["an oversized field", `'restaurant', null, null, jsonb_build_object('notes', repeat('a', 5000)), 'k8', 'c8'`],
    [
      "an oversized payload",
      // Past the 32 KB cap (20250101000013_payload_size.sql), each field within its 4,000.
      `'restaurant', null, null, (select jsonb_object_agg(k, repeat('a', 3000)) from unnest(array['name','city','state','address','zip','phone','website','submitter_email','submitter_phone','cuisine','notes']) as k), 'k9', 'c9'`,
    ],
    ["an empty key", `'restaurant', null, null, ${OK_PAYLOAD}, '', 'c10'`],
    ["an overlong key", `'restaurant', null, null, ${OK_PAYLOAD}, repeat('k', 200), 'c11'`],
  ])("the insert trigger refuses %s", async (_label, values) => {
    const error = await errorAs("anon", insert(VISITOR, values));
    expect(error, _label).not.toBeNull();
    expect(error?.code).not.toBe("42501");
  });

  it("no security definer function in the exposed schema; the insert checks live in `private`", async () => {
    const { rows } = await supabase.db.query<{ schema: string; proname: string; proconfig: string[] | null }>(
      `select n.nspname as schema, p.proname, p.proconfig from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    expect(rows).toEqual([{ schema: "private", proname: "submissions_before_insert", proconfig: ['search_path=""'] }]);
    // The API roles cannot reach into `private`.
    for (const role of ["anon", "authenticated"]) {
      const { rows: usage } = await supabase.db.query<{ ok: boolean }>(
        `select has_schema_privilege('${role}', 'private', 'usage') as ok`,
      );
      expect(usage[0]?.ok, role).toBe(false);
    }
  });

  it("the queue's pages and counts and a listing's history read through their indexes", async () => {
    const plans = await supabase.db.transaction(async (tx) => {
      // The planner may scan a small table whole; with scans discouraged it shows which index fits.
      await tx.exec("set local enable_seqscan = off");
      const plan = async (sql: string) =>
        (await tx.query<{ "QUERY PLAN": string }>(`explain ${sql}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
      const page = (where: string) =>
        plan(
          `select s.id from public.submissions as s where ${where} order by s.urgent desc, s.created_at, s.id offset 100 limit 50`,
        );
      return {
        all: await page("s.status = 'pending'"),
        reports: await page("s.status = 'pending' and s.kind = 'report'"),
        counts: await plan(
          "select kind, reason, count(*) from public.submissions where status = 'pending' group by kind, reason",
        ),
        history: await plan(
          "select * from public.listing_changes where restaurant_id = 1 order by id desc offset 50 limit 50",
        ),
      };
    });
    expect(plans.all).toMatch(/submissions_queue_idx/);
    expect(plans.all).not.toMatch(/Sort/);
    expect(plans.reports).toMatch(/submissions_queue_kind_idx/);
    expect(plans.reports).not.toMatch(/Sort/);
    expect(plans.counts).toMatch(/submissions_pending_count_idx/);
    expect(plans.history).toMatch(/listing_changes_restaurant_idx/);
  });

  it("restaurants_version names exactly the listing columns (LISTING_COLUMNS)", async () => {
    const { rows } = await supabase.db.query<{ def: string }>(
      `select pg_get_triggerdef(t.oid) as def from pg_catalog.pg_trigger t
        where t.tgrelid = 'public.restaurants'::regclass and t.tgname = 'restaurants_version'`,
    );
    const def = rows[0]?.def ?? "";
    const olds = [...def.matchAll(/old\.(\w+)/g)].map((m) => m[1]);
    const news = [...def.matchAll(/new\.(\w+)/g)].map((m) => m[1]);
    expect(olds).toEqual([...LISTING_COLUMNS]);
    expect(news).toEqual([...LISTING_COLUMNS]);
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
    } as Partial<Env>).listPending({ kind: null, offset: 0, limit: 5 });
    expect(pending.length).toBeGreaterThan(0);
  });
});

describe("the review routes with Supabase configured", () => {
  let access: Awaited<ReturnType<typeof startLocalAccess>>;
  beforeAll(async () => {
    access = await startLocalAccess();
  });
  afterAll(async () => {
    await access?.close();
  });
  const env = () =>
    ({
      SUPABASE_URL: supabase.api.url,
      SUPABASE_ANON_KEY: supabase.api.anonKey,
      SUPABASE_REVIEW_KEY: supabase.api.serviceKey,
      ACCESS_TEAM_DOMAIN: access.teamDomain,
      ACCESS_AUD: access.audience,
      ACCESS_CERTS_URL: access.certsUrl,
    }) as Partial<Env>;
  const call = async (url: string, params: Record<string, string>, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cf-Access-Jwt-Assertion", await access.sign());
    return { request: new Request(url, { ...init, headers }), params, context: { cloudflare: { env: env() } } };
  };
  const report = async (restaurantId: number, reason: "hours" | "contact" | "diet", details: string) => {
    const store = createSupabaseSubmissions(supabase.api.url, supabase.api.anonKey);
    await store.add(
      { kind: "report", restaurantId, reason, payload: { reason, details, submitter_email: "" } },
      { dedupKey: details, clientKey: details },
    );
    const { rows } = await supabase.db.query<{ id: number }>(
      "select id::int as id from public.submissions where payload ->> 'details' = $1",
      [details],
    );
    return rows[0]!.id;
  };
  /** The queue page as the reviewer loaded it: each item's listing. */
  const queue = async () => {
    const loaded = await queueLoader((await call("http://localhost/review?kind=report", {})) as never);
    return ((loaded as unknown as DataWithInit).data as { pending: PendingSubmission[] }).pending;
  };
  const decide = async (id: number, listing: Listing | null, fields: Record<string, string>) =>
    settle(async () =>
      decideAction(
        (await call(
          `http://localhost/review/${id}`,
          { submissionId: String(id) },
          {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(decisionFields(listing, fields)).toString(),
          },
        )) as never,
      ),
    );
  const listingOf = async (id: number) =>
    (
      await supabase.db.query<Record<string, unknown>>(
        "select hours_of_operation, phone_number, verified_at::text as verified_at, verified_how, version from public.restaurants where id = $1",
        [id],
      )
    ).rows[0];
  const status = (value: unknown) => (value instanceof Response ? value.status : (value as DataWithInit).init?.status);

  it("approve without 'I verified these facts' leaves verified_at; two forms loaded at once: the second is 409", async () => {
    const hours = await report(20, "hours", "Route: open on Mondays now (Supabase).");
    const phone = await report(20, "contact", "Route: new phone number (Supabase).");
    const page = await queue();
    const loaded = page.find((p) => p.id === hours)!.restaurant;
    expect(page.find((p) => p.id === phone)!.restaurant?.version).toBe(loaded?.version);
    const before = await listingOf(20);

    const approved = await decide(hours, loaded, { decision: "approve", hours_of_operation: "Daily 10am-8pm" });
    expect(status(approved.value)).toBe(303);
    expect(await listingOf(20)).toMatchObject({
      hours_of_operation: "Daily 10am-8pm",
      verified_at: before?.verified_at ?? null,
      verified_how: null,
    });

    // The second, from the same page: 409, nothing written, the listing as it is now shown again.
    const stale = await decide(phone, loaded, { decision: "approve", phone_number: "(555) 010-0123" });
    expect(status(stale.value)).toBe(409);
    expect(await listingOf(20)).toMatchObject({
      hours_of_operation: "Daily 10am-8pm",
      phone_number: before?.phone_number,
    });
    const shown = await submissionLoader(
      (await call(`http://localhost/review/${phone}`, { submissionId: String(phone) })) as never,
    );
    const current = ((shown as unknown as DataWithInit).data as { pending: PendingSubmission }).pending.restaurant;
    expect(current).toMatchObject({ hours_of_operation: "Daily 10am-8pm", version: (await listingOf(20))?.version });

    // Verified deliberately: today, by phone.
    const verified = await decide(phone, current, { decision: "approve", verified: "1", verified_how: "phone" });
    expect(status(verified.value)).toBe(303);
    expect(await listingOf(20)).toMatchObject({
      verified_at: new Date().toISOString().slice(0, 10),
      verified_how: "phone",
    });
  });

  it("a website the URL parser takes but the table would refuse: 400 beside its field, not 503", async () => {
    const id = await report(20, "contact", "Route: the website moved (Supabase).");
    const loaded = (await queue()).find((p) => p.id === id)!.restaurant;
    const refused = await decide(id, loaded, { decision: "approve", website_url: "https:example.com" });
    expect(status(refused.value)).toBe(400);
    expect((refused.value as DataWithInit).data).toMatchObject({
      errors: { website_url: "Please enter a website address starting with http:// or https://." },
      values: { website_url: "https:example.com" },
    });
  });
});

describe("the review loop's migration on a database that has links the URL rule refuses", () => {
  it("moves each into listing_changes before clearing it: nothing is lost", async () => {
    const db = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await db.exec(SUPABASE_BOOTSTRAP);
      const files = migrationFiles();
      const last = files.findIndex((file) => file.endsWith("20250101000010_review_loop.sql"));
      for (const file of files.slice(0, last)) await db.exec(readFileSync(file, "utf8"));
      await db.exec(`insert into public.restaurants (id, name, website_url, menu_url) values
        (1, 'No Host', 'https://', 'https://ok.example/menu'),
        (2, 'Fine', 'https://fine.example', null),
        (3, 'Spaced', 'https://exa mple.com', 'http://?menu')`);
      await db.exec(readFileSync(files[last]!, "utf8"));
      const { rows } = await db.query<Record<string, unknown>>(
        "select id::int as id, website_url, menu_url from public.restaurants order by id",
      );
      expect(rows).toEqual([
        { id: 1, website_url: null, menu_url: "https://ok.example/menu" },
        { id: 2, website_url: "https://fine.example", menu_url: null },
        { id: 3, website_url: null, menu_url: null },
      ]);
      const kept = await db.query<Record<string, unknown>>(
        "select restaurant_id::int as id, column_name, old_value, new_value from public.listing_changes order by 1, 2",
      );
      expect(kept.rows).toEqual([
        { id: 1, column_name: "website_url", old_value: "https://", new_value: null },
        { id: 3, column_name: "menu_url", old_value: "http://?menu", new_value: null },
        { id: 3, column_name: "website_url", old_value: "https://exa mple.com", new_value: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
