// What a decision of the review queue writes (docs/routes.md, the review queue): pure
// functions from the submission, the reviewer's form, the listing as it is now and today's
// date to the restaurant write, so that both backends apply exactly the same thing.
//
// - Verification is a deliberate act (docs/decisions/0021-verification-is-a-deliberate-act.md):
//   verified_at and verified_how change only when the reviewer ticks 'I verified these facts'
//   (`verified=1`) and says how (`verified_how`); approving or editing alone never does.
// - Only the columns whose values differ from the listing are written, and only to the version
//   of the listing the form was loaded with: a stale form writes nothing (409).
// - A closed listing's report can only be rejected, or approved with `reopen=1`.
// - Every column written is recorded (old and new value) in listing_changes.
// - Text follows ./text.ts, as in the public forms; where the restaurant is (country, state,
//   ZIP or postal code) follows ./address-rules.ts, as in the suggestion form.
import { z } from "zod";
import { stateCode } from "../places/places";
import { NOTE_MAX, ORDERED_MAX } from "../trust/confirmations";
import { isVerificationMethod, type VerificationMethod } from "../trust/trust";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  MULTI_LINE_COLUMNS,
  WRITABLE_COLUMNS,
  type Listing,
  type ListingChange,
  type Payload,
  type RestaurantColumns,
  type RestaurantWrite,
  type StoredSubmission,
  type TextColumn,
  type WritableColumn,
} from "../directory/submission-store";
import { ADDRESS_MESSAGES, checkPostalCode, checkState, subdivisionCode } from "./address-rules";
import { isCountryCode } from "./countries";
import { DEFAULT_COUNTRY } from "./fields";
import { TEXT_MESSAGES, WORST_BYTES_PER_CHARACTER, hasHiddenCharacter, isHttpUrl, keptText, textProblem } from "./text";

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
  country: "country",
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

/** The longest value each text column takes. */
export const COLUMN_MAX_LENGTH: Record<TextColumn, number> = {
  name: 200,
  cuisine_type: 100,
  address: 200,
  city: 200,
  state: 100,
  zip_code: 20,
  phone_number: 40,
  email_address: 254,
  website_url: 500,
  menu_url: 500,
  hours_of_operation: 1000,
  description: 4000,
  country: 2,
};

/**
 * The body limit of the review queue's forms (POST /review/{id}, POST /review): room for the
 * longest form the queue renders, every text column and a confirmation's two texts at their
 * limits in the widest characters, url-encoded, plus 8 KB for the names, the flags, the
 * version and a page of bulk ids. A decision form the queue renders is never refused as too
 * large (issue 37: a 413 for a row holding 2,000 characters of Devanagari).
 */
export const REVIEW_FORM_MAX_BYTES =
  (Object.values(COLUMN_MAX_LENGTH).reduce((sum, max) => sum + max, 0) + ORDERED_MAX + NOTE_MAX) *
    WORST_BYTES_PER_CHARACTER +
  8 * 1024;

const MULTI_LINE = new Set<string>(MULTI_LINE_COLUMNS);
const TEXT = new Set<string>(EDITABLE_TEXT_COLUMNS);

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const practiceOf = (value: unknown): boolean | null => (value === "yes" ? true : value === "no" ? false : null);

/**
 * The restaurant a suggestion proposes: every editable column, from the payload; the country
 * only when the payload names one (a suggestion without it is in the US, as is a row).
 */
export function suggestionColumns(payload: Payload): RestaurantColumns {
  const columns: RestaurantColumns = {};
  for (const column of EDITABLE_TEXT_COLUMNS) {
    const field = SUGGESTION_TEXT[column];
    columns[column] = field ? textOf(payload[field]) : null;
  }
  if (columns.country === null) delete columns.country;
  // Only an http(s) address becomes a link (the form checked it; the table refuses others).
  if (columns.website_url && !isHttpUrl(columns.website_url)) columns.website_url = null;
  for (const column of EDITABLE_FLAG_COLUMNS) columns[column] = payload[SUGGESTION_FLAGS[column]] === true;
  for (const column of EDITABLE_PRACTICE_COLUMNS) columns[column] = practiceOf(payload[column]);
  return columns;
}

