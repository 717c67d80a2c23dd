// The review queue's decision form as a page loaded with `listing` sends it
// (app/components/ReviewItem.tsx): the listing's version, every editable column as it was
// loaded (a hidden 0 before each ticked box's 1, practices as yes/no/blank), then the
// reviewer's own fields over them.
import type { Listing } from "~/lib/directory/submission-store";

const NOT_EDITED = new Set(["id", "version", "verified_at", "verified_how", "closed_at"]);

export function decisionFields(listing: Listing | null, fields: Record<string, string>): [string, string][] {
  const entries: [string, string][] = [];
  if (listing) {
    if (!("version" in fields)) entries.push(["version", String(listing.version)]);
    for (const [column, value] of Object.entries(listing)) {
      if (NOT_EDITED.has(column) || column in fields) continue;
      if (column.startsWith("gf_")) entries.push([column, value === true ? "yes" : value === false ? "no" : ""]);
      else if (typeof value === "boolean") {
        entries.push([column, "0"]);
        if (value) entries.push([column, "1"]);
      } else entries.push([column, value === null || value === undefined ? "" : String(value)]);
    }
  }
  for (const [key, value] of Object.entries(fields)) entries.push([key, value]);
  return entries;
}

export function decisionForm(listing: Listing | null, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of decisionFields(listing, fields)) form.append(key, value);
  return form;
}
