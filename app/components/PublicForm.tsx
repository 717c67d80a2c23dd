// What the two public forms ('Suggest a Restaurant', 'Report a problem') share around their
// fields: the box that says some fields need correcting, the honeypot, and the bar with the
// submit button.
import type { InputHTMLAttributes, ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/lib/submissions/fields";
import { primaryButton } from "./ui/styles";

/** Above the form after a 400: the fields themselves carry the messages. */
export function InvalidFormAlert() {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900"
      data-testid="form-errors"
    >
      <p className="font-semibold">Please correct the highlighted fields.</p>
    </div>
  );
}

/** A field people never see or fill (HONEYPOT_FIELD): bots that fill every input give themselves away. */
export function Honeypot(input: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type">) {
  return (
    // Hidden from people and assistive technology.
    <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  );
}

/** The form's last row: `children` on one side, the submit button ('Submitting...' while it is sent) on the other. */
export function SubmitBar({
  label,
  submitting,
  disabled = submitting,
  children,
}: {
  label: string;
  submitting: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {children}
      <button type="submit" className={primaryButton} disabled={disabled}>
        {submitting ? "Submitting..." : label}
      </button>
    </div>
  );
}
