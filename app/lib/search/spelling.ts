// Misspellings (docs/search-url.md; docs/decisions/0023-search-suggestions.md): how close
// a typed place or cuisine name must be to a real one to be offered in 'Did you mean', and the
// pieces the backends look candidates up by. Pure: the search hints, both adapters and the tests
// use it.
//
// The rule: names are compared as keys (placeKey: case, accents, spaces and punctuation gone),
// by the optimal string alignment distance (insertions, deletions, substitutions and swaps of
// two neighbouring letters, each one edit). A typed key of 4 to 7 characters may be 1 edit
// away, one of 8 to 40 characters 2 edits, but never so many that a name could share no
// trigram with it (see maxEdits); shorter and longer keys get no suggestion.

/** Keys longer than this get no suggestion (and the D1 index holds no variants of them). */
const MAX_SPELLING_KEY = 40;
/** The most place or cuisine names offered. */
const MAX_SPELLING_SUGGESTIONS = 3;

/**
 * The distinct trigrams of a key as pg_trgm takes them: two spaces before it and one after
 * ("  portland "). Postgres finds candidates by trigram similarity, which needs at least one
 * trigram in common to find a name at all.
 */
export function paddedTrigrams(key: string): string[] {
  const padded = `  ${key} `;
  const chars = Array.from(padded);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

/** Trigrams of a key that one edit can change: three, or four for a swap of two neighbours. */
const TRIGRAMS_PER_EDIT = 4;

/**
 * How many edits from a typed key a name may be: 0 (no suggestion) under 4 characters or over
 * MAX_SPELLING_KEY, 1 for 4 to 7, 2 from 8; and never so many that every trigram of the key
 * could be gone, so that a name within reach always shares a trigram with it.
 */
export function maxEdits(key: string): number {
  const length = Array.from(key).length;
  if (length < 4 || length > MAX_SPELLING_KEY) return 0;
  const byLength = length <= 7 ? 1 : 2;
  return Math.max(0, Math.min(byLength, Math.floor((paddedTrigrams(key).length - 1) / TRIGRAMS_PER_EDIT)));
}

/**
 * The optimal string alignment distance between two keys (Damerau–Levenshtein without
 * editing a substring twice): insert, delete, substitute, or swap two neighbours.
 */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/**
 * Every string made by deleting at most `edits` characters of `key` (itself included). Two
 * keys within `edits` edits of each other share one of these (a substitution or a swap is a
 * deletion on each side), which is how D1 finds candidates: the index holds the variants of
 * each city's key, and a lookup asks for the typed key's.
 */
export function deletionVariants(key: string, edits: number): string[] {
  let level = new Set([key]);
  const all = new Set(level);
  for (let step = 0; step < edits; step++) {
    const next = new Set<string>();
    for (const word of level) {
      const chars = Array.from(word);
      for (let i = 0; i < chars.length; i++) next.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(""));
    }
    for (const word of next) all.add(word);
    level = next;
  }
  return [...all].sort();
}

/**
 * The smallest pg_trgm similarity a name within `edits` edits of `key` can have: at least
 * (trigrams of key - 4 × edits) trigrams shared, out of at most the key's trigrams and the
 * name's (which has at most length + edits + 1), so the trigram index, asked for this
 * similarity, leaves none out.
 */
export function minSimilarity(key: string, edits: number): number {
  const trigrams = paddedTrigrams(key).length;
  const length = Array.from(key).length;
  return Math.max(0, trigrams - TRIGRAMS_PER_EDIT * edits) / (length + 1 + (TRIGRAMS_PER_EDIT + 1) * edits);
}

/** A cuisine's name as a key (compared like place keys): letters and digits, folded. */
export function spellingKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** A name within reach of what was typed: how far it is. */
export type Near<T> = { item: T; edits: number };

/**
 * The names (by key) within maxEdits(typed) of the typed key, nearest first; ties as
 * `tieBreak` orders them. At most MAX_SPELLING_SUGGESTIONS.
 */
export function closest<T>(
  typed: string,
  candidates: readonly T[],
  keyOf: (item: T) => string,
  tieBreak: (a: T, b: T) => number,
): Near<T>[] {
  const reach = maxEdits(typed);
  if (reach === 0) return [];
  return candidates
    .map((item) => ({ item, edits: editDistance(typed, keyOf(item)) }))
    .filter((near) => near.edits <= reach)
    .sort((a, b) => a.edits - b.edits || tieBreak(a.item, b.item))
    .slice(0, MAX_SPELLING_SUGGESTIONS);
}
