// The fields of 'Ate here? Tell other diners' (docs/decisions/0022-confirmations-from-diners.md): who ate, when, what
// happened, and optionally what the staff knew, what the diner saw, what they ordered and a
// note. A plain POST form: it works without JavaScript; the action's Conform result gives the
// values typed and each field's message back.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formState } from "~/lib/submissions/form-result";
import { HONEYPOT_FIELD } from "~/lib/submissions/fields";
import {
  CONDITIONS,
  CONDITION_LABELS,
  NOTE_MAX,
  ORDERED_MAX,
  SEEN_LABELS,
  SEEN_SIGNS,
  STAFF_ANSWERS,
  STAFF_LABELS,
  formatMonth,
  type Month,
  type Outcome,
} from "~/lib/trust/confirmations";
import { Required, TextAreaField, TextField, fieldLabel, inputField } from "./ui/form";
import { focusRing, primaryButton } from "./ui/styles";

/** The answers to 'What happened?', in the diner's words. */
const OUTCOME_CHOICES: Record<Outcome, string> = {
  "ate-safely": "I ate safely",
  reacted: "I reacted",
  "could-not-order": "I could not order safely",
};

function Choices({
  name,
  legend,
  required = false,
  error,
  children,
}: {
  name: string;
  legend: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">
        {legend} {required ? <Required /> : null}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">{children}</div>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Choice({
  type,
  name,
  value,
  label,
  checked,
  required = false,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  label: string;
  checked: boolean;
  required?: boolean;
}) {
  return (
    <label className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5">
      <input
        type={type}
        name={name}
        value={value}
        required={required}
        defaultChecked={checked}
        className={`h-5 w-5 shrink-0 accent-emerald-700 ${focusRing}`}
      />
      <span>{label}</span>
    </label>
  );
}

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
      <Choices name="condition" legend="Who ate?" required error={state.error("condition")}>
        {CONDITIONS.map((condition) => (
          <Choice
            key={condition}
            type="radio"
            name="condition"
            value={condition}
            label={CONDITION_LABELS[condition]}
            checked={state.text("condition") === condition}
            required
          />
        ))}
      </Choices>

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
        {state.error("visited") ? (
          <p id="visited-error" className="mt-1 text-sm font-medium text-red-800" data-testid="error-visited">
            {state.error("visited")}
          </p>
        ) : null}
      </div>

      <Choices name="outcome" legend="What happened?" required error={state.error("outcome")}>
        {(Object.keys(OUTCOME_CHOICES) as Outcome[]).map((outcome) => (
          <Choice
            key={outcome}
            type="radio"
            name="outcome"
            value={outcome}
            label={OUTCOME_CHOICES[outcome]}
            checked={state.text("outcome") === outcome}
            required
          />
        ))}
      </Choices>

      <Choices name="staff" legend="Did the staff know about your condition? (optional)" error={state.error("staff")}>
        {STAFF_ANSWERS.map((answer) => (
          <Choice
            key={answer}
            type="radio"
            name="staff"
            value={answer}
            label={STAFF_LABELS[answer]}
            checked={state.text("staff") === answer}
          />
        ))}
        <Choice type="radio" name="staff" value="" label="I can't say" checked={!state.text("staff")} />
      </Choices>

      <Choices name="seen" legend="What did you see? (optional)" error={state.error("seen")}>
        {SEEN_SIGNS.map((sign) => (
          <Choice
            key={sign}
            type="checkbox"
            name="seen"
            value={sign}
            label={SEEN_LABELS[sign]}
            checked={seen.has(sign)}
          />
        ))}
      </Choices>

      <TextField
        id="ordered"
        name="ordered"
        label="What did you order? (optional)"
        maxLength={ORDERED_MAX}
        defaultValue={state.text("ordered")}
        error={state.error("ordered")}
      />
      <TextAreaField
        id="note"
        name="note"
        label="Anything else other diners should know? (optional)"
        hint="Shown with your confirmation once our team has read it. Please leave out names and contact details."
        rows={4}
        maxLength={NOTE_MAX}
        defaultValue={state.text("note")}
        error={state.error("note")}
      />
      <TextField
        id="submitter_email"
        name="submitter_email"
        label="Your Email (optional, never shown)"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        defaultValue={state.text("submitter_email")}
        error={state.error("submitter_email")}
      />

      {/* Honeypot: hidden from people and assistive technology. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Link to={backTo} className="text-sm font-semibold text-emerald-800 underline">
          Back to the restaurant
        </Link>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Submitting..." : "Send Confirmation"}
        </button>
      </div>
    </Form>
  );
}
