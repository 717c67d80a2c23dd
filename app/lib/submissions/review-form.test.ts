// What the queue's form reads, and the columns a suggestion becomes, restated from the rules
// of the review queue (docs/routes.md, docs/decisions/0021-verification-is-a-deliberate-act.md).
import { describe, expect, it } from "vitest";
import { readReviewForm, suggestionColumns } from "./decisions";
import { formOf, read, suggestion } from "./decisions.fixtures";

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
