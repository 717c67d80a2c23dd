// A restaurant's open state at the time of the request, in its own time zone: computed from
// the hours text every time (never from the derived intervals the `open=now` filter reads,
// which may lag for rows other clients wrote; docs/decisions/0016-opening-hours.md).
//
// Its local time: the IANA time zone from its position (tz-lookup's compact map of the zone
// boundaries) and the wall clock there from the runtime's Intl, which knows each zone's
// daylight saving rules. Server only: the map is about 29 KB gzipped and the browser never
// needs it (pages arrive with the open state already worked out).
import tzLookup from "@photostructure/tz-lookup";
import { MINUTES_PER_DAY, changeText, openStateAt, parseHours, weekIntervals, type OpenStateView } from "./hours";

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
  return { open: state.open, change: changeText(state, now), today: Math.floor(now / MINUTES_PER_DAY) };
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
