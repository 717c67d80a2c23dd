// The landing pages outside the US (docs/seo.md): /countries, /{cc},
// /{cc}/{sub} and /{cc}/{sub}/{city}[/{diet}[/dedicated]], lower case, with '-' for a country
// without subdivisions (/sg/-/singapore). Their URL segments, their areas (./landing.ts's Area,
// keyed as restaurant_cities keys them: 'CA-ON', 'SG-'), and the countries and subdivisions
// that restaurant_states counts. Server-side: the subdivisions' names (from iso-3166, by
// app/lib/world/subdivisions.ts) stay out of the browser's bundle.
import { HOME_COUNTRY } from "~/lib/world/countries";
import { countryName } from "~/lib/world/country-names";
import { subdivisionName as firstLevelName } from "~/lib/world/subdivisions";
import type { StateRestaurants } from "~/lib/directory/landing-rows";
import { US_STATES } from "~/lib/places/places";
import type { Area } from "./landing";
import { data } from "@remix-run/cloudflare";
import { notFound } from "~/lib/web/route.server";
import { NO_SUBDIVISION_SEGMENT, countryPath, parseCountrySegment, parseSubdivisionSegment } from "./world-segments";

/** A subdivision's name ('Ontario' for 'CA', 'ON'); its code when the data does not know it. */
function subdivisionName(country: string, code: string): string {
  return firstLevelName(country, code) ?? code;
}

/** The area of a country's subdivision (code '' for none) outside the US. */
export function worldArea(country: string, code: string): Area {
  return {
    key: `${country}-${code}`,
    code,
    path: `${countryPath(country)}/${code.toLowerCase() || NO_SUBDIVISION_SEGMENT}`,
    name: code ? subdivisionName(country, code) : countryName(country),
    country: countryName(country),
  };
}

/** A restaurant_states row outside the US as its country and subdivision ('CA-ON'); null for a US row. */
function worldKeyOf(state: string): { country: string; code: string } | null {
  const match = /^([A-Z]{2})-([A-Z0-9]*)$/.exec(state);
  return match && match[1] !== HOME_COUNTRY ? { country: match[1]!, code: match[2]! } : null;
}

export type CountryRestaurants = { country: string; name: string; path: string; restaurants: number };

/**
 * The countries with open restaurants, how many each has and their pages (the US's: /us), by
 * name, from restaurant_states' rows (one per US state or subdivision elsewhere).
 */
export function countriesOf(rows: readonly StateRestaurants[]): CountryRestaurants[] {
  const counts = new Map<string, number>();
  for (const { state, restaurants } of rows) {
    if (restaurants <= 0) continue;
    const country = Object.hasOwn(US_STATES, state) ? HOME_COUNTRY : worldKeyOf(state)?.country;
    if (country) counts.set(country, (counts.get(country) ?? 0) + restaurants);
  }
  return [...counts]
    .map(([country, restaurants]) => ({
      country,
      name: countryName(country),
      path: country === HOME_COUNTRY ? "/us" : countryPath(country),
      restaurants,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export type SubdivisionRestaurants = { area: Area; restaurants: number };

/** A country's subdivisions (and its '-' area, for restaurants without one) with open restaurants, by name. */
export function subdivisionsOf(rows: readonly StateRestaurants[], country: string): SubdivisionRestaurants[] {
  return rows
    .flatMap(({ state, restaurants }) => {
      const key = worldKeyOf(state);
      return key && key.country === country && restaurants > 0
        ? [{ area: worldArea(country, key.code), restaurants }]
        : [];
    })
    .sort((a, b) => a.area.name.localeCompare(b.area.name, "en"));
}

/** The areas abroad that restaurant_states counts restaurants in, as restaurant_cities keys them ('CA-ON', 'SG-'). */
export function areaKeysAbroad(rows: readonly StateRestaurants[]): string[] {
  return rows.filter((row) => row.restaurants > 0 && worldKeyOf(row.state)).map((row) => row.state);
}

/** The country and subdivision of an area abroad's key ('CA-ON'); null for anything else. */
export function areaOfKey(key: string): { country: string; code: string } | null {
  return worldKeyOf(key);
}

/**
 * The pages into the landing pages abroad (the sitemap's world.xml): /countries, each
 * country's page, and each subdivision's (a '-' area's only beside real subdivisions: alone,
 * it is the country's page).
 */
export function worldLandingPaths(rows: readonly StateRestaurants[]): string[] {
  const countries = countriesOf(rows).filter((country) => country.country !== HOME_COUNTRY);
  if (countries.length === 0) return [];
  return [
    "/countries",
    ...countries.flatMap(({ country, path }) => {
      const areas = subdivisionsOf(rows, country);
      const only = areas.length === 1 && areas[0]!.area.code === "";
      return [path, ...(only ? [] : areas.map(({ area }) => area.path))];
    }),
  ];
}

/**
 * The action of the pages abroad, which take no form. Their routes match any path of one to
 * four segments, so a POST to a path that is not one of theirs ('/no-such-page') answers 404,
 * as the catch-all route answers it; a POST to one of theirs answers 405, as every page without
 * a form does (the Worker adds `Allow`: app/lib/web/methods.ts).
 */
export function refuseWorldPost(params: { cc?: string; sub?: string }): never {
  const sub = params.sub === undefined ? "" : parseSubdivisionSegment(params.sub);
  if (parseCountrySegment(params.cc) === null || sub === null) notFound();
  throw data(null, { status: 405, statusText: "Method Not Allowed" });
}
