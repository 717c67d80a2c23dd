// The public forms' actions and the review routes, called as Remix calls them, on a real
// local D1: what is stored, with which status the visitor is answered, and that a backend
// fault leaves the visitor with the form and every value and the table without a row. The
// review routes check a real RS256 token against a JWKS served on localhost; the purge job
// runs as the scheduled handler runs it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runScheduledJobs } from "~/lib/jobs/scheduled.server";
import { action as reportAction, loader as reportLoader } from "~/routes/restaurant.$id_.report";
import { action as decideAction } from "~/routes/review.$submissionId";
import { loader as queueLoader } from "~/routes/review._index";
import { action as suggestAction } from "~/routes/submit-restaurant";
import { loadSharedFixture, useD1 } from "../support/d1";
import { settle, type DataWithInit } from "../support/loaders";

const d1 = useD1(loadSharedFixture);
let certs: Server;
let certsUrl = "";
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "local-1", alg: "RS256", use: "sig" };
  certs = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => certs.listen(0, "127.0.0.1", resolve));
  certsUrl = `http://127.0.0.1:${(certs.address() as AddressInfo).port}/cdn-cgi/access/certs`;
});
afterAll(async () => {
  await new Promise((resolve) => certs?.close(resolve));
});
afterEach(() => vi.restoreAllMocks());

let ipSerial = 0;
const nextIp = () => `198.51.100.${++ipSerial}`;

