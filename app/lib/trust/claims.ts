// A name or description that claims more than the listing's facts: "100% Gluten Free Bakery"
// whose listing says gluten-free options, "a fully vegan menu" on a place not marked 100% vegan.
// The review queue flags it; the restaurant page says which one the team checked (the listing's
// columns) wherever both show. Words only: a reviewer judges ('the tofu bibimbap is fully
// vegan' is a dish, not the kitchen). Pure.
import { DIETS, DIET_LABELS, type Diet } from "../search/diet";

const STRONG = String.raw`(?:100\s*%|fully|entirely|completely|exclusively|strictly|dedicated)`;
/** Not a claim about the kitchen: a dedicated fryer, stone or menu. */
const NOT_KITCHEN = String.raw`(?![\s-]+(?:fryers?|prep|preparation|areas?|menus?|sections?|stations?|stones?|options?|dish(?:es)?|plates?))`;

const CLAIMS: Record<Diet, RegExp> = {
  "gluten-free": new RegExp(String.raw`\b${STRONG}[\s-]+(?:gluten[\s-]*free|gf|celiac[\s-]*safe)\b${NOT_KITCHEN}`, "i"),
  "dairy-free": new RegExp(String.raw`\b${STRONG}[\s-]+dairy[\s-]*free\b${NOT_KITCHEN}`, "i"),
  vegetarian: new RegExp(String.raw`\b${STRONG}[\s-]+vegetarian\b${NOT_KITCHEN}`, "i"),
  vegan: new RegExp(String.raw`\b${STRONG}[\s-]+(?:vegan|plant[\s-]*based)\b${NOT_KITCHEN}`, "i"),
};

/** The diets that `text` (a name and a description) claims as served exclusively but `only` does not mark so. */
export function unbackedClaims(text: string, only: Readonly<Record<Diet, boolean>>): Diet[] {
  return DIETS.filter((diet) => !only[diet] && CLAIMS[diet].test(text));
}

/** What the restaurant page says under such a diet: which of the two the team checked. */
export const claimCheckedText = (diet: Diet) =>
  `The name or description may say 100% ${DIET_LABELS[diet].toLowerCase()}: our team checked this listing as ${DIET_LABELS[diet].toLowerCase()} options, not a dedicated kitchen.`;

/** The review queue's flag for such a listing. */
export const claimFlagText = (diets: readonly Diet[]) =>
  `The name or description claims ${diets.map((diet) => `100% ${DIET_LABELS[diet].toLowerCase()}`).join(", ")}, which the listing's columns do not say. Check which is true.`;
