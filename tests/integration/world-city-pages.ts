// The city pages abroad hold only their country's restaurants, and `/{cc}/-` of a country whose
// restaurants have no subdivision is no page of its own (its page is `/{cc}`): through the real
// loaders on D1 (world-city-pages-d1.test.ts) and Postgres (world-city-pages-supabase.test.ts).
import { describe, expect, it } from "vitest";
import { loader as areaLoader } from "~/routes/$cc.$sub._index";
import { loader as cityLoader } from "~/routes/$cc.$sub.$city.($diet)";
import { loader as usCityLoader } from "~/routes/us.$state.$city.($diet)";
import { fixtureRestaurant, dietFlags, type FixtureRestaurant } from "../fixtures/directory-fixture";
import { worldLandingRestaurants } from "./world-landing";
import { expectThrownStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";

const inUs = (id: number, name: string, city: string, state: string): FixtureRestaurant =>
  fixtureRestaurant(id, name, { ...dietFlags("G"), cuisine_type: "Cafe", country: "US", city, state });

/** The landing fixture and US restaurants whose city and state read like places abroad ('Perth, WA'). */
export const worldCityPageRestaurants: FixtureRestaurant[] = [
  ...worldLandingRestaurants,
  inUs(9201, "Washington Perth Diner", "Perth", "WA"),
  inUs(9202, "Singapore Street Noodles", "Singapore", "MI"),
];

const ORIGIN = "http://localhost";
const idsOf = (value: unknown) =>
  ((value as DataWithInit).data as { restaurants: { id: number }[] }).restaurants.map((r) => r.id).sort();

export function describeWorldCityPages(name: string, env: () => Partial<Env>) {
  const city = async (params: Record<string, string>) => {
    const path = `/${Object.values(params).join("/")}`;
    const { threw, value } = await settle(() => cityLoader(loaderArgs(`${ORIGIN}${path}`, env(), params)));
    expect(threw).toBe(false);
    return idsOf(value);
  };

  describe(`city pages abroad on ${name}`, () => {
    it("/au/wa/perth lists Perth, Western Australia, not a Perth of the US state WA", async () => {
      expect(await city({ cc: "au", sub: "wa", city: "perth" })).toEqual([9010]);
      expect(await city({ cc: "au", sub: "wa", city: "perth", diet: "gluten-free" })).toEqual([9010]);
    });

    it("/sg/-/singapore lists Singapore's restaurants, not a US town of that name", async () => {
      expect(await city({ cc: "sg", sub: "-", city: "singapore" })).toEqual([9101]);
    });

    it("/ca/on/london is London, Ontario; /gb/eng/london London, England", async () => {
      expect(await city({ cc: "ca", sub: "on", city: "london" })).toEqual([9004]);
      expect(await city({ cc: "gb", sub: "eng", city: "london" })).toEqual([9005, 9006]);
    });

    it("the US page keeps the spec's text rule: /us/wa/perth lists every 'Perth, WA'", async () => {
      const params = { state: "wa", city: "perth" };
      const { threw, value } = await settle(() => usCityLoader(loaderArgs(`${ORIGIN}/us/wa/perth`, env(), params)));
      expect(threw).toBe(false);
      expect(idsOf(value)).toEqual([9010, 9201]);
    });

    it("/sg/-: 404, the country's page is /sg (no second URL for one page); /sg/-/singapore stays", async () => {
      await expectThrownStatus(() => areaLoader(loaderArgs(`${ORIGIN}/sg/-`, env(), { cc: "sg", sub: "-" })), 404);
      const { threw } = await settle(() => areaLoader(loaderArgs(`${ORIGIN}/ca/on`, env(), { cc: "ca", sub: "on" })));
      expect(threw).toBe(false);
    });
  });
}
