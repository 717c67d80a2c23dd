// The circles of a nearest-first search on Postgres, as ranges of its (geo_band, geo_lng)
// index (`ring`, below). The radii tried for a radius are the domain's (circleRadii in
// ../../places/places.ts), which D1 reads as the map cells that cover them
// (../d1/circles.ts), for a search with filters only (without, and for the nearest beyond
// the radius, D1 walks the cells nearest first: decision 0018). Pure.
import { BEYOND_MAX_MILES } from "../port";
import { EARTH_RADIUS_MILES, degrees, radians } from "../../places/geometry";
import type { LatLng } from "../../places/places";

/** geo_band: the latitude in bands of 1 / BANDS_PER_DEGREE degrees (the migrations use 100). */
const BANDS_PER_DEGREE = 100;

const BEYOND_GROWTH = 1.25;

/** One ring of a nearest-first search: a circle and the index ranges that cover it. */
export type CircleRange = { miles: number; bandFrom: number; bandTo: number; lngFrom: number; lngTo: number };

/** The bands and longitudes of the box around a circle (exact on the sphere). */
function circleRange(centre: LatLng, miles: number): CircleRange {
  const angle = miles / EARTH_RADIUS_MILES; // radians
  const margin = 1e-9;
  const latFrom = Math.max(-90, centre.lat - degrees(angle) - margin);
  const latTo = Math.min(90, centre.lat + degrees(angle) + margin);
  const maxLat = Math.max(Math.abs(latFrom), Math.abs(latTo));
  const ratio = Math.sin(angle) / Math.cos(radians(maxLat));
  // Near a pole the circle spans every longitude. (A circle across the antimeridian is cut there.)
  const dLng = maxLat >= 90 || ratio >= 1 ? 180 : degrees(Math.asin(ratio)) + margin;
  return {
    miles,
    bandFrom: Math.floor((latFrom + 90) * BANDS_PER_DEGREE),
    bandTo: Math.floor((latTo + 90) * BANDS_PER_DEGREE),
    lngFrom: Math.max(-180, centre.lng - dLng),
    lngTo: Math.min(180, centre.lng + dLng),
  };
}

/**
 * The circles for 'the nearest beyond the radius' (Postgres): twice the radius, then a quarter
 * more each time, to 300 miles. Finely spaced, because the one chosen is read whole: a circle
 * much wider than the nearest few would take in the next city.
 */
function beyondCircleRadii(radius: number): number[] {
  const radii: number[] = [];
  for (let miles = radius * 2; miles < BEYOND_MAX_MILES; miles *= BEYOND_GROWTH) radii.push(miles);
  return [...radii, BEYOND_MAX_MILES];
}

/** The circles a search tries (its scope's), with their index ranges (Postgres). */
export function circleRangesFor(centre: LatLng, circles: readonly number[]): CircleRange[] {
  return circles.map((miles) => circleRange(centre, miles));
}

/** The rings for 'the nearest beyond the radius', with their index ranges (Postgres). */
export function beyondCircleRangesFor(centre: LatLng, radius: number): CircleRange[] {
  return beyondCircleRadii(radius).map((miles) => circleRange(centre, miles));
}

/** A ring as the Postgres function takes it: [miles, band_from, band_to, lng_from, lng_to]. */
export function circleRangeTuple(r: CircleRange): [number, number, number, number, number] {
  return [r.miles, r.bandFrom, r.bandTo, r.lngFrom, r.lngTo];
}
