// Form pieces shared by every form (suggestion, contact, search): a labelled text field
// whose hint and error are tied to the control with aria-describedby, the required marker,
// and the label and control classes.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

export const fieldLabel = "mb-1 block text-sm font-semibold text-slate-800";

const inputBase = `block w-full rounded-md border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2`;

/** Text inputs, text areas and selects. */
export const inputField = `${inputBase} border-slate-400 focus:border-emerald-700 focus:ring-emerald-700/40`;

/** A field the server refused: a red border and ring of its own (not a second border colour beside slate's). */
const invalidInputField = `${inputBase} border-red-700 bg-red-50 ring-2 ring-red-700/30 focus:border-red-800 focus:ring-red-700/50`;

/** Marks a required field (TextField and TextAreaField add it to their label by themselves). */
export function Required() {
  return (
    <span className="text-red-800" aria-hidden="true">
      *
    </span>
  );
}

type FieldProps = {
  id: string;
  /** The marker for a required control follows it by itself. */
  label: string;
  /** A short example or rule, shown under the control. */
  hint?: string;
  /** The server's message for this field, shown under the control. */
  error?: string;
};

/** The attributes that tie a control to its hint and error. */
function describe({ id, hint, error }: Omit<FieldProps, "label">) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
    className: error ? invalidInputField : inputField,
  };
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  children,
}: FieldProps & { required?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
        {required ? (
          <>
            {" "}
            <Required />
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

export function TextField({ id, label, hint, error, type = "text", ...input }: FieldProps & InputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={input.required}>
      <input id={id} type={type} {...input} {...describe({ id, hint, error })} />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

export function TextAreaField({ id, label, hint, error, ...textarea }: FieldProps & TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={textarea.required}>
      <textarea id={id} {...textarea} {...describe({ id, hint, error })} />
    </FieldFrame>
  );
}
