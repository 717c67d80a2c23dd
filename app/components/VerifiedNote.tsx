// When a listing was last confirmed (docs/decisions/0013-trust-facts.md), on a result card and
// the restaurant page. Days are formatted from their YYYY-MM-DD text, so no time zone moves them.
import type { Restaurant } from "~/lib/directory/restaurant-rows";
import { TRUST_TEXT, formatDay } from "~/lib/trust/trust";

/**
 * 'Verified Mar 4, 2026 by phone' (or without the method, when none was recorded) or 'Not yet
 * verified' (cards and the detail page; its text size from `className` or the parent).
 * `className` null: a result card's line, coloured and spaced by the card (`.card > p` in
 * app/tailwind.css), 'Not yet verified' dimmer (`dim`).
 */
export function VerifiedNote({
  restaurant,
  className = "",
}: {
  restaurant: Pick<Restaurant, "verifiedAt" | "verifiedHow">;
  className?: string | null;
}) {
  const day = restaurant.verifiedAt ? formatDay(restaurant.verifiedAt) : null;
  const classes = className === null ? (day ? undefined : "dim") : `${day ? "text-slate-700" : "dim"} ${className}`;
  return (
    <p className={classes} data-testid="verified">
      {day ? TRUST_TEXT.verified(day, restaurant.verifiedHow) : TRUST_TEXT.notVerified}
    </p>
  );
}
