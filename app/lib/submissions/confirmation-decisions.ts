// What approving a confirmation publishes (docs/routes.md, the review queue;
// docs/decisions/0022-confirmations-from-diners.md): the diner's answers read from the submission's payload, with the reviewer's
// edits of the two free texts (to take out a name, a phone number, an insult); never a column
// of the listing. Pure, so that both backends publish exactly the same thing.
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

/** The reviewer's versions of the free texts; absent: as the diner wrote them. */
export type ConfirmationEdits = { ordered?: string; note?: string };

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The edits a queue form sent (`ordered`, `note`), each only when present. */
export function parseConfirmationEdits(
  form: FormData,
): { ok: true; edits: ConfirmationEdits } | { ok: false; error: string } {
  const edits: ConfirmationEdits = {};
  for (const [field, max] of [
    ["ordered", ORDERED_MAX],
    ["note", NOTE_MAX],
  ] as const) {
    const value = form.get(field);
    if (typeof value !== "string") continue;
    if (value.trim().length > max) return { ok: false, error: `${field} must be at most ${max} characters.` };
    edits[field] = value.normalize("NFC").replace(/\r\n?/g, "\n");
  }
  return { ok: true, edits };
}

export type PublicationResult = { ok: true; publication: ConfirmationPublication } | { ok: false; error: string };

/** The confirmation a submission publishes, or why it cannot be (not a confirmation, a bad answer). */
export function confirmationPublication(
  submission: StoredSubmission,
  edits: ConfirmationEdits = {},
): PublicationResult {
  if (submission.kind !== "confirmation") return { ok: false, error: "This submission is not a confirmation." };
  const { condition, visited, outcome, staff, seen, ordered, note } = submission.payload;
  if (!isCondition(condition)) return { ok: false, error: "The confirmation names no known condition." };
  if (typeof visited !== "string" || !isMonth(visited)) return { ok: false, error: "The confirmation names no month." };
  if (!isOutcome(outcome)) return { ok: false, error: "The confirmation names no known outcome." };
  return {
    ok: true,
    publication: {
      id: submission.id,
      condition,
      visited,
      outcome,
      staff: isStaffAnswer(staff) ? staff : null,
      seen: normaliseSeen(typeof seen === "string" ? seen.split(",") : []),
      ordered: textOf(edits.ordered ?? ordered)?.slice(0, ORDERED_MAX) ?? null,
      note: textOf(edits.note ?? note)?.slice(0, NOTE_MAX) ?? null,
    },
  };
}

/**
 * A plain confirmation: the diner ate safely and wrote no note. The queue lists these together,
 * to approve (or reject) several at once; reactions, could-not-order and notes are read one by one.
 */
export function isPlainConfirmation(submission: PendingSubmission | StoredSubmission): boolean {
  return (
    submission.kind === "confirmation" &&
    submission.payload.outcome === "ate-safely" &&
    !textOf(submission.payload.note)
  );
}

/** The ids a bulk form sent in `field` (repeated): positive integers, each once, at most `max`. */
export function parseIds(form: FormData, field: string, max: number): number[] {
  const ids = form
    .getAll(field)
    .map((value) => (typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null))
    .filter((id): id is number => id !== null && Number.isSafeInteger(id));
  return [...new Set(ids)].slice(0, max);
}
