// A card's one line from diners (docs/decisions/0022-confirmations-from-diners.md): what diners with a condition told us
// in the last 12 months ('4 celiac diners ate safely in the last 12 months · latest Mar 2026'),
// or, when one reported a reaction in that time, whose ('A diner with a dairy allergy reacted ·
// Feb 2026') in the warning style. Nothing when there is nothing recent. The loader makes the
// line (cardLine, in cardOf): the page's data carries its text, not the tallies.
import type { CardLine } from "~/lib/trust/confirmations";

/** On a result card: coloured by the card (`.card > p`, `.card > p[data-warning]` in app/tailwind.css). */
export function ConfirmationLine({ line }: { line?: CardLine }) {
  if (!line) return null;
  return (
    <p className="mt-1" data-testid="confirmation-line" data-warning={line.warning ? "true" : undefined}>
      {line.warning ? <span aria-hidden="true">⚠ </span> : null}
      {line.text}
    </p>
  );
}
