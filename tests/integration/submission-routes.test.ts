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
import { action as decideAction, loader as submissionLoader } from "~/routes/review.$submissionId";
import { loader as queueLoader } from "~/routes/review._index";
import { loader as historyLoader } from "~/routes/review.restaurant.$id";
import { decisionFields } from "../support/review-form";
import type { PendingSubmission } from "~/lib/directory/submission-store";
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

describe("what people type into the suggestion form", () => {
  const submitted = (fields: [string, string][], ip = nextIp()) =>
    settle(() =>
      suggestAction(
        args(post("http://localhost/submit-restaurant", fields, { "CF-Connecting-IP": ip }), { DB: d1.db }),
      ),
    );
  const errorsOf = (value: unknown) =>
    ((value as DataWithInit).data as { result: { error: Record<string, string[]> } }).result.error;

  it.each([
    ["a zero-width space in the city", "city", "Port\u200Bland"],
    ["a right-to-left override in the name", "name", "\u202ERoute Reversed Diner"],
    ["a zero-width joiner in the cuisine", "cuisine", "Th\u200Dai"],
    ["a word joiner in the address", "address", "1\u2060 Main St"],
    ["a byte-order mark in the phone", "phone", "555\uFEFF0100"],
    ["a left-to-right isolate in the state", "state", "\u2066OR"],
    ["a control character in the name", "name", "Route\u0007Bell"],
  ])("%s: 400 with the message beside the field, nothing stored", async (_label, field, value) => {
    const before = await count("1 = 1");
    const fields = suggestionFields("Route Hidden Characters").filter(([key]) => key !== field);
    const { value: answer } = await submitted([...fields, [field, value]]);
    expect(statusOf(answer)).toBe(400);
    expect(errorsOf(answer)[field]).toEqual(["Please remove invisible, control or text-direction characters."]);
    expect(await count("1 = 1")).toBe(before);
  });

  it("a state by its name is stored as its code; a state that is none is a field error", async () => {
    const fields = suggestionFields("Route State Name").filter(([key]) => key !== "state");
    expect(statusOf((await submitted([...fields, ["state", "oregon"]])).value)).toBe(303);
    const row = await d1.db
      .prepare(
        "SELECT json_extract(payload, '$.state') AS state FROM submissions WHERE json_extract(payload, '$.name') = 'Route State Name'",
      )
      .first<{ state: string }>();
    expect(row?.state).toBe("OR");
    const { value } = await submitted([...fields, ["state", "Ontario"]]);
    expect(statusOf(value)).toBe(400);
    expect(errorsOf(value).state).toEqual(["Please enter a US state or its two-letter code."]);
  });

  it("one client is an IPv6 /64: the sixth from anywhere in it is 429, another /64 goes on", async () => {
    for (let i = 1; i <= 5; i += 1) {
      const { value } = await submitted(suggestionFields(`Route Six ${i}`), `2001:db8:77:1::${i}`);
      expect(statusOf(value)).toBe(303);
    }
    const { value: refused } = await submitted(suggestionFields("Route Six 6"), "2001:db8:77:1:ffff:1:2:3");
    expect(statusOf(refused)).toBe(429);
    expect(new Headers((refused as DataWithInit).init?.headers).get("Retry-After")).toBe("60");
    const { value: other } = await submitted(suggestionFields("Route Six 7"), "2001:db8:77:2::1");
    expect(statusOf(other)).toBe(303);
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
    const hidden = await report("3", [
      ["reason", "diet"],
      ["details", "The fryer is shared."],
      ["submitter_email", "diner\u200B@example.test"],
    ]);
    expect(statusOf(hidden.value)).toBe(400);
    expect(
      ((hidden.value as DataWithInit).data as { result: { error: Record<string, string[]> } }).result.error
        .submitter_email,
    ).toEqual(["Please remove invisible, control or text-direction characters."]);
  });

  it("details keep their lines, with LF line ends, in NFC", async () => {
    const details = "Route: line one.\r\nLine two with Cafe\u0301.";
    expect(
      statusOf(
        (
          await report("3", [
            ["reason", "other"],
            ["details", details],
          ])
        ).value,
      ),
    ).toBe(303);
    expect(await count("json_extract(payload, '$.details') = ?", "Route: line one.\nLine two with Caf\u00e9.")).toBe(1);
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

  const authorised = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cf-Access-Jwt-Assertion", await token());
    return new Request(url, { ...init, headers });
  };
  const decide = async (id: number | string, fields: [string, string][]) =>
    settle(async () =>
      decideAction(
        args(
          await authorised(`http://localhost/review/${id}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          }),
          env(),
          { submissionId: String(id) },
        ),
      ),
    );
  const queue = async (query = "") => {
    const loaded = await queueLoader(args(await authorised(`http://localhost/review${query}`), env()));
    return (loaded as unknown as DataWithInit).data as {
      pending: PendingSubmission[];
      counts: { kind: string; reason: string | null; pending: number }[];
      view: { kind: string | null; page: number };
    };
  };
  const reportOn = async (restaurantId: number, reason: string, details: string) => {
    await reportAction(
      args(
        post(
          `http://localhost/restaurant/${restaurantId}/report`,
          [
            ["reason", reason],
            ["details", details],
          ],
          { "CF-Connecting-IP": nextIp() },
        ),
        { DB: d1.db },
        { id: String(restaurantId) },
      ),
    );
    const row = await d1.db
      .prepare("SELECT id FROM submissions WHERE json_extract(payload, '$.details') = ?")
      .bind(details)
      .first<{ id: number }>();
    return row!.id;
  };
  /** The listing beside a submission, as its own page loads it. */
  const loadedWith = async (id: number) => {
    const shown = await submissionLoader(
      args(await authorised(`http://localhost/review/${id}`), env(), { submissionId: String(id) }),
    );
    return ((shown as unknown as DataWithInit).data as { pending: PendingSubmission }).pending.restaurant;
  };
  const restaurant = (id: number) =>
    d1.db.prepare("SELECT * FROM restaurants WHERE id = ?").bind(id).first<Record<string, unknown>>();
  const today = new Date().toISOString().slice(0, 10);

  it("approve a suggestion with edits: a new restaurant, not verified; a second decision is 409", async () => {
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
    const id = submission!.id;
    const approved = await decide(id, [
      ["decision", "approve"],
      ["name", "Route Review Pho House"],
      ["hours_of_operation", "Daily 11am-9pm"],
      ["description", "Two rooms.\r\n\r\nThe back one is quiet."],
    ]);
    expect(statusOf(approved.value)).toBe(303);
    expect(new Headers((approved.value as Response).headers).get("Location")).toBe("/review");
    const created = await d1.db
      .prepare("SELECT * FROM restaurants WHERE name = 'Route Review Pho House'")
      .first<Record<string, unknown>>();
    expect(created).toMatchObject({
      city: "Portland",
      is_vegan: 1,
      gf_dedicated_fryer: 1,
      hours_of_operation: "Daily 11am-9pm",
      description: "Two rooms.\n\nThe back one is quiet.",
      website_url: "https://example.test",
      // Nobody said they checked: not verified.
      verified_at: null,
      verified_how: null,
      // Written by the app itself: open=now finds it at once, not at the next scheduled tick.
      open_pending: 0,
    });
    const row = await d1.db.prepare("SELECT status, reviewed_by FROM submissions WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "approved", reviewed_by: "reviewer@example.test" });

    const again = await decide(id, [["decision", "reject"]]);
    expect(statusOf(again.value)).toBe(409);
    expect((await d1.db.prepare("SELECT status FROM submissions WHERE id = ?").bind(id).first())?.status).toBe(
      "approved",
    );
    expect(statusOf((await decide(id, [["decision", "maybe"]])).value)).toBe(400);
  });

  it("approve without 'I verified these facts' leaves verified_at; two forms from one page: the second is 409", async () => {
    // Restaurant 13 was verified on 2024-01-31.
    const hours = await reportOn(13, "hours", "Route: open until ten now.");
    const phone = await reportOn(13, "contact", "Route: the phone number changed.");
    const { pending } = await queue("?kind=report");
    const loaded = pending.find((p) => p.id === hours)!.restaurant;
    expect(pending.find((p) => p.id === phone)!.restaurant?.version).toBe(loaded?.version);

    // Approve as loaded, without typing the correction: nothing written, nothing verified.
    const untouched = await decide(hours, decisionFields(loaded, { decision: "approve" }));
    expect(statusOf(untouched.value)).toBe(303);
    expect(await restaurant(13)).toMatchObject({
      verified_at: "2024-01-31",
      verified_how: null,
      version: loaded?.version,
    });

    const hours2 = await reportOn(13, "hours", "Route: open until ten now, really.");
    const corrected = await decide(
      hours2,
      decisionFields(loaded, { decision: "approve", hours_of_operation: "Daily 9am-10pm" }),
    );
    expect(statusOf(corrected.value)).toBe(303);
    expect(await restaurant(13)).toMatchObject({ hours_of_operation: "Daily 9am-10pm", verified_at: "2024-01-31" });

    // The phone report, decided from the same page: 409, nothing written; its page shows the listing as it is now.
    const stale = await decide(phone, decisionFields(loaded, { decision: "approve", phone_number: "(555) 010-0404" }));
    expect(statusOf(stale.value)).toBe(409);
    expect((stale.value as DataWithInit).data).toMatchObject({ answer: "stale" });
    expect(await restaurant(13)).toMatchObject({
      hours_of_operation: "Daily 9am-10pm",
      phone_number: "(555) 010-0113",
    });
    const current = await loadedWith(phone);
    expect(current).toMatchObject({ hours_of_operation: "Daily 9am-10pm" });
    expect(current?.version).toBeGreaterThan(loaded!.version);

    // From the fresh form, verified deliberately by a visit.
    const verified = await decide(
      phone,
      decisionFields(current, {
        decision: "approve",
        phone_number: "(555) 010-0404",
        verified: "1",
        verified_how: "visit",
      }),
    );
    expect(statusOf(verified.value)).toBe(303);
    expect(await restaurant(13)).toMatchObject({
      hours_of_operation: "Daily 9am-10pm",
      phone_number: "(555) 010-0404",
      verified_at: today,
      verified_how: "visit",
    });
    // 'I verified these facts' without saying how: 400 beside the field.
    const how = await reportOn(13, "other", "Route: all good.");
    const missing = await decide(how, decisionFields(await loadedWith(how), { decision: "approve", verified: "1" }));
    expect(statusOf(missing.value)).toBe(400);
    expect((missing.value as DataWithInit).data).toMatchObject({ errors: { verified_how: expect.any(String) } });
  });

  it("a closed listing: approve is 409 unless reopen; a refused edit is a 400 beside its field, never a 503", async () => {
    await d1.db.prepare("UPDATE restaurants SET closed_at = NULL WHERE id = 6").run();
    const hours = await reportOn(6, "hours", "Route: they reopened at lunch.");
    await d1.db.prepare("UPDATE restaurants SET closed_at = '2026-02-02' WHERE id = 6").run();
    const loaded = (await queue("?kind=report")).pending.find((p) => p.id === hours)!.restaurant;
    const closed = await decide(
      hours,
      decisionFields(loaded, { decision: "approve", verified: "1", verified_how: "phone" }),
    );
    expect(statusOf(closed.value)).toBe(409);
    expect((closed.value as DataWithInit).data).toMatchObject({ answer: "closed" });
    expect(await restaurant(6)).toMatchObject({ closed_at: "2026-02-02", verified_at: null });

    for (const [field, value, message] of [
      ["website_url", "https:example.com", "Please enter a website address starting with http:// or https://."],
      ["menu_url", "http:/menu.example", "Please enter a menu address starting with http:// or https://."],
      ["city", "Seat\u200Btle", "Please remove invisible, control or text-direction characters."],
      ["name", "\u202EUnder_score", "Please remove invisible, control or text-direction characters."],
      ["state", "Cascadia", "Please enter a US state or its two-letter code."],
    ]) {
      const refused = await decide(
        hours,
        decisionFields(loaded, { decision: "approve", reopen: "1", [field!]: value! }),
      );
      expect(statusOf(refused.value), field).toBe(400);
      expect((refused.value as DataWithInit).data).toMatchObject({
        errors: { [field!]: message },
        values: { [field!]: value },
      });
    }
    const reopened = await decide(
      hours,
      decisionFields(loaded, { decision: "approve", reopen: "1", hours_of_operation: "Daily 11am-3pm" }),
    );
    expect(statusOf(reopened.value)).toBe(303);
    expect(await restaurant(6)).toMatchObject({ closed_at: null, hours_of_operation: "Daily 11am-3pm" });

    // The history shows both changes, newest first, with who and which submission.
    const history = await historyLoader(
      args(await authorised("http://localhost/review/restaurant/6"), env(), { id: "6" }),
    );
    const { changes } = (history as unknown as DataWithInit).data as {
      changes: {
        column: string;
        oldValue: string | null;
        newValue: string | null;
        changedBy: string;
        submissionId: number;
      }[];
    };
    expect(
      changes
        .slice(0, 2)
        .map((c) => [c.column, c.oldValue, c.newValue])
        .sort(),
    ).toEqual([
      ["closed_at", "2026-02-02", null],
      ["hours_of_operation", "Mon-Fri 9am-5pm, Sat 10am-2pm, Sun closed", "Daily 11am-3pm"],
    ]);
    expect(changes[0]).toMatchObject({ changedBy: "reviewer@example.test", submissionId: hours });
    const unknown = await settle(async () =>
      historyLoader(args(await authorised("http://localhost/review/restaurant/999999"), env(), { id: "999999" })),
    );
    expect(statusOf(unknown.value)).toBe(404);
  });

  it("the queue: 50 a page, filtered by kind, with the counts of each kind and reason", async () => {
    const all = await queue();
    const total = all.counts.reduce((sum, c) => sum + c.pending, 0);
    expect(all.pending.length).toBe(Math.min(total, 50));
    expect(all.counts.find((c) => c.kind === "report" && c.reason === "hours")?.pending).toBeGreaterThan(0);
    const suggestions = await queue("?kind=restaurant");
    expect(suggestions.view.kind).toBe("restaurant");
    expect(suggestions.pending.every((p) => p.kind === "restaurant")).toBe(true);
    const far = await queue("?page=99");
    expect(far.view.page).toBe(99);
    expect(far.pending).toEqual([]);
    const repaired = await queue("?kind=spam&page=-1");
    expect(repaired.view).toEqual({ kind: null, page: 1 });
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
