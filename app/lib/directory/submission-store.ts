// The submissions half of the data port: what the app asks of a backend to keep visitors'
// suggestions, reports and confirmations (SubmissionStore, with the public key) and to review them
// (ReviewStore, with the secret key: only the review routes and the purge job ask for one).
// Both adapters implement them: directory/d1/submissions.server.ts and
// directory/supabase/submissions.server.ts.
import {
  BASE_LISTING_COLUMNS,
  DEDICATED_FLAG_COLUMNS,
  DIET_FLAG_COLUMNS,
  LISTING_TEXT_COLUMNS,
  PRACTICE_COLUMNS,
  TRUST_COLUMNS,
} from "./columns";
import type { ConfirmationAnswers } from "../trust/confirmations";

export const REPORT_REASONS = ["closed", "hours", "diet", "contact", "confirm", "other"] as const;
type ReportReason = (typeof REPORT_REASONS)[number];

/** Every submitted field by its form name, as typed after trimming. */
export type Payload = Record<string, string | boolean | null>;

export type NewSubmission =
  | { kind: "restaurant"; payload: Payload }
  | { kind: "report"; restaurantId: number; reason: ReportReason; payload: Payload }
  | { kind: "confirmation"; restaurantId: number; payload: Payload };

/**
 * What the store did: kept it, had it already (the same within a minute), or refused it: too
 * many from this client, or (a confirmation) this client confirmed this restaurant already
 * within CONFIRM_AGAIN_AFTER_DAYS (app/lib/trust/confirmations.ts).
 */
type StoreOutcome = "stored" | "duplicate" | "limited" | "repeated";

/** At most this many stored submissions per client (an IPv4 address or an IPv6 /64) within SUBMISSION_WINDOW_SECONDS. */
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

/**
 * The kinds of submission. `confirmation` (a diner's account of a meal, the contract's
 * section 10) is stored by its own form; the queue already counts, filters and orders it.
 */
export const SUBMISSION_KINDS = ["restaurant", "report", "confirmation"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return (SUBMISSION_KINDS as readonly unknown[]).includes(value);
}

/**
 * The restaurant columns a reviewer may edit (the form fields of the queue, by column name);
 * `country` is the ISO 3166-1 alpha-2 code (the contract's section 14), on which `state` and
 * `zip_code` depend.
 */
export const EDITABLE_TEXT_COLUMNS = ["name", "cuisine_type", ...LISTING_TEXT_COLUMNS, "country"] as const;
/** Edited in a multi-line box and kept with their line breaks; every other text column is one line. */
export const MULTI_LINE_COLUMNS = ["description"] as const;
/** The diets served, and those served exclusively. */
export const EDITABLE_FLAG_COLUMNS = [...DIET_FLAG_COLUMNS, ...DEDICATED_FLAG_COLUMNS] as const;
/** Celiac kitchen practices: true, false, or null (not known). */
export const EDITABLE_PRACTICE_COLUMNS = PRACTICE_COLUMNS;
/**
 * What a decision stamps, never edited by hand: `verified_at` (today) and `verified_how` when
 * the reviewer ticks 'I verified these facts' and says how; `closed_at` (today) for an approved
 * 'closed' report, null again when a report is approved with 'reopen'.
 */
export const STAMP_COLUMNS = ["verified_at", "verified_how", "closed_at"] as const;

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

/**
 * The listing columns whose every change bumps `restaurants.version` (the contract's section
 * 4 columns, verified_how and country): the triggers restaurants_version of both backends name exactly
 * these (tests/integration/submissions-*.test.ts check it).
 */
export const LISTING_COLUMNS = [
  ...BASE_LISTING_COLUMNS,
  "created_at",
  ...TRUST_COLUMNS,
  "verified_how",
  "country",
] as const;

/** A restaurant's listing as the queue shows and compares it: the writable columns and the version. */
export type Listing = RestaurantColumns & { id: number; version: number };

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

