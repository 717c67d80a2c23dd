// The route loaders with env pointing at Supabase: pages from Supabase, and a 503 with
// Retry-After within about 4 s when Supabase is unreachable, failing or hanging (the cause
// logged, never shown).
import { afterEach, describe, expect, it, vi } from "vitest";
import { RETRY_AFTER_SECONDS } from "~/lib/directory/index.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as detailLoader } from "~/routes/restaurant.$id";
import { expectStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";
import type { FakePostgrestMode } from "../support/postgrest";
import { useSupabaseBackend } from "../support/supabase";

const backend = useSupabaseBackend();

const PAGES = [
  ["home (default list)", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/", env))],
  ["home (search)", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/?q=cafe&location=Portland", env))],
  ["detail", (env: Partial<Env>) => detailLoader(loaderArgs("http://localhost/restaurant/1", env, { id: "1" }))],
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

  it("an unknown id is a 404", async () => {
    const { threw, value } = await settle(() =>
      detailLoader(loaderArgs("http://localhost/restaurant/999999", env(), { id: "999999" })),
    );
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
        if (mode !== "unreachable") backend.faulty.setMode(mode);
        const url = mode === "unreachable" ? backend.unreachableUrl : backend.faulty.url;
        const { threw, value, elapsed } = await settle(() =>
          run({ SUPABASE_URL: url, SUPABASE_ANON_KEY: backend.faulty.anonKey }),
        );
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
    const { threw, value } = await settle(() =>
      homeLoader(loaderArgs("http://localhost/", { SUPABASE_URL: backend.api.url })),
    );
    expect(threw).toBe(true);
    expectStatus(value, 503);
    expect(log.mock.calls.flat().join("\n")).toContain("SUPABASE_ANON_KEY is missing");
  });
});
