// The fields of 'Ate here? Tell other diners' (docs/decisions/0022-confirmations-from-diners.md): who ate, when, what
// happened, and optionally what the staff knew, what the diner saw, what they ordered and a
// note. A plain POST form: it works without JavaScript; the action's Conform result gives the
// values typed and each field's message back.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formState } from "~/lib/submissions/form-result";
import {
  CONDITIONS,
  CONDITION_LABELS,
  NOTE_MAX,
  ORDERED_MAX,
  OUTCOMES,
  SEEN_LABELS,
  SEEN_SIGNS,
  STAFF_ANSWERS,
  STAFF_LABELS,
  formatMonth,
  type Month,
  type Outcome,
} from "~/lib/trust/confirmations";
import { EmailField, RestaurantFormEnd } from "./RestaurantFormPage";
import { ChoiceGroup, FieldError } from "./ui/choice";
import { Required, TextAreaField, TextField, fieldLabel, inputField } from "./ui/form";

/** The answers to 'What happened?', in the diner's words. */
const OUTCOME_CHOICES: Record<Outcome, string> = {
  "ate-safely": "I ate safely",
  reacted: "I reacted",
  "could-not-order": "I could not order safely",
};

/** Each value with its label, in the values' order. */
const labelled = <Value extends string>(values: readonly Value[], labels: Record<Value, string>) =>
  values.map((value) => [value, labels[value]] as const);

/** The questions with one answer: who ate and what happened (both required), and what the staff knew. */
const QUESTIONS = {
  condition: { legend: "Who ate?", required: true, options: labelled(CONDITIONS, CONDITION_LABELS) },
  outcome: { legend: "What happened?", required: true, options: labelled(OUTCOMES, OUTCOME_CHOICES) },
  staff: {
    legend: "Did the staff know about your condition? (optional)",
    required: false,
    options: [...labelled(STAFF_ANSWERS, STAFF_LABELS), ["", "I can't say"] as const],
  },
};

export function ConfirmationForm({
  result,
  months,
  backTo,
  submitting,
}: {
  result: SubmissionResult<string[]> | undefined;
  months: Month[];
  backTo: string;
  submitting: boolean;
}) {
  const state = formState(result);
  const seenValue = (result?.initialValue as Record<string, unknown> | undefined)?.seen;
  const seen = new Set(Array.isArray(seenValue) ? seenValue : typeof seenValue === "string" ? [seenValue] : []);
  const formError = result?.error?.[""]?.[0];
  /** A question with one answer, chosen as sent back ('' when none: 'I can't say' for the staff). */
  const question = (name: keyof typeof QUESTIONS) => (
    <ChoiceGroup
      type="radio"
      name={name}
      {...QUESTIONS[name]}
      error={state.error(name)}
      checked={(value) => state.text(name) === value}
    />
  );

  return (
    <Form method="post" className="mt-8 space-y-8" data-testid="confirmation-form">
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-800 bg-red-50 p-4 text-red-900"
          data-testid="form-error"
        >
          {formError}
        </p>
      ) : null}
      {question("condition")}

      <div>
        <label htmlFor="visited" className={fieldLabel}>
          When did you eat there? <Required />
        </label>
        <select
          id="visited"
          name="visited"
          required
          defaultValue={state.text("visited")}
          aria-invalid={state.error("visited") ? true : undefined}
          aria-describedby={state.error("visited") ? "visited-error" : undefined}
          className={inputField}
        >
          <option value="">Choose a month</option>
          {months.map((month) => (
            <option key={month} value={month}>
              {formatMonth(month)}
            </option>
          ))}
        </select>
        <FieldError name="visited" error={state.error("visited")} />
      </div>

      {question("outcome")}
      {question("staff")}
      <ChoiceGroup
        type="checkbox"
        name="seen"
        legend="What did you see? (optional)"
        error={state.error("seen")}
        options={labelled(SEEN_SIGNS, SEEN_LABELS)}
        checked={(sign) => seen.has(sign)}
      />

      <TextField {...state.field("ordered")} label="What did you order? (optional)" maxLength={ORDERED_MAX} />
      <TextAreaField
        {...state.field("note")}
        label="Anything else other diners should know? (optional)"
        hint="Shown with your confirmation once our team has read it. Please leave out names and contact details."
        rows={4}
        maxLength={NOTE_MAX}
      />
      <EmailField {...state.field("submitter_email")} label="Your Email (optional, never shown)" maxLength={254} />

      <RestaurantFormEnd label="Send Confirmation" restaurant={backTo} submitting={submitting} />
    </Form>
  );
}
