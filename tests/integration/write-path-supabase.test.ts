// Nothing dropped, nothing past the limits (issue 37) on Postgres: the findings whose path runs
// through the backend (what a confirmation keeps, what a reviewer's edit publishes, what bulk
// approval publishes, how many rows the same words from different diners make), through the
// routes' actions with Supabase configured (PGlite behind the PostgREST stand-in). The Worker's
// own checks (/review without a token, methods) are the same whichever backend:
// write-path-d1.test.ts.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action as confirmAction } from "~/routes/restaurant.$id_.confirm";
import { action as decideAction } from "~/routes/review.$submissionId";
import { action as bulkAction } from "~/routes/review._index";
import { action as suggestAction } from "~/routes/submit-restaurant";
import { monthsAgo } from "../fixtures/reference-search";
import { useLocalAccess } from "../support/local-access";
import { settle, type DataWithInit } from "../support/loaders";
import { useSupabaseBackend } from "../support/supabase";

const supabase = useSupabaseBackend();
const access = useLocalAccess();

const QA = "\u0958";
let serial = 0;
const nextIp = () => `10.124.0.${++serial}`;

const publicEnv = () => ({ SUPABASE_URL: supabase.api.url, SUPABASE_ANON_KEY: supabase.api.anonKey });
const reviewEnv = () => ({ ...publicEnv(), SUPABASE_REVIEW_KEY: supabase.api.serviceKey, ...access.vars() });

function post(url: string, fields: [string, string][], headers: Record<string, string> = {}): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(url, { method: "POST", headers, body });
}

const args = (request: Request, env: Record<string, unknown>, params: Record<string, string> = {}) =>
  ({ request, params, context: { cloudflare: { env } } }) as unknown as ActionFunctionArgs;

const statusOf = (value: unknown): number | undefined =>
  value instanceof Response ? value.status : (value as DataWithInit).init?.status;

const confirmation = (extra: [string, string][] = []): [string, string][] => [
  ["condition", "celiac"],
  ["visited", monthsAgo(new Date(), 1)],
  ["outcome", "ate-safely"],
  ...extra,
];

const confirm = (restaurant: number, fields: [string, string][], ip = nextIp()) =>
  confirmAction(
    args(post(`http://localhost/restaurant/${restaurant}/confirm`, fields, { "CF-Connecting-IP": ip }), publicEnv(), {
      id: String(restaurant),
    }),
  );

async function payloads(restaurant: number) {
  const { rows } = await supabase.db.query<{ id: number; payload: Record<string, string> }>(
    "select id::int as id, payload from public.submissions where restaurant_id = $1 order by id",
    [restaurant],
  );
  return rows;
}

async function decide(id: number, fields: [string, string][]) {
  const request = post(`http://localhost/review/${id}`, fields, { "Cf-Access-Jwt-Assertion": await access.token() });
  return settle(() => decideAction(args(request, reviewEnv(), { submissionId: String(id) })));
}

async function published(submissionId: number) {
  const { rows } = await supabase.db.query<{ ordered: string | null; note: string | null }>(
    "select ordered, note from public.confirmations where submission_id = $1",
    [submissionId],
  );
  return rows[0] ?? null;
}

async function status(id: number) {
  const { rows } = await supabase.db.query<{ status: string }>("select status from public.submissions where id = $1", [
    id,
  ]);
  return rows[0]?.status;
}

