import { describe, expect, it } from "vitest";
import {
  CONDITION_MASKS,
  DIET_CONDITIONS,
  cardLine,
  conditionMask,
  dinerLines,
  formatMonth,
  monthOf,
  monthsBefore,
  visitMonths,
  withinLastMonths,
  type ConfirmationTally,
} from "./confirmations";
import { DIETS } from "../search/diet";

describe("months (UTC)", () => {
  it("monthOf reads the month in UTC", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });

  it("monthsBefore crosses years both ways", () => {
    expect(monthsBefore("2026-11", 12)).toBe("2025-11");
    expect(monthsBefore("2026-01", 1)).toBe("2025-12");
    expect(monthsBefore("2026-03", 24)).toBe("2024-03");
    expect(monthsBefore("2025-12", -1)).toBe("2026-01");
    expect(() => monthsBefore("2026-13", 1)).toThrow(RangeError);
  });

  it("the last 12 months in November 2026 run from November 2025 (the contract's example)", () => {
    expect(withinLastMonths("2025-11", "2026-11", 12)).toBe(true);
    expect(withinLastMonths("2025-10", "2026-11", 12)).toBe(false);
    expect(withinLastMonths("2026-11", "2026-11", 12)).toBe(true);
  });

  it("formats 'Mar 2026'", () => {
    expect(formatMonth("2026-03")).toBe("Mar 2026");
    expect(formatMonth("2025-11")).toBe("Nov 2025");
  });

  it("the form offers this month and the 24 before it, newest first", () => {
    const months = visitMonths("2026-11");
    expect(months).toHaveLength(25);
    expect(months[0]).toBe("2026-11");
    expect(months.at(-1)).toBe("2024-11");
  });
});

describe("conditions that fit a diet (confirmed=1)", () => {
  // Each diet's mask, written out: gluten-free fits celiac, gluten-sensitive and wheat-allergy
  // diners (bit 1); dairy-free the two dairy conditions (bit 2); vegetarian fits vegetarian and
  // vegan diners (bits 4 and 8); vegan only vegans (bit 8). No diet: every condition (15).
  const DIET_MASK = { "gluten-free": 1, "dairy-free": 2, vegetarian: 12, vegan: 8 } as const;

  it("every set of diets gives the union of its diets' masks, and one the index knows", () => {
    for (let bits = 0; bits < 16; bits++) {
      const diets = DIETS.filter((_, i) => bits & (1 << i));
      const mask = conditionMask(diets);
      expect(mask, diets.join(",")).toBe(diets.length ? diets.reduce((m, d) => m | DIET_MASK[d], 0) : 15);
      expect(CONDITION_MASKS).toContain(mask);
    }
  });

  it("vegetarian diners include vegans; vegan diners are only vegans", () => {
    expect(DIET_CONDITIONS.vegetarian).toEqual(["vegetarian", "vegan"]);
    expect(conditionMask(["vegan"])).toBe(8);
    expect(conditionMask(["vegetarian"])).toBe(12);
    expect(conditionMask([])).toBe(15);
  });
});

const tally = (
  condition: ConfirmationTally["condition"],
  outcome: ConfirmationTally["outcome"],
  count: number,
  latest: string,
) => ({
  condition,
  outcome,
  count,
  latest,
});

describe("the 'From diners' card", () => {
  it("a reaction first, in the warning style; then per condition", () => {
    const lines = dinerLines([
      tally("vegan", "ate-safely", 2, "2026-01"),
      tally("celiac", "ate-safely", 4, "2026-03"),
      tally("celiac", "reacted", 1, "2025-11"),
      tally("celiac", "could-not-order", 1, "2025-06"),
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      "1 diner with celiac disease reported a reaction · Nov 2025",
      "4 diners with celiac disease ate here safely in the last 24 months · latest Mar 2026",
      "2 vegan diners ate here safely in the last 24 months · latest Jan 2026",
      "1 diner with celiac disease could not order safely · Jun 2025",
    ]);
    expect(lines.map((l) => l.warning)).toEqual([true, false, false, false]);
  });

  it("nothing to say: no lines", () => {
    expect(dinerLines([])).toEqual([]);
  });
});

describe("a card's one line", () => {
  it("safe visits: the condition with the most, and the latest month", () => {
    expect(cardLine([tally("celiac", "ate-safely", 4, "2026-03"), tally("vegan", "ate-safely", 2, "2026-10")])).toEqual(
      { text: "4 celiac diners ate safely in the last 12 months · latest Mar 2026", warning: false },
    );
    expect(cardLine([tally("wheat-allergy", "ate-safely", 1, "2026-02")])).toEqual({
      text: "1 wheat-allergic diner ate safely · Feb 2026",
      warning: false,
    });
  });

  it("a reaction wins over safe visits", () => {
    expect(
      cardLine([
        tally("celiac", "ate-safely", 9, "2026-10"),
        tally("dairy-allergy", "reacted", 1, "2025-11"),
        tally("celiac", "reacted", 1, "2026-01"),
      ]),
    ).toEqual({ text: "A diner with celiac disease reacted · Jan 2026", warning: true });
  });

  it("a reaction names its condition, and several say their window", () => {
    expect(
      cardLine([tally("dairy-allergy", "reacted", 1, "2026-02"), tally("celiac", "ate-safely", 2, "2026-10")]),
    ).toEqual({
      text: "A diner with a dairy allergy reacted · Feb 2026",
      warning: true,
    });
    expect(cardLine([tally("vegan", "reacted", 1, "2026-02")])?.text).toBe("A vegan diner reacted · Feb 2026");
    expect(cardLine([tally("celiac", "reacted", 2, "2026-03")])?.text).toBe(
      "2 diners with celiac disease reacted in the last 12 months · latest Mar 2026",
    );
  });

  it("ties: the latest, then the conditions' order", () => {
    expect(
      cardLine([tally("vegan", "ate-safely", 2, "2026-05"), tally("celiac", "ate-safely", 2, "2026-04")])?.text,
    ).toBe("2 vegan diners ate safely in the last 12 months · latest May 2026");
    expect(
      cardLine([tally("vegan", "ate-safely", 2, "2026-05"), tally("celiac", "ate-safely", 2, "2026-05")])?.text,
    ).toBe("2 celiac diners ate safely in the last 12 months · latest May 2026");
  });

  it("only could-not-order, or nothing: no line", () => {
    expect(cardLine([tally("celiac", "could-not-order", 3, "2026-05")])).toBeNull();
    expect(cardLine([])).toBeNull();
  });
});
