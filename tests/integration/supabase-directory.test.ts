// The Supabase adapter on real Postgres: PGlite with the migrations of supabase/migrations,
// reached through supabase-js and a small PostgREST stand-in that runs every request as
// `anon`. The same contract suite as D1, then faults (each call and each page gives up
// within about 4 s) and the schema's own guarantees.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Env } from "../../load-context";
import { RETRY_AFTER_SECONDS } from "~/lib/directory/index.server";
import { createSupabaseDirectory } from "~/lib/directory/supabase.server";
import { DirectoryUnavailableError, QUERY_TIMEOUT_MS } from "~/lib/directory/deadline";
import { type Directory } from "~/lib/directory/port";
import { loader as homeLoader } from "~/routes/_index";
import { loader as detailLoader } from "~/routes/restaurant.$id";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { loadFixture, startPglite } from "../support/pglite";
import { RefusingWebSocket, closedPortUrl, startFakePostgrest, type FakePostgrest, type FakePostgrestMode } from "../support/postgrest";
import { describeDirectoryContract } from "./directory-contract";

const root = join(import.meta.dirname, "..", "..");

let db: PGlite;
let api: FakePostgrest;
/** A second server on the same database, switched between fault modes. */
let faulty: FakePostgrest;
let unreachableUrl: string;

beforeAll(async () => {
  vi.stubGlobal("WebSocket", RefusingWebSocket);
  db = await startPglite();
  await loadFixture(db, { restaurants: fixtureRestaurants, photos: fixturePhotos, cuisines: fixtureCuisines });
  api = await startFakePostgrest(db);
  faulty = await startFakePostgrest(db, { mode: "error500" });
  unreachableUrl = await closedPortUrl();
});

afterAll(async () => {
  await api?.close();
  await faulty?.close();
  await db?.close();
  vi.unstubAllGlobals();
});

// A new adapter (and supabase-js client) per use, as the app makes one per request.
describeDirectoryContract("Supabase (PGlite)", () => createSupabaseDirectory(api.url, api.anonKey));

describe("Supabase adapter: requests", () => {
  it("searches through one rpc with typed arguments, never a filter string", async () => {
    api.requests.length = 0;
    const page = await createSupabaseDirectory(api.url, api.anonKey).searchRestaurants({
      query: "x),or(id.gt.0",
      location: { kind: "cityState", city: "Den", state: "" },
      cuisine: "American",
      diets: ["vegan", "gluten-free"],
      match: "all",
      limit: 25,
      offset: 0,
    });
    expect(page.total).toBe(0);
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/rest/v1/rpc/search_restaurants");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      p_query: "x),or(id.gt.0",
      p_zip: null,
      p_city: "Den",
      p_state: null,
      p_city_or_state: null,
      p_cuisine: "American",
      p_diets: ["vegan", "gluten-free"],
      p_match_all: true,
      p_limit: 25,
      p_offset: 0,
    });
  });

  it("reads the default list through the same rpc, without terms", async () => {
    api.requests.length = 0;
    const page = await createSupabaseDirectory(api.url, api.anonKey).listRestaurants({ diets: ["vegan"], match: "any", limit: 3, offset: 3 });
    expect(page.restaurants).toHaveLength(3);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /rest/v1/rpc/search_restaurants"]);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toMatchObject({ p_query: null, p_diets: ["vegan"], p_limit: 3, p_offset: 3 });
  });

  it("reads one restaurant and its photos as table reads filtered with eq", async () => {
    api.requests.length = 0;
    const directory = createSupabaseDirectory(api.url, api.anonKey);
    await directory.getRestaurant(4);
    await directory.listPhotos(1, 5);
    const urls = api.requests.map((r) => decodeURIComponent(r.url));
    expect(urls[0]).toMatch(/^\/rest\/v1\/restaurants\?select=id,name,.*&id=eq\.4$/);
    expect(urls[1]).toBe("/rest/v1/restaurant_photos?select=id,restaurant_id,url,created_at&restaurant_id=eq.1&order=created_at.desc,id.desc&limit=5");
  });

  it("photo dates arrive as Postgres timestamps", async () => {
    const [newest] = await createSupabaseDirectory(api.url, api.anonKey).listPhotos(2, 1);
    expect(newest).toMatchObject({ id: 200, restaurantId: 2, url: "https://photos.example/cafe.svg" });
    expect(Date.parse(newest?.createdAt ?? "")).toBe(Date.parse("2025-02-01T12:00:00.000Z"));
  });

  it("a refused key becomes DirectoryUnavailableError with the backend's message", async () => {
    const error = await createSupabaseDirectory(api.url, "not-the-key").listCuisines().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryUnavailableError);
    expect((error as Error).message).toMatch(/^list cuisines: Invalid API key/);
  });
});

