// The KML and GPX of a saved list, read back with a real XML parser: every name survives
// exactly, however hostile (`<`, `&`, `]]>`), and only places with a position are in them.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { Restaurant } from "../directory/restaurant-rows";
import { savedGpx, savedKml } from "./saved-export";

const base = {
  cuisineType: null,
  isGlutenFree: true,
  isDairyFree: false,
  isVegetarian: false,
  isVegan: true,
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
  phoneNumber: "(555) 010-0100",
  emailAddress: null,
  websiteUrl: null,
  menuUrl: null,
  hoursOfOperation: null,
  description: null,
  geoLat: null,
  geoLng: null,
  recentConfirmations: [],
  verifiedAt: "2026-03-04",
  verifiedHow: null,
  closedAt: null,
  glutenFreeOnly: false,
  dairyFreeOnly: false,
  vegetarianOnly: false,
  veganOnly: false,
  dedicatedFryer: null,
  separatePrep: null,
  trainedStaff: null,
} as unknown as Omit<Restaurant, "id" | "name" | "latitude" | "longitude">;

const HOSTILE = `Fish & <Chips> "]]>" 'Bar'`;
const restaurants: Restaurant[] = [
  { ...base, id: 7, name: HOSTILE, latitude: 45.5, longitude: -122.6 } as Restaurant,
  { ...base, id: 8, name: "No Position", latitude: null, longitude: null } as Restaurant,
  { ...base, id: 9, name: "Shut", latitude: 45.6, longitude: -122.7, closedAt: "2026-01-15" } as Restaurant,
];

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["Placemark", "wpt"].includes(name) });

describe("a saved list for maps apps", () => {
  it("KML 2.2: one Placemark per place with a position, names exact", () => {
    const xml = savedKml(restaurants, "https://safebites.example");
    expect(XMLValidator.validate(xml)).toBe(true);
    const kml = parser.parse(xml).kml;
    expect(kml["@_xmlns"]).toBe("http://www.opengis.net/kml/2.2");
    const placemarks = kml.Document.Placemark;
    expect(placemarks.map((p: { name: string }) => p.name)).toEqual([HOSTILE, "Shut"]);
    expect(placemarks[0].Point.coordinates).toBe("-122.6,45.5");
    expect(placemarks[0].address).toBe("1 Main St, Portland, OR 97201");
    expect(placemarks[0].phoneNumber).toBe("(555) 010-0100");
    expect(placemarks[0].description).toMatch(/^Gluten-Free, Vegan\. Verified Mar 4, 2026/);
    expect(placemarks[0]["atom:link"]["@_href"]).toBe("https://safebites.example/restaurant/7");
    expect(placemarks[1].description).toMatch(/^Closed Jan 15, 2026\. /);
  });

  it("GPX 1.1: one waypoint per place with a position, names exact", () => {
    const xml = savedGpx(restaurants, "https://safebites.example");
    expect(XMLValidator.validate(xml)).toBe(true);
    const gpx = parser.parse(xml).gpx;
    expect(gpx["@_version"]).toBe("1.1");
    expect(gpx["@_xmlns"]).toBe("http://www.topografix.com/GPX/1/1");
    const [first, second] = gpx.wpt;
    expect(gpx.wpt).toHaveLength(2);
    expect(first.name).toBe(HOSTILE);
    expect([first["@_lat"], first["@_lon"]]).toEqual(["45.5", "-122.6"]);
    expect(first.link["@_href"]).toBe("https://safebites.example/restaurant/7");
    expect(second.name).toBe("Shut");
  });
});
