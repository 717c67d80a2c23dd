// The detail page's 'Hours of Operation': the text split on commas, one line each, as
// written; today's lines (in the restaurant's own time zone) marked for every reader with
// aria-current="date" and the word 'Today' (the server works out which: OpenStateView).
// Hours outside the grammar: lines, no mark.
import { hoursLines } from "~/lib/web/links";
import type { OpenStateView } from "~/lib/hours/hours";
import { OpenState } from "./OpenState";

export function OpeningHours({ hours, state }: { hours: string | null; state: OpenStateView | null | undefined }) {
  const lines = hoursLines(hours);
  if (lines.length === 0) return <p className="text-slate-700">Hours not listed. Please call ahead.</p>;
  const today = new Set(state?.todayLines ?? []);
  return (
    <>
      <OpenState state={state} className="mb-2 text-sm text-slate-700" />
      <ul className="space-y-1" data-testid="hours">
        {lines.map((line, index) =>
          today.has(index) ? (
            <li key={index} aria-current="date" className="font-semibold text-slate-900">
              {line} <span className="ml-1 rounded-full bg-emerald-100 px-2 text-xs text-emerald-900">Today</span>
            </li>
          ) : (
            <li key={index}>{line}</li>
          ),
        )}
      </ul>
    </>
  );
}
