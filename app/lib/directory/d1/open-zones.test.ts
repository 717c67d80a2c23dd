// Which time zones' open-hours keys a search around a centre asks for (open-zones.ts):
// the box of its reach must hold every position within the radius, as the statements measure
// it (haversine), and a zone is left out only when its box and that box do not meet.
import { describe, expect, it } from "vitest";
import { destination } from "../../../../tests/fixtures/synthetic-directory";
import type { LatLng } from "../../places/places";
import { openKeysWithin, reachBox, type OpenZone } from "./open-zones";

describe("reachBox", () => {
  const centres: LatLng[] = [
    { lat: 41.87, lng: -87.66 },
    { lat: 61.2, lng: -149.9 },
    { lat: 21.3, lng: -157.85 },
    { lat: -33.9, lng: 18.4 },
    { lat: 0, lng: 0 },
  ];
  for (const centre of centres) {
    for (const miles of [0.25, 5, 50, 300]) {
      it(`holds every point ${miles} miles from ${centre.lat}, ${centre.lng}, and is no wider than needed`, () => {
        const box = reachBox(centre, miles);
        expect(box).not.toBeNull();
        let widest = 0;
        for (let bearing = 0; bearing < 360; bearing += 0.5) {
          const p = destination(centre, miles, bearing);
          expect(p.lat).toBeGreaterThanOrEqual(box!.south);
          expect(p.lat).toBeLessThanOrEqual(box!.north);
          expect(p.lng).toBeGreaterThanOrEqual(box!.west);
          expect(p.lng).toBeLessThanOrEqual(box!.east);
          widest = Math.max(widest, Math.abs(p.lng - centre.lng));
        }
        // Tight: the sampled circle reaches within 0.1% of the box's half-width.
        expect(widest).toBeGreaterThan(((box!.east - box!.west) / 2) * 0.999);
      });
    }
  }

  it("is null when the reach holds a pole or crosses longitude ±180", () => {
    expect(reachBox({ lat: 89.9, lng: 0 }, 50)).toBeNull();
    expect(reachBox({ lat: -89.5, lng: 10 }, 50)).toBeNull();
    expect(reachBox({ lat: 52, lng: 179.9 }, 50)).toBeNull();
    expect(reachBox({ lat: 52, lng: -179.9 }, 50)).toBeNull();
  });
});

describe("openKeysWithin", () => {
  const chicago: OpenZone = { keys: [1, 2, 3], bounds: { south: 37, north: 47, west: -92, east: -85 } };
  const losAngeles: OpenZone = { keys: [4, 5, 6], bounds: { south: 32, north: 49, west: -125, east: -114 } };
  const noPosition: OpenZone = { keys: [7, 8, 9], bounds: null };
  const aleutians: OpenZone = { keys: [10, 11, 12], bounds: { south: 51, north: 55, west: -179.9, east: 179.9 } };
  const zones = [chicago, losAngeles, noPosition, aleutians];

  it("anywhere: every zone's keys", () => {
    expect(openKeysWithin(zones, null)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("around a centre: the zones whose box the reach touches, never one without a box", () => {
    expect(openKeysWithin(zones, { centre: { lat: 41.87, lng: -87.66 }, miles: 25 })).toEqual([1, 2, 3]);
    expect(openKeysWithin(zones, { centre: { lat: 45.52, lng: -122.68 }, miles: 5 })).toEqual([4, 5, 6]);
    // A zone whose restaurants lie on both sides of ±180 has a box that spans every longitude.
    expect(openKeysWithin(zones, { centre: { lat: 53, lng: -150 }, miles: 50 })).toEqual([10, 11, 12]);
  });

  it("a reach that only just meets a box keeps its zone; one that stops short leaves it out", () => {
    // 50 miles east of the Chicago box's east edge, at 40° N: about 0.94° of longitude.
    const edge = { lat: 40, lng: -85 + 0.9 };
    expect(openKeysWithin([chicago], { centre: edge, miles: 50 })).toEqual([1, 2, 3]);
    expect(openKeysWithin([chicago], { centre: { lat: 40, lng: -85 + 1 }, miles: 50 })).toEqual([]);
  });

  it("a reach around a pole or across ±180 keeps every zone that has a box", () => {
    expect(openKeysWithin([chicago, noPosition], { centre: { lat: 52, lng: 179.95 }, miles: 50 })).toEqual([1, 2, 3]);
  });
});
