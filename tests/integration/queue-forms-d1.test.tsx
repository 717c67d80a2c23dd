// Every decision form the review queue renders is one the server accepts (issue 37), on a real
// local D1: submissions of every kind sent through the public forms with texts at their limits
// in characters that are three bytes in UTF-8 (nine url-encoded), a listing whose description
// and hours are as long as they may be, then the queue rendered by its own loader and
// component, and each form on it posted back unchanged, url-encoded as a browser sends it,
// with its approve button: each answers 303 and is decided.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action as confirmAction } from "~/routes/restaurant.$id_.confirm";
import { action as reportAction } from "~/routes/restaurant.$id_.report";
import { action as decideAction } from "~/routes/review.$submissionId";
import ReviewQueue, { action as bulkAction, loader as queueLoader } from "~/routes/review._index";
import { action as suggestAction } from "~/routes/submit-restaurant";
import { REPORT_REASONS } from "~/lib/directory/submission-store";
import { monthsAgo } from "../fixtures/reference-search";
import { loadSharedFixture, useD1 } from "../support/d1";
import { formsIn } from "../support/html-forms";
import { useLocalAccess } from "../support/local-access";
import { settle, type DataWithInit } from "../support/loaders";
import { renderRoute } from "../support/render-route";

const d1 = useD1(loadSharedFixture);
const access = useLocalAccess();

/** U+0939 DEVANAGARI LETTER HA: three bytes in UTF-8, nine url-encoded; NFC keeps it one character. */
const WIDE = "\u0939";
let serial = 0;
const nextIp = () => `10.125.0.${++serial}`;

const args = (request: Request, env: Partial<Env>, params: Record<string, string> = {}) =>
  ({ request, params, context: { cloudflare: { env } } }) as unknown as ActionFunctionArgs;

/** A public form's post, multipart (the public forms' 16 KB hold every valid value that way). */
function post(url: string, fields: [string, string][]): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(url, { method: "POST", headers: { "CF-Connecting-IP": nextIp() }, body });
}

const statusOf = (value: unknown): number | undefined =>
  value instanceof Response ? value.status : (value as DataWithInit).init?.status;

const reviewEnv = () => ({ DB: d1.db, ...access.vars() }) as Partial<Env>;

async function sendEveryKind() {
  const env = { DB: d1.db };
  const suggestion = await suggestAction(
    args(
      post("http://localhost/submit-restaurant", [
        ["name", WIDE.repeat(200)],
        ["city", "Portland"],
        ["state", "OR"],
        ["address", WIDE.repeat(200)],
        ["zip", "97201"],
        ["phone", "(555) 010-0111"],
        ["website", `https://example.test/${"a".repeat(400)}`],
        ["cuisine", WIDE.repeat(100)],
        ["submitter_email", "diner@example.test"],
        ["notes", WIDE.repeat(4000)],
        ["vegan", "on"],
        ["gf_dedicated_fryer", "yes"],
      ]),
      env,
    ),
  );
  expect(statusOf(suggestion), "suggestion").toBe(303);
  // A report of each reason, each about a restaurant of its own (a decision bumps the listing's version).
  for (const [index, reason] of REPORT_REASONS.entries()) {
    const id = String(index + 2);
    const details: [string, string][] = reason === "confirm" ? [] : [["details", WIDE.repeat(2000)]];
    const report = await reportAction(
      args(post(`http://localhost/restaurant/${id}/report`, [["reason", reason], ...details]), env, { id }),
    );
    expect(statusOf(report), reason).toBe(303);
  }
  const month = monthsAgo(new Date(), 1);
  for (const [id, outcome, note] of [
    ["10", "reacted", WIDE.repeat(1000)],
    ["11", "could-not-order", "Nothing without wheat."],
    ["12", "ate-safely", "The fryer is shared."],
    ["13", "ate-safely", ""],
    ["14", "ate-safely", ""],
  ] as const) {
    const confirmation = await confirmAction(
      args(
        post(`http://localhost/restaurant/${id}/confirm`, [
          ["condition", "celiac"],
          ["visited", month],
          ["outcome", outcome],
          ["staff", "knowledgeable"],
          ["seen", "gf-menu"],
          ["ordered", WIDE.repeat(140)],
          ["note", note],
          ["submitter_email", "diner@example.test"],
        ]),
        env,
        { id },
      ),
    );
    expect(statusOf(confirmation), `confirmation ${id}`).toBe(303);
  }
}

async function renderQueue(token: string) {
  const withToken = (request: Request) => new Request(request.url, { headers: { "Cf-Access-Jwt-Assertion": token } });
  return renderRoute({ origin: "http://localhost", env: reviewEnv() }, "/review", {
    path: "review",
    loader: ((a: LoaderFunctionArgs) => queueLoader({ ...a, request: withToken(a.request) })) as never,
    Component: ReviewQueue,
  });
}

describe("the queue's forms, posted back unchanged", () => {
  it("every kind's rendered form is accepted: 303, decided", async () => {
    // A listing with the longest description and hours a column takes: its reports' forms are the largest.
    await d1.db
      .prepare("UPDATE restaurants SET description = ?, hours_of_operation = ? WHERE id = 3")
      .bind(WIDE.repeat(4000), WIDE.repeat(1000))
      .run();
    await sendEveryKind();
    const token = await access.token();
    const { html, status } = await renderQueue(token);
    expect(status).toBe(200);
    const forms = formsIn(html).filter((form) => form.method === "post");
    // One form per suggestion, report and confirmation read one by one, and the bulk form.
    expect(forms.length).toBe(1 + REPORT_REASONS.length + 3 + 1);
    const sizes: number[] = [];
    for (const form of forms) {
      // The bulk form's 'approve every one listed', every other form's 'Approve'.
      const approve =
        form.buttons.find((button) => button.value === "approve-all") ??
        form.buttons.find((button) => button.value === "approve");
      expect(approve, form.action).toBeDefined();
      const body = new URLSearchParams([...form.entries, [approve!.name, approve!.value]]).toString();
      sizes.push(body.length);
      const request = new Request(`http://localhost${form.action}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Cf-Access-Jwt-Assertion": token },
        body,
      });
      const submissionId = form.action.match(/^\/review\/([0-9]+)$/)?.[1];
      const { value } = await settle(() =>
        submissionId
          ? decideAction(args(request, reviewEnv(), { submissionId }))
          : bulkAction(args(request, reviewEnv())),
      );
      expect(statusOf(value), `${form.action}: ${JSON.stringify((value as DataWithInit).data ?? null)}`).toBe(303);
    }
    // The largest is well past the public forms' 16 KB.
    expect(Math.max(...sizes)).toBeGreaterThan(40 * 1024);
    const { n } = (await d1.db
      .prepare("SELECT count(*) AS n FROM submissions WHERE status = 'pending'")
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});
