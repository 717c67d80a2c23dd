import { describe, expect, it } from "vitest";
import { parseSearchParams, searchOf } from "../search/search-url";
import { resultId } from "./pins";
import {
  NO_BASEMAP,
  fitView,
  mapCentreOf,
  pinsOf,
  radiusCovering,
  resultsMapOf,
  searchAreaHref,
  toPixels,
  type MapView,
} from "./view";

const portland = { lat: 45.515, lng: -122.679 };

describe("pinsOf", () => {
  it("numbers every card in order and pins those with a position", () => {
    const pins = pinsOf([
      { id: 7, name: "A", geoLat: 45.5, geoLng: -122.6 },
      { id: 8, name: "B", geoLat: null, geoLng: null },
      { id: 9, name: "C", geoLat: 45.6, geoLng: -122.7 },
    ]);
    expect(pins.map((pin) => [pin.n, pin.id])).toEqual([
      [1, 7],
      [3, 9],
    ]);
    expect(resultId(3)).toBe("result-3");
  });
});

describe("fitView", () => {
  it("keeps every pin inside the view, with the padding", () => {
    const pins = [portland, { lat: 45.3, lng: -122.97 }, { lat: 45.72, lng: -122.4 }];
    const view = fitView(pins, 480, 400, 28);
    for (const pin of pins) {
      const { x, y } = toPixels(view, pin);
      expect(x).toBeGreaterThanOrEqual(27.9);
      expect(x).toBeLessThanOrEqual(480 - 27.9);
      expect(y).toBeGreaterThanOrEqual(27.9);
      expect(y).toBeLessThanOrEqual(400 - 27.9);
    }
  });
  it("centres a single pin at a street-level zoom", () => {
    const view = fitView([portland], 480, 400);
    expect(view.center.lat).toBeCloseTo(portland.lat, 6);
    expect(view.zoom).toBe(12);
  });
});

describe("radiusCovering", () => {
  it("is the smallest option whose circle reaches every corner, at most 50", () => {
    const corners = (miles: number) => [0, 90, 180, 270].map((bearing) => offset(portland, miles, bearing));
    expect(radiusCovering(portland, corners(3))).toBe(5);
    expect(radiusCovering(portland, corners(5.5))).toBe(10);
    expect(radiusCovering(portland, corners(24))).toBe(25);
    expect(radiusCovering(portland, corners(30))).toBe(50);
    expect(radiusCovering(portland, corners(400))).toBe(50);
  });
  it("covers the corners of a real view", () => {
    const view = fitView([portland, { lat: 45.6, lng: -122.5 }], 480, 400);
    const corners = cornersOf(view);
    // Each corner is 5 to 10 miles from the centre (measured here), so 10 is the smallest option.
    for (const corner of corners) {
      expect(haversineMiles(view.center, corner)).toBeGreaterThan(5);
      expect(haversineMiles(view.center, corner)).toBeLessThanOrEqual(10);
    }
    expect(radiusCovering(view.center, corners)).toBe(10);
  });
});

describe("searchAreaHref", () => {
  it("keeps the search, drops the place, writes the centre with at most 3 decimals and the covering radius", () => {
    const search = searchOf({ query: "pizza", location: "Portland, OR", diets: ["vegan"], page: 3 });
    const href = searchAreaHref(search, { lat: 45.51234567, lng: -122.67891234 }, [{ lat: 45.55, lng: -122.7 }]);
    const parsed = parseSearchParams(new URL(href, "http://x").searchParams);
    expect(parsed).toMatchObject({
      query: "pizza",
      location: "",
      diets: ["vegan"],
      page: 1,
      coords: { lat: 45.512, lng: -122.679 },
      radius: 5,
    });
    expect(href).toContain("lat=45.512&lng=-122.679");
  });
});

/** The point `miles` from `from` along `bearing` degrees (spherical Earth, as distanceMiles). */
/**
 * The corners of a view, worked out here rather than by view.ts: the centre in Web Mercator by
 * y = (1 - ln(tan(lat) + sec(lat)) / pi) / 2, half the view's pixels either way, and back by
 * lat = 2 atan(e^(pi (1 - 2y))) - 90 degrees.
 */
