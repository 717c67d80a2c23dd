// 'Open now' / 'Closed now' and the next change, as worked out on the server when the page
// was made (openStatesOf in app/lib/hours/hours.ts). Nothing for hours outside the grammar.
import type { OpenStateView } from "~/lib/hours/hours";

/**
 * Its text size comes from where it sits (`className` or the parent); `className` null: a
 * result card's line, coloured and spaced by the card (`.card > p` in app/tailwind.css).
 */
export function OpenState({
  state,
  className = "",
}: {
  /** A card's (open and change) or the detail page's whole view. */
  state: (Pick<OpenStateView, "open" | "change"> & Partial<OpenStateView>) | null | undefined;
  className?: string | null;
}) {
  if (!state) return null;
  return (
    <p className={className === null ? undefined : `text-slate-700 ${className}`} data-testid="open-state">
      <strong className={state.open ? "is-open" : "is-closed"}>{state.open ? "Open now" : "Closed now"}</strong>
      {state.change ? ` · ${state.change}` : null}
    </p>
  );
}
