// 'Open now' / 'Closed now' and the next change, as worked out on the server when the page
// was made (openStatesOf in app/lib/hours/hours.ts). Nothing for hours outside the grammar.
import type { OpenStateView } from "~/lib/hours/hours";

/**
 * Its size, colour and spacing come from `className` (the detail page's hours) or, without one,
 * from where it sits (a result card's line: `.card > p` in app/tailwind.css).
 */
export function OpenState({
  state,
  className,
}: {
  /** A card's (open and change) or the detail page's whole view. */
  state: (Pick<OpenStateView, "open" | "change"> & Partial<OpenStateView>) | null | undefined;
  className?: string;
}) {
  if (!state) return null;
  return (
    <p className={className} data-testid="open-state">
      <strong className={state.open ? "is-open" : "is-closed"}>{state.open ? "Open now" : "Closed now"}</strong>
      {state.change ? ` · ${state.change}` : null}
    </p>
  );
}