function post(url: string, fields: [string, string][], headers: Record<string, string> = {}): Request {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

const args = (request: Request, env: Partial<Env>, params: Record<string, string> = {}) =>
  ({ request, params, context: { cloudflare: { env } } }) as unknown as ActionFunctionArgs;

const statusOf = (value: unknown): number | undefined =>
  value instanceof Response ? value.status : (value as DataWithInit).init?.status;

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await d1.db
    .prepare(`SELECT count(*) AS n FROM submissions WHERE ${sql}`)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const suggestionFields = (name: string): [string, string][] => [
  ["name", name],
  ["city", "Portland"],
  ["state", "OR"],
  ["website", "https://example.test"],
  ["submitter_email", "diner@example.test"],
  ["vegan", "on"],
  ["gf_dedicated_fryer", "yes"],
];

describe("POST /submit-restaurant", () => {
  it("stores a valid suggestion, then 303 to / with the one-time notice", async () => {
    const name = "Route Stored Bistro";
    const response = await suggestAction(
      args(post("http://localhost/submit-restaurant", suggestionFields(name), { "CF-Connecting-IP": nextIp() }), {
        DB: d1.db,
      }),
    );
    expect(statusOf(response)).toBe(303);
    expect((response as Response).headers.get("Location")).toBe("/");
    expect((response as Response).headers.get("Set-Cookie")).toMatch(/^sb_flash=/);
    const row = await d1.db
      .prepare("SELECT kind, payload, status FROM submissions WHERE json_extract(payload, '$.name') = ?")
      .bind(name)
      .first<{ kind: string; payload: string; status: string }>();
    expect(row?.kind).toBe("restaurant");
    expect(JSON.parse(row!.payload)).toMatchObject({
      name,
      city: "Portland",
      website: "https://example.test",
      vegan: true,
      gluten_free: false,
      gf_dedicated_fryer: "yes",
      gf_separate_prep: null,
    });
  });

  it("a double submission stores one row", async () => {
    const name = "Route Double Click Diner";
    const ip = nextIp();
    for (let i = 0; i < 2; i += 1) {
      const response = await suggestAction(
        args(post("http://localhost/submit-restaurant", suggestionFields(name), { "CF-Connecting-IP": ip }), {
          DB: d1.db,
        }),
      );
      expect(statusOf(response)).toBe(303);
    }
    expect(await count("json_extract(payload, '$.name') = ?", name)).toBe(1);
  });

  it("invalid: 400 with the messages and the typed values; nothing stored", async () => {
    const fields: [string, string][] = [
      ...suggestionFields("Route Invalid Cafe").filter(([key]) => key !== "website"),
      ["website", "ftp://x.example"],
    ];
    const { value } = await settle(() =>
      suggestAction(args(post("http://localhost/submit-restaurant", fields), { DB: d1.db })),
    );
    expect(statusOf(value)).toBe(400);
    const result = (value as DataWithInit).data as {
      result: { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    };
    expect(result.result.error.website).toEqual(["Please enter a website address starting with http:// or https://."]);
    expect(result.result.initialValue).toMatchObject({ name: "Route Invalid Cafe", vegan: "on" });
    expect(await count("json_extract(payload, '$.name') = ?", "Route Invalid Cafe")).toBe(0);
  });

  it("a backend fault: 503 with Retry-After, the form's values kept, no row", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Proxy(d1.db, {
      get(target, property) {
        if (property === "batch") return () => Promise.reject(new Error("D1_ERROR: simulated outage"));
        return Reflect.get(target, property);
      },
    });
    const name = "Route Fault Grill";
    const value = await suggestAction(
      args(post("http://localhost/submit-restaurant", suggestionFields(name), { "CF-Connecting-IP": nextIp() }), {
        DB: broken,
      }),
    );
    expect(statusOf(value)).toBe(503);
    expect(new Headers((value as DataWithInit).init?.headers).get("Retry-After")).toMatch(/^[0-9]+$/);
    const data = (value as DataWithInit).data as { status: string; result: { initialValue: Record<string, unknown> } };
    expect(data.status).toBe("failed");
    expect(data.result.initialValue).toMatchObject({ name, city: "Portland", submitter_email: "diner@example.test" });
    expect(await count("json_extract(payload, '$.name') = ?", name)).toBe(0);
    expect(log.mock.calls.flat().join("\n")).toMatch(/simulated outage/);
  });

  it("the sixth stored submission from one address within a minute: 429 with Retry-After, nothing stored", async () => {
    const ip = nextIp();
    for (let i = 1; i <= 5; i += 1) {
      const response = await suggestAction(
        args(
          post("http://localhost/submit-restaurant", suggestionFields(`Route Busy ${i}`), { "CF-Connecting-IP": ip }),
          {
            DB: d1.db,
          },
        ),
      );
      expect(statusOf(response)).toBe(303);
    }
    const refused = await suggestAction(
      args(post("http://localhost/submit-restaurant", suggestionFields("Route Busy 6"), { "CF-Connecting-IP": ip }), {
        DB: d1.db,
      }),
    );
    expect(statusOf(refused)).toBe(429);
    expect(new Headers((refused as DataWithInit).init?.headers).get("Retry-After")).toBe("60");
    expect(((refused as DataWithInit).data as { result: { initialValue: object } }).result.initialValue).toMatchObject({
      name: "Route Busy 6",
    });
    expect(await count("json_extract(payload, '$.name') = ?", "Route Busy 6")).toBe(0);
  });

  it("the Rate Limiting binding's refusal is a 429 before the database is asked", async () => {
    const limiter = { limit: vi.fn(async () => ({ success: false })) } as unknown as RateLimit;
    const refused = await suggestAction(
      args(
        post("http://localhost/submit-restaurant", suggestionFields("Route Shielded"), {
          "CF-Connecting-IP": nextIp(),
        }),
        {
          DB: d1.db,
          SUBMISSION_RATE_LIMIT: limiter,
        },
      ),
    );
    expect(statusOf(refused)).toBe(429);
    expect(await count("json_extract(payload, '$.name') = ?", "Route Shielded")).toBe(0);
  });

  it("a filled honeypot gets the same 303, and nothing is stored", async () => {
    const fields: [string, string][] = [...suggestionFields("Route Honeypot Bot"), ["company_fax", "555-0100"]];
    const response = await suggestAction(args(post("http://localhost/submit-restaurant", fields), { DB: d1.db }));
    expect(statusOf(response)).toBe(303);
    expect(await count("json_extract(payload, '$.name') = ?", "Route Honeypot Bot")).toBe(0);
  });
});

describe("/restaurant/{id}/report", () => {
  const report = (id: string, fields: [string, string][], env: Partial<Env> = { DB: d1.db }) =>
    settle(() =>
      reportAction(
        args(post(`http://localhost/restaurant/${id}/report`, fields, { "CF-Connecting-IP": nextIp() }), env, { id }),
      ),
    );

  it("a valid report is stored and answered 303 to the restaurant", async () => {
    const { value } = await report("3", [
      ["reason", "hours"],
      ["details", "Route: closed on Mondays now."],
    ]);
    expect(statusOf(value)).toBe(303);
    expect((value as Response).headers.get("Location")).toBe("/restaurant/3");
    expect(
      await count(
        "restaurant_id = 3 AND reason = 'hours' AND json_extract(payload, '$.details') = ?",
        "Route: closed on Mondays now.",
      ),
    ).toBe(1);
  });

  it("invalid: 400, nothing stored", async () => {
    const { value } = await report("3", [["reason", "diet"]]);
    expect(statusOf(value)).toBe(400);
  });

  it("unknown or malformed id: 404 (form and action); closed: 410", async () => {
    for (const id of ["999999", "0", "abc"]) {
      expect(statusOf((await report(id, [["reason", "confirm"]])).value)).toBe(404);
      const loaded = await settle(() =>
        reportLoader(args(new Request(`http://localhost/restaurant/${id}/report`), { DB: d1.db }, { id })),
      );
      expect(statusOf(loaded.value)).toBe(404);
    }
    await d1.db.prepare("UPDATE restaurants SET closed_at = '2026-01-02' WHERE id = 4").run();
    expect(statusOf((await report("4", [["reason", "confirm"]])).value)).toBe(410);
    const loaded = await settle(() =>
      reportLoader(args(new Request("http://localhost/restaurant/4/report"), { DB: d1.db }, { id: "4" })),
    );
    expect(statusOf(loaded.value)).toBe(410);
  });
});

describe("the review routes", () => {
  const TEAM = "team.example.test";
  const AUD = "route-aud";
  const env = () =>
    ({ DB: d1.db, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ACCESS_CERTS_URL: certsUrl }) as Partial<Env>;
  const token = (claims: Record<string, unknown> = { email: "reviewer@example.test" }) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "local-1" })
      .setAudience(AUD)
      .setIssuer(`https://${TEAM}`)
      .setExpirationTime("10m")
      .sign(privateKey);

  it("without configuration 404; without a token 403; with a good one the pending queue", async () => {
    const bare = await settle(() => queueLoader(args(new Request("http://localhost/review"), { DB: d1.db })));
    expect(statusOf(bare.value)).toBe(404);
    const none = await settle(() => queueLoader(args(new Request("http://localhost/review"), env())));
    expect(statusOf(none.value)).toBe(403);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const wrongAud = await new SignJWT({ email: "x@example.test" })
      .setProtectedHeader({ alg: "RS256", kid: "local-1" })
      .setAudience("other")
      .setIssuer(`https://${TEAM}`)
      .setExpirationTime("10m")
      .sign(privateKey);
    const refused = await settle(() =>
      queueLoader(
        args(new Request("http://localhost/review", { headers: { "Cf-Access-Jwt-Assertion": wrongAud } }), env()),
      ),
    );
    expect(statusOf(refused.value)).toBe(403);
    expect(JSON.stringify((refused.value as DataWithInit).data ?? null)).not.toMatch(/Route/);

    const ok = await queueLoader(
      args(new Request("http://localhost/review", { headers: { Cookie: `CF_Authorization=${await token()}` } }), env()),
    );
    const data = (ok as unknown as DataWithInit).data as { reviewer: string; pending: { status: string }[] };
    expect(data.reviewer).toBe("reviewer@example.test");
    expect(data.pending.length).toBeGreaterThan(0);
    expect(data.pending.every((p) => p.status === "pending")).toBe(true);
  });

  it("approve a suggestion with edits: a new restaurant, verified today; a second decision is 409", async () => {
    const ip = nextIp();
    await suggestAction(
      args(
        post("http://localhost/submit-restaurant", suggestionFields("Route Review Pho"), { "CF-Connecting-IP": ip }),
        { DB: d1.db },
      ),
    );
    const submission = await d1.db
      .prepare("SELECT id FROM submissions WHERE json_extract(payload, '$.name') = 'Route Review Pho'")
      .first<{ id: number }>();
    const id = String(submission!.id);
    const decide = async (fields: [string, string][]) =>
      settle(async () =>
        decideAction(
          args(post(`http://localhost/review/${id}`, fields, { "Cf-Access-Jwt-Assertion": await token() }), env(), {
            submissionId: id,
          }),
        ),
      );
    const approved = await decide([
      ["decision", "approve"],
      ["name", "Route Review Pho House"],
      ["hours_of_operation", "Daily 11am-9pm"],
    ]);
    expect(statusOf(approved.value)).toBe(303);
    const restaurant = await d1.db
      .prepare("SELECT * FROM restaurants WHERE name = 'Route Review Pho House'")
      .first<Record<string, unknown>>();
    expect(restaurant).toMatchObject({
      city: "Portland",
      is_vegan: 1,
      gf_dedicated_fryer: 1,
      hours_of_operation: "Daily 11am-9pm",
      website_url: "https://example.test",
      verified_at: new Date().toISOString().slice(0, 10),
      // Written by the app itself: open=now finds it at once, not at the next scheduled tick.
      open_pending: 0,
    });
    const row = await d1.db.prepare("SELECT status, reviewed_by FROM submissions WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "approved", reviewed_by: "reviewer@example.test" });

    const again = await decide([["decision", "reject"]]);
    expect(statusOf(again.value)).toBe(409);
    expect((await d1.db.prepare("SELECT status FROM submissions WHERE id = ?").bind(id).first())?.status).toBe(
      "approved",
    );
    expect(statusOf((await decide([["decision", "maybe"]])).value)).toBe(400);
  });
});

describe("the purge job", () => {
  it("runs from the scheduled handler's list and erases contacts decided over 90 days ago", async () => {
    await d1.db
      .prepare(
        `INSERT INTO submissions (kind, payload, status, created_at, reviewed_at, reviewed_by)
         VALUES ('restaurant', json_object('name', 'Route Purged', 'submitter_email', 'old@example.test', 'submitter_phone', '(555) 010-0150'),
                 'rejected', '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z', 'r@example.test')`,
      )
      .run();
    // 88 days after the decision: kept.
    await runScheduledJobs({ DB: d1.db } as Env, new Date("2025-03-31T00:00:00.000Z"));
    expect(await count("json_extract(payload, '$.submitter_email') = 'old@example.test'")).toBe(1);
    // 91 days after: gone, and nothing else of the payload.
    await runScheduledJobs({ DB: d1.db } as Env, new Date("2025-04-03T00:00:00.000Z"));
    const row = await d1.db
      .prepare("SELECT payload FROM submissions WHERE json_extract(payload, '$.name') = 'Route Purged'")
      .first<{ payload: string }>();
    expect(JSON.parse(row!.payload)).toEqual({ name: "Route Purged" });
  });
});
