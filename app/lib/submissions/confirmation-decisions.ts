// What approving a confirmation publishes (docs/routes.md, the review queue;
// docs/decisions/0022-confirmations-from-diners.md): the diner's answers read from the submission's payload, with the reviewer's
// edits of the two free texts (to take out a name, a phone number, an insult); never a column
// of the listing. The texts follow ./text.ts (normalised, then measured and checked), and are
// never cut short. Pure, so that both backends publish exactly the same thing.
import {
  NOTE_MAX,
  ORDERED_MAX,
  isCondition,
  isMonth,
  isOutcome,
  isStaffAnswer,
  normaliseSeen,
} from "../trust/confirmations";
import type { ConfirmationPublication, PendingSubmission, StoredSubmission } from "../directory/submission-store";
import { keptText, textProblem } from "./text";

/** The reviewer's versions of the free texts; absent: as the diner wrote them. */
export type ConfirmationEdits = { ordered?: string; note?: string };

/** Messages by field: `ordered`, `note`, or `decision` for the answers themselves. */
export type ConfirmationErrors = Record<string, string>;

/** The free texts: `ordered` one line, `note` paragraphs, each with its limit (./text.ts). */
const FREE_TEXTS = [
  ["ordered", "line", ORDERED_MAX],
  ["note", "paragraphs", NOTE_MAX],
] as const;

/** The edits a queue form sent (`ordered`, `note`), each only when present, as kept (normalised). */
export function parseConfirmationEdits(form: FormData): ConfirmationEdits {
  const edits: ConfirmationEdits = {};
  for (const [field, shape] of FREE_TEXTS) {
    const value = form.get(field);
    if (typeof value === "string") edits[field] = keptText(value, shape);
  }
  return edits;
}

/**
 * The free texts as approving would publish them (the reviewer's edits, else the diner's
 * words; normalised; null when blank), and why one cannot be published as it stands: too long
 * after normalising, or a character the text module refuses. Never cut short: a text over its
 * limit waits for the reviewer to shorten it.
 */
export function confirmationTexts(
  payload: StoredSubmission["payload"],
  edits: ConfirmationEdits = {},
): { ordered: string | null; note: string | null; errors: ConfirmationErrors } {
  const errors: ConfirmationErrors = {};
  const texts = { ordered: null as string | null, note: null as string | null };
  for (const [field, shape, max] of FREE_TEXTS) {
    const raw = edits[field] ?? payload[field];
    const kept = typeof raw === "string" ? keptText(raw, shape) : "";
    const problem = kept ? textProblem(kept, shape, max) : null;
    if (problem) errors[field] = problem;
    texts[field] = kept || null;
  }
  return { ...texts, errors };
}

export type PublicationResult =
  { ok: true; publication: ConfirmationPublication } | { ok: false; errors: ConfirmationErrors };

/** The confirmation a submission publishes, or why it cannot be (not a confirmation, a bad answer, a text refused). */
export function confirmationPublication(
  submission: StoredSubmission,
  edits: ConfirmationEdits = {},
): PublicationResult {
  const refused = (decision: string): PublicationResult => ({ ok: false, errors: { decision } });
  if (submission.kind !== "confirmation") return refused("This submission is not a confirmation.");
  const { condition, visited, outcome, staff, seen } = submission.payload;
  if (!isCondition(condition)) return refused("The confirmation names no known condition.");
  if (typeof visited !== "string" || !isMonth(visited)) return refused("The confirmation names no month.");
  if (!isOutcome(outcome)) return refused("The confirmation names no known outcome.");
  const { ordered, note, errors } = confirmationTexts(submission.payload, edits);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    publication: {
      id: submission.id,
      condition,
      visited,
      outcome,
      staff: isStaffAnswer(staff) ? staff : null,
      seen: normaliseSeen(typeof seen === "string" ? seen.split(",") : []),
      ordered,
      note,
    },
  };
}

/**
 * A plain confirmation: the diner ate safely and wrote no note, and what they ordered can be
 * published as it stands. The queue lists these together, to approve (or reject) several at
 * once; reactions, could-not-order, notes and a text to shorten are read one by one.
 */
export function isPlainConfirmation(submission: PendingSubmission | StoredSubmission): boolean {
  if (submission.kind !== "confirmation" || submission.payload.outcome !== "ate-safely") return false;
  const { note, errors } = confirmationTexts(submission.payload);
  return note === null && Object.keys(errors).length === 0;
}

/** The ids a bulk form sent in `field` (repeated): positive integers, each once, at most `max`. */
export function parseIds(form: FormData, field: string, max: number): number[] {
  const ids = form
    .getAll(field)
    .map((value) => (typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null))
    .filter((id): id is number => id !== null && Number.isSafeInteger(id));
  return [...new Set(ids)].slice(0, max);
}
