// What a form needs from its action's Conform result (parseWithZod(...).reply()): the values
// as typed (to render the form again), each field's first message and, with the schema's
// input constraints (getZodConstraint), each text field's attributes. Read straight from the
// result, the same on the server's render and in the browser.
import type { SubmissionResult } from "@conform-to/react";
import { NOTICES, type Notice } from "../web/notices";

type Result = SubmissionResult<string[]> | null | undefined;

/** A schema's input constraints by field name, as getZodConstraint gives them. */
export type Constraints = Record<string, { required?: boolean; maxLength?: number } | undefined>;

export type FormState = {
  /** The typed value of a text field ("" when absent). */
  text(name: string): string;
  /** Whether a checkbox was checked. */
  checked(name: string): boolean;
  /** The first message for a field (or for one of a repeated field's values), if any. */
  error(name: string): string | undefined;
  /** What a text field takes from its form: its name, the kept value, the message and the constraints. */
  field(name: string): {
    id: string;
    name: string;
    error: string | undefined;
    defaultValue: string;
    required: boolean | undefined;
    maxLength: number | undefined;
  };
};

export function formState(result: Result, constraints: Constraints = {}): FormState {
  const values = (result?.initialValue ?? {}) as Record<string, unknown>;
  const errors = result?.error ?? {};
  const state: FormState = {
    text: (name) => (typeof values[name] === "string" ? values[name] : ""),
    checked: (name) => values[name] === "on" || values[name] === "true",
    // A repeated field's message may sit on one of its values (`seen[1]`: a value the form does not offer).
    error: (name) => errors[name]?.[0] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}[`))?.[1]?.[0],
    field: (name) => ({
      id: name,
      name,
      error: state.error(name),
      defaultValue: state.text(name),
      required: constraints[name]?.required,
      maxLength: constraints[name]?.maxLength,
    }),
  };
  return state;
}

/** The form's `key`: new values from an answer render a new form, whose inputs show them. */
export function formKey(result: Result): string {
  return result ? JSON.stringify(result.initialValue ?? null) : "form";
}

/**
 * The notice for an action's refusal: too many from this client, or `failure` when the store
 * could not keep it. (A restaurant this client confirmed within 30 days is said once, by the
 * form's own message above its fields, with JavaScript and without: issue 39.) A new object
 * for each answer: ServerNotice toasts a notice once per object, so a second refusal in a row
 * toasts again.
 */
export function refusalNotice(answer: { status: string } | undefined, failure: Notice): Notice | null {
  const notice =
    answer?.status === "limited" ? NOTICES.tooManySubmissions : answer?.status === "failed" ? failure : null;
  return notice ? { ...notice } : null;
}
