import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changeText,
  clockText,
  linesNamingDay,
  openStateAt,
  parseHours,
  parseTime,
  printHours,
  printTime,
  weekIntervals,
  type DayRange,
} from "./hours";
import { itRefuses } from "../../../tests/support/cases";

// Expected values are written out by hand from the grammar (docs/opening-hours.md):
// minutes after midnight, days from Monday = 0.
const h = (hour: number, minute = 0) => hour * 60 + minute;
const DAY = 1440;

function daysOf(text: string) {
  const schedule = parseHours(text);
  if (!schedule) throw new Error(`not understood: ${text}`);
  return schedule.days.map((ranges) => ranges.map(([start, end]) => [start, end]));
}

describe("parseTime", () => {
  it.each([
    ["11am", h(11)],
    ["2:30pm", h(14, 30)],
    ["12pm", h(12)],
    ["12am", 0],
    ["noon", h(12)],
    ["midnight", 0],
    ["9 PM", h(21)],
    ["09:05am", h(9, 5)],
    ["12:30am", 30],
    ["12:59pm", h(12, 59)],
    ["1am", 60],
  ])("%s is minute %i", (text, minutes) => {
    expect(parseTime(text)).toBe(minutes);
  });

  it.each(["13pm", "0am", "11", "11:60am", "11:5am", "1130am", "noonish", "", "am", "11 a.m."])(
    "%s is not a time",
    (text) => {
      expect(parseTime(text)).toBeNull();
    },
  );
});

describe("parseHours: the forms of the grammar", () => {
  it("Daily sets every day", () => {
    expect(daysOf("Daily 11am-10pm")).toEqual(Array.from({ length: 7 }, () => [[h(11), h(22)]]));
  });

  it("one day, short and full names, any case", () => {
    for (const text of ["Tue 5pm-9pm", "tuesday 5pm-9pm", "TUE 5PM-9PM", "Tuesday 5pm - 9pm"]) {
      const days = daysOf(text);
      expect(days[1]).toEqual([[h(17), h(21)]]);
      expect(days.filter((ranges) => ranges.length > 0)).toHaveLength(1);
    }
  });

  it("a range of days, and one that wraps past Sunday", () => {
    const weekdays = daysOf("Mon-Fri 7am-3pm");
    expect(weekdays.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => [[h(7), h(15)]]));
    expect(weekdays.slice(5)).toEqual([[], []]);
    const wrapped = daysOf("Fri-Mon 5pm-9pm");
    expect(wrapped.map((ranges) => ranges.length)).toEqual([1, 0, 0, 0, 1, 1, 1]);
    expect(daysOf("Friday-Monday 5pm-9pm")).toEqual(wrapped);
  });

  it("closed and 24 hours", () => {
    const days = daysOf("Mon closed, Tue-Sun 24 hours");
    expect(days[0]).toEqual([]);
    expect(days[1]).toEqual([[0, DAY]]);
    expect(parseHours("Mon closed")?.entries[0]).toEqual({ days: [0], ranges: [], closed: true });
  });

  it("noon and midnight, 12pm and 12am", () => {
    expect(daysOf("Mon noon-midnight")[0]).toEqual([[h(12), DAY]]);
    expect(daysOf("Mon 12pm-12am")[0]).toEqual([[h(12), DAY]]);
    expect(daysOf("Mon 12am-noon")[0]).toEqual([[0, h(12)]]);
    // From midnight to midnight: the whole day.
    expect(daysOf("Mon 12am-12am")[0]).toEqual([[0, DAY]]);
  });

  it("a range that ends at or before its start runs past midnight", () => {
    expect(daysOf("Fri 5pm-2am")[4]).toEqual([[h(17), DAY + h(2)]]);
    expect(daysOf("Sat 11am-11am")[5]).toEqual([[h(11), DAY + h(11)]]);
  });

  it("several entries for one day add up (lunch and dinner)", () => {
    const days = daysOf("Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed");
    expect(days[2]).toEqual([
      [h(11), h(14, 30)],
      [h(17), h(21)],
    ]);
    expect(days[5]).toEqual([[h(12), h(22)]]);
    expect(days[6]).toEqual([]);
  });

  it("a day named closed keeps none of its own hours, whatever order", () => {
    expect(daysOf("Daily 11am-10pm, Mon closed")[0]).toEqual([]);
    expect(daysOf("Mon closed, Daily 11am-10pm")[0]).toEqual([]);
    expect(daysOf("Daily 11am-10pm, Mon closed")[1]).toEqual([[h(11), h(22)]]);
  });

  it("but the evening before still runs into a closed day", () => {
    const schedule = parseHours("Sun 6pm-1am, Mon closed")!;
    expect(weekIntervals(schedule)).toEqual([
      [0, h(1)],
      [6 * DAY + h(18), 7 * DAY],
    ]);
    expect(openStateAt(weekIntervals(schedule), 30).open).toBe(true);
  });

  it("spaces around parts and empty entries are tolerated", () => {
    expect(daysOf("  Mon  9am-5pm ,, Tue 9am -5pm, ")).toEqual(daysOf("Mon 9am-5pm, Tue 9am-5pm"));
  });
});

