import { DIET_OPTION_LABELS, type Diet } from "~/lib/search/diet";
import { KITCHEN_SHORT_LABELS, type KitchenPractice } from "~/lib/search/kitchen";
import { dedicatedLabel } from "~/lib/trust/trust";

/**
 * A card's diets as badges, each in its colour (`badge-{diet}`, a component class of
 * app/tailwind.css, as is the list's own style, `.card > ul`); `only`, those served exclusively.
 */
export function DietBadges({ diets, only = [] }: { diets: readonly Diet[]; only?: readonly Diet[] }) {
  if (diets.length === 0) return null;
  // A diet served exclusively reads '100% Gluten-Free'; any other 'Gluten-free options', so
  // that nobody takes options for a safe kitchen (docs/decisions/0023-search-suggestions.md).
  return (
    <ul aria-label="Dietary options">
      {diets.map((diet) => (
        <li key={diet} className={`badge-${diet}`}>
          {only.includes(diet) ? dedicatedLabel(diet) : DIET_OPTION_LABELS[diet]}
        </li>
      ))}
    </ul>
  );
}

/**
 * The confirmed celiac kitchen practices in one short line ('Dedicated fryer · Separate prep');
 * nothing when none is. Spaced by the card it sits in (`.card > p` in app/tailwind.css).
 */
export function KitchenLine({ practices = [] }: { practices?: readonly KitchenPractice[] }) {
  if (practices.length === 0) return null;
  return (
    <p className="text-slate-800" data-testid="kitchen-line">
      <span className="sr-only">Celiac kitchen practices confirmed: </span>
      {practices.map((practice) => KITCHEN_SHORT_LABELS[practice]).join(" · ")}
    </p>
  );
}
