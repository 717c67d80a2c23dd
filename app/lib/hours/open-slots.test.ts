import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHours, weekIntervals } from "./hours";
import { openSlots, slotsAt, zoneSlotKey } from "./open-slots";

const DAY = 1440;
// The slots of a zone (docs/decisions/0016-opening-hours.md): 0-167 the week's hours,
// 168-839 its quarter hours, 840-10919 its minutes.
const QUARTERS = 168;
const MINUTES = 840;
const intervalsOf = (text: string) => weekIntervals(parseHours(text)!);

describe("openSlots", () => {
  it("whole hours, then the quarters and minutes of the hours open in part", () => {
    // Monday 11:30-13:00 and 17:05-17:15.
    const slots = openSlots(intervalsOf("Mon 11:30am-1pm, Mon 5:05pm-5:15pm"));
    expect(slots).toEqual([
      12, // 12:00-13:00
      QUARTERS + 46, // 11:30-11:45
      QUARTERS + 47, // 11:45-12:00
      ...Array.from({ length: 10 }, (_, i) => MINUTES + 17 * 60 + 5 + i), // 17:05 … 17:14
    ]);
  });

  it("a week of 24 hours is the 168 hours", () => {
    expect(openSlots(intervalsOf("Daily 24 hours"))).toEqual(Array.from({ length: 168 }, (_, i) => i));
  });

  it("Sunday night runs into Monday morning", () => {
    expect(openSlots(intervalsOf("Sun 10pm-2am"))).toEqual([0, 1, 166, 167]);
  });

  it("property: a minute is open exactly when one of its three slots is kept", () => {
    const range = fc
      .tuple(fc.integer({ min: 0, max: 7 * DAY - 1 }), fc.integer({ min: 1, max: 3 * DAY }))
      .map(([from, length]) => [from, from + length] as const);
    fc.assert(
      fc.property(fc.array(range, { maxLength: 5 }), fc.integer({ min: 0, max: 7 * DAY - 1 }), (ranges, minute) => {
        // The intervals as a plain set of open minutes (wrapping past the week's end).
        const open = new Set<number>();
        for (const [from, to] of ranges) for (let m = from; m < to; m++) open.add(m % (7 * DAY));
        const intervals: [number, number][] = [];
        for (let m = 0; m < 7 * DAY; m++) {
          if (!open.has(m)) continue;
          const last = intervals.at(-1);
          if (last && last[1] === m) last[1] = m + 1;
          else intervals.push([m, m + 1]);
        }
        const kept = new Set(openSlots(intervals));
        const hits = slotsAt(minute).filter((slot) => kept.has(slot));
        expect(hits.length).toBe(open.has(minute) ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("slotsAt and zoneSlotKey", () => {
  it("the hour, quarter and minute of a local minute", () => {
    expect(slotsAt(0)).toEqual([0, QUARTERS, MINUTES]);
    expect(slotsAt(6 * DAY + 23 * 60 + 59)).toEqual([167, 839, 10919]);
    expect(slotsAt(7 * DAY)).toEqual(slotsAt(0));
  });

  it("keys of different zones never meet", () => {
    expect(zoneSlotKey(1, 10919)).toBeLessThan(zoneSlotKey(2, 0));
  });
});
