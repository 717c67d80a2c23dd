// What a decision of the review queue writes (docs/routes.md, the review queue): pure
// functions from the submission, the reviewer's edits and today's date to the restaurant
// write, so that both backends apply exactly the same thing.
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  type Payload,
  type RestaurantColumns,
  type RestaurantWrite,
  type StoredSubmission,
  type TextColumn,
} from "./store";
import { isHttpUrl } from "./forms";

/** Text columns of a suggestion's payload, by the column they fill. */
const SUGGESTION_TEXT: Partial<Record<TextColumn, string>> = {
  name: "name",
  cuisine_type: "cuisine",
  address: "address",
  city: "city",
  state: "state",
  zip_code: "zip",
  phone_number: "phone",
  website_url: "website",
};

const SUGGESTION_FLAGS = {
  is_gluten_free: "gluten_free",
  is_dairy_free: "dairy_free",
  is_vegetarian: "vegetarian",
  is_vegan: "vegan",
  gluten_free_only: "gluten_free_only",
  dairy_free_only: "dairy_free_only",
  vegetarian_only: "vegetarian_only",
  vegan_only: "vegan_only",
} as const;

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const practiceOf = (value: unknown): boolean | null => (value === "yes" ? true : value === "no" ? false : null);

/** The restaurant a suggestion proposes: every editable column, from the payload. */
export function suggestionColumns(payload: Payload): RestaurantColumns {
  const columns: RestaurantColumns = {};
  for (const column of EDITABLE_TEXT_COLUMNS) {
    const field = SUGGESTION_TEXT[column];
    columns[column] = field ? textOf(payload[field]) : null;
  }
  // Only an http(s) address becomes a link (the form checked it; the table refuses others).
  if (columns.website_url && !isHttpUrl(columns.website_url)) columns.website_url = null;
  for (const column of EDITABLE_FLAG_COLUMNS) columns[column] = payload[SUGGESTION_FLAGS[column]] === true;
  for (const column of EDITABLE_PRACTICE_COLUMNS) columns[column] = practiceOf(payload[column]);
  return columns;
}

export type EditsResult = { ok: true; edits: RestaurantColumns } | { ok: false; error: string };

/**
 * The reviewer's edits: the restaurant's columns by name, each only when the form sent it.
 * Text is trimmed (blank: null); a flag is its last value ("1", "on", "true" or "0", "false":
 * the queue sends a hidden 0 before each checkbox); a practice is yes, no or blank (not known).
 */
export function parseEdits(form: FormData): EditsResult {
  const edits: RestaurantColumns = {};
  for (const column of EDITABLE_TEXT_COLUMNS) {
    const value = form.get(column);
    if (typeof value !== "string") continue;
    if (value.length > 4000) return { ok: false, error: `${column} is too long.` };
    edits[column] = textOf(value);
  }
  if (form.has("name") && !edits.name) return { ok: false, error: "A restaurant needs a name." };
  for (const column of ["website_url", "menu_url"] as const) {
    const url = edits[column];
    if (url && !isHttpUrl(url)) return { ok: false, error: `${column} must start with http:// or https://.` };
  }
  for (const column of EDITABLE_FLAG_COLUMNS) {
    const value = form.getAll(column).at(-1);
    if (typeof value !== "string") continue;
    if (!["1", "on", "true", "0", "false"].includes(value)) return { ok: false, error: `${column} must be yes or no.` };
    edits[column] = value === "1" || value === "on" || value === "true";
  }
  for (const column of EDITABLE_PRACTICE_COLUMNS) {
    const value = form.get(column);
    if (typeof value !== "string") continue;
    if (!["yes", "no", ""].includes(value)) return { ok: false, error: `${column} must be yes, no or blank.` };
    edits[column] = practiceOf(value);
  }
  return { ok: true, edits };
}

export type WriteResult = { ok: true; write: RestaurantWrite } | { ok: false; error: string };

/**
 * The restaurant write of a decision. Reject: none. Approve a suggestion: a new restaurant
 * from the payload and the edits (edits win), verified today. Approve a report: `closed`
 * closes it today, `confirm` verifies it today, any other reason applies the edits and
 * verifies it today.
 */
export function decisionWrite(
  submission: StoredSubmission,
  decision: "approve" | "reject",
  edits: RestaurantColumns,
  today: string,
): WriteResult {
  if (decision === "reject") return { ok: true, write: { action: "none" } };
  // Approving a confirmation publishes it (./confirmation-decisions.ts), never a listing write.
  if (submission.kind === "confirmation") return { ok: false, error: "A confirmation is published, not written." };
  if (submission.kind === "restaurant") {
    const columns = { ...suggestionColumns(submission.payload), ...edits, verified_at: today };
    if (!columns.name) return { ok: false, error: "A restaurant needs a name." };
    return { ok: true, write: { action: "insert", columns } };
  }
  const restaurantId = submission.restaurantId;
  if (restaurantId === null) return { ok: false, error: "This report names no restaurant." };
  switch (submission.reason) {
    case "closed":
      return { ok: true, write: { action: "update", restaurantId, columns: { closed_at: today } } };
    case "confirm":
      return { ok: true, write: { action: "update", restaurantId, columns: { verified_at: today } } };
    default:
      return { ok: true, write: { action: "update", restaurantId, columns: { ...edits, verified_at: today } } };
  }
}

/** Today in UTC, as the date columns keep it (YYYY-MM-DD). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
