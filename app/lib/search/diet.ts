// Dietary values and the filter transitions (docs/search-url.md, "Diets").

export const DIETS = ["gluten-free", "dairy-free", "vegetarian", "vegan"] as const;
export type Diet = (typeof DIETS)[number];
export type MatchMode = "any" | "all";

export const DIET_LABELS: Record<Diet, string> = {
  "gluten-free": "Gluten-Free",
  "dairy-free": "Dairy-Free",
  vegetarian: "Vegetarian",
  vegan: "Vegan",
};

/**
 * A diet that is not served exclusively, as cards and landing pages name it: options on the
 * menu, so that nobody takes them for a safe kitchen (docs/decisions/0023-search-suggestions.md).
 */
export const DIET_OPTION_LABELS: Record<Diet, string> = {
  "gluten-free": "Gluten-free options",
  "dairy-free": "Dairy-free options",
  vegetarian: "Vegetarian options",
  vegan: "Vegan options",
};

/** The labels of the detail page's 'Dietary Accommodations' card. */
export const DIET_ACCOMMODATION_LABELS: Record<Diet, string> = {
  "gluten-free": "Gluten-Free",
  "dairy-free": "Dairy-Free Options",
  vegetarian: "Vegetarian Friendly",
  vegan: "Vegan Options",
};

export function isDiet(value: string): value is Diet {
  return (DIETS as readonly string[]).includes(value);
}

/**
 * The selected diets in canonical order, without duplicates. An empty list is 'All'.
 */
export function normaliseDiets(values: Iterable<string>): Diet[] {
  const chosen = new Set<string>(values);
  return DIETS.filter((diet) => chosen.has(diet));
}

/**
 * The dietary buttons: choosing 'all' resets to All only; toggling another value adds or
 * removes it; a set that becomes empty is All again (represented as []).
 */
export function toggleDiet(current: readonly Diet[], choice: Diet | "all"): Diet[] {
  if (choice === "all") return [];
  const next = current.includes(choice) ? current.filter((diet) => diet !== choice) : [...current, choice];
  return normaliseDiets(next);
}

type DietFlags = {
  isGlutenFree: boolean;
  isDairyFree: boolean;
  isVegetarian: boolean;
  isVegan: boolean;
};

export function dietsOf(restaurant: DietFlags): Diet[] {
  const diets: Diet[] = [];
  if (restaurant.isGlutenFree) diets.push("gluten-free");
  if (restaurant.isDairyFree) diets.push("dairy-free");
  if (restaurant.isVegetarian) diets.push("vegetarian");
  if (restaurant.isVegan) diets.push("vegan");
  return diets;
}
