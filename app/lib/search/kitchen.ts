// The celiac kitchen practices a search can ask to be confirmed (the search URL's `kitchen`
// values, docs/search-url.md) and their names on the cards and the 'Celiac Safety' card; which
// of them a listing confirms is a trust fact (../trust/trust.ts). Pure: shared by the search
// URL, the pages and the tests.

/** The `kitchen` values of the search URL, in canonical order. */
export const KITCHEN_PRACTICES = ["dedicated-fryer", "separate-prep", "trained-staff"] as const;
export type KitchenPractice = (typeof KITCHEN_PRACTICES)[number];

/** The 'Celiac Safety' card's names of the practices. */
export const KITCHEN_LABELS: Record<KitchenPractice, string> = {
  "dedicated-fryer": "Dedicated fryer",
  "separate-prep": "Separate preparation area",
  "trained-staff": "Staff trained on cross-contact",
};

/** The short names of the practices on a card's one line ('Dedicated fryer · Separate prep'). */
export const KITCHEN_SHORT_LABELS: Record<KitchenPractice, string> = {
  "dedicated-fryer": "Dedicated fryer",
  "separate-prep": "Separate prep",
  "trained-staff": "Trained staff",
};

/** Known practices in canonical order, without duplicates. */
export function normaliseKitchen(values: Iterable<string>): KitchenPractice[] {
  const chosen = new Set<string>(values);
  return KITCHEN_PRACTICES.filter((practice) => chosen.has(practice));
}

/** The toggles: a practice is added, or removed when it is there. */
export function toggleKitchen(current: readonly KitchenPractice[], practice: KitchenPractice): KitchenPractice[] {
  return normaliseKitchen(current.includes(practice) ? current.filter((p) => p !== practice) : [...current, practice]);
}
