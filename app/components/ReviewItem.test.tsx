// The review queue's decision form as the server renders it: the version it was loaded with,
// the description in a multi-line box with its paragraphs, 'I verified these facts' with how
// (never ticked by itself), 'Reopen' only on a closed listing, and after a refused decision the
// message beside its field with the values as typed.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { FieldErrors } from "~/lib/submissions/decisions";
import { listing as queueListing, suggestion } from "~/lib/submissions/decisions.fixtures";
import type { Listing, PendingSubmission } from "~/lib/directory/submission-store";
import { ReviewItem } from "./ReviewItem";

/** The queue's listing (decisions.fixtures.ts) with no address, phone or website, not vegetarian. */
const listing: Listing = {
  ...queueListing,
  address: null,
  phone_number: null,
  website_url: null,
  is_vegetarian: false,
};

const report = (restaurant: Listing, reason: PendingSubmission["reason"] = "diet"): PendingSubmission => ({
  id: 31,
  kind: "report",
  restaurantId: restaurant.id,
  reason,
  payload: { reason, details: "The fryer is shared now.", submitter_email: "" },
  status: "pending",
  createdAt: "2026-03-01T10:00:00.000Z",
  reviewedAt: null,
  reviewedBy: null,
  urgent: reason === "diet" || reason === "closed",
  restaurant,
});

async function render(submission: PendingSubmission, errors?: FieldErrors, values?: Record<string, string>) {
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/review",
      Component: () => <ReviewItem submission={submission} errors={errors} values={values} />,
    },
  ]);
  const context = await handler.query(new Request("http://localhost/review"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

/** The opening tag of the control named `name` (input, select or textarea), or "". */
const control = (html: string, name: string) =>
  new RegExp(`<(input|select|textarea)\\b[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const textarea = (html: string, name: string) =>
  new RegExp(`<textarea\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1];

describe("ReviewItem", () => {
  it("flags a name or description that claims '100%' where the listing does not (issue 39)", async () => {
    const claiming = { ...listing, name: "100% Gluten Free Bakery", gluten_free_only: false };
    const html = await render(report(claiming));
    expect(html).toContain('data-testid="review-claims"');
    expect(html).toContain(
      "The name or description claims 100% gluten-free, which the listing&#x27;s columns do not say.",
    );
    expect(await render(report({ ...claiming, gluten_free_only: true }))).not.toContain('data-testid="review-claims"');
  });

  it("a suggestion shows its country and the form sends it; one that names none is in the US", async () => {
    const canadian: PendingSubmission = {
      ...suggestion,
      id: 32,
      payload: { ...suggestion.payload, city: "Toronto", state: "ON", zip: "M5V 2T6", country: "CA" },
      urgent: false,
      restaurant: null,
    };
    const html = await render(canadian);
    expect(html).toMatch(/<dt[^>]*>Country \(ISO code\)<\/dt><dd[^>]*>CA<\/dd>/);
    expect(attribute(control(html, "country"), "value")).toBe("CA");
    expect(attribute(control(html, "zip_code"), "value")).toBe("M5V 2T6");
    const american = await render({ ...canadian, payload: suggestion.payload });
    expect(attribute(control(american, "country"), "value")).toBe("US");
  });

  it("sends the version it was loaded with; the description is a multi-line box with its paragraphs", async () => {
    const html = await render(report(listing));
    expect(attribute(control(html, "version"), "value")).toBe("12");
    expect(control(html, "description")).toMatch(/^<textarea/);
    expect(textarea(html, "description")).toBe("First paragraph.\n\nSecond paragraph.");
    // Every other text column is one line.
    expect(control(html, "hours_of_operation")).toMatch(/^<input/);
    expect(html).toContain('action="/review/31"');
    expect(html).toContain("Safety first");
    expect(html).toContain('href="/review/restaurant/7"');
  });

  it("'I verified these facts' is never ticked by itself, and says how; 'Reopen' only on a closed listing", async () => {
    const open = await render(report(listing));
    expect(control(open, "verified")).not.toBe("");
    expect(control(open, "verified")).not.toContain("checked");
    expect([...open.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]).slice(-5)).toEqual([
      "",
      "phone",
      "visit",
      "owner",
      "menu",
    ]);
    expect(control(open, "reopen")).toBe("");
    const closed = await render(report({ ...listing, closed_at: "2026-02-01" }, "hours"));
    expect(control(closed, "reopen")).not.toBe("");
    expect(closed.replace(/<!-- -->/g, "")).toContain("marked closed (since Feb 1, 2026)");
  });

  it("after a refused decision: the message beside its field, the values as typed", async () => {
    const html = await render(
      report(listing),
      { website_url: "Please enter a website address starting with http:// or https://." },
      { website_url: "https:example.com", description: "Typed.\n\nAgain.", verified: "1", verified_how: "menu" },
    );
    const website = control(html, "website_url");
    expect(attribute(website, "value")).toBe("https:example.com");
    expect(attribute(website, "aria-invalid")).toBe("true");
    const described = attribute(website, "aria-describedby");
    expect(html).toContain(
      `id="${described}" class="mt-1 text-sm font-medium text-red-800" data-testid="error-s31-website_url">Please enter a website address starting with http:// or https://.</p>`,
    );
    expect(textarea(html, "description")).toBe("Typed.\n\nAgain.");
    expect(control(html, "verified")).toContain("checked");
  });
});
