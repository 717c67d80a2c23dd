import { describe, expect, it } from "vitest";
import { localWeekMinute, openStateOf, restaurantTimeZone, timeZoneAt } from "./hours";

// Positions of city centres; zones and offsets as the tz database states them.
const PHOENIX = { lat: 33.4484, lng: -112.074 };
const EL_PASO = { lat: 31.7619, lng: -106.485 };
const BOISE = { lat: 43.615, lng: -116.2023 };
const HONOLULU = { lat: 21.3069, lng: -157.8583 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const DENVER = { lat: 39.7392, lng: -104.9903 };

const minuteOf = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute;

describe("timeZoneAt", () => {
  it.each([
    [PHOENIX, "America/Phoenix"],
    [EL_PASO, "America/Denver"],
    [BOISE, "America/Boise"],
    [HONOLULU, "Pacific/Honolulu"],
    [NEW_YORK, "America/New_York"],
  ])("%j is in %s", ({ lat, lng }, zone) => {
    expect(timeZoneAt(lat, lng)).toBe(zone);
  });

  it("no zone without a position in range", () => {
    expect(timeZoneAt(null, -112)).toBeNull();
    expect(timeZoneAt(91, 0)).toBeNull();
    expect(timeZoneAt(0, 181)).toBeNull();
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
  });
});

describe("localWeekMinute", () => {
  // Wednesday 1 July 2026, 03:30 UTC: Tuesday evening in the United States.
  const summer = new Date("2026-07-01T03:30:00Z");
  // Wednesday 14 January 2026, 03:30 UTC.
  const winter = new Date("2026-01-14T03:30:00Z");

  it("Phoenix keeps standard time all year (UTC-7)", () => {
    expect(localWeekMinute(summer, "America/Phoenix")).toBe(minuteOf(1, 20, 30));
    expect(localWeekMinute(winter, "America/Phoenix")).toBe(minuteOf(1, 20, 30));
  });

  it("El Paso and Boise are on Mountain time, with daylight saving (UTC-6 in summer, UTC-7 in winter)", () => {
    for (const { lat, lng } of [EL_PASO, BOISE, DENVER]) {
      const zone = timeZoneAt(lat, lng)!;
      expect(localWeekMinute(summer, zone)).toBe(minuteOf(1, 21, 30));
      expect(localWeekMinute(winter, zone)).toBe(minuteOf(1, 20, 30));
    }
  });

  it("Honolulu is UTC-10 all year", () => {
    expect(localWeekMinute(summer, "Pacific/Honolulu")).toBe(minuteOf(1, 17, 30));
    expect(localWeekMinute(winter, "Pacific/Honolulu")).toBe(minuteOf(1, 17, 30));
  });

  it("the spring transition in New York: 1:59 EST is followed by 3:00 EDT (Sunday 8 March 2026)", () => {
    expect(localWeekMinute(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe(minuteOf(6, 1, 59));
    expect(localWeekMinute(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe(minuteOf(6, 3, 0));
    // Phoenix does not move.
    expect(localWeekMinute(new Date("2026-03-08T07:00:00Z"), "America/Phoenix")).toBe(minuteOf(6, 0, 0));
  });

  it("the autumn transition: 1:30 comes twice (Sunday 1 November 2026)", () => {
    expect(localWeekMinute(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toBe(minuteOf(6, 1, 30));
    expect(localWeekMinute(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toBe(minuteOf(6, 1, 30));
  });
});

describe("openStateOf", () => {
  const at = new Date("2026-07-01T03:30:00Z");
  const restaurant = (position: { lat: number; lng: number }, hours: string | null) => ({
    hoursOfOperation: hours,
    latitude: position.lat,
    longitude: position.lng,
  });

  it("the same hours, the same instant: open in Phoenix, closed in El Paso", () => {
    expect(openStateOf(restaurant(PHOENIX, "Daily 11am-9pm"), at)).toEqual({
      open: true,
      change: "closes 9 pm",
      todayLines: [0],
    });
    expect(openStateOf(restaurant(EL_PASO, "Daily 11am-9pm"), at)).toEqual({
      open: false,
      change: "opens Wed 11 am",
      todayLines: [0],
    });
  });

  it("a ZIP's centre stands in for a missing position", () => {
    const row = { hoursOfOperation: "Daily 11am-9pm", latitude: null, longitude: null, geoLat: 21.3, geoLng: -157.85 };
    expect(restaurantTimeZone(row)).toBe("Pacific/Honolulu");
    expect(openStateOf(row, at)).toEqual({ open: true, change: "closes 9 pm", todayLines: [0] });
  });

  it("today's lines are the local day's: Tuesday evening in Phoenix, Wednesday already in Guam", () => {
    const hours = "Mon 9am-5pm, Tue 11am-2pm, Tue 5pm-10pm, Wed closed";
    expect(openStateOf(restaurant(PHOENIX, hours), at)).toEqual({
      open: true,
      change: "closes 10 pm",
      todayLines: [1, 2],
    });
    expect(openStateOf(restaurant({ lat: 13.47, lng: 144.75 }, hours), at)).toEqual({
      open: false,
      change: "opens Mon 9 am",
      todayLines: [3],
    });
  });

  it("unknown: hours outside the grammar, no hours, or no position", () => {
    expect(openStateOf(restaurant(PHOENIX, "Call for hours"), at)).toBeNull();
    expect(openStateOf(restaurant(PHOENIX, null), at)).toBeNull();
    expect(openStateOf({ hoursOfOperation: "Daily 11am-9pm", latitude: null, longitude: null }, at)).toBeNull();
  });
});