const shapeOf = (column: TextColumn) => (MULTI_LINE.has(column) ? "paragraphs" : "line");

/**
 * A text column's value as it is kept: one line or paragraphs (./text.ts); blank is null; a
 * country in capitals; a US state as its code (a state elsewhere: placeOf, which knows the country).
 */
function normaliseText(column: TextColumn, value: string | null): string | null {
  if (value === null) return null;
  const kept = keptText(value, shapeOf(column));
  // A country left blank is the US, as a row that names none.
  if (column === "country") return kept ? kept.toUpperCase() : DEFAULT_COUNTRY;
  if (!kept) return null;
  return column === "state" && !hasHiddenCharacter(kept) ? (stateCode(kept) ?? kept) : kept;
}

/** The country a listing (or a new one) is in: its `country`, the US when it names none. */
const countryOf = (columns: RestaurantColumns | null): string => columns?.country || DEFAULT_COUNTRY;

/**
 * `columns` with the state and postal code among them as the country keeps them (a
 * subdivision's name as its code, a postal code in capitals) where the rules take them; a
 * value they refuse stays as it is, for placeErrors to refuse.
 */
function placeOf(columns: RestaurantColumns, country: string): RestaurantColumns {
  const placed = { ...columns };
  if (typeof placed.state === "string" && country !== DEFAULT_COUNTRY && !hasHiddenCharacter(placed.state)) {
    placed.state = subdivisionCode(country, placed.state) ?? placed.state;
  }
  if (typeof placed.zip_code === "string" && !hasHiddenCharacter(placed.zip_code)) {
    const checked = checkPostalCode(country, placed.zip_code);
    if (checked.ok) placed.zip_code = checked.value;
  }
  return placed;
}

/**
 * What the address rules refuse among the written columns: the state when it or the country
 * is written, the postal code when it or the country is written, each checked in the country
 * the listing will be in (`listing`: the one updated, null for a new one).
 */
function placeErrors(columns: RestaurantColumns, listing: Listing | null): FieldErrors {
  const errors: FieldErrors = {};
  const written = (column: TextColumn) => Object.hasOwn(columns, column);
  const country = written("country") ? countryOf(columns) : countryOf(listing);
  if (written("country") && !isCountryCode(country)) return { country: ADDRESS_MESSAGES.country };
  const value = (column: TextColumn) => (written(column) ? columns[column] : listing?.[column]) ?? "";
  const checks = [
    ["state", checkState],
    ["zip_code", checkPostalCode],
  ] as const;
  for (const [column, check] of checks) {
    if (!written(column) && !written("country")) continue;
    const text = value(column);
    if (hasHiddenCharacter(text)) continue;
    const checked = check(country, text);
    if (!checked.ok) errors[column] = checked.message;
  }
  return errors;
}

/**
 * Why a text column cannot take this (already normalised) value, or null when it can: the text
 * module's rule (./text.ts: refused characters, the length after normalising), then the column's own.
 */
function textError(column: TextColumn, value: string | null): string | null {
  if (value === null) return column === "name" ? "A restaurant needs a name." : null;
  const problem = textProblem(value, shapeOf(column), COLUMN_MAX_LENGTH[column]);
  if (problem) return problem;
  switch (column) {
    case "website_url":
      return isHttpUrl(value) ? null : TEXT_MESSAGES.website;
    case "menu_url":
      return isHttpUrl(value) ? null : TEXT_MESSAGES.menu;
    case "email_address":
      return z.string().email().safeParse(value).success ? null : "Please enter a valid email address.";
    default:
      return null;
  }
}

