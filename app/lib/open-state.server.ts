// The open state of a restaurant at the time of the request, in its own time zone: computed
// from the hours text every time (never from the derived intervals the `open=now` filter
// reads, which may lag for rows other clients wrote; docs/decisions/0016-opening-hours.md).
import { MINUTES_PER_DAY, changeText, openStateAt, parseHours, weekIntervals, type OpenStateView } from "./hours";
import { localWeekMinute, timeZoneAt } from "./time-zone.server";

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