// The stand-in answers as PostgREST would, so the adapter's error paths are the real ones.
describe("fake PostgREST (test support)", () => {
  const client = () =>
    createClient(api.url, api.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

  it(".single() without a row is 406 PGRST116; with one, an object", async () => {
    const none = await client().from("restaurants").select("id").eq("id", 999_999).single();
    expect(none).toMatchObject({ status: 406, data: null, error: { code: "PGRST116" } });
    const one = await client().from("restaurants").select("id,name").eq("id", 4).single();
    expect(one).toMatchObject({ status: 200, data: { id: 4, name: "50% Off Tacos" }, error: null });
  });

  it("unknown tables, columns and functions are PostgREST's 404/400 errors", async () => {
    expect(await client().from("secrets").select("*")).toMatchObject({ status: 404, error: { code: "PGRST205" } });
    expect(await client().from("restaurants").select("password")).toMatchObject({ status: 400, error: { code: "42703" } });
    expect(await client().rpc("drop_everything")).toMatchObject({ status: 404, error: { code: "PGRST202" } });
  });

  it("runs as anon: a privilege anon lacks is 401 with SQLSTATE 42501", async () => {
    await db.exec("revoke select on public.cuisine_types from anon");
    try {
      expect(await client().from("cuisine_types").select("name")).toMatchObject({ status: 401, error: { code: "42501" } });
    } finally {
      await db.exec("grant select on public.cuisine_types to anon");
    }
    expect(await client().from("cuisine_types").select("name")).toMatchObject({ status: 200, error: null });
  });
});

type Call = [label: string, run: (d: Directory) => Promise<unknown>];
const EVERY_CALL: Call[] = [
  ["listCuisines", (d) => d.listCuisines()],
  ["listRestaurants", (d) => d.listRestaurants({ diets: [], match: "any", limit: 25, offset: 0 })],
  ["searchRestaurants", (d) => d.searchRestaurants({ query: "cafe", location: { kind: "none" }, cuisine: null, diets: [], match: "any", limit: 25, offset: 0 })],
  ["getRestaurant", (d) => d.getRestaurant(1)],
  ["listPhotos", (d) => d.listPhotos(1, 5)],
];

/** Runs every adapter call at once; each must reject with DirectoryUnavailableError. */
async function everyCallFails(directory: Directory) {
  const started = performance.now();
  const outcomes = await Promise.all(
    EVERY_CALL.map(async ([label, run]) => {
      const error = await run(directory).then(
        () => new Error(`${label} resolved`),
        (e: unknown) => e,
      );
      return { label, error, elapsed: performance.now() - started };
    }),
  );
  for (const { label, error } of outcomes) {
    expect(error, label).toBeInstanceOf(DirectoryUnavailableError);
  }
  return outcomes;
}

describe("Supabase adapter: faults", () => {
  afterEach(() => faulty.setMode("error500"));

  it("unreachable: every call fails fast with DirectoryUnavailableError", async () => {
    const outcomes = await everyCallFails(createSupabaseDirectory(unreachableUrl, "key"));
    for (const { label, error, elapsed } of outcomes) {
      expect((error as Error).message, label).toMatch(/ECONNREFUSED|fetch failed/);
      expect(elapsed, label).toBeLessThan(4000);
    }
  });

  it("answering 500: every call fails with the backend's message", async () => {
    faulty.setMode("error500");
    const outcomes = await everyCallFails(createSupabaseDirectory(faulty.url, faulty.anonKey));
    for (const { label, error, elapsed } of outcomes) {
      expect((error as Error).message, label).toContain("fake PostgREST: simulated internal error [XX000]");
      expect(elapsed, label).toBeLessThan(4000);
    }
  });

  it("hanging: every call gives up after the default 3 s deadline", async () => {
    faulty.setMode("hang");
    const outcomes = await everyCallFails(createSupabaseDirectory(faulty.url, faulty.anonKey));
    for (const { label, error, elapsed } of outcomes) {
      expect((error as Error).message, label).toContain(`timed out after ${QUERY_TIMEOUT_MS} ms`);
      expect(elapsed, label).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
      expect(elapsed, label).toBeLessThan(4500);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Pages: the route loaders with env pointing at Supabase.

function loaderArgs(url: string, env: Env, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(url), params, context: { cloudflare: { env }, nonce: "test-nonce" } } as unknown as LoaderFunctionArgs;
}

/** What a loader threw (or returned), and how long it took. */
async function settle(run: () => Promise<unknown>) {
  const started = performance.now();
  try {
    const value = await run();
    return { threw: false, value, elapsed: performance.now() - started };
  } catch (thrown) {
    return { threw: true, value: thrown, elapsed: performance.now() - started };
  }
}

/** The shape of `data(value, init)` from @remix-run/cloudflare (single fetch). */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: { status?: number; headers?: HeadersInit } | null };

function expectStatus(value: unknown, status: number): DataWithInit {
  expect(value).toMatchObject({ type: "DataWithResponseInit", init: { status } });
  return value as DataWithInit;
}

const PAGES = [
  ["home (default list)", (env: Env) => homeLoader(loaderArgs("http://localhost/", env))],
  ["home (search)", (env: Env) => homeLoader(loaderArgs("http://localhost/?q=cafe&location=Portland", env))],
  ["detail", (env: Env) => detailLoader(loaderArgs("http://localhost/restaurant/1", env, { id: "1" }))],
] as const;

describe("Supabase pages", () => {
  afterEach(() => {
    faulty.setMode("error500");
    vi.restoreAllMocks();
  });

  const env = () => ({ SUPABASE_URL: api.url, SUPABASE_ANON_KEY: api.anonKey });

  it("home lists restaurants from Supabase", async () => {
    const { threw, value } = await settle(() => homeLoader(loaderArgs("http://localhost/?q=cafe", env())));
    expect(threw).toBe(false);
    const { data } = value as DataWithInit;
    expect(data).toMatchObject({ total: 3, cuisines: expect.arrayContaining(["Ethiopian"]) });
    expect((data as { restaurants: { id: number }[] }).restaurants.map((r) => r.id)).toEqual([3, 2, 19]);
  });

  it("detail shows a restaurant and its photos from Supabase", async () => {
    const { threw, value } = await settle(() => detailLoader(loaderArgs("http://localhost/restaurant/1", env(), { id: "1" })));
    expect(threw).toBe(false);
    expect((value as DataWithInit).data).toMatchObject({ restaurant: { id: 1, name: "Green Leaf Kitchen" } });
    expect(((value as DataWithInit).data as { photos: unknown[] }).photos).toHaveLength(5);
  });

  it("an unknown id is a 404", async () => {
    const { threw, value } = await settle(() => detailLoader(loaderArgs("http://localhost/restaurant/999999", env(), { id: "999999" })));
    expect(threw).toBe(true);
    expectStatus(value, 404);
  });

  const faults: [FakePostgrestMode | "unreachable", RegExp][] = [
    ["unreachable", /ECONNREFUSED|fetch failed/],
    ["error500", /simulated internal error/],
    ["hang", /timed out after 3000 ms/],
  ];
  for (const [mode, logged] of faults) {
    for (const [page, run] of PAGES) {
      it(`${page}: Supabase ${mode} → 503 with Retry-After within 4 s, the cause logged, not shown`, async () => {
        const log = vi.spyOn(console, "error").mockImplementation(() => {});
        if (mode !== "unreachable") faulty.setMode(mode);
        const url = mode === "unreachable" ? unreachableUrl : faulty.url;
        const { threw, value, elapsed } = await settle(() => run({ SUPABASE_URL: url, SUPABASE_ANON_KEY: faulty.anonKey }));
        expect(threw).toBe(true);
        const response = expectStatus(value, 503);
        expect(new Headers(response.init?.headers).get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
        expect(JSON.stringify(response.data)).not.toMatch(logged);
        expect(log.mock.calls.flat().join("\n")).toMatch(logged);
        expect(elapsed).toBeLessThan(4500);
      });
    }
  }

  it("half a configuration is a 503 naming the missing setting in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { threw, value } = await settle(() => homeLoader(loaderArgs("http://localhost/", { SUPABASE_URL: api.url })));
    expect(threw).toBe(true);
    expectStatus(value, 503);
    expect(log.mock.calls.flat().join("\n")).toContain("SUPABASE_ANON_KEY is missing");
  });
});

// ---------------------------------------------------------------------------------------
// The schema itself, as the table owner.

describe("Supabase schema", () => {
  /** Runs `sql` as the owner and rolls back; resolves to the error it raised, if any. */
  async function tryAsOwner(sql: string, params: unknown[] = []) {
    return db
      .transaction(async (tx) => {
        await tx.query(sql, params);
        await tx.rollback();
      })
      .then(
        () => null,
        (error: unknown) => error as { code?: string },
      );
  }

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", " https://x.example", "data:text/html,x", "vbscript:x"])(
    "refuses a website_url or menu_url of %j",
    async (url) => {
      expect(await tryAsOwner("insert into public.restaurants (name, website_url) values ('Bad', $1)", [url])).toMatchObject({ code: "23514" });
      expect(await tryAsOwner("insert into public.restaurants (name, menu_url) values ('Bad', $1)", [url])).toMatchObject({ code: "23514" });
    },
  );

  it("accepts http(s) links in any case", async () => {
    expect(await tryAsOwner("insert into public.restaurants (name, website_url, menu_url) values ('Ok', 'HTTPS://x.example', 'http://x.example/menu')")).toBeNull();
  });

  it.each(["javascript:alert(1)", "//evil.example/x.png", "/\\evil.example/x.png", "data:image/png;base64,AA", "photos/x.svg"])(
    "refuses a photo url of %j",
    async (url) => {
      expect(await tryAsOwner("insert into public.restaurant_photos (restaurant_id, url) values (1, $1)", [url])).toMatchObject({ code: "23514" });
    },
  );

  it("accepts root-relative and http(s) photo urls", async () => {
    expect(await tryAsOwner("insert into public.restaurant_photos (restaurant_id, url) values (1, '/photos/x.svg'), (1, 'Https://photos.example/x.png')")).toBeNull();
  });

  it("a plain insert gets an identity id and the defaults", async () => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        "insert into public.restaurants (name) values ('Defaults Diner') returning id, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, created_at",
      );
      expect(rows[0]).toMatchObject({ is_gluten_free: false, is_dairy_free: false, is_vegetarian: false, is_vegan: false });
      expect(typeof rows[0]?.id).toBe("number");
      expect(rows[0]?.created_at).toBeInstanceOf(Date);
      await tx.rollback();
    });
  });

  it("deletes a restaurant's photos with it", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into public.restaurants (id, name) values (901, 'Gone Soon')");
      await tx.query("insert into public.restaurant_photos (restaurant_id, url) values (901, '/photos/x.svg')");
      await tx.query("delete from public.restaurants where id = 901");
      const { rows } = await tx.query<{ n: number }>("select count(*)::int as n from public.restaurant_photos where restaurant_id = 901");
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
    const { rows } = await db.query<{ found: boolean }>("select strpos(public.sb_fold($1), public.sb_fold($2)) > 0 as found", [text, term]);
    expect(rows[0]?.found).toBe(found);
  });

  it("new and renamed rows are searchable at once (no index to keep in sync by hand)", async () => {
    await db.query("insert into public.restaurants (id, name, city, state) values (900, 'Temporary Taqueria', 'Nowhere', 'ZZ')");
    try {
      const search = (query: string) =>
        createSupabaseDirectory(api.url, api.anonKey).searchRestaurants({ query, location: { kind: "none" }, cuisine: null, diets: [], match: "any", limit: 5, offset: 0 });
      expect((await search("TAQUERÍA")).restaurants.map((r) => r.id)).toEqual([900]);
      await db.query("update public.restaurants set name = 'Renamed Ramen' where id = 900");
      expect((await search("taqueria")).total).toBe(0);
      expect((await search("renamed ramen")).restaurants.map((r) => r.id)).toEqual([900]);
    } finally {
      await db.query("delete from public.restaurants where id = 900");
    }
  });
});

