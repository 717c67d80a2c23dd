// What a diner needs before trusting a listing (docs/decisions/0013-trust-facts.md), as the
// restaurant page shows it: a confirmation over a year old, the celiac kitchen practices, and
// whether the place has closed (when it was last confirmed, the line that cards show too, is
// ./VerifiedNote, so that none of this is in the JavaScript of the pages with cards). Days are
// formatted from their YYYY-MM-DD text, so no time zone moves them; 'today' comes from the
// loader, so the server and the browser agree on whether a confirmation is over a year old.
import type { Restaurant } from "~/lib/directory/restaurant-rows";
import { KITCHEN_LABELS, KITCHEN_PRACTICES } from "~/lib/search/kitchen";
import { TRUST_TEXT, formatDay, isStale, kitchenPractices, practiceAnswer } from "~/lib/trust/trust";
import { TitledCard } from "./ui/card";

type Facts = Pick<
  Restaurant,
  "verifiedAt" | "verifiedHow" | "closedAt" | "glutenFreeOnly" | "dedicatedFryer" | "separatePrep" | "trainedStaff"
>;

/** The detail page's warning when the last confirmation is more than a year old. */
export function StaleWarning({ restaurant, today }: { restaurant: Facts; today: string }) {
  if (!restaurant.verifiedAt || !isStale(restaurant.verifiedAt, today)) return null;
  return (
    <p
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="stale-warning"
    >
      {TRUST_TEXT.stale}
    </p>
  );
}

/** The 'Celiac Safety' card: each practice 'Yes', 'No' or 'Not known' (unknown is never 'No'). */
export function CeliacSafetyCard({ restaurant }: { restaurant: Facts }) {
  const practices = kitchenPractices(restaurant);
  return (
    <TitledCard id="card-celiac-safety" title={TRUST_TEXT.safetyTitle} testId="celiac-safety" className="min-w-0">
      <dl className="mt-3 divide-y divide-slate-100 text-slate-800">
        {KITCHEN_PRACTICES.map((practice) => {
          const answer = practiceAnswer(practices[practice]);
          return (
            <div
              key={practice}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
              data-testid={`practice-${practice}`}
            >
              <dt>{KITCHEN_LABELS[practice]}</dt>
              <dd
                className={
                  answer === "Yes"
                    ? "font-semibold text-emerald-800"
                    : answer === "No"
                      ? "font-semibold text-red-800"
                      : "text-slate-700"
                }
              >
                {answer}
              </dd>
            </div>
          );
        })}
      </dl>
    </TitledCard>
  );
}

/** The banner of a closed restaurant's page: 'Permanently closed', 'Reported closed on …'. */
export function ClosedBanner({ restaurant }: { restaurant: Facts }) {
  if (!restaurant.closedAt) return null;
  const day = formatDay(restaurant.closedAt);
  return (
    <div
      role="status"
      className="mt-4 rounded-xl border border-red-800 bg-red-50 p-4 text-red-900"
      data-testid="closed-banner"
    >
      <p className="text-lg font-bold">{TRUST_TEXT.closed}</p>
      {day ? <p className="text-sm">{TRUST_TEXT.reportedClosed(day)}</p> : null}
    </div>
  );
}
