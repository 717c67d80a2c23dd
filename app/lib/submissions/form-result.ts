// What a form needs from its action's Conform result (parseWithZod(...).reply()): the values
// as typed (to render the form again) and each field's first message. Read straight from
// the result, the same on the server's render and in the browser.
import type { SubmissionResult } from "@conform-to/react";

export type FormState = {
  /** The typed value of a text field ("" when absent). */
  text(name: string): string;
  /** Whether a checkbox was checked. */
  checked(name: string): boolean;
  /** The first message for a field, if any. */
  error(name: string): string | undefined;
};

export function formState(result: SubmissionResult<string[]> | null | undefined): FormState {
  const values = (result?.initialValue ?? {}) as Record<string, unknown>;
  const errors = result?.error ?? {};
  return {
    text: (name) => (typeof values[name] === "string" ? values[name] : ""),
    checked: (name) => values[name] === "on" || values[name] === "true",
    error: (name) => errors[name]?.[0],
  };
}

/**
 * The notice for an action's answer, a new object for each answer: ServerNotice toasts a
 * notice once per object, so a second refusal in a row toasts again.
 */
export function noticeFor<T extends object>(answer: unknown, notice: T | null): T | null {
  return answer && notice ? { ...notice } : null;
}
