// The form 'Ate here? Tell other diners' (/restaurant/{id}/confirm, docs/decisions/0022-confirmations-from-diners.md):
// one zod schema, for the server's validation (Conform's parseWithZod) and the form's input
// constraints; and the payload a valid form is stored as (submission kind 'confirmation').
import { z } from "zod";
import {
  CONDITIONS,
  NOTE_MAX,
  ORDERED_MAX,
  OUTCOMES,
  SEEN_SIGNS,
  STAFF_ANSWERS,
  normaliseSeen,
  visitMonths,
  type Month,
} from "../trust/confirmations";
import { optionalEmail, paragraphs, tooLong } from "./schema-parts";
import type { Payload } from "../directory/submission-store";

// eslint-disable-next-line no-control-regex -- control characters are what a single line refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Zero-width characters and bidirectional overrides and isolates (docs/routes.md). */
const HIDDEN = /[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/;

/** A short single line ("what I ordered"): trimmed, NFC, nothing hidden; "" when blank. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((value) => !CONTROL.test(value) && !HIDDEN.test(value), "Please remove invisible or control characters.")
    .transform((value) => value.normalize("NFC"))
    .optional()
    .transform((value) => value ?? "");

const email = optionalEmail(line(254));

/**
 * The form's schema for a visit in `current` month or up to 24 months before it (the months the
 * form offers); not in the future.
 */
export function confirmationSchema(current: Month) {
  const months = new Set(visitMonths(current));
  return z.object({
    condition: z.enum(CONDITIONS, { errorMap: () => ({ message: "Please choose who ate." }) }),
    visited: z
      .string({ required_error: "Please choose the month of your visit." })
      .trim()
      .refine((value) => months.has(value), "Please choose a month within the last two years."),
    outcome: z.enum(OUTCOMES, { errorMap: () => ({ message: "Please choose what happened." }) }),
    staff: z
      .enum(STAFF_ANSWERS, { errorMap: () => ({ message: "Please choose one of the answers." }) })
      .optional()
      .transform((value) => value ?? null),
    seen: z
      .array(z.enum(SEEN_SIGNS, { errorMap: () => ({ message: "Please choose from the list." }) }))
      .optional()
      .transform((values) => normaliseSeen(values ?? [])),
    ordered: line(ORDERED_MAX),
    note: paragraphs(NOTE_MAX),
    submitter_email: email,
  });
}

export type ConfirmationForm = z.output<ReturnType<typeof confirmationSchema>>;

/** What is stored: every field by its form name; `seen` as its values joined by commas. */
export function confirmationPayload(form: ConfirmationForm): Payload {
  return {
    condition: form.condition,
    visited: form.visited,
    outcome: form.outcome,
    staff: form.staff,
    seen: form.seen.join(","),
    ordered: form.ordered,
    note: form.note,
    submitter_email: form.submitter_email,
  };
}
