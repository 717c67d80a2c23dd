// open=now's time zones as the D1 statements read them (docs/decisions/0016-opening-hours.md):
// the zones of hours_zones, each with its open-hours keys of the moment and the box of its
// restaurants' positions, and which of them a search around a centre can reach (every key is
// one more term of each FTS5 query: fts-query.ts openClause). Pure.
import { openKeysAt } from "../../hours/open-slots";
import { degrees, EARTH_RADIUS_MILES, radians } from "../../places/geometry";
import type { LatLng } from "../../places/places";

/** The box of a time zone's restaurants' positions (hours_zones, migrations/0008_zone_bounds.sql). */
export type ZoneBounds = { south: number; north: number; west: number; east: number };
/** A time zone's open-hours keys at the moment of a search, and its box (null: no restaurant of it has a position). */
export type OpenZone = { keys: readonly number[]; bounds: ZoneBounds | null };

/** hours_zones with each zone's box (migrations/0008_zone_bounds.sql). */
export const ZONES_SQL = "SELECT id, name, south, north, west, east FROM hours_zones ORDER BY id";

export type ZoneBoundsRow = { id: number; name: string } & { [K in keyof ZoneBounds]: number | null };

/** A zone of hours_zones, with the box of its restaurants' positions (null: none has one). */
export type ZoneRow = { id: number; name: string; bounds: ZoneBounds | null };

/** A row of ZONES_SQL as a zone: its box only when all four edges are known. */
export function zoneRowOf({ id, name, south, north, west, east }: ZoneBoundsRow): ZoneRow {
  const bounds =
    south === null || north === null || west === null || east === null ? null : { south, north, west, east };
  return { id, name, bounds };
}

/** The time zones as the statements read them for the moment `at`: each with its keys and box. */
export function openZonesAt(zones: readonly ZoneRow[], at: Date): OpenZone[] {
  return zones.map((zone) => ({ keys: openKeysAt([zone], at), bounds: zone.bounds }));
}

/** Where a statement's matches can be: within `miles` of `centre`, or (null) anywhere. */
export type Reach = { centre: LatLng; miles: number } | null;

/**
 * The box of every position within the reach, a little wider (rounding), or null when it
 * holds a pole or crosses longitude ±180. Latitude: the centre's ± the radius's angle ρ; longitude:
 * ± asin(sin ρ / cos latitude), where the circle touches its two outermost meridians.
 */
export function reachBox(centre: LatLng, miles: number): ZoneBounds | null {
  const rho = miles / EARTH_RADIUS_MILES;
  const slack = 1e-6;
  const dLat = degrees(rho) * (1 + slack) + slack;
  const sinRatio = Math.sin(rho) / Math.cos(radians(centre.lat));
  if (centre.lat + dLat >= 90 || centre.lat - dLat <= -90 || sinRatio >= 1) return null;
  const dLng = degrees(Math.asin(sinRatio)) * (1 + slack) + slack;
  if (centre.lng - dLng <= -180 || centre.lng + dLng >= 180) return null;
  return { south: centre.lat - dLat, north: centre.lat + dLat, west: centre.lng - dLng, east: centre.lng + dLng };
}

/**
 * The open-hours keys a statement needs: those of every zone, or, for a reach around a centre,
 * of the zones whose box it touches (a zone elsewhere has no restaurant it could find). Every
 * key is one more term of each FTS5 query: record 16's amendment measured the difference.
 */
export function openKeysWithin(zones: readonly OpenZone[], reach: Reach): number[] {
  const box = reach ? reachBox(reach.centre, reach.miles) : null;
  const meets = (a: ZoneBounds, b: ZoneBounds) =>
    a.south <= b.north && a.north >= b.south && a.west <= b.east && a.east >= b.west;
  return zones
    .filter(({ bounds }) => !reach || (bounds !== null && (box === null || meets(bounds, box))))
    .flatMap(({ keys }) => keys);
}
