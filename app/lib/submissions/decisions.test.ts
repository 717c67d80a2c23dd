// What each decision writes, restated from the rules of the review queue (docs/routes.md).
import { describe, expect, it } from "vitest";
import type { StoredSubmission } from "./store";
import { decisionWrite, parseEdits, suggestionColumns, utcDate } from "./decisions";

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

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

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
  });
});

describe("parseEdits", () => {
  it("takes only the columns sent; the last value of a flag wins (hidden 0, then the box)", () => {
    const result = parseEdits(
      form([
        ["name", "  Rice and Co "],
        ["description", ""],
        ["is_vegan", "0"],
        ["is_vegan", "1"],
        ["is_dairy_free", "0"],
        ["gf_trained_staff", "yes"],
        ["gf_separate_prep", ""],
        ["decision", "approve"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      edits: {
        name: "Rice and Co",
        description: null,
        is_vegan: true,
        is_dairy_free: false,
        gf_trained_staff: true,
        gf_separate_prep: null,
      },
    });
  });

  it.each<[string, [string, string][]]>([
    ["a blank name", [["name", "  "]]],
    ["a script website", [["website_url", "javascript:alert(1)"]]],
    ["a script menu", [["menu_url", "data:text/html,x"]]],
    ["a flag that is not yes or no", [["is_vegan", "maybe"]]],
    ["a practice that is not yes, no or blank", [["gf_trained_staff", "1"]]],
    ["an overlong text", [["description", "x".repeat(4001)]]],
  ])("refuses %s", (_label, entries) => {
    expect(parseEdits(form(entries)).ok).toBe(false);
  });
});

describe("decisionWrite", () => {
  it("reject writes nothing", () => {
    expect(decisionWrite(suggestion, "reject", { name: "X" }, TODAY)).toEqual({ ok: true, write: { action: "none" } });
    expect(decisionWrite(report("closed"), "reject", {}, TODAY)).toEqual({ ok: true, write: { action: "none" } });
  });

  it("approving a suggestion inserts the payload with the edits over it, verified today", () => {
    const result = decisionWrite(
      suggestion,
      "approve",
      { name: "Rice and Co", hours_of_operation: "Daily 9am-5pm" },
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      write: {
        action: "insert",
        columns: {
          ...suggestionColumns(suggestion.payload),
          name: "Rice and Co",
          hours_of_operation: "Daily 9am-5pm",
          verified_at: TODAY,
        },
      },
    });
  });

  it("approving a closed report sets closed_at only; confirm sets verified_at only; edits are ignored", () => {
    expect(decisionWrite(report("closed"), "approve", { name: "Ignored" }, TODAY)).toEqual({
      ok: true,
      write: { action: "update", restaurantId: 7, columns: { closed_at: TODAY } },
    });
    expect(decisionWrite(report("confirm"), "approve", { name: "Ignored" }, TODAY)).toEqual({
      ok: true,
      write: { action: "update", restaurantId: 7, columns: { verified_at: TODAY } },
    });
  });

  it.each(["hours", "diet", "contact", "other"] as const)(
    "approving a %s report applies the edits and verifies today",
    (reason) => {
      expect(decisionWrite(report(reason), "approve", { hours_of_operation: "Mon closed" }, TODAY)).toEqual({
        ok: true,
        write: { action: "update", restaurantId: 7, columns: { hours_of_operation: "Mon closed", verified_at: TODAY } },
      });
    },
  );

  it("today is the UTC date", () => {
    expect(utcDate(new Date("2026-03-04T23:30:00-05:00"))).toBe("2026-03-05");
  });
});
