// What each decision writes, restated from the rules of the review queue (docs/routes.md,
// docs/decisions/0021-verification-is-a-deliberate-act.md).
import { describe, expect, it } from "vitest";
import type { Listing, StoredSubmission } from "./store";
import { planDecision, readReviewForm, suggestionColumns, utcDate, type ReviewForm } from "./decisions";

const TODAY = "2026-03-04";

const suggestion: StoredSubmission = {
  id: 1,
  kind: "restaurant",
  restaurantId: null,
  reason: null,
  payload: {
    name: "Rice & Co",
    city: "Portland",
    state: "OR",
    address: "",
    zip: "97201",
    phone: "(555) 010-0111",
    website: "https://rice.example.test",
    submitter_email: "me@example.test",
    submitter_phone: "",
    cuisine: "Thai",
    notes: "Great.",
    gluten_free: true,
    dairy_free: false,
    vegetarian: true,
    vegan: false,
    gluten_free_only: true,
    dairy_free_only: false,
    vegetarian_only: false,
    vegan_only: false,
    gf_dedicated_fryer: "yes",
    gf_separate_prep: "no",
    gf_trained_staff: null,
  },
  status: "pending",
  createdAt: "2026-03-01T10:00:00.000Z",
  reviewedAt: null,
  reviewedBy: null,
};

const report = (reason: StoredSubmission["reason"]): StoredSubmission => ({
  ...suggestion,
  kind: "report",
  restaurantId: 7,
  reason,
  payload: { reason, details: "x", submitter_email: "" },
});

const listing: Listing = {
  id: 7,
  version: 12,
  name: "Green Leaf",
  cuisine_type: "Thai",
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  zip_code: "97201",
  phone_number: "(555) 010-0100",
  email_address: null,
  website_url: "https://green.example",
  menu_url: null,
  hours_of_operation: "Daily 11am-9pm",
  description: "First paragraph.\n\nSecond paragraph.",
  is_gluten_free: true,
  is_dairy_free: false,
  is_vegetarian: true,
  is_vegan: false,
  gluten_free_only: false,
  dairy_free_only: false,
  vegetarian_only: false,
  vegan_only: false,
  gf_dedicated_fryer: true,
  gf_separate_prep: null,
  gf_trained_staff: null,
  verified_at: "2025-01-02",
  verified_how: null,
  closed_at: null,
};

