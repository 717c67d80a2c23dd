// Nothing dropped, nothing past the limits (issue 37), on a real local D1: each of the five
// findings of the red-team pass as it was reproduced, through the routes' actions and the
// Worker's own entry (server.ts) as Remix and Cloudflare call them.
//   1. Text is normalised before it is measured, in every form and every reviewer's edit; a
//      confirmation is never cut short; the queue's forms are never too large to send.
//   2. C1 controls, text-direction and invisible characters are refused in `ordered` and in
//      the reviewer's edits; notes refuse controls other than line breaks and tabs.
//   3. The same words from two diners are two confirmations; the 30-day rule is per sender.
//   4. Every request under /review without a valid token is refused in the Worker.
//   5. Methods other than GET, HEAD and POST are 405 with Allow, before any action runs.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { action as confirmAction } from "~/routes/restaurant.$id_.confirm";
import { action as reportAction } from "~/routes/restaurant.$id_.report";
import { action as decideAction } from "~/routes/review.$submissionId";
import { action as bulkAction, loader as queueLoader } from "~/routes/review._index";
import { action as suggestAction } from "~/routes/submit-restaurant";
import type { PendingSubmission } from "~/lib/directory/submission-store";
import { monthsAgo } from "../fixtures/reference-search";
import { loadSharedFixture, useD1 } from "../support/d1";
import { useLocalAccess } from "../support/local-access";
import { settle, type DataWithInit } from "../support/loaders";

const d1 = useD1(loadSharedFixture);
const access = useLocalAccess();
afterEach(() => vi.restoreAllMocks());

/** U+0958 DEVANAGARI LETTER QA: one character typed, two kept (NFC decomposes it). */
const QA = "\u0958";

let serial = 0;
const nextIp = () => `10.123.0.${++serial}`;

/** A multipart post (raw UTF-8: long texts in wide characters stay under the public forms' 16 KB). */
function post(url: string, fields: [string, string][], headers: Record<string, string> = {}): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(url, { method: "POST", headers, body });
}

const args = (request: Request, env: Partial<Env>, params: Record<string, string> = {}) =>
  ({ request, params, context: { cloudflare: { env } } }) as unknown as ActionFunctionArgs;

const statusOf = (value: unknown): number | undefined =>
  value instanceof Response ? value.status : (value as DataWithInit).init?.status;

const fieldErrors = (value: unknown) =>
  ((value as DataWithInit).data as { result: { error: Record<string, string[]> } }).result.error;

const reviewEnv = () => ({ DB: d1.db, ...access.vars() }) as Partial<Env>;

const confirmation = (extra: [string, string][] = []): [string, string][] => [
  ["condition", "celiac"],
  ["visited", monthsAgo(new Date(), 1)],
  ["outcome", "ate-safely"],
  ...extra,
];

async function confirm(restaurant: number, fields: [string, string][], ip = nextIp()) {
  const request = post(`http://localhost/restaurant/${restaurant}/confirm`, fields, { "CF-Connecting-IP": ip });
  return confirmAction(args(request, { DB: d1.db }, { id: String(restaurant) }));
}

async function storedPayloads(restaurant: number): Promise<Record<string, string>[]> {
  const { results } = await d1.db
    .prepare("SELECT payload FROM submissions WHERE restaurant_id = ? ORDER BY id")
    .bind(restaurant)
    .all<{ payload: string }>();
  return results.map((row) => JSON.parse(row.payload) as Record<string, string>);
}

/** A pending submission put straight into the table, as one kept before the rules of issue 37 was. */
async function legacyConfirmation(restaurant: number, payload: Record<string, string>): Promise<number> {
  const row = await d1.db
    .prepare("INSERT INTO submissions (kind, restaurant_id, payload) VALUES ('confirmation', ?, ?) RETURNING id")
    .bind(restaurant, JSON.stringify(payload))
    .first<{ id: number }>();
  return row!.id;
}

