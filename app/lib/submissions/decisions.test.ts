// What each decision writes, restated from the rules of the review queue (docs/routes.md,
// docs/decisions/0021-verification-is-a-deliberate-act.md).
import { describe, expect, it } from "vitest";
import type { StoredSubmission } from "../directory/submission-store";
import { planDecision, suggestionColumns, utcDate } from "./decisions";
import { TODAY, listing, read, report, suggestion } from "./decisions.fixtures";

/** The plan for a suggestion (by default the fixtures') decided with the form `entries`: no listing yet. */
const planSuggestion = (entries: Record<string, string>, submission: StoredSubmission = suggestion) =>
  planDecision(submission, read(entries, null), null, TODAY);

describe("planDecision", () => {
  it("reject writes nothing", () => {
    expect(planSuggestion({ decision: "reject", name: "X" })).toEqual({
      ok: true,
      write: { action: "none" },
    });
    expect(planDecision(report("closed"), read({ decision: "reject" }), listing, TODAY)).toEqual({
      ok: true,
      write: { action: "none" },
    });
  });

  it("approving a suggestion inserts the payload with the edits over it, not verified, every column recorded", () => {
    const plan = planSuggestion({ decision: "approve", name: "Rice and Co", hours_of_operation: "Daily 9am-5pm" });
    const columns = {
      ...suggestionColumns(suggestion.payload),
      name: "Rice and Co",
      hours_of_operation: "Daily 9am-5pm",
    };
    expect(plan).toMatchObject({ ok: true, write: { action: "insert", columns } });
    if (!plan.ok || plan.write.action !== "insert") return;
    expect(plan.write.columns).not.toHaveProperty("verified_at");
    expect(plan.write.changes).toEqual(
      expect.arrayContaining([
        { column: "name", oldValue: null, newValue: "Rice and Co" },
        { column: "is_gluten_free", oldValue: null, newValue: "true" },
        { column: "gf_separate_prep", oldValue: null, newValue: "false" },
      ]),
    );
    // Nothing recorded for what stays empty.
    expect(plan.write.changes.map((c) => c.column)).not.toContain("menu_url");
    expect(plan.write.changes.map((c) => c.column)).not.toContain("is_vegan");
  });

  it("approving a suggestion with 'I verified these facts' by phone: verified today, by phone", () => {
    const plan = planSuggestion({ decision: "approve", verified: "1", verified_how: "phone" });
    expect(plan).toMatchObject({
      ok: true,
      write: { action: "insert", columns: { verified_at: TODAY, verified_how: "phone" } },
    });
  });

  it("approving a report without changing anything and without verifying writes nothing", () => {
    for (const reason of ["diet", "hours", "contact", "confirm", "other"] as const) {
      expect(planDecision(report(reason), read({ decision: "approve" }), listing, TODAY), reason).toEqual({
        ok: true,
        write: { action: "none" },
      });
    }
  });

  it("approving a report writes only the columns that differ, against the version loaded, each recorded", () => {
    const plan = planDecision(
      report("diet"),
      read({
        decision: "approve",
        gf_dedicated_fryer: "no",
        is_gluten_free: "0",
        hours_of_operation: "Daily 11am-9pm",
      }),
      listing,
      TODAY,
    );
    expect(plan).toEqual({
      ok: true,
      write: {
        action: "update",
        restaurantId: 7,
        version: 12,
        columns: { is_gluten_free: false, gf_dedicated_fryer: false },
        changes: [
          { column: "is_gluten_free", oldValue: "true", newValue: "false" },
          { column: "gf_dedicated_fryer", oldValue: "true", newValue: "false" },
        ],
      },
    });
  });

  it("verification is a deliberate act: verified_at and verified_how change only with verified=1 and how", () => {
    const verified = planDecision(
      report("hours"),
      read({ decision: "approve", verified: "1", verified_how: "visit" }),
      listing,
      TODAY,
    );
    expect(verified).toMatchObject({
      ok: true,
      write: { action: "update", columns: { verified_at: TODAY, verified_how: "visit" } },
    });
    const edited = planDecision(
      report("hours"),
      read({ decision: "approve", hours_of_operation: "Mon closed" }),
      listing,
      TODAY,
    );
    expect(edited).toMatchObject({ ok: true, write: { columns: { hours_of_operation: "Mon closed" } } });
    if (edited.ok && edited.write.action === "update") {
      expect(edited.write.columns).not.toHaveProperty("verified_at");
      expect(edited.write.columns).not.toHaveProperty("verified_how");
    }
  });

  it("a form loaded before the listing changed is stale (409), whatever it changes", () => {
    const newer = { ...listing, version: 13, hours_of_operation: "Mon-Sat 8am-2pm" };
    for (const entries of [{ decision: "approve" }, { decision: "approve", phone_number: "(555) 010-0199" }] as Record<
      string,
      string
    >[]) {
      expect(planDecision(report("contact"), read(entries), newer, TODAY)).toEqual({
        ok: false,
        status: 409,
        reason: "stale",
      });
    }
    // Reject needs no current form.
    expect(planDecision(report("contact"), read({ decision: "reject" }), newer, TODAY).ok).toBe(true);
  });

  it("closed is closed: a report on a closed listing is rejected, or approved with reopen (closed_at cleared)", () => {
    const closed = { ...listing, closed_at: "2026-02-01" };
    expect(planDecision(report("hours"), read({ decision: "approve" }), closed, TODAY)).toEqual({
      ok: false,
      status: 409,
      reason: "closed",
    });
    expect(
      planDecision(report("hours"), read({ decision: "approve", verified: "1", verified_how: "phone" }), closed, TODAY),
    ).toMatchObject({ ok: false, status: 409, reason: "closed" });
    expect(planDecision(report("hours"), read({ decision: "reject" }), closed, TODAY)).toEqual({
      ok: true,
      write: { action: "none" },
    });
    expect(
      planDecision(
        report("hours"),
        read({ decision: "approve", reopen: "1", hours_of_operation: "Daily 9am-1pm" }),
        closed,
        TODAY,
      ),
    ).toEqual({
      ok: true,
      write: {
        action: "update",
        restaurantId: 7,
        version: 12,
        columns: { hours_of_operation: "Daily 9am-1pm", closed_at: null },
        changes: [
          { column: "hours_of_operation", oldValue: "Daily 11am-9pm", newValue: "Daily 9am-1pm" },
          { column: "closed_at", oldValue: "2026-02-01", newValue: null },
        ],
      },
    });
    // A second 'closed' report on a closed listing: nothing to approve.
    expect(planDecision(report("closed"), read({ decision: "approve" }), closed, TODAY)).toMatchObject({ status: 409 });
    expect(planDecision(report("closed"), read({ decision: "approve", reopen: "1" }), closed, TODAY)).toMatchObject({
      status: 400,
      errors: { reopen: expect.any(String) },
    });
  });

  it("approving a 'closed' report closes the listing today, edits ignored", () => {
    expect(planDecision(report("closed"), read({ decision: "approve", name: "Ignored" }), listing, TODAY)).toEqual({
      ok: true,
      write: {
        action: "update",
        restaurantId: 7,
        version: 12,
        columns: { closed_at: TODAY },
        changes: [{ column: "closed_at", oldValue: null, newValue: TODAY }],
      },
    });
  });

  it("a confirmation is published without touching the listing", () => {
    const confirmation: StoredSubmission = {
      ...report(null),
      kind: "confirmation",
      payload: { outcome: "ate-safely" },
    };
    expect(
      planDecision(confirmation, read({ decision: "approve", verified: "1", verified_how: "phone" }), listing, TODAY),
    ).toEqual({ ok: true, write: { action: "none" } });
  });

  it.each<[string, Record<string, string>, string, string]>([
    ["a website the URL parser takes", { website_url: "https:example.com" }, "website_url", "website address"],
    ["a script website", { website_url: "javascript:alert(1)" }, "website_url", "website address"],
    ["a menu without a host", { menu_url: "https://" }, "menu_url", "menu address"],
    ["a blank name", { name: "   " }, "name", "needs a name"],
    ["a zero-width space in the city", { city: "Port\u200Bland" }, "city", "invisible"],
    ["a right-to-left override in the name", { name: "\u202Eevil" }, "name", "invisible"],
    ["a tab in the cuisine", { cuisine_type: "Thai\tFood" }, "cuisine_type", "invisible"],
    ["a state that is none", { state: "Ontario" }, "state", "US state"],
    ["an overlong phone", { phone_number: "5".repeat(41) }, "phone_number", "under 40"],
  ])("refuses %s with a message beside its field (400)", (_label, edit, field, message) => {
    const plan = planDecision(report("contact"), read({ decision: "approve", ...edit }), listing, TODAY);
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.status).toBe(400);
    expect(!plan.ok && plan.status === 400 && plan.errors[field]).toContain(message);
  });

  it("a suggestion's stored text is checked too; a state name is kept as its code", () => {
    const spoofed = { ...suggestion, payload: { ...suggestion.payload, city: "Port\u200Bland", state: "Oregon" } };
    expect(planSuggestion({ decision: "approve" }, spoofed)).toMatchObject({
      ok: false,
      errors: { city: expect.stringContaining("invisible") },
    });
    const plain = { ...suggestion, payload: { ...suggestion.payload, state: "oregon" } };
    expect(planSuggestion({ decision: "approve" }, plain)).toMatchObject({
      ok: true,
      write: { columns: { state: "OR" } },
    });
  });

  it("an old value the reviewer left alone never stands in the way", () => {
    const legacy = { ...listing, city: "Port\u200Bland", state: "Oregon" };
    expect(
      planDecision(
        report("hours"),
        read({ decision: "approve", hours_of_operation: "Mon closed" }, legacy),
        legacy,
        TODAY,
      ),
    ).toMatchObject({
      ok: true,
      write: { columns: { hours_of_operation: "Mon closed" } },
    });
  });

  it("today is the UTC date", () => {
    expect(utcDate(new Date("2026-03-04T23:30:00-05:00"))).toBe("2026-03-05");
  });
});
