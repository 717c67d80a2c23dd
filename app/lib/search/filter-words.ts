// Filter words in the text box (docs/search-url.md, docs/search-url.md "What people
// type"): "gluten free pizza" holds a diet, "open now vegan" two filters. The spec's results
// for `q` stand; the page offers the same search with those words turned into filters and the
// rest kept as `q`. Pure: the loader reads it, the tests state every case.
import { normaliseDiets, type Diet } from "./diet";
import type { Search } from "./search-url";

/** What the filter words of a text ask for, and the text without them. */
export type FilterWords = {
  diets: Diet[];
  dedicated: boolean;
  open: boolean;
  /** The text without its filter words (and the joining words left at its ends); '' for none. */
  rest: string;
};

type Meaning = { diet: Diet } | { dedicated: true } | { open: true };

// Each phrase, its words separated by spaces or hyphens in the text ("gluten free",
// "Gluten-Free"). A diet may be followed by "options", "option" or "friendly", which go with it.
const PHRASES: [pattern: string, meaning: Meaning][] = [
  ["gluten[\\s-]*free", { diet: "gluten-free" }],
  ["gf", { diet: "gluten-free" }],
  ["celiac", { diet: "gluten-free" }],
  ["coeliac", { diet: "gluten-free" }],
  ["dairy[\\s-]*free", { diet: "dairy-free" }],
  ["df", { diet: "dairy-free" }],
  ["lactose[\\s-]*free", { diet: "dairy-free" }],
  ["vegan", { diet: "vegan" }],
  ["vegetarian", { diet: "vegetarian" }],
  ["veggie", { diet: "vegetarian" }],
  ["100%", { dedicated: true }],
  ["dedicated", { dedicated: true }],
  ["open[\\s-]+now", { open: true }],
];

/** A letter or digit of any script: what a whole word may not touch. */
const WORD_CHAR = "[\\p{L}\\p{N}]";
const DIET_SUFFIX = "(?:[\\s-]+(?:options?|friendly))?";

const PHRASE_RE = new RegExp(
  `(?<!${WORD_CHAR})(?:${PHRASES.map(([pattern, meaning]) => `(${pattern}${"diet" in meaning ? DIET_SUFFIX : ""})`).join("|")})(?!${WORD_CHAR})`,
  "giu",
);

/** Words that only join others ("vegan and gluten free pizza"): dropped at the rest's ends. */
const JOINERS = new Set(["and", "or", "with", "&", "+", "/", ",", "-", "|", ";"]);
/** Words that, left alone, ask for nothing ("vegan restaurants"): the rest is then empty. */
const FILLERS = new Set(["restaurant", "restaurants", "food", "options", "option", "friendly", "places", "place"]);

/**
 * The filter words of a text (whole words, any case), or null when it holds none. "Dairy
 * Queen" holds none ("dairy" alone is no filter word); "Lone Star Vegan" holds `vegan`.
 */
export function findFilterWords(text: string): FilterWords | null {
  const diets: Diet[] = [];
  let dedicated = false;
  let open = false;
  let found = false;
  const without = text.replace(PHRASE_RE, (...match: unknown[]) => {
    const groups = match.slice(1, 1 + PHRASES.length);
    const index = groups.findIndex((group) => group !== undefined);
    const meaning = PHRASES[index]?.[1];
    if (!meaning) return String(match[0]);
    found = true;
    if ("diet" in meaning) diets.push(meaning.diet);
    else if ("dedicated" in meaning) dedicated = true;
    else open = true;
    return " ";
  });
  if (!found) return null;
  return { diets: normaliseDiets(diets), dedicated, open, rest: restOf(without) };
}

/** The words left, joiners trimmed from both ends; '' when only fillers are left. */
function restOf(text: string): string {
  // Commas and the like stuck to a word are separate joiners ("pizza," → "pizza" ",").
  const words = text
    .replace(/([,;|/+&])/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 0 && JOINERS.has(words[0]!.toLowerCase())) words.shift();
  while (words.length > 0 && JOINERS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  if (words.every((word) => FILLERS.has(word.toLowerCase()))) return "";
  // Put back what the split took apart: "sprout & co" keeps its spaces, "a,b" its comma.
  return words.join(" ").replace(/ ([,;]) /g, "$1 ");
}

/**
 * The search with the filter words of its `q` turned into filters (added to those already
 * chosen) and the rest kept as `q`, from page 1; null when `q` holds none.
 */
export function filterWordSearch(search: Search): Search | null {
  const words = findFilterWords(search.query);
  if (!words) return null;
  return {
    ...search,
    query: words.rest,
    diets: normaliseDiets([...search.diets, ...words.diets]),
    dedicated: search.dedicated || words.dedicated,
    open: search.open || words.open,
    page: 1,
  };
}