// ---------------------------------------------------------------------------------------
// supabase/seed.sql (generated by scripts/generate-seed.mjs) on a fresh migrated database.

describe("Supabase seed", () => {
  const seedPath = join(root, "supabase", "seed.sql");

  it("loads into the migrated schema, twice, and is searchable as anon", { timeout: 60_000 }, async () => {
    const sample = (await import("../../data/sample-data.mjs")) as {
      restaurants: { id: number; name: string }[];
      photos: unknown[];
      cuisines: string[];
    };
    const fresh = await startPglite();
    try {
      const seed = readFileSync(seedPath, "utf8");
      await fresh.exec(seed);
      await fresh.exec(seed); // re-runnable
      const counts = await fresh.query<{ restaurants: number; photos: number; cuisines: number }>(
        `select (select count(*)::int from public.restaurants) as restaurants,
                (select count(*)::int from public.restaurant_photos) as photos,
                (select count(*)::int from public.cuisine_types) as cuisines`,
      );
      expect(counts.rows[0]).toEqual({ restaurants: sample.restaurants.length, photos: sample.photos.length, cuisines: sample.cuisines.length });

      const result = await fresh.transaction(async (tx) => {
        await tx.exec("set local role anon");
        const { rows } = await tx.query<{ page: { total: number; restaurants: { name: string }[] } }>(
          "select public.search_restaurants(p_query := $1) as page",
          ["CAFE UNICODE"],
        );
        return rows[0]?.page;
      });
      expect(result?.restaurants.map((r) => r.name)).toContain("Café Ünïcode");

      // The identity sequences were moved past the seeded ids.
      const inserted = await fresh.query<{ id: number }>("insert into public.restaurants (name) values ('After Seed') returning id");
      expect(inserted.rows[0]?.id).toBeGreaterThan(Math.max(...sample.restaurants.map((r) => r.id)));
    } finally {
      await fresh.close();
    }
  });
});