/**
 * A pending submission; `urgent` when it comes first (a report that the dietary information
 * is wrong or that the place closed, a confirmation of a reaction or of a diner who could not
 * order); for a report or a confirmation, the restaurant's current listing.
 */
export type PendingSubmission = StoredSubmission & { urgent: boolean; restaurant: Listing | null };

/** One column a decision changes, as listing_changes keeps it: text ('true'/'false' for flags), or null. */
export type ListingChange = { column: WritableColumn; oldValue: string | null; newValue: string | null };

export type RestaurantWrite =
  | { action: "insert"; columns: RestaurantColumns; changes: ListingChange[] }
  | {
      action: "update";
      restaurantId: number;
      /** The listing's version the columns were compared with: written only if it is still current. */
      version: number;
      columns: RestaurantColumns;
      changes: ListingChange[];
    }
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

/**
 * What a decision did: decided; nothing, because the submission was no longer pending
 * ("conflict") or the listing is no longer at the version it was compared with ("stale"), or
 * because the table refused a value ("refused", with the column when the backend names it).
 */
export type DecideOutcome =
  { outcome: "decided" | "conflict" | "stale" } | { outcome: "refused"; column: WritableColumn | null };

/** Pending submissions on one page of the queue. */
export const QUEUE_PAGE_SIZE = 50;

/**
 * A confirmation as approving publishes it: the submission's id and what the diner said, as
 * the app reads it from the payload with the reviewer's edits (app/lib/submissions/decisions.ts).
 */
export type ConfirmationPublication = { id: number } & ConfirmationAnswers;

/** How many are pending of one kind and reason (reason null for suggestions and confirmations). */
export type PendingCount = { kind: SubmissionKind; reason: ReportReason | null; pending: number };

/** One recorded change of a listing (table listing_changes). */
export type ListingChangeRecord = {
  id: number;
  submissionId: number | null;
  column: string;
  oldValue: string | null;
  newValue: string | null;
  changedBy: string;
  changedAt: string;
};

/** Changes of a listing on one page of its history. */
export const HISTORY_PAGE_SIZE = 50;

export interface ReviewStore {
  /**
   * One page of pending submissions (at most QUEUE_PAGE_SIZE), of one kind or all: the urgent
   * first, then oldest first.
   */
  listPending(page: { kind: SubmissionKind | null; offset: number; limit: number }): Promise<PendingSubmission[]>;
  /** How many are pending, by kind and reason. */
  countPending(): Promise<PendingCount[]>;
  getSubmission(id: number): Promise<StoredSubmission | null>;
  /** Those of `ids` that exist (at most QUEUE_PAGE_SIZE), by id. */
  getSubmissions(ids: number[]): Promise<StoredSubmission[]>;
  /**
   * Approves confirmations: each whose submission is still a pending confirmation is published
   * (table confirmations) and its submission records the decision, each all or nothing; the
   * listing's columns are untouched. Returns the ids published (the others were not pending).
   */
  publishConfirmations(items: ConfirmationPublication[], reviewer: string, reviewedAt: string): Promise<number[]>;
  /** A restaurant's current listing; null when there is no such restaurant. */
  getListing(restaurantId: number): Promise<Listing | null>;
  /** A restaurant's recorded changes, newest first, at most `limit` (HISTORY_PAGE_SIZE) from `offset`. */
  listChanges(restaurantId: number, offset: number, limit: number): Promise<ListingChangeRecord[]>;
  /**
   * Applies the decision, all or nothing, if the submission is still pending and, for an
   * update, the listing still at `write.version`; records every change in listing_changes.
   */
  decide(decision: Decision): Promise<DecideOutcome>;
  /**
   * Erases submitter_email and submitter_phone from the payloads of at most `limit`
   * submissions decided before `decidedBefore`, and the client keys of submissions made
   * before `clientKeysBefore`; returns how many rows it changed.
   */
  purgeContacts(decidedBefore: string, clientKeysBefore: string, limit: number): Promise<number>;
  /** Erases the repeat keys of at most `limit` submissions made before `before`; returns how many. */
  purgeRepeatKeys(before: string, limit: number): Promise<number>;
}
