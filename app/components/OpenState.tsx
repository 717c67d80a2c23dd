// 'Open now' / 'Closed now' and the next change, as worked out on the server when the page
// was made (openStatesOf in app/lib/hours/hours.ts). Nothing for hours outside the grammar.
import type { OpenStateView } from "~/lib/hours/hours";

export function OpenState({ state, className = "" }: { state: OpenStateView | null | undefined; className?: string }) {
  if (!state) return null;
  return (
    <p className={`text-sm ${className}`} data-testid="open-state">
      <span className={`font-semibold ${state.open ? "text-emerald-800" : "text-slate-800"}`}>
        {state.open ? "Open now" : "Closed now"}
      </span>
      {state.change ? <span className="text-slate-700"> · {state.change}</span> : null}
    </p>
  );
}
