// The review queue's test inputs, built by hand: a suggestion, a report, a listing as the
// queue loaded it, and its form with some fields changed (decisions.test.ts, review-form.test.ts,
// and the listing and the suggestion's payload for ReviewItem.test.tsx and the submissions contract).
import type { Listing, StoredSubmission } from "../directory/submission-store";
import { readReviewForm, type ReviewForm } from "./decisions";

export const TODAY = "2026-03-04";

export const suggestion: StoredSubmission = {
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

export const report = (reason: StoredSubmission["reason"]): StoredSubmission => ({
  ...suggestion,
  kind: "report",
  restaurantId: 7,
  reason,
  payload: { reason, details: "x", submitter_email: "" },
});

export const listing: Listing = {
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
export function formOf(entries: Record<string, string>, base: Listing | null = listing): FormData {
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

export function read(entries: Record<string, string>, base: Listing | null = listing): ReviewForm {
  const result = readReviewForm(formOf(entries, base));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.form;
}
