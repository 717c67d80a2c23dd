// Checkboxes, groups of radio buttons or checkboxes, and a Yes / No / Not sure radio group for
// the public forms, labelled for assistive technology, with the server's message tied to the
// group.
import type { ReactNode } from "react";
import { Required } from "./form";
import { focusRing } from "./styles";

/** The server's message for a field or a group, tied to it as `{name}-error`. */
export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${name}`}>
      {error}
    </p>
  ) : null;
}

export function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label htmlFor={name} className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        className={`h-5 w-5 shrink-0 accent-emerald-700 ${focusRing}`}
      />
      <span>{label}</span>
    </label>
  );
}

const ANSWERS = [
  ["yes", "Yes"],
  ["no", "No"],
  ["", "Not sure"],
] as const;

/** Yes / No / Not sure: "yes", "no", or blank (not known). */
export function YesNoUnsure({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string | undefined;
  error?: string;
}) {
  const current = value === "yes" || value === "no" ? value : "";
  return (
    <fieldset
      className="rounded-md border border-slate-300 px-3 py-2.5"
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {ANSWERS.map(([answer, text]) => (
          <label key={answer || "unsure"} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={answer}
              defaultChecked={current === answer}
              className={`h-5 w-5 accent-emerald-700 ${focusRing}`}
            />
            <span>{text}</span>
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

/**
 * One question answered by choosing: a radio button (one answer) or a checkbox (any number) for
 * each of `options` (value and label, in order), each `required` with the group. `children`
 * follow the message, inside the group.
 */
export function ChoiceGroup({
  type,
  name,
  legend,
  required = false,
  error,
  options,
  checked,
  columns = 2,
  children,
}: {
  type: "radio" | "checkbox";
  name: string;
  legend: string;
  required?: boolean;
  error: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  /** Whether an option starts chosen (the value sent back after a refusal, or the default). */
  checked: (value: string) => boolean;
  /** Side by side from the small breakpoint, or one a line. */
  columns?: 1 | 2;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">
        {`${legend} `}
        {required ? <Required /> : null}
      </legend>
      <div className={columns === 2 ? "grid gap-2 sm:grid-cols-2" : "grid gap-2"}>
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5">
            <input
              type={type}
              name={name}
              value={value}
              required={required}
              defaultChecked={checked(value)}
              className={`h-5 w-5 shrink-0 accent-emerald-700 ${focusRing}`}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
      {children}
    </fieldset>
  );
}
