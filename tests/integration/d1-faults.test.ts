// Backend faults on the D1 side, through the route loaders: a failing or hanging database
// gives the 503 page with Retry-After (a hang given up at the 3 s deadline), and the next request after the
// database is back is served normally. The database is a real local D1; only the fault is
// injected, by a wrapper around its binding.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as homeLoader } from "~/routes/_index";
import { loader as detailLoader } from "~/routes/restaurant.$id";
import { loadSharedFixture, useD1 } from "../support/d1";
import { loaderArgs, settle, type DataWithInit } from "../support/loaders";

type Mode = "ok" | "error" | "hang";

/** The real binding, except that in "error" or "hang" mode every query fails or never answers. */
function faultyD1(db: D1Database) {
  let mode: Mode = "ok";
  const fault = <T>(real: () => Promise<T>): Promise<T> =>
    mode === "ok"
      ? real()
      : mode === "hang"
        ? new Promise<T>(() => {})
        : Promise.reject(new Error("D1_ERROR: simulated outage"));
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (property === "all" || property === "first" || property === "run" || property === "raw") {
          return (...args: unknown[]) =>
            fault(() => (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return Reflect.get(target, property);
      },
    });
  const binding = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
      if (property === "batch") return (statements: D1PreparedStatement[]) => fault(() => target.batch(statements));
      return Reflect.get(target, property);
    },
  });
  return { binding, setMode: (next: Mode) => (mode = next) };
}

const d1 = useD1(loadSharedFixture);
let faulty: ReturnType<typeof faultyD1>;

beforeAll(() => {
  faulty = faultyD1(d1.db);
});
afterEach(() => {
  faulty.setMode("ok");
  vi.restoreAllMocks();
});

const PAGES = [
  ["home", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/", env))],
  ["search", (env: Partial<Env>) => homeLoader(loaderArgs("http://localhost/?q=kitchen&diet=vegan", env))],
  ["detail", (env: Partial<Env>) => detailLoader(loaderArgs("http://localhost/restaurant/1", env, { id: "1" }))],
] as const;

describe("D1 faults through the pages", () => {
  for (const mode of ["error", "hang"] as const) {
    for (const [page, run] of PAGES) {
      it(`${page}: database ${mode} → 503 with Retry-After, then recovers`, async () => {
        const log = vi.spyOn(console, "error").mockImplementation(() => {});
        faulty.setMode(mode);
        const failed = await settle(() => run({ DB: faulty.binding }));
        expect(failed.threw).toBe(true);
        expect(failed.value).toMatchObject({ init: { status: 503 } });
        const init = (failed.value as DataWithInit).init;
        expect(new Headers(init?.headers).get("Retry-After")).toBe("30");
        expect(JSON.stringify((failed.value as DataWithInit).data)).not.toMatch(/D1_ERROR|timed out/);
        expect(log.mock.calls.flat().join("\n")).toMatch(
          mode === "error" ? /simulated outage/ : /timed out after 3000 ms/,
        );

        faulty.setMode("ok");
        const recovered = await settle(() => run({ DB: faulty.binding }));
        expect(recovered.threw).toBe(false);
      });
    }
  }

  it("with no backend configured every data page is a 503 and the log says what is missing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [, run] of PAGES) {
      const { threw, value } = await settle(() => run({}));
      expect(threw).toBe(true);
      expect(value).toMatchObject({ init: { status: 503 } });
    }
    expect(log.mock.calls.flat().join("\n")).toContain(
      "no directory backend: set the D1 binding DB, or SUPABASE_URL and SUPABASE_ANON_KEY",
    );
  });

  it("a photos failure alone still shows the restaurant, without photos, and is not cached", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const binding = new Proxy(d1.db, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            if (sql.includes("restaurant_photos")) throw new Error("D1_ERROR: photos table gone");
            return target.prepare(sql);
          };
        }
        return Reflect.get(target, property);
      },
    });
    const { threw, value } = await settle(() =>
      detailLoader(loaderArgs("http://localhost/restaurant/1", { DB: binding }, { id: "1" })),
    );
    expect(threw).toBe(false);
    const result = value as DataWithInit;
    expect(result.data).toMatchObject({ restaurant: { id: 1 }, photos: [] });
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(log.mock.calls.flat().join("\n")).toContain("Unable to load restaurant photos");
  });
});
