// The route loaders with env pointing at Supabase: pages from Supabase (landing pages and
// sitemaps too), and a 503 with Retry-After when Supabase is unreachable, failing or hanging
// (given up at the deadline; the cause logged, never shown).
import { afterEach, describe, expect, it, vi } from "vitest";
import { loader as homeLoader } from "~/routes/_index";
import { loader as detailLoader } from "~/routes/restaurant.$id";
import { loader as sitemapIndexLoader } from "~/routes/sitemap[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";
import { loader as cityLoader } from "~/routes/us.$state.$city.($diet)";
import { loader as stateLoader } from "~/routes/us.$state._index";
import { expectStatus, expectThrownStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";
import type { FakePostgrestMode } from "../support/postgrest";
import { fixtureRestaurants } from "../fixtures/directory-fixture";
import { useSupabaseBackend } from "../support/supabase";

const backend = useSupabaseBackend();

const PAGES = [
  ["home (default list)", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/", env))],
  ["home (search)", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/?q=cafe&location=Portland", env))],
  ["detail", (env: Partial<Env>) => detailLoader(loaderArgs("http://localhost/restaurant/1", env, { id: "1" }))],
  ["state page", (env: Partial<Env>) => stateLoader(loaderArgs("http://localhost/us/or", env, { state: "or" }))],
  [
    "city page",
    (env: Partial<Env>) =>
      cityLoader(
        loaderArgs("http://localhost/us/or/portland/vegan", env, { state: "or", city: "portland", diet: "vegan" }),
      ),
  ],
] as const;

/** Sitemaps answer with a file: the 503 is a plain-text response, not the 503 page. */
const FILES = [
  ["sitemap index", (env: Partial<Env>) => sitemapIndexLoader(loaderArgs("http://localhost/sitemap.xml", env))],
  [
    "a state's sitemap",
    (env: Partial<Env>) => sitemapLoader(loaderArgs("http://localhost/sitemaps/us-or.xml", env, { file: "us-or.xml" })),
  ],
  [
    "a restaurant sitemap",
    (env: Partial<Env>) =>
      sitemapLoader(loaderArgs("http://localhost/sitemaps/restaurants-1.xml", env, { file: "restaurants-1.xml" })),
  ],
] as const;

describe("Supabase pages", () => {
  afterEach(() => {
    backend.faulty.setMode("error500");
    vi.restoreAllMocks();
  });

  const env = () => ({ SUPABASE_URL: backend.api.url, SUPABASE_ANON_KEY: backend.api.anonKey });

  it("home lists restaurants from Supabase", async () => {
    const { threw, value } = await settle(() => homeLoader(loaderArgs("http://localhost/?q=cafe", env())));
    expect(threw).toBe(false);
    const { data } = value as DataWithInit;
    expect(data).toMatchObject({ total: 3, cuisines: expect.arrayContaining(["Ethiopian"]) });
    expect((data as { restaurants: { id: number }[] }).restaurants.map((r) => r.id)).toEqual([3, 2, 19]);
  });

  it("detail shows a restaurant and its photos from Supabase", async () => {
    const { threw, value } = await settle(() =>
      detailLoader(loaderArgs("http://localhost/restaurant/1", env(), { id: "1" })),
    );
    expect(threw).toBe(false);
    expect((value as DataWithInit).data).toMatchObject({ restaurant: { id: 1, name: "Green Leaf Kitchen" } });
    expect(((value as DataWithInit).data as { photos: unknown[] }).photos).toHaveLength(5);
  });

  it("landing pages list cities and restaurants from Supabase", async () => {
    const state = await settle(() => stateLoader(loaderArgs("http://localhost/us/or", env(), { state: "or" })));
    expect(((state.value as DataWithInit).data as { cities: { slug: string }[] }).cities.map((c) => c.slug)).toEqual([
      "bend",
      "oregon-city",
      "portland",
      "salem",
    ]);
    const city = await settle(() =>
      cityLoader(loaderArgs("http://localhost/us/or/portland", env(), { state: "or", city: "portland" })),
    );
    expect(
      ((city.value as DataWithInit).data as { restaurants: { id: number }[] }).restaurants.map((r) => r.id),
    ).toEqual([2, 1, 20]);
    const unknown = await settle(() =>
      cityLoader(loaderArgs("http://localhost/us/or/nowhere", env(), { state: "or", city: "nowhere" })),
    );
    expectStatus(unknown.value, 404);
  });

  it("sitemaps from Supabase", async () => {
    const index = await (await sitemapIndexLoader(loaderArgs("http://localhost/sitemap.xml", env()))).text();
    expect(index).toContain("<loc>http://localhost/sitemaps/us-or.xml</loc>");
    expect(index).toContain("<loc>http://localhost/sitemaps/restaurants-1.xml</loc>");
    const oregon = await (
      await sitemapLoader(loaderArgs("http://localhost/sitemaps/us-or.xml", env(), { file: "us-or.xml" }))
    ).text();
    expect(oregon).toContain("<loc>http://localhost/us/or/portland/vegan</loc>");
    const restaurants = await (
      await sitemapLoader(
        loaderArgs("http://localhost/sitemaps/restaurants-1.xml", env(), { file: "restaurants-1.xml" }),
      )
    ).text();
    // The fixture's open restaurants (a closed one has no page to index).
    expect(restaurants.match(/<url>/g)).toHaveLength(fixtureRestaurants.filter((r) => !r.closed_at).length);
  });

  it("an unknown id is a 404", async () => {
    await expectThrownStatus(
      () => detailLoader(loaderArgs("http://localhost/restaurant/999999", env(), { id: "999999" })),
      404,
    );
  });

  const faults: [FakePostgrestMode | "unreachable", RegExp][] = [
    ["unreachable", /ECONNREFUSED|fetch failed/],
    ["error500", /simulated internal error/],
    ["hang", /timed out after 3000 ms/],
  ];
  for (const [mode, logged] of faults) {
    for (const [page, run] of PAGES) {
      it(`${page}: Supabase ${mode} → 503 with Retry-After, the cause logged, not shown`, async () => {
        const log = vi.spyOn(console, "error").mockImplementation(() => {});
        if (mode !== "unreachable") backend.faulty.setMode(mode);
        const url = mode === "unreachable" ? backend.unreachableUrl : backend.faulty.url;
        const { threw, value } = await settle(() =>
          run({ SUPABASE_URL: url, SUPABASE_ANON_KEY: backend.faulty.anonKey }),
        );
        expect(threw).toBe(true);
        const response = expectStatus(value, 503);
        expect(new Headers(response.init?.headers).get("Retry-After")).toBe("30");
        expect(JSON.stringify(response.data)).not.toMatch(logged);
        expect(log.mock.calls.flat().join("\n")).toMatch(logged);
      });
    }
  }

  for (const [file, run] of FILES) {
    it(`${file}: Supabase failing → a plain-text 503 with Retry-After, the cause logged, not shown`, async () => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await run({ SUPABASE_URL: backend.faulty.url, SUPABASE_ANON_KEY: backend.faulty.anonKey });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await response.text()).not.toMatch(/simulated internal error/);
      expect(log.mock.calls.flat().join("\n")).toMatch(/simulated internal error/);
    });
  }

  it("half a configuration is a 503 naming the missing setting in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expectThrownStatus(() => homeLoader(loaderArgs("http://localhost/", { SUPABASE_URL: backend.api.url })), 503);
    expect(log.mock.calls.flat().join("\n")).toContain("SUPABASE_ANON_KEY is missing");
  });
});
