// The place that names a search's coordinates (issue 39 point 6: a shared lat/lng link reads
// 'Within 50 miles of Bellevue, WA'; app/lib/places/nearest-place.ts), the same cases for every
// adapter, on the US place data and the world fixture (tests/fixtures/world-fixture.ts). The
// expected places were read off the place data by hand (the nearest places to each point and
// their quarter-degree cells), not computed by the code under test.
import { describe, expect, it } from "vitest";
import type { Directory } from "~/lib/directory/port";
import type { LatLng, Place } from "~/lib/places/places";

const label = (place: Place | null) => (place ? `${place.name}, ${place.state}` : null);

const CASES: { title: string; at: LatLng; named: string | null }[] = [
  // Bellevue (47.615, -122.1663) is 1.6 miles away, Medina 1.9: the issue's own example.
  { title: "Bellevue, WA for a point in Bellevue", at: { lat: 47.61, lng: -122.2 }, named: "Bellevue, WA" },
  // At Portland's centre: Portland (0.3 miles), not Beaverton (6.4).
  { title: "Portland, OR at its centre", at: { lat: 45.52, lng: -122.68 }, named: "Portland, OR" },
  // The point is in cell row 550; Bothell (47.7623) in row 551, 1.6 miles north.
  { title: "a place in the cell to the north", at: { lat: 47.74, lng: -122.2 }, named: "Bothell, WA" },
  // The point is in cell (480, 359); Arabi (29.9612, -89.9965) in (479, 360), the diagonal one.
  { title: "a place in the diagonal cell", at: { lat: 30, lng: -90.01 }, named: "Arabi, LA" },
  // At sea off Oregon: the nearest places (Yachats, Newport) are 56 miles away, four cells east.
  { title: "nothing at sea, beyond the nine cells", at: { lat: 44.5, lng: -125.2 }, named: null },
  // Abroad: the world's places (Toronto 43.70011, -79.4163; Mississauga 20 km west).
  { title: "Toronto, ON abroad", at: { lat: 43.69, lng: -79.43 }, named: "Toronto, ON" },
];

export function describeNearestPlaceContract(name: string, directory: () => Directory) {
  describe(`the place nearest a search's coordinates on ${name}`, () => {
    it.each(CASES)("$title", async ({ at, named }) => {
      expect(label(await directory().nearestPlace(at))).toBe(named);
    });

    it("gives a US place's slug and a world place's kilometres", async () => {
      expect(await directory().nearestPlace({ lat: 47.61, lng: -122.2 })).toEqual({
        name: "Bellevue",
        state: "WA",
        slug: "bellevue",
        zip: null,
        lat: 47.615,
        lng: -122.1663,
      });
      expect(await directory().nearestPlace({ lat: 43.69, lng: -79.43 })).toEqual({
        name: "Toronto",
        state: "ON",
        slug: null,
        zip: null,
        lat: 43.70011,
        lng: -79.4163,
        km: true,
      });
    });
  });
}