function cornersOf({ center, zoom, width, height }: MapView) {
  const world = 256 * 2 ** zoom;
  const phi = (center.lat * Math.PI) / 180;
  const x = (center.lng + 180) / 360;
  const y = (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
  const at = (px: number, py: number) => ({
    lat: (2 * Math.atan(Math.exp(Math.PI * (1 - 2 * py))) * 180) / Math.PI - 90,
    lng: px * 360 - 180,
  });
  const [dx, dy] = [width / 2 / world, height / 2 / world];
  return [at(x - dx, y - dy), at(x + dx, y - dy), at(x - dx, y + dy), at(x + dx, y + dy)];
}

/** The great-circle distance in miles, by the haversine formula, written here. */
function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

function offset(from: { lat: number; lng: number }, miles: number, bearing: number) {
  const r = miles / 3958.8;
  const b = (bearing * Math.PI) / 180;
  const lat1 = (from.lat * Math.PI) / 180;
  const lng1 = (from.lng * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(r) + Math.cos(lat1) * Math.sin(r) * Math.cos(b));
  const lng2 =
    lng1 + Math.atan2(Math.sin(b) * Math.sin(r) * Math.cos(lat1), Math.cos(r) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
}

const card = (id: number, geoLat: number | null, geoLng: number | null) => ({
  id,
  name: `Place ${id}`,
  geoLat,
  geoLng,
});

describe("resultsMapOf", () => {
  it("has no pins and no static map when no card has a position", () => {
    expect(resultsMapOf(pinsOf([card(1, null, null)]), "")).toEqual({ pins: [], staticMap: null });
  });

  it("places the pins inside the view and names the basemap by their positions, 4 decimals", () => {
    const { pins, staticMap: map } = resultsMapOf(
      pinsOf([card(7, 45.523064, -122.676483), card(8, null, null), card(9, 45.5122, -122.6587)]),
      "",
    );
    expect(pins.map(({ n, id }) => [n, id])).toEqual([
      [1, 7],
      [3, 9],
    ]);
    expect(map).not.toBeNull();
    expect(map!.base).toBe("/map.svg?pins=45.5231,-122.6765;45.5122,-122.6587");
    // The credit the loader read (none here, as without an archive: tiles.server.test.ts).
    expect(map!.attribution).toBe("");
    expect(map!.pins.map(({ n, name }) => [n, name])).toEqual([
      [1, "Place 7"],
      [3, "Place 9"],
    ]);
    for (const { x, y } of map!.pins) {
      expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(28);
      expect(x).toBeLessThanOrEqual(480 - 28);
      expect(y).toBeGreaterThanOrEqual(28);
      expect(y).toBeLessThanOrEqual(400 - 28);
    }
    // The first pin is north-west of the second.
    expect(map!.pins[0]!.x).toBeLessThan(map!.pins[1]!.x);
    expect(map!.pins[0]!.y).toBeLessThan(map!.pins[1]!.y);
  });
  it("credits the static map with the attribution it is given", () => {
    const { staticMap } = resultsMapOf(pinsOf([card(1, 45.5, -122.6)]), "© OpenStreetMap");
    expect(staticMap!.attribution).toBe("© OpenStreetMap");
  });
});

describe("fitView with insets", () => {
  it("keeps every pin inside the rectangle the insets leave", () => {
    const pins = [portland, { lat: 45.3, lng: -122.97 }, { lat: 45.72, lng: -122.4 }];
    const insets = { top: 76, right: 68, bottom: 64, left: 30 };
    const view = fitView(pins, 390, 334, insets);
    for (const pin of pins) {
      const { x, y } = toPixels(view, pin);
      expect(x).toBeGreaterThanOrEqual(insets.left - 0.01);
      expect(x).toBeLessThanOrEqual(390 - insets.right + 0.01);
      expect(y).toBeGreaterThanOrEqual(insets.top - 0.01);
      expect(y).toBeLessThanOrEqual(334 - insets.bottom + 0.01);
    }
  });
});

describe("the search's centre on the static map", () => {
  const pins = pinsOf([card(1, 45.523, -122.676), card(2, 45.5231, -122.6761), card(3, 45.6, -122.5)]);
  it("is a named marker, in the basemap's URL, and pins keep their tap areas off it and each other", () => {
    const centre = mapCentreOf({ lat: 45.5, lng: -122.7 }, { name: "Portland", state: "OR" })!;
    const { staticMap, centre: shown } = resultsMapOf(pins, "© OpenStreetMap", centre);
    expect(shown).toEqual(centre);
    expect(staticMap!.base).toMatch(/&centre=45\.5,-122\.7$/);
    expect(staticMap!.svg).toContain('aria-label="Centre of Portland, OR"');
    expect(staticMap!.svg).toContain(`<image href="${staticMap!.base.replace("&", "&amp;")}"`);
    expect(staticMap!.caption).toBe("Blue dot: Centre of Portland, OR. Map data: © OpenStreetMap");
    const [a, b] = staticMap!.pins;
    expect(Math.abs(a!.x - b!.x) >= 60 || Math.abs(a!.y - b!.y) >= 60).toBe(true);
  });
  it("is the visitor's position without a place; without a basemap there is no image to break", () => {
    const centre = mapCentreOf({ lat: 45.5, lng: -122.7 }, null);
    const { staticMap } = resultsMapOf(pins, "", centre);
    expect(staticMap!.svg).toContain('aria-label="Your location"');
    expect(staticMap!.svg).not.toContain("<image");
    expect(staticMap!.caption).toBe(`Blue dot: Your location. ${NO_BASEMAP}`);
  });
});

describe("the static map's SVG, inserted into the page as markup", () => {
  it("carries a stored name and a centre's label only as escaped text", () => {
    const hostile = `<script>alert(1)</script>" onload="alert(2)' &amp;`;
    const pins = pinsOf([{ id: 1, name: hostile, geoLat: 45.5, geoLng: -122.6 }]);
    const { staticMap } = resultsMapOf(pins, "", { lat: 45.51, lng: -122.61, label: `Centre of ${hostile}` });
    const svg = staticMap!.svg;
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain('" onload=');
    expect(svg).toContain(
      'aria-label="1: &lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;alert(2)&apos; &amp;amp;"',
    );
    expect(svg).toContain("<title>Centre of &lt;script&gt;");
  });
});
