// The open intervals as index keys (docs/decisions/0016-opening-hours.md): what `open=now`
// reads on both backends. A restaurant's week in its own local time is cut into slots:
//
//   slots 0-167        hours of the week it is open for the whole hour;
//   slots 168-839      quarter hours it is open for wholly, within the hours it is open for part of;
//   slots 840-10919    single minutes it is open, within the quarters it is open for part of.
//
// Every open minute lies in exactly one kept slot, so "open at local minute m" is "has the
// hour slot of m, or its quarter slot, or its minute slot": three keys per time zone at query
// time, however the hours are written. Real hours start and end on the hour or the half hour,
// so a row keeps about a hundred slots. A slot becomes a key with the zone's number
// (hours_zones): zone * SLOTS_PER_ZONE + slot. Also here: a row's zone and slots
// (deriveOpenHours) and the keys of an instant (openKeysAt), which both backends' writes and
// reads use.
import { MINUTES_PER_WEEK, localWeekMinute, parseHours, restaurantTimeZone, weekIntervals } from "./hours";

export const HOUR_SLOTS = 168;
export const QUARTER_SLOTS = 672;
export const SLOTS_PER_ZONE = HOUR_SLOTS + QUARTER_SLOTS + MINUTES_PER_WEEK;
const QUARTER_BASE = HOUR_SLOTS;
const MINUTE_BASE = HOUR_SLOTS + QUARTER_SLOTS;

/** The slots of a week's open intervals (weekIntervals: minutes from Monday 00:00), ascending. */
export function openSlots(intervals: readonly (readonly [number, number])[]): number[] {
  const open = new Uint8Array(MINUTES_PER_WEEK);
  for (const [from, to] of intervals) open.fill(1, Math.max(0, from), Math.min(MINUTES_PER_WEEK, to));
  const count = (from: number, length: number) => {
    let n = 0;
    for (let m = from; m < from + length; m++) n += open[m]!;
    return n;
  };
  const slots: number[] = [];
  const quarters: number[] = [];
  const minutes: number[] = [];
  for (let hour = 0; hour < HOUR_SLOTS; hour++) {
    const inHour = count(hour * 60, 60);
    if (inHour === 60) slots.push(hour);
    else if (inHour > 0) {
      for (let quarter = hour * 4; quarter < hour * 4 + 4; quarter++) {
        const inQuarter = count(quarter * 15, 15);
        if (inQuarter === 15) quarters.push(QUARTER_BASE + quarter);
        else if (inQuarter > 0)
          for (let m = quarter * 15; m < quarter * 15 + 15; m++) if (open[m]) minutes.push(MINUTE_BASE + m);
      }
    }
  }
  return [...slots, ...quarters, ...minutes];
}

/** The three slots that hold local minute `minute` of the week: its hour, quarter and minute. */
export function slotsAt(minute: number): [number, number, number] {
  const m = ((Math.floor(minute) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return [Math.floor(m / 60), QUARTER_BASE + Math.floor(m / 15), MINUTE_BASE + m];
}

/** A slot of a zone as one key. */
export function zoneSlotKey(zoneId: number, slot: number): number {
  return zoneId * SLOTS_PER_ZONE + slot;
}

/** What the derivation reads of a row. */
export type OpenHoursSource = {
  id: number;
  hours_of_operation: string | null;
  latitude: number | null;
  longitude: number | null;
  geo_lat: number | null;
  geo_lng: number | null;
};

/** A row's zone and slots; no slots (and perhaps no zone) when its hours are unknown or it has no position. */
export function deriveOpenHours(row: OpenHoursSource): { zone: string | null; slots: number[] } {
  const zone = restaurantTimeZone({
    hoursOfOperation: row.hours_of_operation,
    latitude: row.latitude,
    longitude: row.longitude,
    geoLat: row.geo_lat,
    geoLng: row.geo_lng,
  });
  const schedule = parseHours(row.hours_of_operation);
  return { zone, slots: zone && schedule ? openSlots(weekIntervals(schedule)) : [] };
}

/** The keys that hold the instant `at` in each zone: three per zone, in each zone's local time. */
export function openKeysAt(zones: readonly { id: number; name: string }[], at: Date): number[] {
  return zones.flatMap(({ id, name }) => {
    let minute: number;
    try {
      minute = localWeekMinute(at, name);
    } catch {
      // A zone this runtime does not know: its restaurants cannot be placed in time.
      return [];
    }
    return slotsAt(minute).map((slot) => zoneSlotKey(id, slot));
  });
}
