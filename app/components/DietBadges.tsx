import { DIET_OPTION_LABELS, dietsOf } from "~/lib/search/diet";
import type { Restaurant } from "~/lib/directory/port";
import { KITCHEN_SHORT_LABELS } from "~/lib/search/kitchen";
import { confirmedPractices, dedicatedDiets, dedicatedLabel } from "~/lib/trust/trust";

const BADGE_COLOURS = {
  "gluten-free": "bg-amber-100 text-amber-900 ring-amber-300",
  "dairy-free": "bg-sky-100 text-sky-900 ring-sky-300",
  vegetarian: "bg-lime-100 text-lime-900 ring-lime-300",
  vegan: "bg-emerald-100 text-emerald-900 ring-emerald-300",
} as const;

export function DietBadges({ restaurant }: { restaurant: Restaurant }) {
  const diets = dietsOf(restaurant);
  if (diets.length === 0) return null;
  // A diet served exclusively reads '100% Gluten-Free'; any other 'Gluten-free options', so
  // that nobody takes options for a safe kitchen (docs/decisions/0023-search-suggestions.md).
  const only = new Set(dedicatedDiets(restaurant));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Dietary options">
      {diets.map((diet) => (
        <li
          key={diet}
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_COLOURS[diet]}`}
        >
          {only.has(diet) ? dedicatedLabel(diet) : DIET_OPTION_LABELS[diet]}
        </li>
      ))}
    </ul>
  );
}

/** The confirmed celiac kitchen practices in one short line ('Dedicated fryer · Separate prep'); nothing when none is. */
export function KitchenLine({ restaurant, className = "" }: { restaurant: Restaurant; className?: string }) {
  const practices = confirmedPractices(restaurant);
  if (practices.length === 0) return null;
  return (
    <p className={`text-sm text-slate-800 ${className}`} data-testid="kitchen-line">
      <span className="sr-only">Celiac kitchen practices confirmed: </span>
      {practices.map((practice) => KITCHEN_SHORT_LABELS[practice]).join(" · ")}
    </p>
  );
}
