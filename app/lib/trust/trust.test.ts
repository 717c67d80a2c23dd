import { describe, expect, it } from "vitest";
import {
  dedicatedDiets,
  dedicatedLabel,
  formatDay,
  isStale,
  kitchenPractices,
  practiceAnswer,
  todayUtc,
} from "./trust";
import { normaliseKitchen, toggleKitchen } from "../search/kitchen";
import { itReads, itRefuses } from "../../../tests/support/cases";

describe("formatDay", () => {
  describe("writes 'Mon D, YYYY' from the day's text", () => {
    itReads(formatDay, [
      ["2026-03-04", "Mar 4, 2026"],
      ["2024-12-31", "Dec 31, 2024"],
      ["2024-02-29", "Feb 29, 2024"],
      ["2000-01-01", "Jan 1, 2000"],
    ]);
  });

  it("never moves a day across a time zone (no Date involved)", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["America/Los_Angeles", "Pacific/Kiritimati", "UTC"]) {
        process.env.TZ = tz;
        expect(formatDay("2026-01-01")).toBe("Jan 1, 2026");
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  itRefuses(formatDay, [
    "2026-02-29",
    "2023-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "26-3-4",
    "2026-03-04T00:00",
    "",
    "x",
  ]);
});

describe("isStale", () => {
  // True past 365 days, false at 365 or fewer.
  it.each([
    { verified: "2025-11-24", today: "2026-11-24", stale: false },
    { verified: "2025-11-23", today: "2026-11-24", stale: true },
    { verified: "2024-02-29", today: "2025-02-28", stale: false },
    { verified: "2024-02-28", today: "2025-02-28", stale: true },
    { verified: "2026-11-24", today: "2026-11-24", stale: false },
  ])("verified $verified, today $today: stale $stale", ({ verified, today, stale }) => {
    expect(isStale(verified, today)).toBe(stale);
  });

  it("an unreadable day is never stale", () => {
    expect(isStale("soon", "2026-11-24")).toBe(false);
  });

  it("today is the UTC day", () => {
    expect(todayUtc(new Date("2026-11-24T23:59:59-05:00"))).toBe("2026-11-25");
  });
});

describe("kitchen practices", () => {
  const unknown = { glutenFreeOnly: false, dedicatedFryer: null, separatePrep: null, trainedStaff: null };

  it("unknown is 'Not known', never 'No'", () => {
    expect(Object.values(kitchenPractices(unknown)).map(practiceAnswer)).toEqual([
      "Not known",
      "Not known",
      "Not known",
    ]);
    expect(practiceAnswer(false)).toBe("No");
    expect(practiceAnswer(true)).toBe("Yes");
  });

  it("100% gluten-free: a dedicated fryer and a separate preparation area whatever was written", () => {
    expect(
      kitchenPractices({ glutenFreeOnly: true, dedicatedFryer: false, separatePrep: null, trainedStaff: null }),
    ).toEqual({ "dedicated-fryer": true, "separate-prep": true, "trained-staff": null });
  });

  it("toggles and normalises the kitchen values", () => {
    expect(toggleKitchen([], "trained-staff")).toEqual(["trained-staff"]);
    expect(toggleKitchen(["trained-staff"], "dedicated-fryer")).toEqual(["dedicated-fryer", "trained-staff"]);
    expect(toggleKitchen(["dedicated-fryer", "trained-staff"], "trained-staff")).toEqual(["dedicated-fryer"]);
    expect(normaliseKitchen(["x", "separate-prep", "separate-prep"])).toEqual(["separate-prep"]);
  });
});

describe("'100%' badges", () => {
  it("name the diets served exclusively, in the usual order", () => {
    const r = { glutenFreeOnly: true, dairyFreeOnly: false, vegetarianOnly: true, veganOnly: true };
    expect(dedicatedDiets(r).map(dedicatedLabel)).toEqual(["100% Gluten-Free", "100% Vegetarian", "100% Vegan"]);
  });
});
