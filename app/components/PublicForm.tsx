// What the two public forms ('Suggest a Restaurant', 'Report a problem') share around their
// fields: the box that says which fields need correcting (focused after a refusal), the honeypot, and the bar with the
// submit button.
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/lib/submissions/fields";
import { primaryButton } from "./ui/styles";

/**
 * Above the form after a 400: 'Please correct the highlighted fields.' with each message as a
 * link to its field (the fields themselves carry the messages too). With JavaScript, the page
 * comes back where the visitor pressed the button, so the box is brought into view and focused
 * (a screen reader reads it); without, the page loads at its top, where the box is.
 */
export function InvalidFormAlert({
  answer,
  errors,
}: {
  /** The action's answer: a new object for each refusal, each focused once. */
  answer: unknown;
  /** The server's messages by field name (Conform's `error`). */
  errors: Record<string, string[] | null | undefined> | null | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !answer) return;
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [answer]);
  const messages = Object.entries(errors ?? {}).flatMap(([name, list]) =>
    name && list?.[0] ? [{ name, message: list[0] }] : [],
  );
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      className="mt-6 scroll-mt-24 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-800"
      data-testid="form-errors"
    >
      <p className="font-semibold">Please correct the highlighted fields.</p>
      {messages.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {messages.map(({ name, message }) => (
            <li key={name}>
              <a href={`#${name}`} className="break-words underline underline-offset-2">
                {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
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
