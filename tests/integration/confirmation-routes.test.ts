// The confirmation form's loader and action (/restaurant/{id}/confirm), called as Remix calls
// them, on a real local D1: what is stored, and with which status and headers the visitor is
// answered (docs/decisions/0022-confirmations-from-diners.md).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/restaurant.$id_.confirm";
import { monthsAgo } from "../fixtures/reference-search";
import { loadSharedFixture, useD1 } from "../support/d1";
import { expectStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";

const d1 = useD1(loadSharedFixture);

const post = (id: number, fields: [string, string][], ip: string) =>
  ({
    request: new Request(`http://localhost/restaurant/${id}/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
      body: new URLSearchParams(fields).toString(),
    }),
    params: { id: String(id) },
    context: { cloudflare: { env: { DB: d1.db } } },
  }) as unknown as ActionFunctionArgs;

const month = () => monthsAgo(new Date(), 2);
/** The valid fields with `field` set to `value` (or added). */
const withField = (field: string, value: string): [string, string][] => [
  ...valid().filter(([key]) => key !== field),
  [field, value],
];
const valid = (extra: [string, string][] = []): [string, string][] => [
  ["condition", "celiac"],
  ["visited", month()],
  ["outcome", "ate-safely"],
  ["staff", "knowledgeable"],
  ["seen", "gf-menu"],
  ["seen", "dedicated-fryer"],
  ["ordered", "  Pad thai  "],
  ["note", "Line one\r\nLine two"],
  ...extra,
];

describe("GET, POST /restaurant/{id}/confirm", () => {
  it("the form offers this month and the 24 before it; an unknown restaurant is 404, a closed one 410", async () => {
    const page = (await loader(
      loaderArgs("http://localhost/restaurant/1/confirm", { DB: d1.db }, { id: "1" }),
    )) as DataWithInit;
    expect((page.data as { months: string[] }).months).toHaveLength(25);
    for (const [id, status] of [
      ["999999", 404],
      ["abc", 404],
      ["23", 410],
    ] as const) {
      const { threw, value } = await settle(() =>
        loader(loaderArgs(`http://localhost/restaurant/${id}/confirm`, { DB: d1.db }, { id })),
      );
      expect(threw, id).toBe(true);
      expect((value as DataWithInit).init?.status ?? (value as Response).status, id).toBe(status);
    }
  });

  it("a valid confirmation is stored (kind confirmation, seen joined, text kept), then 303 with the notice", async () => {
    const response = await action(post(3, valid(), "192.0.2.71"));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("Location")).toBe("/restaurant/3");
    expect((response as Response).headers.get("Set-Cookie")).toMatch(/^sb_flash=/);
    const row = await d1.db
      .prepare(
        "SELECT kind, restaurant_id, reason, payload, repeat_key FROM submissions WHERE restaurant_id = 3 AND kind = 'confirmation'",
      )
      .first<{ kind: string; restaurant_id: number; reason: null; payload: string; repeat_key: string | null }>();
    expect(row).toMatchObject({ kind: "confirmation", restaurant_id: 3, reason: null });
    expect(row?.repeat_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(row!.payload)).toEqual({
      condition: "celiac",
      visited: month(),
      outcome: "ate-safely",
      staff: "knowledgeable",
      seen: "dedicated-fryer,gf-menu",
      ordered: "Pad thai",
      note: "Line one\nLine two",
      submitter_email: "",
    });
  });

  it("a second confirmation of the same restaurant from the same client within 30 days: 429, Retry-After, nothing stored", async () => {
    expect(((await action(post(4, valid(), "192.0.2.72"))) as Response).status).toBe(303);
    const second = await action(post(4, withField("condition", "vegan"), "192.0.2.72"));
    const again = expectStatus(second, 429);
    expect(new Headers(again.init?.headers).get("Retry-After")).toBe(String(30 * 86_400));
    expect(again.data).toMatchObject({
      status: "repeated",
      result: { error: { "": ["You have already told us about this restaurant recently."] } },
    });
    const { n } = (await d1.db
      .prepare("SELECT count(*) AS n FROM submissions WHERE restaurant_id = 4 AND kind = 'confirmation'")
      .first<{ n: number }>())!;
    expect(n).toBe(1);
    // Another restaurant from the same client is fine.
    expect(((await action(post(5, valid(), "192.0.2.72"))) as Response).status).toBe(303);
  });

  it.each([
    [
      "no condition",
      [
        ["visited", "2026-01"],
        ["outcome", "ate-safely"],
      ],
      "condition",
    ],
    ["an unknown condition", withField("condition", "hungry"), "condition"],
    ["a month in the future", withField("visited", monthsAgo(new Date(), -1)), "visited"],
    ["a month 25 months back", withField("visited", monthsAgo(new Date(), 25)), "visited"],
    ["an unknown outcome", withField("outcome", "meh"), "outcome"],
    ["an unknown sign", valid([["seen", "chef-hat"]]), "seen"],
    ["'ordered' over 140 characters", withField("ordered", "x".repeat(141)), "ordered"],
    ["a note over 1,000 characters", withField("note", "x".repeat(1001)), "note"],
    ["a hidden character in 'ordered'", withField("ordered", "Pho\u202e"), "ordered"],
    ["a bad email", valid([["submitter_email", "not-an-email"]]), "submitter_email"],
  ] as [string, [string, string][], string][])(
    "400 for %s, with the message beside the field",
    async (_t, fields, field) => {
      const answer = expectStatus(await action(post(6, fields, "192.0.2.73")), 400);
      const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
      expect(Object.keys(errors).some((key) => key === field || key.startsWith(`${field}[`))).toBe(true);
      const { n } = (await d1.db
        .prepare("SELECT count(*) AS n FROM submissions WHERE restaurant_id = 6")
        .first<{ n: number }>())!;
      expect(n).toBe(0);
    },
  );
});
