import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  closest,
  deletionVariants,
  editDistance,
  maxEdits,
  minSimilarity,
  paddedTrigrams,
  spellingKey,
} from "./spelling";

const LETTERS = [..."abcdeorstn"];
/** A key, and a name made from it by one or two random edits (insert, delete, substitute, swap). */
const keyAndNear = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 4, maxLength: 12 }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(), fc.constantFrom(...LETTERS)), {
      minLength: 1,
      maxLength: 2,
    }),
  )
  .map(([typed, edits]) => {
    let name = [...typed];
    for (const [op, at, c] of edits) {
      const i = name.length === 0 ? 0 : at % name.length;
      if (op === 0) name.splice(i, 0, c);
      else if (op === 1) name.splice(i, 1);
      else if (op === 2) name[i] = c;
      else if (i + 1 < name.length) name = [...name.slice(0, i), name[i + 1]!, name[i]!, ...name.slice(i + 2)];
    }
    return [typed, name.join("")] as const;
  });

describe("editDistance (optimal string alignment)", () => {
  it.each([
    ["portland", "portland", 0],
    ["portlnd", "portland", 1],
    ["protland", "portland", 1],
    ["portlant", "portland", 1],
    ["portlandx", "portland", 1],
    ["prtlnd", "portland", 2],
    ["seatle", "seattle", 1],
    ["itallian", "italian", 1],
    ["", "abc", 3],
    ["abc", "", 3],
    ["ca", "abc", 3],
  ])("%s → %s: %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("maxEdits", () => {
  it.each([
    ["", 0],
    ["nyc", 0],
    ["erie", 1],
    ["salem", 1],
    ["seatle", 1],
    ["portlnd", 1],
    ["portland", 2],
    ["philidelphia", 2],
    ["a".repeat(40), 0],
    ["ab".repeat(20), 1],
    ["x".repeat(41), 0],
  ])("%s: %i", (key, edits) => {
    expect(maxEdits(key)).toBe(edits);
  });

  it("a name within reach always shares a trigram with the key", () => {
    fc.assert(
      fc.property(keyAndNear, ([typed, name]) => {
        const reach = maxEdits(typed);
        fc.pre(reach > 0 && editDistance(typed, name) <= reach);
        const mine = new Set(paddedTrigrams(name));
        expect(paddedTrigrams(typed).some((t) => mine.has(t))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("deletionVariants", () => {
  it("every string with at most n characters deleted, itself included", () => {
    expect(deletionVariants("abc", 1)).toEqual(["ab", "abc", "ac", "bc"]);
    expect(deletionVariants("abc", 2)).toEqual(["a", "ab", "abc", "ac", "b", "bc", "c"]);
    expect(deletionVariants("aab", 1)).toEqual(["aa", "aab", "ab"]);
  });

  it("two keys within k edits share a variant of each with at most k deletions", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcde"), minLength: 0, maxLength: 8 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 2 }), (a, b, k) => {
        fc.pre(editDistance(a, b) <= k);
        const mine = new Set(deletionVariants(b, k));
        expect(deletionVariants(a, k).some((v) => mine.has(v))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("minSimilarity", () => {
  /** pg_trgm's similarity of two single-word keys: shared trigrams over all. */
  function similarity(a: string, b: string) {
    const x = new Set(paddedTrigrams(a));
    const y = new Set(paddedTrigrams(b));
    const shared = [...x].filter((t) => y.has(t)).length;
    return shared / (x.size + y.size - shared);
  }

  it("no name within reach is less similar than it", () => {
    fc.assert(
      fc.property(keyAndNear, ([typed, name]) => {
        const reach = maxEdits(typed);
        fc.pre(reach > 0 && editDistance(typed, name) <= reach);
        expect(similarity(typed, name)).toBeGreaterThanOrEqual(minSimilarity(typed, reach) - 1e-12);
      }),
      { numRuns: 3000 },
    );
  });

  it("is above zero wherever a key has a reach", () => {
    expect(minSimilarity("portlnd", maxEdits("portlnd"))).toBeGreaterThan(0);
    expect(minSimilarity("portland", 2)).toBeCloseTo(1 / 19);
  });
});

describe("spellingKey", () => {
  it("folds case, accents, spaces and punctuation", () => {
    expect(spellingKey("Middle Eastern")).toBe("middleeastern");
    expect(spellingKey("Café-Crème")).toBe("cafecreme");
  });
});

describe("closest", () => {
  const names = ["Italian", "Indian", "Thai", "Japanese", "Korean"];
  const key = (name: string) => spellingKey(name);
  const byName = (a: string, b: string) => a.localeCompare(b);

  it("names within reach, nearest first, at most three", () => {
    expect(closest("itallian", names, key, byName)).toEqual([{ item: "Italian", edits: 1 }]);
    expect(closest("italian", names, key, byName)).toEqual([{ item: "Italian", edits: 0 }]);
    expect(closest("thia", names, key, byName)).toEqual([{ item: "Thai", edits: 1 }]);
    expect(closest("tai", names, key, byName)).toEqual([]);
    expect(closest("indain", names, key, byName)).toEqual([{ item: "Indian", edits: 1 }]);
    const many = ["abcdz", "abcdy", "abcdx", "abcdw", "abcdv", "abcde"];
    expect(closest("abcdq", many, (x) => x, byName).map((n) => n.item)).toEqual(["abcde", "abcdv", "abcdw"]);
  });
});
