// The trust filters of a D1 search as FTS5 clauses on the diets column of restaurant_search
// (index-tokens.ts numbers the tags): '100%' diets (dedicated=1), confirmed kitchen practices
// (kitchen=) and confirmation by diners (confirmed=1). Each is one bound parameter. Pure.
import type { Diet } from "../../search/diet";
import type { Search } from "../../search/search-url";
import { conditionMask } from "../../trust/confirmations";
import { ftsString, type Params } from "./fts-text";
import { CONFIRMED_BASE, DIET_ONLY_IDS, KITCHEN_IDS, token } from "./index-tokens";

const EVERY_DIET: Diet[] = ["gluten-free", "dairy-free", "vegetarian", "vegan"];

/**
 * dedicated=1: the '100%' tags of the selected diets, all of them with match=all, any of them
 * otherwise; with no diet selected, any of the four.
 */
export function dedicatedClause(diets: Diet[], all: boolean, params: Params): string {
  const chosen = diets.length ? diets : EVERY_DIET;
  const joiner = all && diets.length ? " AND " : " OR ";
  return params.add(`{diets} : (${chosen.map((diet) => ftsString(token(DIET_ONLY_IDS[diet]))).join(joiner)})`);
}

/** kitchen: every practice listed must be confirmed (its tag). */
export function kitchenClause(practices: Search["kitchen"], params: Params): string {
  return params.add(`{diets} : (${practices.map((p) => ftsString(token(KITCHEN_IDS[p]))).join(" AND ")})`);
}

/**
 * confirmed=1: one tag, that of the set of conditions fitting the selected diets (every
 * condition with none selected). A restaurant holds it when its last 12 months have an
 * ate-safely visit and no reaction from a diner of that set (migrations/0010_confirmations.sql).
 */
export function confirmedClause(diets: Diet[], params: Params): string {
  return params.add(`{diets} : ${ftsString(token(CONFIRMED_BASE + conditionMask(diets)))}`);
}
