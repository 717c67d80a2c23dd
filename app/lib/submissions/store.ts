// The submissions half of the data port: what the app asks of a backend to keep visitors'
// suggestions, reports and confirmations (SubmissionStore, with the public key) and to review them
// (ReviewStore, with a key only the review routes and the purge job hold). Both adapters
// implement them: d1-submissions.server.ts and supabase-submissions.server.ts.
import type { Condition, Month, Outcome, SeenSign, StaffAnswer } from "../trust/confirmations";

export const REPORT_REASONS = ["closed", "hours", "diet", "contact", "confirm", "other"] as const;
type ReportReason = (typeof REPORT_REASONS)[number];

/** Every submitted field by its form name, as typed after trimming. */
export type Payload = Record<string, string | boolean | null>;

export type NewSubmission =
  | { kind: "restaurant"; payload: Payload }
  | { kind: "report"; restaurantId: number; reason: ReportReason; payload: Payload }
  | { kind: "confirmation"; restaurantId: number; payload: Payload };

type SubmissionKind = NewSubmission["kind"];

/**
 * What the store did: kept it, had it already (the same within a minute), or refused it: too
 * many from this client, or (a confirmation) this client confirmed this restaurant already
 * within CONFIRM_AGAIN_AFTER_DAYS (app/lib/trust/confirmations.ts).
 */
type StoreOutcome = "stored" | "duplicate" | "limited" | "repeated";

/** At most this many stored submissions per client address within SUBMISSION_WINDOW_SECONDS. */
export const SUBMISSIONS_PER_CLIENT = 5;
export const SUBMISSION_WINDOW_SECONDS = 60;

/**
 * The keys of the checks (hashes computed by the app, app/lib/submissions/submit.server.ts);
 * repeatKey (the client and the restaurant) for a confirmation only.
 */
export type SubmissionKeys = { dedupKey: string; clientKey: string; repeatKey?: string };

/** The restaurant a report or a confirmation is about: enough to refuse an unknown (404) or closed (410) one. */
type ReportTarget = { id: number; name: string; closedAt: string | null };

export interface SubmissionStore {
  add(submission: NewSubmission, keys: SubmissionKeys): Promise<StoreOutcome>;
  reportTarget(restaurantId: number): Promise<ReportTarget | null>;
}

/** The restaurant columns a reviewer may edit (the form fields of the queue, by column name). */
export const EDITABLE_TEXT_COLUMNS = [
  "name",
  "cuisine_type",
  "address",
  "city",
  "state",
  "zip_code",
  "phone_number",
  "email_address",
  "website_url",
  "menu_url",
  "hours_of_operation",
  "description",
] as const;
export const EDITABLE_FLAG_COLUMNS = [
  "is_gluten_free",
  "is_dairy_free",
  "is_vegetarian",
  "is_vegan",
  "gluten_free_only",
  "dairy_free_only",
  "vegetarian_only",
  "vegan_only",
] as const;
/** Celiac kitchen practices: true, false, or null (not known). */
export const EDITABLE_PRACTICE_COLUMNS = ["gf_dedicated_fryer", "gf_separate_prep", "gf_trained_staff"] as const;
/** What a decision stamps (today's date), never edited by hand. */
export const STAMP_COLUMNS = ["verified_at", "closed_at"] as const;

export type TextColumn = (typeof EDITABLE_TEXT_COLUMNS)[number];
type FlagColumn = (typeof EDITABLE_FLAG_COLUMNS)[number];
type PracticeColumn = (typeof EDITABLE_PRACTICE_COLUMNS)[number];
type StampColumn = (typeof STAMP_COLUMNS)[number];
type EditableColumn = TextColumn | FlagColumn | PracticeColumn;
export type WritableColumn = EditableColumn | StampColumn;

/** The columns of a restaurant a decision writes; booleans as booleans (the D1 adapter makes them 0/1). */
export type RestaurantColumns = Partial<Record<TextColumn | StampColumn, string | null>> &
  Partial<Record<FlagColumn, boolean>> &
  Partial<Record<PracticeColumn, boolean | null>>;

export const WRITABLE_COLUMNS: readonly WritableColumn[] = [
  ...EDITABLE_TEXT_COLUMNS,
  ...EDITABLE_FLAG_COLUMNS,
  ...EDITABLE_PRACTICE_COLUMNS,
  ...STAMP_COLUMNS,
];

type SubmissionStatus = "pending" | "approved" | "rejected";

export type StoredSubmission = {
  id: number;
  kind: SubmissionKind;
  restaurantId: number | null;
  reason: ReportReason | null;
  payload: Payload;
  status: SubmissionStatus;
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
};

/** A pending submission and, for a report, the restaurant's current listing (its editable columns). */
export type PendingSubmission = StoredSubmission & { restaurant: (RestaurantColumns & { id: number }) | null };

export type RestaurantWrite =
  | { action: "insert"; columns: RestaurantColumns }
  | { action: "update"; restaurantId: number; columns: RestaurantColumns }
  | { action: "none" };

type Decision = {
  id: number;
  status: "approved" | "rejected";
  /** The reviewer's email (the Access token's email claim). */
  reviewer: string;
  /** ISO 8601 UTC. */
  reviewedAt: string;
  write: RestaurantWrite;
};

/** At most this many pending submissions on the queue page, oldest first. */
export const QUEUE_PAGE_SIZE = 50;

/**
 * A confirmation as approving publishes it: the submission's id and what the diner said, as
 * the app reads it from the payload with the reviewer's edits (app/lib/submissions/decisions.ts).
 */
export type ConfirmationPublication = {
  id: number;
  condition: Condition;
  visited: Month;
  outcome: Outcome;
  staff: StaffAnswer | null;
  seen: SeenSign[];
  ordered: string | null;
  note: string | null;
};

export interface ReviewStore {
  /**
   * Pending, at most `limit`: confirmations that report a reaction or that the diner could not
   * order first, then oldest first.
   */
  listPending(limit: number): Promise<PendingSubmission[]>;
  getSubmission(id: number): Promise<StoredSubmission | null>;
  /** Those of `ids` that exist (at most QUEUE_PAGE_SIZE), by id. */
  getSubmissions(ids: number[]): Promise<StoredSubmission[]>;
  /**
   * Approves confirmations: each whose submission is still a pending confirmation is published
   * (table confirmations) and its submission records the decision, each all or nothing; the
   * listing's columns are untouched. Returns the ids published (the others were not pending).
   */
  publishConfirmations(items: ConfirmationPublication[], reviewer: string, reviewedAt: string): Promise<number[]>;
  /** Applies the decision if the submission is still pending (all or nothing); "conflict" if it is not. */
  decide(decision: Decision): Promise<"decided" | "conflict">;
  /**
   * Erases submitter_email and submitter_phone from the payloads of at most `limit`
   * submissions decided before `decidedBefore`, and the client keys of submissions made
   * before `clientKeysBefore`; returns how many rows it changed.
   */
  purgeContacts(decidedBefore: string, clientKeysBefore: string, limit: number): Promise<number>;
  /** Erases the repeat keys of at most `limit` submissions made before `before`; returns how many. */
  purgeRepeatKeys(before: string, limit: number): Promise<number>;
}
