// A real local D1 database for integration tests: wrangler applies the migrations in
// migrations/ to a temporary directory, and Miniflare serves it (workerd's SQLite) to a small
// Worker (d1-worker.mjs) that runs each statement on its real D1 binding. The tests reach that
// Worker only with asynchronous requests (dispatchFetch), not through wrangler's platform proxy,
// whose synchronous calls (prepare, bind) fail now and then on a busy machine:
// docs/decisions/0026-tests-reach-d1-asynchronously.md.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { RESTAURANT_COLUMNS } from "~/lib/directory/columns";
import { applyMigrations } from "../../scripts/lib/server.mjs";
import {
  fixtureCuisines,
  fixturePhotos,
  fixtureRestaurants,
  fixtureValue,
  type FixturePhoto,
  type FixtureRestaurant,
} from "../fixtures/directory-fixture";

const root = join(import.meta.dirname, "..", "..");

export async function startD1() {
  const dir = mkdtempSync(join(tmpdir(), "safebites-d1-"));
  applyMigrations({ persistTo: dir });
  // The D1 binding as wrangler makes it from wrangler.toml (and so the database it migrated),
  // with the app's compatibility date and flags; wrangler keeps local D1 under
  // <persist-to>/v3/d1. The static assets are left out (build/client need not exist here), and
  // the warnings about wrangler.toml's other bindings, which this Worker does not have.
  const config = unstable_readConfig({ config: join(root, "wrangler.toml") }, { hideWarnings: true });
  const { workerOptions } = unstable_getMiniflareWorkerOptions({ ...config, assets: undefined });
  if (!workerOptions.d1Databases || !("DB" in workerOptions.d1Databases)) throw new Error("no DB binding");
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(import.meta.dirname, "d1-worker.mjs"),
    compatibilityDate: workerOptions.compatibilityDate,
    compatibilityFlags: workerOptions.compatibilityFlags,
    d1Databases: { DB: workerOptions.d1Databases.DB },
    d1Persist: join(dir, "v3", "d1"),
  });
  try {
    await mf.ready;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    db: asyncD1(mf),
    async dispose() {
      await mf.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One statement as d1-worker.mjs takes it: the SQL and the values bound, as D1's bind() made them. */
interface Posted {
  sql: string;
  params: unknown[];
}

/** Where a statement keeps its Posted form (a symbol, so a Proxy around a statement still passes it on). */
const POSTED = Symbol("posted");

type Send = (body: object) => Promise<unknown>;

/**
 * What workerd's D1 API (D1PreparedStatement#bind) makes of a bound value: numbers, strings and
 * null as they are, booleans as 1 or 0, bytes as an array of numbers; anything else is refused
 * at bind(), with D1's error. Done here, as D1 does it, so that bind() still throws at once.
 */
function bindable(value: unknown): unknown {
  const type = typeof value;
  if (type === "number" || type === "string") return value;
  if (type === "boolean") return value ? 1 : 0;
  if (type === "object") {
    if (value == null) return value;
    if (Array.isArray(value) && value.every((b) => typeof b === "number" && b >= 0 && b < 256)) return value;
    if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
    if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  }
  const reason = `Type '${type}' not supported for value '${String(value)}'`;
  throw new Error(`D1_TYPE_ERROR: ${reason}`, { cause: new Error(reason) });
}

class Statement implements D1PreparedStatement {
  readonly [POSTED]: Posted;
  // Fields, not #private ones, so that the statement still works seen through a Proxy (the
  // tests wrap statements to inject faults).
  private readonly send: Send;

  constructor(posted: Posted, send: Send) {
    this[POSTED] = posted;
    this.send = send;
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return new Statement({ sql: this[POSTED].sql, params: values.map(bindable) }, this.send);
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  first<T>(colName?: string): Promise<T | null> {
    return this.call("first", colName) as Promise<T | null>;
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.call("run") as Promise<D1Result<T>>;
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.call("all") as Promise<D1Result<T>>;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    return this.call("raw", options) as Promise<T[]>;
  }

  private call(method: "all" | "first" | "run" | "raw", arg?: unknown) {
    return this.send({ statement: this[POSTED], method, arg });
  }
}

/**
 * A D1Database that sends each statement to d1-worker.mjs with Miniflare#dispatchFetch and
 * answers with what the real binding there returned ({ results, meta, success } as D1 gives
 * them), or throws an error with the message (and cause) that D1 threw. It has what the app and
 * the tests use: prepare, bind, first, all, run, raw and batch.
 */
function asyncD1(mf: Miniflare): D1Database {
  const send: Send = async (body) => {
    const response = await mf.dispatchFetch("http://d1.test/", { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`d1-worker.mjs answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as { value?: unknown; error?: { message: string; cause?: string } };
    if (answer.error) {
      const { message, cause } = answer.error;
      throw new Error(message, cause === undefined ? undefined : { cause: new Error(cause) });
    }
    return answer.value;
  };
  const unsupported = (name: string) =>
    new Error(`${name}() is not used by the app, so the tests' D1 (tests/support/d1.ts) does not have it`);
  return {
    prepare: (sql: string) => new Statement({ sql, params: [] }, send),
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const batch = statements.map((statement) => {
        const posted = (statement as Partial<Statement>)[POSTED];
        if (!posted) throw new TypeError("batch() takes statements made by this database's prepare()");
        return posted;
      });
      return (await send({ batch })) as D1Result<T>[];
    },
    exec: () => Promise.reject(unsupported("exec")),
    withSession: () => {
      throw unsupported("withSession");
    },
    dump: () => Promise.reject(unsupported("dump")),
  };
}

/**
 * A D1 database for the tests of the enclosing suite (the file, outside any describe): started
 * before them and set up by `setUp` (e.g. loadSharedFixture), disposed after. Read `.db`
 * inside a hook or test.
 */
export function useD1(setUp?: (db: D1Database) => Promise<unknown>): { readonly db: D1Database } {
  let d1: Awaited<ReturnType<typeof startD1>> | undefined;
  beforeAll(async () => {
    d1 = await startD1();
    await setUp?.(d1.db);
  });
  afterAll(async () => {
    await d1?.dispose();
  });
  return {
    get db() {
      if (!d1) throw new Error("the D1 database is started in beforeAll");
      return d1.db;
    },
  };
}

/** The shared fixture (tests/fixtures/directory-fixture.ts): its restaurants, photos and cuisines. */
export const loadSharedFixture = (db: D1Database) =>
  loadFixture(db, { restaurants: fixtureRestaurants, photos: fixturePhotos, cuisines: fixtureCuisines });

export async function loadFixture(
  db: D1Database,
  { restaurants, photos, cuisines }: { restaurants: FixtureRestaurant[]; photos: FixturePhoto[]; cuisines: string[] },
) {
  const toSql = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);
  await db.batch([
    ...cuisines.map((name, index) =>
      db.prepare("INSERT INTO cuisine_types (id, name) VALUES (?, ?)").bind(index + 1, name),
    ),
    ...restaurants.map((r) =>
      db
        .prepare(
          `INSERT INTO restaurants (${RESTAURANT_COLUMNS.join(", ")}) VALUES (${RESTAURANT_COLUMNS.map(() => "?").join(", ")})`,
        )
        .bind(...RESTAURANT_COLUMNS.map((key) => toSql(fixtureValue(r, key)))),
    ),
    ...photos.map((p) =>
      db
        .prepare("INSERT INTO restaurant_photos (id, restaurant_id, url, created_at) VALUES (?, ?, ?, ?)")
        .bind(p.id, p.restaurant_id, p.url, p.created_at),
    ),
  ]);
}