/** The queue's form for `listing` as it was loaded, with some fields changed. */
function formOf(entries: Record<string, string>, base: Listing | null = listing): FormData {
  const data = new FormData();
  if (base) {
    data.set("version", String(base.version));
    for (const [column, value] of Object.entries(base)) {
      if (["id", "version", "verified_at", "verified_how", "closed_at"].includes(column)) continue;
      if (column.startsWith("gf_")) {
        data.set(column, value === true ? "yes" : value === false ? "no" : "");
      } else if (typeof value === "boolean") {
        data.append(column, "0");
        if (value) data.append(column, "1");
      } else {
        data.set(column, value === null ? "" : String(value));
      }
    }
  }
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

function read(entries: Record<string, string>, base: Listing | null = listing): ReviewForm {
  const result = readReviewForm(formOf(entries, base));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.form;
}

describe("suggestionColumns", () => {
  it("maps the form's fields to the restaurant's columns; blanks are null; nothing of the submitter", () => {
    expect(suggestionColumns(suggestion.payload)).toEqual({
      name: "Rice & Co",
      cuisine_type: "Thai",
      address: null,
      city: "Portland",
      state: "OR",
      zip_code: "97201",
      phone_number: "(555) 010-0111",
      email_address: null,
      website_url: "https://rice.example.test",
      menu_url: null,
      hours_of_operation: null,
      description: null,
      is_gluten_free: true,
      is_dairy_free: false,
      is_vegetarian: true,
      is_vegan: false,
      gluten_free_only: true,
      dairy_free_only: false,
      vegetarian_only: false,
      vegan_only: false,
      gf_dedicated_fryer: true,
      gf_separate_prep: false,
      gf_trained_staff: null,
    });
  });

  it("a stored website that is not http(s) is not published", () => {
    expect(suggestionColumns({ ...suggestion.payload, website: "javascript:alert(1)" }).website_url).toBeNull();
    expect(suggestionColumns({ ...suggestion.payload, website: "https:example.com" }).website_url).toBeNull();
  });
});

describe("readReviewForm", () => {
  it("takes only the columns sent; the last value of a flag wins (hidden 0, then the box)", () => {
    const data = new FormData();
    for (const [key, value] of [
      ["decision", "approve"],
      ["name", "  Rice and Co "],
      ["description", ""],
      ["is_vegan", "0"],
      ["is_vegan", "1"],
      ["is_dairy_free", "0"],
      ["gf_trained_staff", "yes"],
      ["gf_separate_prep", ""],
      ["state", "oregon"],
    ]) {
      data.append(key!, value!);
    }
    expect(readReviewForm(data)).toEqual({
      ok: true,
      form: {
        decision: "approve",
        edits: {
          name: "Rice and Co",
          description: null,
          state: "OR",
          is_vegan: true,
          is_dairy_free: false,
          gf_trained_staff: true,
          gf_separate_prep: null,
        },
        version: null,
        verifiedHow: null,
        reopen: false,
      },
    });
  });

  it("the description keeps its paragraphs (line ends as LF)", () => {
    expect(read({ decision: "approve", description: " One.\r\n\r\nTwo.\r\nThree. " }).edits.description).toBe(
      "One.\n\nTwo.\nThree.",
    );
  });

  it("verified=1 needs how; how without verified=1 verifies nothing", () => {
    expect(read({ decision: "approve", verified: "1", verified_how: "phone" }).verifiedHow).toBe("phone");
    expect(read({ decision: "approve", verified_how: "phone" }).verifiedHow).toBeNull();
    const missing = readReviewForm(formOf({ decision: "approve", verified: "1" }));
    expect(missing).toEqual({ ok: false, errors: { verified_how: "Please say how you verified these facts." } });
    const unknown = readReviewForm(formOf({ decision: "approve", verified: "1", verified_how: "psychic" }));
    expect(unknown.ok).toBe(false);
  });

  it.each<[string, Record<string, string>, string]>([
    ["an unknown decision", { decision: "maybe" }, "decision"],
    ["a flag that is not yes or no", { decision: "approve", is_vegan: "maybe" }, "is_vegan"],
    ["a practice that is not yes, no or blank", { decision: "approve", gf_trained_staff: "1" }, "gf_trained_staff"],
    ["a version that is not a number", { decision: "approve", version: "v12" }, "version"],
  ])("refuses %s, beside its field", (_label, entries, field) => {
    const result = readReviewForm(formOf(entries));
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toEqual([field]);
  });
});

describe("planDecision", () => {
  it("reject writes nothing", () => {
    expect(planDecision(suggestion, read({ decision: "reject", name: "X" }, null), null, TODAY)).toEqual({
      ok: true,
      write: { action: "none" },
    });
    expect(planDecision(report("closed"), read({ decision: "reject" }), listing, TODAY)).toEqual({
      ok: true,
      write: { action: "none" },
    });
  });

  it("approving a suggestion inserts the payload with the edits over it, not verified, every column recorded", () => {
    const plan = planDecision(
      suggestion,
      read({ decision: "approve", name: "Rice and Co", hours_of_operation: "Daily 9am-5pm" }, null),
      null,
      TODAY,
    );
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
    const plan = planDecision(
      suggestion,
      read({ decision: "approve", verified: "1", verified_how: "phone" }, null),
      null,
      TODAY,
    );
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
    expect(planDecision(spoofed, read({ decision: "approve" }, null), null, TODAY)).toMatchObject({
      ok: false,
      errors: { city: expect.stringContaining("invisible") },
    });
    const plain = { ...suggestion, payload: { ...suggestion.payload, state: "oregon" } };
    expect(planDecision(plain, read({ decision: "approve" }, null), null, TODAY)).toMatchObject({
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