/** The reviewer's form, read: what to do, the edits, and the deliberate acts. */
export type ReviewForm = {
  decision: "approve" | "reject";
  /** The restaurant's columns by name, each only when the form sent it, normalised. */
  edits: RestaurantColumns;
  /** The listing's version as the form was loaded (null: the form did not say). */
  version: number | null;
  /** Set when 'I verified these facts' is ticked: how. */
  verifiedHow: VerificationMethod | null;
  /** 'Reopen': approve a report on a closed listing, which clears closed_at. */
  reopen: boolean;
};

/** Messages by field name (a column, `verified_how`, `reopen`, `decision`, `version`). */
export type FieldErrors = Record<string, string>;

const YES = ["1", "on", "true"];
const NO = ["0", "false"];

/**
 * Reads the review form. Text is normalised (blank: null); a flag is its last value ("1",
 * "on", "true" or "0", "false": the queue sends a hidden 0 before each checkbox); a practice
 * is yes, no or blank (not known). Whether a text value may be written is decided for the
 * columns that are written (textError), so that a listing's old value the reviewer left alone
 * never stands in the way.
 */
export function readReviewForm(form: FormData): { ok: true; form: ReviewForm } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const sent = form.get("decision");
  const decision = sent === "approve" || sent === "reject" ? sent : null;
  if (!decision) errors.decision = "Choose Approve or Reject.";

  const edits: RestaurantColumns = {};
  for (const column of EDITABLE_TEXT_COLUMNS) {
    const value = form.get(column);
    // Normalised here, measured and checked (textError) for the columns a decision writes.
    if (typeof value === "string") edits[column] = normaliseText(column, value);
  }
  for (const column of EDITABLE_FLAG_COLUMNS) {
    const value = form.getAll(column).at(-1);
    if (typeof value !== "string") continue;
    if (YES.includes(value)) edits[column] = true;
    else if (NO.includes(value)) edits[column] = false;
    else errors[column] = "Please choose yes or no.";
  }
  for (const column of EDITABLE_PRACTICE_COLUMNS) {
    const value = form.get(column);
    if (typeof value !== "string") continue;
    if (["yes", "no", ""].includes(value)) edits[column] = practiceOf(value);
    else errors[column] = "Please choose Yes, No or Not known.";
  }

  const rawVersion = form.get("version");
  let version: number | null = null;
  if (typeof rawVersion === "string" && rawVersion !== "") {
    if (/^[0-9]{1,9}$/.test(rawVersion)) version = Number(rawVersion);
    else errors.version = "The form's version is not a number.";
  }

  const verified = YES.includes(String(form.getAll("verified").at(-1) ?? ""));
  const how = form.get("verified_how");
  let verifiedHow: VerificationMethod | null = null;
  if (verified) {
    if (isVerificationMethod(how)) verifiedHow = how;
    else errors.verified_how = "Please say how you verified these facts.";
  }
  const reopen = YES.includes(String(form.getAll("reopen").at(-1) ?? ""));

  if (!decision || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: { decision, edits, version, verifiedHow, reopen } };
}

/** A column's value as listing_changes keeps it: text, 'true'/'false' for flags, or null. */
function valueText(value: string | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "boolean" ? String(value) : value;
}

/** What a column holds when nothing was written to it: false for the diet flags, null otherwise. */
function emptyValue(column: WritableColumn): boolean | null {
  return (EDITABLE_FLAG_COLUMNS as readonly string[]).includes(column) ? false : null;
}

function columnsIn(columns: RestaurantColumns): WritableColumn[] {
  return WRITABLE_COLUMNS.filter((column) => Object.hasOwn(columns, column));
}

const isTextColumn = (column: WritableColumn): column is TextColumn => TEXT.has(column);

/** The messages for the text columns among `columns`. */
function errorsOf(columns: RestaurantColumns): FieldErrors {
  const errors: FieldErrors = {};
  for (const column of columnsIn(columns)) {
    if (!isTextColumn(column)) continue;
    const message = textError(column, columns[column] ?? null);
    if (message) errors[column] = message;
  }
  return errors;
}

export type DecisionPlan =
  | { ok: true; write: RestaurantWrite }
  /** A value that cannot be written, with the message beside its field. */
  | { ok: false; status: 400; errors: FieldErrors }
  /** The form was loaded before the listing changed ("stale"), or the listing is closed ("closed"). */
  | { ok: false; status: 409; reason: "stale" | "closed" };

