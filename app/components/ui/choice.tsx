// Checkboxes and a Yes / No / Not sure radio group for the public forms, labelled for
// assistive technology, with the server's message tied to the group.
import { focusRing } from "./styles";

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
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