describe("parseHours: anything else is unknown", () => {
  itRefuses(parseHours, [
    "",
    "   ",
    ",",
    "Call ahead",
    "Mon-Fri 11am-10pm, weekends vary",
    "Mon 11-10",
    "Mon 11am",
    "Mon 11am-2pm-5pm",
    "Monday through Friday 9am-5pm",
    "Mon-Tue-Wed 9am-5pm",
    "Mo 9am-5pm",
    "Daily 25am-3pm",
    "Daily 11:00-22:00",
    "Daily closed closed",
    "Seasonal hours",
    "<script>alert(1)</script>",
    "Mon 9am-5pm; Tue 9am-5pm",
  ]);

  it("null and text over the cap", () => {
    expect(parseHours(null)).toBeNull();
    expect(parseHours(undefined)).toBeNull();
    const long = Array.from({ length: 200 }, () => "Mon 9am-5pm").join(", ");
    // Texts over 1,000 characters are unknown (docs/opening-hours.md).
    expect(long.length).toBeGreaterThan(1000);
    expect(parseHours(long)).toBeNull();
  });

  it("any text at all never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => {
        const schedule = parseHours(text);
        if (schedule) expect(schedule.days).toHaveLength(7);
      }),
    );
  });
});

describe("weekIntervals", () => {
  it("merges touching and overlapping ranges and splits at the week's end", () => {
    const schedule = parseHours("Mon 9am-5pm, Mon 5pm-9pm, Mon 8pm-11pm, Sun 10pm-3am")!;
    expect(weekIntervals(schedule)).toEqual([
      [0, h(3)],
      [h(9), h(23)],
      [6 * DAY + h(22), 7 * DAY],
    ]);
  });

  it("24 hours every day is one interval", () => {
    expect(weekIntervals(parseHours("Daily 24 hours")!)).toEqual([[0, 7 * DAY]]);
  });
});

describe("openStateAt and changeText", () => {
  const at = (text: string, day: number, minute: number) => {
    const now = day * DAY + minute;
    const state = openStateAt(weekIntervals(parseHours(text)!), now);
    return { open: state.open, text: changeText(state, now) };
  };

  // Day 0 is Monday; `minute` counts from that day's midnight.
  it.each<[string, number, number, boolean, string | null]>([
    // Open, closing later the same day; closed, opening the next day or later the same day.
    ["Daily 11am-9:30pm", 2, h(20), true, "closes 9:30 pm"],
    ["Tue-Sun 11am-10pm, Mon closed", 0, h(12), false, "opens Tue 11 am"],
    ["Daily 11am-10pm", 3, h(9), false, "opens 11 am"],
    // The start minute is open and the end minute closed.
    ["Daily 11am-10pm", 3, h(11), true, "closes 10 pm"],
    ["Daily 11am-10pm", 3, h(22), false, "opens Fri 11 am"],
    // Between lunch and dinner.
    ["Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm", 1, h(15), false, "opens 5 pm"],
    // Late night past midnight belongs to the evening before.
    ["Fri-Sat 5pm-2am", 4, h(23), true, "closes Sat 2 am"],
    ["Fri-Sat 5pm-2am", 5, h(1), true, "closes 2 am"],
    ["Fri-Sat 5pm-2am", 6, h(1), true, "closes 2 am"],
    ["Fri-Sat 5pm-2am", 6, h(3), false, "opens Fri 5 pm"],
    // A close at midnight is said without a weekday.
    ["Daily 5pm-12am", 0, h(18), true, "closes 12 am"],
    // Sunday night into Monday across the week's end.
    ["Sun 8pm-2am, Mon 12am-4am", 6, h(23), true, "closes Mon 4 am"],
    ["Sun 8pm-2am", 0, h(1), true, "closes 2 am"],
    ["Mon 9am-5pm", 6, h(12), false, "opens Mon 9 am"],
    // Open every hour: no change; never open: no change.
    ["Daily 24 hours", 3, 0, true, null],
    ["Daily closed", 3, 0, false, null],
    // The same weekday next week.
    ["Mon 11am-2pm", 0, h(15), false, "opens Mon 11 am"],
  ])("%j, day %i, minute %i: open %s, %j", (hours, day, minute, open, text) => {
    expect(at(hours, day, minute)).toEqual({ open, text });
  });
});

