// The Supabase adapter's requests (one rpc with typed arguments, never a filter string) and
// its faults: unreachable, failing or hanging (given up at the 3 s deadline), each call ends
// in DirectoryUnavailableError.
import { describe, expect, it, afterEach } from "vitest";
import { createSupabaseDirectory } from "~/lib/directory/supabase/directory.server";
import { DirectoryUnavailableError, type Directory } from "~/lib/directory/port";
import { searchOf, type Search } from "~/lib/search/search-url";
import { type LatLng, searchScope } from "~/lib/places/places";
import { useSupabaseBackend } from "../support/supabase";

/** An adapter's page of a search around `centre` (or none), its location box read as the app reads it. */
function findRestaurants(directory: Directory, parts: Partial<Search>, centre: LatLng | null = null) {
  const search = searchOf(parts);
  return directory.findRestaurants(search, searchScope(search, centre));
}

const backend = useSupabaseBackend();

describe("Supabase adapter: requests", () => {
  it("searches through one rpc with typed arguments, never a filter string", async () => {
    backend.api.requests.length = 0;
    const page = await findRestaurants(
      createSupabaseDirectory(backend.api.url, backend.api.anonKey),
      {
        query: "x),or(id.gt.0",
        location: "Den,",
        cuisine: "American",
        diets: ["vegan", "gluten-free"],
        match: "all",
        dedicated: true,
        kitchen: ["dedicated-fryer", "trained-staff"],
      },
      null,
    );
    expect(page.total).toBe(0);
    expect(backend.api.requests).toHaveLength(1);
    const [request] = backend.api.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/rest/v1/rpc/find_restaurants");
    // The hostile text travels as one typed argument, verbatim, and no filter reaches the URL:
    // had it become a PostgREST filter (`or(id.gt.0)`), the search would have found rows.
    const body = JSON.parse(request?.body ?? "") as Record<string, unknown>;
    expect(body).toMatchObject({
      p_query: "x),or(id.gt.0",
      p_city: "Den",
      p_cuisine: "American",
      p_diets: ["vegan", "gluten-free"],
      p_match_all: true,
      p_dedicated: true,
      p_kitchen: ["dedicated-fryer", "trained-staff"],
      p_open_at: null,
    });
    for (const value of Object.values(body)) expect(["string", "number", "boolean", "object"]).toContain(typeof value);
  });

  it("open=now sends the moment of the search, from the adapter's clock", async () => {
    backend.api.requests.length = 0;
    const at = new Date("2026-11-24T19:00:00Z");
    await findRestaurants(createSupabaseDirectory(backend.api.url, backend.api.anonKey, { now: () => at }), {
      open: true,
    });
    expect(backend.api.requests).toHaveLength(1);
    expect(JSON.parse(backend.api.requests[0]?.body ?? "")).toMatchObject({ p_open_at: "2026-11-24T19:00:00.000Z" });
  });

  it("reads the default list through the same rpc, without terms", async () => {
    backend.api.requests.length = 0;
    const page = await findRestaurants(
      createSupabaseDirectory(backend.api.url, backend.api.anonKey),
      { diets: ["vegan"], page: 1 },
      null,
    );
    expect(page.restaurants.length).toBeGreaterThan(0);
    expect(backend.api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /rest/v1/rpc/find_restaurants"]);
    expect(JSON.parse(backend.api.requests[0]?.body ?? "")).toMatchObject({
      p_query: null,
      p_diets: ["vegan"],
      p_offset: 0,
    });
  });

  it("sends a centre with the rings the search reads, as numbers", async () => {
    backend.api.requests.length = 0;
    await findRestaurants(
      createSupabaseDirectory(backend.api.url, backend.api.anonKey),
      { coords: { lat: 45.5, lng: -122.7 }, radius: 5, page: 2 },
      { lat: 45.5, lng: -122.7 },
    );
    const body = JSON.parse(backend.api.requests[0]?.body ?? "");
    expect(body).toMatchObject({ p_lat: 45.5, p_lng: -122.7, p_radius: 5, p_offset: 25 });
    expect(body.p_rings.at(-1)[0]).toBe(5);
    expect(body.p_rings.flat().every((n: unknown) => typeof n === "number")).toBe(true);
  });

  it("looks places up through one rpc", async () => {
    backend.api.requests.length = 0;
    await createSupabaseDirectory(backend.api.url, backend.api.anonKey).lookUpPlace({ kind: "name", key: "portland" });
    expect(backend.api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /rest/v1/rpc/resolve_place"]);
    expect(JSON.parse(backend.api.requests[0]?.body ?? "")).toEqual({ p_zip: null, p_key: "portland", p_state: null });
  });

  it("reads one restaurant and its photos as table reads filtered with eq", async () => {
    backend.api.requests.length = 0;
    const directory = createSupabaseDirectory(backend.api.url, backend.api.anonKey);
    await directory.getRestaurant(4);
    await directory.listPhotos(1, 5);
    const urls = backend.api.requests.map((r) => decodeURIComponent(r.url));
    expect(urls[0]).toMatch(/^\/rest\/v1\/restaurants\?select=id,name,.*&id=eq\.4$/);
    expect(urls[1]).toBe(
      "/rest/v1/restaurant_photos?select=id,restaurant_id,url,created_at&restaurant_id=eq.1&order=created_at.desc,id.desc&limit=5",
    );
  });

  it("photo dates arrive as Postgres timestamps", async () => {
    const [newest] = await createSupabaseDirectory(backend.api.url, backend.api.anonKey).listPhotos(2, 1);
    expect(newest).toMatchObject({ id: 200, restaurantId: 2, url: "https://photos.example/cafe.svg" });
    expect(Date.parse(newest?.createdAt ?? "")).toBe(Date.parse("2025-02-01T12:00:00.000Z"));
  });

  it("a refused key becomes DirectoryUnavailableError with the backend's message", async () => {
    const error = await createSupabaseDirectory(backend.api.url, "not-the-key")
      .listCuisines()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryUnavailableError);
    expect((error as Error).message).toMatch(/^list cuisines: Invalid API key/);
  });
});

type Call = [label: string, run: (d: Directory) => Promise<unknown>];
const EVERY_CALL: Call[] = [
  ["listCuisines", (d) => d.listCuisines()],
  ["resolvePlace", (d) => d.lookUpPlace({ kind: "zip", zip: "97201" })],
  ["findRestaurants (default list)", (d) => findRestaurants(d, {})],
  ["findRestaurants (search)", (d) => findRestaurants(d, { query: "cafe" })],
  ["findRestaurants (near)", (d) => findRestaurants(d, { radius: 5 }, { lat: 45.5, lng: -122.7 })],
  ["getRestaurant", (d) => d.getRestaurant(1)],
  ["listPhotos", (d) => d.listPhotos(1, 5)],
];

/**
 * Runs every adapter call at once; each must reject with DirectoryUnavailableError saying
 * `message` (the deadline's own message when a call hangs: no clock is read here, so a busy
 * machine cannot fail it; a deadline that never fired would leave the test to time out).
 */
async function expectEveryCallFails(directory: Directory, message: RegExp | string) {
  const outcomes = await Promise.all(
    EVERY_CALL.map(async ([label, run]) => {
      const error = await run(directory).then(
        () => new Error(`${label} resolved`),
        (e: unknown) => e,
      );
      return { label, error };
    }),
  );
  for (const { label, error } of outcomes) {
    expect(error, label).toBeInstanceOf(DirectoryUnavailableError);
  }
  for (const { label, error } of outcomes) {
    expect((error as Error).message, label).toMatch(message);
  }
}

describe("Supabase adapter: faults", () => {
  afterEach(() => backend.faulty.setMode("error500"));

  it("unreachable: every call fails fast with DirectoryUnavailableError", async () => {
    const directory = createSupabaseDirectory(backend.unreachableUrl, "key");
    await expectEveryCallFails(directory, /ECONNREFUSED|fetch failed/);
  });

  it("answering 500: every call fails with the backend's message", async () => {
    backend.faulty.setMode("error500");
    const directory = createSupabaseDirectory(backend.faulty.url, backend.faulty.anonKey);
    await expectEveryCallFails(directory, "fake PostgREST: simulated internal error [XX000]");
  });

  it("hanging: every call gives up after the default 3 s deadline", async () => {
    backend.faulty.setMode("hang");
    const directory = createSupabaseDirectory(backend.faulty.url, backend.faulty.anonKey);
    await expectEveryCallFails(directory, "timed out after 3000 ms");
  });
});
