// The restaurant page's 'From diners' card (docs/decisions/0022-confirmations-from-diners.md): per condition, how many
// diners ate safely, reacted or could not order in the last 24 months and when the latest did,
// a reaction first and in a warning style; then the confirmations, newest visit first. Not a
// rating, and not the team's verification ('Verified …' is the team's own check of the facts).
// Everything a diner wrote is shown as inert text.
import { Link } from "@remix-run/react";
import {
  CONFIRMATION_TEXT,
  SEEN_LABELS,
  STAFF_LABELS,
  confirmationSummary,
  dinerLines,
  type DinerConfirmations,
} from "~/lib/trust/confirmations";
import { TitledCard } from "./ui/card";
import { textLink } from "./ui/styles";

export function FromDiners({
  restaurantId,
  diners,
  closed,
}: {
  restaurantId: number;
  /** null: they could not be read just now. */
  diners: DinerConfirmations | null;
  closed: boolean;
}) {
  const lines = diners ? dinerLines(diners.tallies) : [];
  const confirmations = diners?.confirmations ?? [];
  return (
    <TitledCard id="card-from-diners" title={CONFIRMATION_TEXT.title} testId="from-diners" className="mt-8">
      <p className="mt-1 text-sm text-slate-700">{CONFIRMATION_TEXT.explainer}</p>
      {diners === null ? (
        <p className="mt-3 text-slate-700" data-testid="diners-unavailable">
          What diners told us could not be loaded just now.
        </p>
      ) : confirmations.length === 0 ? (
        <p className="mt-3 text-slate-800" data-testid="diners-none">
          {CONFIRMATION_TEXT.none}
        </p>
      ) : (
        <>
          {lines.length > 0 ? (
            <ul className="mt-3 space-y-2" data-testid="diner-lines">
              {lines.map((line) => (
                <li
                  key={`${line.condition}-${line.outcome}`}
                  data-testid="diner-line"
                  data-warning={line.warning ? "true" : undefined}
                  className={
                    line.warning
                      ? "rounded-md border border-red-800 bg-red-50 px-3 py-2 font-semibold text-red-900"
                      : "text-slate-900"
                  }
                >
                  {line.warning ? <span aria-hidden="true">⚠ </span> : null}
                  {line.text}
                </li>
              ))}
            </ul>
          ) : null}
          <ol className="mt-4 divide-y divide-slate-100 border-t border-slate-100" data-testid="diner-confirmations">
            {confirmations.map((c) => (
              <li key={c.id} className="py-3 text-sm text-slate-800" data-testid="diner-confirmation">
                <p className={`font-semibold ${c.outcome === "reacted" ? "text-red-900" : "text-slate-900"}`}>
                  {confirmationSummary(c)}
                </p>
                {c.staff ? <p>{STAFF_LABELS[c.staff]}</p> : null}
                {c.seen.length > 0 ? <p>Saw: {c.seen.map((sign) => SEEN_LABELS[sign]).join(" · ")}</p> : null}
                {c.ordered ? <p>Ordered: {c.ordered}</p> : null}
                {c.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{c.note}</p> : null}
              </li>
            ))}
          </ol>
        </>
      )}
      {closed ? null : (
        <p className="mt-4">
          <Link
            to={`/restaurant/${restaurantId}/confirm`}
            className={`${textLink} pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center`}
            data-testid="confirm-link"
          >
            {CONFIRMATION_TEXT.link}
          </Link>
        </p>
      )}
    </TitledCard>
  );
}
