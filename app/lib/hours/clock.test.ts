// Times on the country's usual clock (CONTRACTS section 14): the 12-hour clock's text is as
// it was; a 24-hour country reads '21:30', in the open state's change and in the hours' lines.
import { describe, expect, it } from "vitest";
import { changeText, clockText, hoursOnClock, openStateOf, parseHours } from "./hours";

describe("clockText on a 24-hour clock", () => {
  it.each([
    [0, "00:00", "12 am"],
    [9 * 60, "09:00", "9 am"],
    [12 * 60, "12:00", "12 pm"],
    [21 * 60 + 30, "21:30", "9:30 pm"],
    [1440 + 120, "02:00", "2 am"],
  ])("%i minutes: %s (12-hour: %s)", (minutes, twentyFour, twelve) => {
    expect(clockText(minutes, "24h")).toBe(twentyFour);
    expect(clockText(minutes, "12h")).toBe(twelve);
    expect(clockText(minutes)).toBe(twelve);
  });

  it("tells the next change on the clock asked for", () => {
    const state = { open: true, changeAt: 21 * 60 + 30 };
    expect(changeText(state, 20 * 60)).toBe("closes 9:30 pm");
    expect(changeText(state, 20 * 60, "24h")).toBe("closes 21:30");
    expect(changeText({ open: false, changeAt: 1440 + 11 * 60 }, 22 * 60, "24h")).toBe("opens Tue 11:00");
  });
});

describe("hoursOnClock", () => {
  it("writes every time of understood hours on a 24-hour clock, line for line", () => {
    const text = "Tue-Sun 12:30pm-3pm, Tue-Sun 7:30pm-11pm, Mon closed";
    const shown = hoursOnClock(text, "24h");
    expect(shown).toBe("Tue-Sun 12:30-15:00, Tue-Sun 19:30-23:00, Mon closed");
    expect(shown!.split(",")).toHaveLength(text.split(",").length);
    expect(hoursOnClock("Daily 11am-2am, Sat noon-midnight", "24h")).toBe("Daily 11:00-02:00, Sat 12:00-00:00");
    expect(hoursOnClock("Daily 24 hours", "24h")).toBe("Daily 24 hours");
  });

  it("leaves a 12-hour clock's text, and text outside the grammar, as written", () => {
    expect(hoursOnClock("Mon-Fri 11am-9pm", "12h")).toBe("Mon-Fri 11am-9pm");
    expect(hoursOnClock("Open daily, call for holiday hours 9am", "24h")).toBe(
      "Open daily, call for holiday hours 9am",
    );
    expect(hoursOnClock(null, "24h")).toBeNull();
  });

  it("means the same hours", () => {
    const text = "Mon-Sat 11:30am-2:30pm, Mon-Sat 5:30pm-10pm, Sun closed";
    expect(parseHours(hoursOnClock(text, "24h"))).toBeNull(); // the grammar is the 12-hour one: shown, never stored
    expect(hoursOnClock(text, "24h")).toBe("Mon-Sat 11:30-14:30, Mon-Sat 17:30-22:00, Sun closed");
  });
});

describe("openStateOf and the country's clock", () => {
  // Rome's centre, and London's; 2026-11-28 is a Saturday, 19:00 UTC is 20:00 in Rome and 19:00 in London.
  const at = new Date("2026-11-28T19:00:00Z");
  const rome = { latitude: 41.8894, longitude: 12.47, hoursOfOperation: "Daily 11am-9:30pm" };

  it("tells a change in Italy on the 24-hour clock, in the US and Canada on the 12-hour one", () => {
    expect(openStateOf({ ...rome, country: "IT" }, at)?.change).toBe("closes 21:30");
    expect(openStateOf({ ...rome, country: "US" }, at)?.change).toBe("closes 9:30 pm");
    expect(openStateOf(rome, at)?.change).toBe("closes 9:30 pm");
    expect(
      openStateOf({ latitude: 43.6446, longitude: -79.3949, hoursOfOperation: "Daily 11am-9:30pm", country: "CA" }, at)
        ?.change,
    ).toBe("closes 9:30 pm");
  });
});
