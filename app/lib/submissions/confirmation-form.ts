// The form 'Ate here? Tell other diners' (/restaurant/{id}/confirm, docs/decisions/0022-confirmations-from-diners.md):
// one zod schema, for the server's validation (Conform's parseWithZod) and the form's input
// constraints; and the payload a valid form is stored as (submission kind 'confirmation').
// Text follows ./text.ts (normalised, then measured), as in every other form.
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
import { line, optionalEmail, paragraphs } from "./schema-parts";
import type { Payload } from "../directory/submission-store";

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
