// The visitor's approximate position from the connection (request.cf on Workers: city level),
// for 'Use My Location' without JavaScript (near=me in docs/search-url.md). Locally, wrangler
// dev answers with a fixed placeholder position when it cannot fetch the real one.
import { roundCoordinate, type LatLng } from "./places";

function coordinate(value: unknown, limit: number): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** The connection's position rounded as the app writes coordinates; null when unknown. */
export function connectionPosition(cf: object | undefined): LatLng | null {
  if (!cf || !("latitude" in cf) || !("longitude" in cf)) return null;
  const lat = coordinate(cf.latitude, 90);
  const lng = coordinate(cf.longitude, 180);
  return lat === null || lng === null ? null : { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
}
