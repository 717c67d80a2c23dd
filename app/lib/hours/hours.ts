// Opening hours: the one reader of `hours_of_operation` (docs/opening-hours.md has the
// grammar), its printer, the arithmetic of "open now", and a restaurant's open state at the
// time of a request in its own time zone. Computed from the text every time (never from the
// derived intervals the `open=now` filter reads, which may lag for rows other clients wrote;
// docs/decisions/0016-opening-hours.md).
//
// The server's only: the time zone comes from the restaurant's position through tz-lookup's
// compact map of the zone boundaries (too large to send to every browser), and the wall clock
// there from the runtime's Intl, which knows each zone's daylight saving rules. Pages arrive with the open
// state and today's lines worked out, so components import only its types (the linter holds
// that, eslint.config.js).
//
// Text outside the grammar is "unknown": parseHours returns null, and nothing claims the
// restaurant open or closed.

import tzLookup from "@photostructure/tz-lookup";
import { clockOf, type Clock } from "../world/countries";

/** Days are numbered from Monday (0) to Sunday (6); minutes count from the day's midnight. */
const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const DAY_FULL_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/**
 * A range of one day: from `start` (0 ≤ start < 1440) to `end` (start < end ≤ start + 1440),
 * minutes from that day's midnight; an end past 1440 runs into the next day.
 */
export type DayRange = readonly [start: number, end: number];

/** One comma-separated entry: the days it names, and its ranges (none: `closed`). */
type HoursEntry = { days: readonly number[]; ranges: readonly DayRange[]; closed: boolean };

/**
 * An understood schedule: each day's own ranges (index 0 = Monday), sorted by start then end.
 * A day named `closed` keeps none of its own; the evening before may still run into it.
 */
export type Schedule = { days: readonly (readonly DayRange[])[]; entries: readonly HoursEntry[] };

/**
 * Longest text the parser reads. Real hours are far shorter; a longer text is unknown, so
 * the work per row is bounded whatever a client stored.
 */
const MAX_HOURS_TEXT = 1000;

const DAY_WORDS: ReadonlyMap<string, number> = new Map(
  DAY_NAMES.flatMap((name, index) => [
    [name.toLowerCase(), index],
    [DAY_FULL_NAMES[index]!.toLowerCase(), index],
  ]),
);

const TIME = /^(?:(noon)|(midnight)|(1[0-2]|0?[1-9])(?::([0-5][0-9]))?\s?([ap])m)$/;

/** Minutes after midnight of `11am`, `2:30pm`, `12pm`, `12am`, `noon`, `midnight`; else null. */
export function parseTime(text: string): number | null {
  const match = TIME.exec(text.trim().toLowerCase());
  if (!match) return null;
  if (match[1]) return 12 * 60;
  if (match[2]) return 0;
  const hour = Number(match[3]) % 12;
  const minute = match[4] ? Number(match[4]) : 0;
  return (hour + (match[5] === "p" ? 12 : 0)) * 60 + minute;
}