/**
 * The restaurant write of a decision. Reject: none. Approve a suggestion: a new restaurant
 * from the payload and the edits (edits win). Approve a report: `closed` closes the listing
 * today, any other reason writes the edited columns that differ from the listing; on a closed
 * listing only with `reopen`, which clears closed_at. Approve a confirmation: none (the
 * listing's columns are untouched). Verified today, and how, only when ticked.
 */
export function planDecision(
  submission: StoredSubmission,
  form: ReviewForm,
  listing: Listing | null,
  today: string,
): DecisionPlan {
  if (form.decision === "reject") return { ok: true, write: { action: "none" } };
  const verified: RestaurantColumns = form.verifiedHow ? { verified_at: today, verified_how: form.verifiedHow } : {};

  if (submission.kind === "restaurant") {
    const proposed: RestaurantColumns = { ...suggestionColumns(submission.payload), ...form.edits };
    let columns: RestaurantColumns = { ...verified };
    for (const column of EDITABLE_TEXT_COLUMNS) columns[column] = normaliseText(column, proposed[column] ?? null);
    // A new US restaurant is written as before: the table's default is the US.
    if (countryOf(columns) === DEFAULT_COUNTRY) delete columns.country;
    columns = placeOf(columns, countryOf(columns));
    for (const column of EDITABLE_FLAG_COLUMNS) columns[column] = proposed[column];
    for (const column of EDITABLE_PRACTICE_COLUMNS) columns[column] = proposed[column];
    const errors = { ...errorsOf(columns), ...placeErrors(columns, null) };
    if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors };
    const changes: ListingChange[] = columnsIn(columns)
      .filter((column) => columns[column] !== emptyValue(column))
      .map((column) => ({ column, oldValue: null, newValue: valueText(columns[column]) }));
    return { ok: true, write: { action: "insert", columns, changes } };
  }

  // Approving a confirmation publishes it (./confirmation-decisions.ts), never a listing write.
  if (submission.kind === "confirmation") return { ok: true, write: { action: "none" } };

  if (!listing || submission.restaurantId === null || listing.id !== submission.restaurantId) {
    return { ok: false, status: 400, errors: { decision: "The restaurant of this report no longer exists." } };
  }
  if (form.version !== null && form.version !== listing.version) return { ok: false, status: 409, reason: "stale" };
  const closed = Boolean(listing.closed_at);
  if (closed && !form.reopen) return { ok: false, status: 409, reason: "closed" };

  let target: RestaurantColumns;
  if (submission.reason === "closed") {
    if (form.reopen) {
      return { ok: false, status: 400, errors: { reopen: "A report that the place closed cannot reopen it." } };
    }
    target = { closed_at: today, ...verified };
  } else {
    target = placeOf(
      { ...form.edits, ...verified, ...(closed ? { closed_at: null } : {}) },
      form.edits.country ? countryOf(form.edits) : countryOf(listing),
    );
  }

  const columns: RestaurantColumns = {};
  const changes: ListingChange[] = [];
  const comparable = (column: WritableColumn, value: string | boolean | null | undefined) =>
    value === undefined || value === null || value === "" ? emptyValue(column) : value;
  for (const column of columnsIn(target)) {
    const now = comparable(column, listing[column]);
    const next = comparable(column, target[column]);
    if (now === next) continue;
    Object.assign(columns, { [column]: target[column] ?? null });
    changes.push({ column, oldValue: valueText(listing[column]), newValue: valueText(target[column]) });
  }
  const errors = { ...errorsOf(columns), ...placeErrors(columns, listing) };
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors };
  if (changes.length === 0) return { ok: true, write: { action: "none" } };
  return {
    ok: true,
    write: { action: "update", restaurantId: listing.id, version: listing.version, columns, changes },
  };
}

/** Today in UTC, as the date columns keep it (YYYY-MM-DD). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