describe("clockText and printTime", () => {
  it.each([
    [0, "12 am", "12am"],
    [h(12), "12 pm", "12pm"],
    [h(21, 30), "9:30 pm", "9:30pm"],
    [h(11), "11 am", "11am"],
    [h(0, 5), "12:05 am", "12:05am"],
    [DAY + h(2), "2 am", "2am"],
  ])("%i", (minutes, clock, printed) => {
    expect(clockText(minutes)).toBe(clock);
    expect(printTime(minutes)).toBe(printed);
  });
});

describe("linesNamingDay", () => {
  it("the indexes of the lines whose days include the day", () => {
    const schedule = parseHours("Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed, Fri-Mon 10pm-2am")!;
    expect(linesNamingDay(schedule, 0)).toEqual([0, 1, 4]);
    expect(linesNamingDay(schedule, 5)).toEqual([2, 4]);
    expect(linesNamingDay(schedule, 6)).toEqual([3, 4]);
  });
});

describe("printHours", () => {
  it("groups consecutive days with the same hours", () => {
    expect(printHours(parseHours("Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed")!.days)).toBe(
      "Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed",
    );
    expect(printHours(parseHours("Daily 24 hours")!.days)).toBe("Daily 24 hours");
    expect(printHours(parseHours("Fri 5pm-2am")!.days)).toBe("Mon-Thu closed, Fri 5pm-2am, Sat-Sun closed");
  });

  const range = fc
    .tuple(fc.integer({ min: 0, max: DAY - 1 }), fc.integer({ min: 1, max: DAY }))
    .map(([start, length]): DayRange => [start, start + length]);
  const day = fc.array(range, { maxLength: 3 }).map((ranges) => [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  const week = fc.array(day, { minLength: 7, maxLength: 7 });

  it("property: what it prints parses to the same schedule", () => {
    fc.assert(
      fc.property(week, (days) => {
        const reread = parseHours(printHours(days));
        expect(reread).not.toBeNull();
        // Every day's own ranges ([0, 1440] prints as '24 hours', read back the same), and so
        // the same open minutes of the week.
        expect(reread!.days).toEqual(days);
        expect(weekIntervals(reread!)).toEqual(weekIntervals({ days }));
      }),
      { numRuns: 500 },
    );
  });

  it("property: a text in the grammar, printed and read again, has the same open minutes", () => {
    const dayWords = fc.constantFrom("Mon", "tue", "WEDNESDAY", "Thursday", "fri", "Sat", "sunday");
    const days = fc.oneof(
      fc.constant("Daily"),
      dayWords,
      fc.tuple(dayWords, dayWords).map(([a, b]) => `${a}-${b}`),
    );
    const time = fc.oneof(
      fc.constantFrom("noon", "midnight", "12am", "12pm"),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom("am", "pm"))
        .map(([hour, minute, half]) => `${hour}${minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`}${half}`),
    );
    const hours = fc.oneof(
      fc.constantFrom("closed", "24 hours"),
      fc.tuple(time, time).map(([a, b]) => `${a}-${b}`),
    );
    const text = fc
      .array(fc.tuple(days, hours), { minLength: 1, maxLength: 6 })
      .map((entries) => entries.map(([d, hs]) => `${d} ${hs}`).join(", "));
    fc.assert(
      fc.property(text, (input) => {
        const schedule = parseHours(input);
        expect(schedule).not.toBeNull();
        const reread = parseHours(printHours(schedule!.days));
        expect(weekIntervals(reread!)).toEqual(weekIntervals(schedule!));
      }),
      { numRuns: 500 },
    );
  });
});
