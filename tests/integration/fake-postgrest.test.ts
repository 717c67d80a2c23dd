// Checks of the test support itself: the PostgREST stand-in (tests/support/postgrest.ts)
// answers as PostgREST would, so the adapter's error paths under test are the real ones.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { useSupabaseBackend } from "../support/supabase";

const backend = useSupabaseBackend();

// The stand-in answers as PostgREST would, so the adapter's error paths are the real ones.
describe("fake PostgREST (test support)", () => {
  const client = () =>
    createClient(backend.api.url, backend.api.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });

  it(".single() without a row is 406 PGRST116; with one, an object", async () => {
    const none = await client().from("restaurants").select("id").eq("id", 999_999).single();
    expect(none).toMatchObject({ status: 406, data: null, error: { code: "PGRST116" } });
    const one = await client().from("restaurants").select("id,name").eq("id", 4).single();
    expect(one).toMatchObject({ status: 200, data: { id: 4, name: "50% Off Tacos" }, error: null });
  });

  it("unknown tables, columns and functions are PostgREST's 404/400 errors", async () => {
    expect(await client().from("secrets").select("*")).toMatchObject({ status: 404, error: { code: "PGRST205" } });
    expect(await client().from("restaurants").select("password")).toMatchObject({
      status: 400,
      error: { code: "42703" },
    });
    expect(await client().rpc("drop_everything")).toMatchObject({ status: 404, error: { code: "PGRST202" } });
  });

  it("runs as anon: a privilege anon lacks is 401 with SQLSTATE 42501", async () => {
    await backend.db.exec("revoke select on public.cuisine_types from anon");
    try {
      expect(await client().from("cuisine_types").select("name")).toMatchObject({
        status: 401,
        error: { code: "42501" },
      });
    } finally {
      await backend.db.exec("grant select on public.cuisine_types to anon");
    }
    expect(await client().from("cuisine_types").select("name")).toMatchObject({ status: 200, error: null });
  });
});