function parseDays(text: string): number[] | null {
  const words = text.toLowerCase();
  if (words === "daily") return [0, 1, 2, 3, 4, 5, 6];
  const parts = words.split(/\s*-\s*/);
  if (parts.length === 1) {
    const day = DAY_WORDS.get(parts[0]!);
    return day === undefined ? null : [day];
  }
  if (parts.length !== 2) return null;
  const first = DAY_WORDS.get(parts[0]!);
  const last = DAY_WORDS.get(parts[1]!);
  if (first === undefined || last === undefined) return null;
  // A range may wrap past Sunday (Fri-Mon).
  const days = [first];
  for (let day = first; day !== last;) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

function parseRange(text: string): DayRange | null {
  const parts = text.split(/\s*[-–]\s*/);
  if (parts.length !== 2) return null;
  const start = parseTime(parts[0]!);
  const end = parseTime(parts[1]!);
  if (start === null || end === null) return null;
  // Ending at or before the start: past midnight into the next day (12am-12am: a whole day).
  return [start, end <= start ? end + MINUTES_PER_DAY : end];
}

const ENTRY = /^(daily|[a-z]+(?:\s*-\s*[a-z]+)?)\s+(.+)$/i;

function parseEntry(text: string): HoursEntry | null {
  const match = ENTRY.exec(text);
  if (!match) return null;
  const days = parseDays(match[1]!);
  if (!days) return null;
  const hours = match[2]!.trim().toLowerCase().replace(/\s+/g, " ");
  if (hours === "closed") return { days, ranges: [], closed: true };
  if (hours === "24 hours") return { days, ranges: [[0, MINUTES_PER_DAY]], closed: false };
  const range = parseRange(hours);
  return range ? { days, ranges: [range], closed: false } : null;
}

function byStart(a: DayRange, b: DayRange) {
  return a[0] - b[0] || a[1] - b[1];
}

/** The schedule a text states, or null when any part of it is outside the grammar. */
export function parseHours(text: string | null | undefined): Schedule | null {
  if (text == null || text.length > MAX_HOURS_TEXT) return null;
  const lines = text
    .split(",")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const entries: HoursEntry[] = [];
  for (const line of lines) {
    const entry = parseEntry(line);
    if (!entry) return null;
    entries.push(entry);
  }
  const closedDays = new Set(entries.flatMap((entry) => (entry.closed ? entry.days : [])));
  const days: DayRange[][] = DAY_NAMES.map(() => []);
  for (const entry of entries) {
    for (const day of entry.days) if (!closedDays.has(day)) days[day]!.push(...entry.ranges);
  }
  for (const ranges of days) ranges.sort(byStart);
  return { days, entries };
}

/** A time of day on a 12-hour clock: '2:30' and 'pm' for 870; noon and midnight are 12. */
function twelveHour(minutes: number): { clock: string; half: "am" | "pm" } {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}${minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`}`;
  return { clock, half: hour < 12 ? "am" : "pm" };
}

/** `11am`, `2:30pm`, `12pm`, `12am`: the grammar's own spelling of a time of day. */
export function printTime(minutes: number): string {
  const { clock, half } = twelveHour(minutes);
  return `${clock}${half}`;
}

function printRange([start, end]: DayRange): string {
  return start === 0 && end === MINUTES_PER_DAY ? "24 hours" : `${printTime(start)}-${printTime(end)}`;
}

function sameRanges(a: readonly DayRange[], b: readonly DayRange[]) {
  return a.length === b.length && a.every((range, index) => range[0] === b[index]![0] && range[1] === b[index]![1]);
}

/** Text in the grammar for a schedule's days: parseHours(printHours(s)) has the same days. */
export function printHours(days: readonly (readonly DayRange[])[]): string {
  // Runs of consecutive days with the same ranges share their entries (Mon-Fri 11am-2:30pm).
  const runs: { first: number; last: number; ranges: readonly DayRange[] }[] = [];
  days.forEach((ranges, day) => {
    const previous = runs.at(-1);
    if (previous && sameRanges(previous.ranges, ranges)) previous.last = day;
    else runs.push({ first: day, last: day, ranges });
  });
  return runs
    .flatMap(({ first, last, ranges }) => {
      const label =
        first === 0 && last === 6
          ? "Daily"
          : first === last
            ? DAY_NAMES[first]
            : `${DAY_NAMES[first]}-${DAY_NAMES[last]}`;
      return ranges.length === 0 ? [`${label} closed`] : ranges.map((range) => `${label} ${printRange(range)}`);
    })
    .join(", ");
}

/**
 * The week's open time as sorted, disjoint, non-touching intervals of minutes from Monday
 * 00:00 (0 ≤ start < end ≤ MINUTES_PER_WEEK). Sunday's late hours continue at Monday 00:00:
 * such an interval is split at the week's end.
 */
export function weekIntervals(schedule: Pick<Schedule, "days">): [number, number][] {
  const pieces: [number, number][] = [];
  schedule.days.forEach((ranges, day) => {
    for (const [start, end] of ranges) {
      const from = day * MINUTES_PER_DAY + start;
      const to = day * MINUTES_PER_DAY + end;
      if (to <= MINUTES_PER_WEEK) pieces.push([from, to]);
      else pieces.push([from, MINUTES_PER_WEEK], [0, to - MINUTES_PER_WEEK]);
    }
  });
  pieces.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [from, to] of pieces) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Whether a restaurant is open at a local minute of the week, and when that next changes. */
export type OpenState = {
  open: boolean;
  /** Minutes from Monday 00:00 of the change, possibly past the week's end; null: never changes. */
  changeAt: number | null;
};

/** Open state at local minute `now` of the week (0 = Monday 00:00). */
export function openStateAt(intervals: readonly (readonly [number, number])[], now: number): OpenState {
  const at = ((Math.floor(now) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  if (intervals.length === 0) return { open: false, changeAt: null };
  const first = intervals[0]!;
  const last = intervals.at(-1)!;
  if (first[0] === 0 && last[1] === MINUTES_PER_WEEK && intervals.length === 1) return { open: true, changeAt: null };
  const current = intervals.find(([from, to]) => from <= at && at < to);
  if (current) {
    // Open through Sunday night into Monday morning: closes when Monday's interval ends.
    const wraps = current[1] === MINUTES_PER_WEEK && first[0] === 0;
    return { open: true, changeAt: wraps ? MINUTES_PER_WEEK + first[1] : current[1] };
  }
  const next = intervals.find(([from]) => from > at);
  return { open: false, changeAt: next ? next[0] : MINUTES_PER_WEEK + first[0] };
}

/** A time of day on a 24-hour clock: '21:30', '09:00', '00:00' (midnight). */
function twentyFourHour(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
}

/** '9:30 pm', '11 am', '12 pm' (noon), '12 am' (midnight); on a 24-hour clock '21:30', '11:00', '12:00', '00:00'. */
export function clockText(minutes: number, clock: Clock = "12h"): string {
  if (clock === "24h") return twentyFourHour(minutes);
  const { clock: time, half } = twelveHour(minutes);
  return `${time} ${half}`;
}

/**
 * The hours text with its times on `clock`: on a 24-hour clock 'Tue-Sun 12:30pm-3pm' reads
 * 'Tue-Sun 12:30-15:00' (line for line, so todayLines still name the same lines). Text outside
 * the grammar, and any text on a 12-hour clock, is as written.
 */
export function hoursOnClock(text: string | null, clock: Clock): string | null {
  if (clock === "12h" || !parseHours(text)) return text;
  return text!.replace(/\b(?:noon|midnight|(?:1[0-2]|0?[1-9])(?::[0-5][0-9])?\s?[ap]m)\b/gi, (time) =>
    twentyFourHour(parseTime(time) ?? 0),
  );
}

/**
 * 'closes 9:30 pm', 'opens Tue 11 am': the next change, with its weekday when it falls on
 * another day than `now` (a close at midnight belongs to the day it ends).
 */
export function changeText(state: OpenState, now: number, clock: Clock = "12h"): string | null {
  if (state.changeAt === null) return null;
  const at = ((Math.floor(now) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const change = state.changeAt;
  const dayOfChange = Math.floor((state.open ? change - 1 : change) / MINUTES_PER_DAY);
  const sameDay = dayOfChange === Math.floor(at / MINUTES_PER_DAY);
  const day = sameDay ? "" : `${DAY_NAMES[dayOfChange % 7]} `;
  return `${state.open ? "closes" : "opens"} ${day}${clockText(change, clock)}`;
}

/** The indexes of a text's comma-separated lines (as shown, blanks dropped) that name `day`. */
export function linesNamingDay(schedule: Schedule, day: number): number[] {
  return schedule.entries.flatMap((entry, index) => (entry.days.includes(day) ? [index] : []));
}

/**
 * What a card or the detail page shows, worked out on the server when the page is made: open
 * or closed, the next change ('closes 9:30 pm'), and the indexes of the text's lines that name
 * today (local time), which the detail page marks. Absent for hours outside the grammar or
 * without a position.
 */
export type OpenStateView = { open: boolean; change: string | null; todayLines: number[] };

/**
 * schema.org openingHoursSpecification for understood hours: one item per distinct range with
 * the days that have it. A range past midnight closes at the next day's time (closes < opens),
 * a close at midnight and a whole day are written as Google documents them (23:59).
 * Undefined for unknown hours, or hours with no open time at all.
 */
export type OpeningHoursSpecification = {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}[];

export function openingHoursSpecification(text: string | null | undefined): OpeningHoursSpecification | undefined {
  const schedule = parseHours(text);
  if (!schedule) return undefined;
  const byRange = new Map<string, { opens: string; closes: string; days: string[] }>();
  schedule.days.forEach((ranges, day) => {
    for (const [start, end] of ranges) {
      const opens = twentyFourHour(start);
      const closes = end === MINUTES_PER_DAY || end === start + MINUTES_PER_DAY ? "23:59" : twentyFourHour(end);
      const key = `${opens}-${closes}`;
      const item = byRange.get(key) ?? { opens, closes, days: [] };
      item.days.push(`https://schema.org/${DAY_FULL_NAMES[day]}`);
      byRange.set(key, item);
    }
  });
  if (byRange.size === 0) return undefined;
  return [...byRange.values()].map(({ opens, closes, days }) => ({
    "@type": "OpeningHoursSpecification" as const,
    dayOfWeek: days,
    opens,
    closes,
  }));
}

// ---------------------------------------------------------------------------------------
// A restaurant's open state at a moment, in its own time zone.

/** The IANA zone at a position, or null for a position that is not one. */
export function timeZoneAt(lat: number | null | undefined, lng: number | null | undefined): string | null {
  if (lat == null || lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  try {
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  return format;
}

/** Minutes since Monday 00:00 on the wall clocks of `zone` at the instant `at`. */
export function localWeekMinute(at: Date, zone: string): number {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatFor(zone).formatToParts(at)) {
    if (part.type === "weekday") day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === "hour") hour = Number(part.value) % 24;
    else if (part.type === "minute") minute = Number(part.value);
  }
  return day * MINUTES_PER_DAY + hour * 60 + minute;
}

type Located = {
  hoursOfOperation: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Own coordinates, else the ZIP's centre (the database's geo_lat/geo_lng), when selected. */
  geoLat?: number | null;
  geoLng?: number | null;
  /** ISO 3166-1 alpha-2: the clock its change is told on (absent: the US's). */
  country?: string | null;
};

/** Its time zone: own position, else its ZIP's centre; null without either. */
export function restaurantTimeZone(restaurant: Located): string | null {
  return (
    timeZoneAt(restaurant.latitude, restaurant.longitude) ?? timeZoneAt(restaurant.geoLat, restaurant.geoLng) ?? null
  );
}

export function openStateOf(restaurant: Located, at: Date): OpenStateView | null {
  const schedule = parseHours(restaurant.hoursOfOperation);
  if (!schedule) return null;
  const zone = restaurantTimeZone(restaurant);
  if (!zone) return null;
  const now = localWeekMinute(at, zone);
  const state = openStateAt(weekIntervals(schedule), now);
  const today = Math.floor(now / MINUTES_PER_DAY);
  return {
    open: state.open,
    change: changeText(state, now, clockOf(restaurant.country)),
    todayLines: linesNamingDay(schedule, today),
  };
}

/** The open state of each restaurant of a list, by id (absent: unknown). */
export function openStatesOf(
  restaurants: readonly (Located & { id: number })[],
  at: Date,
): Record<number, OpenStateView> {
  const states: Record<number, OpenStateView> = {};
  for (const restaurant of restaurants) {
    const state = openStateOf(restaurant, at);
    if (state) states[restaurant.id] = state;
  }
  return states;
}