describe("issue 37 on Postgres", () => {
  it("1. a note is measured after normalising: 1,000 × U+0958 refused, 500 kept at 1,000 in NFC", async () => {
    expect(statusOf(await confirm(7, confirmation([["note", QA.repeat(1000)]])))).toBe(400);
    expect(await payloads(7)).toEqual([]);
    expect(statusOf(await confirm(7, confirmation([["note", QA.repeat(500)]])))).toBe(303);
    const [row] = await payloads(7);
    expect(row!.payload.note).toBe(QA.repeat(500).normalize("NFC"));
  });

  it("1. bulk approval never cuts a text short; 2. a reviewer's edit with RLO, BEL and a line break is refused", async () => {
    const { rows } = await supabase.db.query<{ id: number }>(
      "insert into public.submissions (kind, restaurant_id, payload, dedup_key, client_key, repeat_key) values ('confirmation', 8, $1, 'legacy-dedup', 'legacy-client', 'legacy-repeat') returning id::int as id",
      [
        JSON.stringify({
          condition: "celiac",
          visited: monthsAgo(new Date(), 1),
          outcome: "ate-safely",
          ordered: "x".repeat(280),
          note: "",
        }),
      ],
    );
    const id = rows[0]!.id;
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
    expect(await status(id)).toBe("pending");
    expect(await published(id)).toBeNull();

    const hostile = await decide(id, [
      ["decision", "approve"],
      ["ordered", "bad\u202E\u0007\r\nline"],
      ["note", ""],
    ]);
    expect(statusOf(hostile.value)).toBe(400);
    expect((hostile.value as DataWithInit).data).toMatchObject({
      errors: { ordered: "Please remove invisible, control or text-direction characters." },
    });
    const unchanged = await decide(id, [
      ["decision", "approve"],
      ["ordered", "x".repeat(280)],
      ["note", ""],
    ]);
    expect(statusOf(unchanged.value)).toBe(400);
    expect(await published(id)).toBeNull();
    const shortened = await decide(id, [
      ["decision", "approve"],
      ["ordered", "Pad thai"],
      ["note", ""],
    ]);
    expect(statusOf(shortened.value)).toBe(303);
    expect(await published(id)).toEqual({ ordered: "Pad thai", note: null });
  });

  it("1. a valid suggestion with every text at its limit in three-byte characters is stored (its payload is past 16 KB)", async () => {
    const wide = "\u0939";
    const fields: [string, string][] = [
      ["name", wide.repeat(200)],
      ["city", wide.repeat(200)],
      ["state", "OR"],
      ["address", wide.repeat(200)],
      // A US ZIP code is five digits or ZIP+4 (issue 41); a postal code of wide characters: below.
      ["zip", "97205-1234"],
      ["phone", wide.repeat(40)],
      ["website", `https://example.test/${wide.repeat(470)}`],
      ["submitter_phone", wide.repeat(40)],
      ["cuisine", wide.repeat(100)],
      ["notes", wide.repeat(4000)],
      ["submitter_email", `${"d".repeat(241)}@example.test`],
    ];
    const request = new Request("http://localhost/submit-restaurant", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams(fields).toString(),
    });
    const answer = await suggestAction(args(request, publicEnv()));
    expect(statusOf(answer)).toBe(303);
    const { rows } = await supabase.db.query<{ size: number }>(
      "select octet_length(payload::text) as size from public.submissions where payload ->> 'city' = $1",
      [wide.repeat(200)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.size).toBeGreaterThan(16 * 1024);
  });

  it("the longest valid suggestion from another country (its postal code as typed, 20 wide characters) is stored under the 32 KB cap", async () => {
    const wide = "\u0939";
    // Hong Kong: no states or provinces, and no postal code format the checks know.
    const fields: [string, string][] = [
      ["name", wide.repeat(200)],
      ["city", `${wide.repeat(199)}k`],
      ["country", "HK"],
      ["address", wide.repeat(200)],
      ["zip", wide.repeat(20)],
      ["phone", wide.repeat(40)],
      ["website", `https://example.test/${wide.repeat(470)}`],
      ["submitter_phone", wide.repeat(40)],
      ["cuisine", wide.repeat(100)],
      ["notes", wide.repeat(4000)],
      ["submitter_email", `${"d".repeat(241)}@example.test`],
    ];
    const request = new Request("http://localhost/submit-restaurant", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams(fields).toString(),
    });
    expect(statusOf(await suggestAction(args(request, publicEnv())))).toBe(303);
    const { rows } = await supabase.db.query<{ size: number; country: string; zip: string }>(
      "select octet_length(payload::text) as size, payload ->> 'country' as country, payload ->> 'zip' as zip from public.submissions where payload ->> 'city' = $1",
      [`${wide.repeat(199)}k`],
    );
    expect(rows).toEqual([{ size: expect.any(Number), country: "HK", zip: wide.repeat(20) }]);
    expect(rows[0]!.size).toBeGreaterThan(16 * 1024);
    expect(rows[0]!.size).toBeLessThan(32 * 1024);
  });

  it("3. three diners with the same words are three rows; the second's later confirmation is a repeat (429)", async () => {
    for (const ip of ["10.124.1.1", "10.124.1.2", "2001:db8:37:2::1"]) {
      expect(statusOf(await confirm(9, confirmation(), ip)), ip).toBe(303);
    }
    expect(await payloads(9)).toHaveLength(3);
    expect(statusOf(await confirm(9, confirmation([["staff", "unsure"]]), "10.124.1.2"))).toBe(429);
    expect(await payloads(9)).toHaveLength(3);
  });
});