async function decide(id: number, fields: [string, string][]) {
  const request = post(`http://localhost/review/${id}`, fields, {
    "Cf-Access-Jwt-Assertion": await access.token(),
  });
  return settle(() => decideAction(args(request, reviewEnv(), { submissionId: String(id) })));
}

async function statusOfSubmission(id: number) {
  return (await d1.db.prepare("SELECT status FROM submissions WHERE id = ?").bind(id).first<{ status: string }>())
    ?.status;
}

async function published(submissionId: number) {
  return d1.db
    .prepare("SELECT ordered, note FROM confirmations WHERE submission_id = ?")
    .bind(submissionId)
    .first<{ ordered: string | null; note: string | null }>();
}

describe("1. normalise first, then measure", () => {
  it("a note of 1,000 × U+0958 (2,000 once normalised) is refused beside the note; nothing stored", async () => {
    const answer = await confirm(7, confirmation([["note", QA.repeat(1000)]]));
    expect(statusOf(answer)).toBe(400);
    expect(fieldErrors(answer).note).toEqual(["Please keep this under 1000 characters."]);
    expect(await storedPayloads(7)).toEqual([]);
  });

  it("500 of them (1,000 once normalised) are kept, in NFC, at the limit", async () => {
    expect(statusOf(await confirm(8, confirmation([["note", QA.repeat(500)]])))).toBe(303);
    const [payload] = await storedPayloads(8);
    expect(payload!.note).toBe(QA.repeat(500).normalize("NFC"));
    expect(payload!.note!.length).toBe(1000);
  });

  it("'ordered' is measured after normalising too: 71 × U+0958 is 142, refused", async () => {
    const answer = await confirm(9, confirmation([["ordered", QA.repeat(71)]]));
    expect(statusOf(answer)).toBe(400);
    expect(fieldErrors(answer).ordered).toEqual(["Please keep this under 140 characters."]);
  });

  it("a report's details and a suggestion's notes and name are measured after normalising", async () => {
    const report = await reportAction(
      args(
        post(
          "http://localhost/restaurant/10/report",
          [
            ["reason", "hours"],
            ["details", QA.repeat(1001)],
          ],
          { "CF-Connecting-IP": nextIp() },
        ),
        { DB: d1.db },
        { id: "10" },
      ),
    );
    expect(statusOf(report)).toBe(400);
    expect(fieldErrors(report).details).toEqual(["Please keep this under 2000 characters."]);
    const suggestion = await suggestAction(
      args(
        post(
          "http://localhost/submit-restaurant",
          [
            ["name", QA.repeat(101)],
            ["city", "Portland"],
            ["state", "OR"],
            ["notes", QA.repeat(2001)],
          ],
          { "CF-Connecting-IP": nextIp() },
        ),
        { DB: d1.db },
      ),
    );
    expect(statusOf(suggestion)).toBe(400);
    expect(fieldErrors(suggestion).name).toEqual(["Please keep this under 200 characters."]);
    expect(fieldErrors(suggestion).notes).toEqual(["Please keep this under 4000 characters."]);
  });

  it("a reviewer's edit of a note is measured after normalising: refused beside the note, nothing published", async () => {
    await confirm(11, confirmation([["note", "Fine."]]));
    const { id } = (await d1.db
      .prepare("SELECT id FROM submissions WHERE restaurant_id = 11")
      .first<{ id: number }>())!;
    const { value } = await decide(id, [
      ["decision", "approve"],
      ["ordered", ""],
      ["note", QA.repeat(501)],
    ]);
    expect(statusOf(value)).toBe(400);
    expect((value as DataWithInit).data).toMatchObject({ errors: { note: "Please keep this under 1000 characters." } });
    expect(await published(id)).toBeNull();
    expect(await statusOfSubmission(id)).toBe("pending");
  });

  it("bulk approval never cuts a text short: a 280-character 'ordered' is read one by one and must be shortened", async () => {
    const id = await legacyConfirmation(12, {
      condition: "celiac",
      visited: monthsAgo(new Date(), 1),
      outcome: "ate-safely",
      staff: "",
      seen: "",
      ordered: "x".repeat(280),
      note: "",
      submitter_email: "",
    });
    // Not among the plain confirmations the queue approves at once...
    const queue = await queueLoader(
      args(
        new Request("http://localhost/review", { headers: { "Cf-Access-Jwt-Assertion": await access.token() } }),
        reviewEnv(),
      ),
    );
    const pending = ((queue as unknown as DataWithInit).data as { pending: PendingSubmission[] }).pending;
    expect(pending.some((submission) => submission.id === id)).toBe(true);
    const { isPlainConfirmation } = await import("~/lib/submissions/confirmation-decisions");
    expect(isPlainConfirmation(pending.find((submission) => submission.id === id)!)).toBe(false);
    // ...and a bulk post that names it anyway leaves it alone.
    const bulk = await bulkAction(
      args(
        post(
          "http://localhost/review",
          [
            ["decision", "approve-all"],
            ["listed", String(id)],
          ],
          { "Cf-Access-Jwt-Assertion": await access.token() },
        ),
        reviewEnv(),
      ),
    );
    expect(statusOf(bulk)).toBe(303);
    expect(await statusOfSubmission(id)).toBe("pending");
    expect(await published(id)).toBeNull();
    // Approved as it stands: refused beside the field, never cut to 140.
    const unchanged = await decide(id, [
      ["decision", "approve"],
      ["ordered", "x".repeat(280)],
      ["note", ""],
    ]);
    expect(statusOf(unchanged.value)).toBe(400);
    expect((unchanged.value as DataWithInit).data).toMatchObject({
      errors: { ordered: "Please keep this under 140 characters." },
    });
    // Shortened by the reviewer: published as shortened.
    const shortened = await decide(id, [
      ["decision", "approve"],
      ["ordered", "x".repeat(140)],
      ["note", ""],
    ]);
    expect(statusOf(shortened.value)).toBe(303);
    expect(await published(id)).toEqual({ ordered: "x".repeat(140), note: null });
  });

  it("a decision form as large as the longest the queue renders is read, not refused with 413", async () => {
    const id = await legacyConfirmation(13, {
      condition: "celiac",
      visited: monthsAgo(new Date(), 1),
      outcome: "reacted",
      ordered: "",
      note: "",
    });
    // url-encoded, a Devanagari note of 1,000 and a listing's two longest texts: about 54 KB.
    const wide = "\u0939";
    const fields: [string, string][] = [
      ["decision", "reject"],
      ["ordered", wide.repeat(140)],
      ["note", wide.repeat(1000)],
      ["description", wide.repeat(4000)],
      ["hours_of_operation", wide.repeat(1000)],
    ];
    const request = new Request(`http://localhost/review/${id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cf-Access-Jwt-Assertion": await access.token(),
      },
      body: new URLSearchParams(fields).toString(),
    });
    expect(new URLSearchParams(fields).toString().length).toBeGreaterThan(50 * 1024);
    const { value } = await settle(() => decideAction(args(request, reviewEnv(), { submissionId: String(id) })));
    expect(statusOf(value)).toBe(303);
    expect(await statusOfSubmission(id)).toBe("rejected");
  });
});

describe("1. the body limit leaves room for the longest valid form", () => {
  /** A url-encoded post, as a browser sends a form: a three-byte character is nine bytes. */
  const encoded = (url: string, fields: [string, string][]) =>
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams(fields).toString(),
    });
  const wide = "\u0939";

  it("a valid report and a valid suggestion past 16 KB url-encoded are stored; an invalid one that large is 413", async () => {
    const details: [string, string][] = [
      ["reason", "hours"],
      ["details", wide.repeat(2000)],
    ];
    expect(new URLSearchParams(details).toString().length).toBeGreaterThan(16 * 1024);
    const report = await reportAction(
      args(encoded("http://localhost/restaurant/22/report", details), { DB: d1.db }, { id: "22" }),
    );
    expect(statusOf(report)).toBe(303);
    expect((await storedPayloads(22))[0]!.details).toBe(wide.repeat(2000));

    const suggestion: [string, string][] = [
      ["name", wide.repeat(200)],
      ["city", "Portland"],
      ["state", "OR"],
      ["notes", wide.repeat(4000)],
    ];
    expect(new URLSearchParams(suggestion).toString().length).toBeGreaterThan(36 * 1024);
    const stored = await suggestAction(args(encoded("http://localhost/submit-restaurant", suggestion), { DB: d1.db }));
    expect(statusOf(stored)).toBe(303);

    const { threw, value } = await settle(() =>
      suggestAction(
        args(
          encoded("http://localhost/submit-restaurant", [
            ["name", "Too long"],
            ["city", "Portland"],
            ["state", "OR"],
            ["notes", wide.repeat(4001)],
          ]),
          { DB: d1.db },
        ),
      ),
    );
    expect(threw).toBe(true);
    expect(statusOf(value)).toBe(413);
  });
});

describe("2. control, text-direction and invisible characters", () => {
  it.each([
    ["a C1 control", "Pad thai\u0085"],
    ["a bell", "Pad\u0007thai"],
    ["a right-to-left override", "Pad thai\u202E"],
    ["a zero-width space", "Pad\u200Bthai"],
  ])("'ordered' with %s is refused beside the field", async (_label, ordered) => {
    const answer = await confirm(14, confirmation([["ordered", ordered]]));
    expect(statusOf(answer)).toBe(400);
    expect(fieldErrors(answer).ordered).toEqual(["Please remove invisible, control or text-direction characters."]);
  });

  it("a note keeps line breaks and tabs but refuses other controls and overrides", async () => {
    expect(statusOf(await confirm(15, confirmation([["note", "One\r\n\tTwo"]])))).toBe(303);
    expect((await storedPayloads(15))[0]!.note).toBe("One\n\tTwo");
    for (const note of ["Bad\u202Enote", "Bell\u0007", "C1\u0085"]) {
      const answer = await confirm(16, confirmation([["note", note]]));
      expect(statusOf(answer), JSON.stringify(note)).toBe(400);
    }
  });

  it("a reviewer's edit of 'ordered' with RLO, BEL and a line break is refused; nothing published", async () => {
    await confirm(17, confirmation([["ordered", "Pho"]]));
    const { id } = (await d1.db
      .prepare("SELECT id FROM submissions WHERE restaurant_id = 17")
      .first<{ id: number }>())!;
    const { value } = await decide(id, [
      ["decision", "approve"],
      ["ordered", "bad\u202E\u0007\r\nline"],
      ["note", ""],
    ]);
    expect(statusOf(value)).toBe(400);
    expect((value as DataWithInit).data).toMatchObject({
      errors: { ordered: "Please remove invisible, control or text-direction characters." },
    });
    expect(await published(id)).toBeNull();
  });

  it("a reviewer's edit of a listing's description refuses a text-direction override", async () => {
    const report = await reportAction(
      args(
        post(
          "http://localhost/restaurant/18/report",
          [
            ["reason", "other"],
            ["details", "The description is out of date."],
          ],
          { "CF-Connecting-IP": nextIp() },
        ),
        { DB: d1.db },
        { id: "18" },
      ),
    );
    expect(statusOf(report)).toBe(303);
    const { id } = (await d1.db
      .prepare("SELECT id FROM submissions WHERE restaurant_id = 18")
      .first<{ id: number }>())!;
    const { value } = await decide(id, [
      ["decision", "approve"],
      ["description", "New\u202Edescription"],
    ]);
    expect(statusOf(value)).toBe(400);
    expect((value as DataWithInit).data).toMatchObject({
      errors: { description: "Please remove invisible, control or text-direction characters." },
    });
  });
});

describe("3. the same words from different diners", () => {
  it("three diners (two IPv4, one IPv6 /64) are three confirmations; the 30-day rule is per sender", async () => {
    const same = confirmation();
    for (const ip of ["10.123.1.1", "10.123.1.2", "2001:db8:37:1::1"]) {
      expect(statusOf(await confirm(19, same, ip)), ip).toBe(303);
    }
    expect(await storedPayloads(19)).toHaveLength(3);
    // The second diner's later, different confirmation is a repeat: 429, nothing stored.
    const again = await confirm(19, confirmation([["staff", "knowledgeable"]]), "10.123.1.2");
    expect(statusOf(again)).toBe(429);
    // The same form sent twice by one diner (another address in the same /64) is still one row.
    expect(statusOf(await confirm(19, same, "2001:db8:37:1::2"))).toBe(303);
    expect(await storedPayloads(19)).toHaveLength(3);
  });
});

const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
const fetchWorker = (request: Request, env: Partial<Env>) =>
  worker.fetch(request as Parameters<typeof worker.fetch>[0], env as Env, ctx);

describe("4. /review without a valid token, in the Worker", () => {
  const paths = [
    "/review.data?_routes=root",
    "/review/1.data?_routes=root",
    "/review/restaurant/101.data?_routes=root",
    "/review.data",
    "/Review.data?_routes=root",
    "/%72eview/1.data?_routes=root",
  ];

  it.each(paths)("%s: 403 without a token, and with a bad one; 404 when the queue is not configured", async (path) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const none = await fetchWorker(new Request(`http://localhost${path}`), reviewEnv());
    expect(none.status).toBe(403);
    expect(none.headers.get("Cache-Control")).toBe("no-store");
    expect(await none.text()).not.toMatch(/siteName|SafeBites/);
    const bad = await fetchWorker(
      new Request(`http://localhost${path}`, { headers: { "Cf-Access-Jwt-Assertion": "not.a.token" } }),
      reviewEnv(),
    );
    expect(bad.status).toBe(403);
    const off = await fetchWorker(new Request(`http://localhost${path}`), { DB: d1.db });
    expect(off.status).toBe(404);
  });
});

describe("5. methods other than GET, HEAD and POST", () => {
  it("DELETE /restaurant/{id}/confirm is 405 with Allow, and stores nothing", async () => {
    const response = await fetchWorker(
      new Request("http://localhost/restaurant/20/confirm", {
        method: "DELETE",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
        body: new URLSearchParams(confirmation()).toString(),
      }),
      { DB: d1.db },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(await storedPayloads(20)).toEqual([]);
  });

  it("PATCH /review/{id} with a valid token is 405 and decides nothing", async () => {
    await confirm(21, confirmation([["note", "Good."]]));
    const { id } = (await d1.db
      .prepare("SELECT id FROM submissions WHERE restaurant_id = 21")
      .first<{ id: number }>())!;
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const response = await fetchWorker(
        new Request(`http://localhost/review/${id}`, {
          method,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cf-Access-Jwt-Assertion": await access.token(),
          },
          body: "decision=reject",
        }),
        reviewEnv(),
      );
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, HEAD, POST");
    }
    expect(await statusOfSubmission(id)).toBe("pending");
  });

  it("a route without an action allows GET and HEAD only", async () => {
    for (const [method, path] of [
      ["PUT", "/"],
      ["OPTIONS", "/restaurant/1"],
      ["DELETE", "/_root.data"],
      ["PATCH", "/review/restaurant/1"],
    ] as const) {
      const response = await fetchWorker(new Request(`http://localhost${path}`, { method }), { DB: d1.db });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe("GET, HEAD");
    }
  });
});
