// The landing pages outside the US (/countries, /{cc}, /{cc}/{sub}, /{cc}/{sub}/{city}[/…])
// and their sitemaps, through the real loaders on a backend holding the world fixture
// (tests/fixtures/world-fixture.ts) and a restaurant in a country without subdivisions: run on
// D1 (world-landing-d1.test.ts) and Postgres (world-landing-supabase.test.ts).
import { describe, expect, it } from "vitest";
import { loader as countriesLoader } from "~/routes/countries";
import { loader as countryLoader, meta as countryMeta } from "~/routes/$cc._index";
import { loader as areaLoader, meta as areaMeta } from "~/routes/$cc.$sub._index";
import { loader as cityLoader, meta as cityMeta } from "~/routes/$cc.$sub.$city.($diet)";
import { loader as indexLoader } from "~/routes/sitemap[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";
import { worldFixtureRestaurants } from "../fixtures/world-fixture";
import { fixtureRestaurant, dietFlags, type FixtureRestaurant } from "../fixtures/directory-fixture";
import { expectThrownStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";

/** The world fixture and a restaurant in Singapore, which has no subdivision. */
export const worldLandingRestaurants: FixtureRestaurant[] = [
  ...worldFixtureRestaurants,
  fixtureRestaurant(9101, "Marina Bay Vegan", {
    ...dietFlags("VN"),
    cuisine_type: "Cafe",
    country: "SG",
    city: "Singapore",
    state: null,
    zip_code: "018956",
    vegan_only: true,
    latitude: 1.2834,
    longitude: 103.8607,
  }),
];

const ORIGIN = "http://localhost";
const dataOf = (value: unknown) => (value as DataWithInit).data as Record<string, unknown>;
const titleOf = (tags: unknown[]) =>
  (tags.find((t) => typeof t === "object" && t && "title" in t) as { title: string }).title;

export function describeWorldLanding(name: string, env: () => Partial<Env>) {
  const get = async (
    loader: (args: ReturnType<typeof loaderArgs>) => Promise<unknown>,
    path: string,
    params: Record<string, string>,
  ) => {
    const { threw, value } = await settle(() => loader(loaderArgs(`${ORIGIN}${path}`, env(), params)));
    expect(threw).toBe(false);
    return dataOf(value);
  };

  describe(`landing pages outside the US on ${name}`, () => {
    it("/countries: every country with open restaurants, how many, its page; the US's is /us", async () => {
      const data = await get(countriesLoader, "/countries", {});
      expect(data.countries).toEqual([
        { country: "AU", name: "Australia", path: "/au", restaurants: 1 },
        { country: "CA", name: "Canada", path: "/ca", restaurants: 4 },
        { country: "FR", name: "France", path: "/fr", restaurants: 1 },
        { country: "DE", name: "Germany", path: "/de", restaurants: 2 },
        { country: "IT", name: "Italy", path: "/it", restaurants: 1 },
        { country: "SG", name: "Singapore", path: "/sg", restaurants: 1 },
        { country: "GB", name: "United Kingdom", path: "/gb", restaurants: 2 },
        { country: "US", name: "United States", path: "/us", restaurants: 2 },
      ]);
    });

    it("/{cc}: the subdivisions with restaurants and how many; a country without them: its cities", async () => {
      const canada = await get(countryLoader, "/ca", { cc: "ca" });
      expect(canada).toMatchObject({ name: "Canada", path: "/ca" });
      expect(canada.subdivisions).toEqual([
        {
          area: { key: "CA-ON", code: "ON", path: "/ca/on", name: "Ontario", country: "Canada" },
          restaurants: 4,
        },
      ]);
      expect(titleOf(countryMeta({ data: canada, matches: [] } as never))).toBe(
        "Restaurants in Canada for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
      );
      const singapore = await get(countryLoader, "/sg", { cc: "sg" });
      expect(singapore).toMatchObject({
        path: "/sg",
        cities: [{ slug: "singapore", name: "Singapore", restaurants: 1 }],
      });
    });

    it("/{cc}/{sub}: the cities with restaurants and how many, titled with the country", async () => {
      const ontario = await get(areaLoader, "/ca/on", { cc: "ca", sub: "on" });
      expect(ontario.cities).toEqual([
        { slug: "london", name: "London", restaurants: 1 },
        { slug: "mississauga", name: "Mississauga", restaurants: 1 },
        { slug: "toronto", name: "Toronto", restaurants: 2 },
      ]);
      expect(titleOf(areaMeta({ data: ontario, matches: [] } as never))).toBe(
        "Restaurants in Ontario, Canada for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
      );
      expect((await get(areaLoader, "/gb/eng", { cc: "gb", sub: "eng" })).cities).toEqual([
        { slug: "london", name: "London", restaurants: 2 },
      ]);
    });

    it("/{cc}/{sub}/{city}[/{diet}[/dedicated]]: the city's restaurants, not another country's", async () => {
      const toronto = await get(cityLoader, "/ca/on/toronto", { cc: "ca", sub: "on", city: "toronto" });
      expect((toronto.restaurants as { id: number }[]).map((r) => r.id).sort()).toEqual([9001, 9002]);
      expect(titleOf(cityMeta({ data: toronto, matches: [] } as never))).toBe(
        "Restaurants in Toronto, ON, Canada for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
      );
      const gf = await get(cityLoader, "/ca/on/toronto/gluten-free", {
        cc: "ca",
        sub: "on",
        city: "toronto",
        diet: "gluten-free",
      });
      expect((gf.restaurants as { id: number }[]).map((r) => r.id)).toEqual([9001]);
      expect(titleOf(cityMeta({ data: gf, matches: [] } as never))).toBe(
        "Gluten-free restaurants in Toronto, ON, Canada | SafeBites",
      );
      const london = await get(cityLoader, "/gb/eng/london", { cc: "gb", sub: "eng", city: "london" });
      expect((london.restaurants as { id: number }[]).map((r) => r.id).sort()).toEqual([9005, 9006]);
      const vegan = await get(cityLoader, "/sg/-/singapore/vegan/dedicated", {
        cc: "sg",
        sub: "-",
        city: "singapore",
        diet: "vegan",
        only: "dedicated",
      });
      expect((vegan.restaurants as { id: number }[]).map((r) => r.id)).toEqual([9101]);
    });

    it.each([
      ["the US (its pages are /us)", "/us", { cc: "us" }],
      ["an unknown country", "/zz", { cc: "zz" }],
      ["a country in capitals", "/CA", { cc: "CA" }],
      ["a top-level word", "/saved", { cc: "saved" }],
      ["a country without restaurants", "/nz", { cc: "nz" }],
      ["a closed restaurant's country", "/ie", { cc: "ie" }],
    ])("/{cc}: 404 for %s", async (_title, path, params) => {
      await expectThrownStatus(() => countryLoader(loaderArgs(`${ORIGIN}${path}`, env(), params)), 404);
    });

    it.each([
      ["an unknown subdivision", { cc: "ca", sub: "zz" }],
      ["a subdivision without restaurants", { cc: "ca", sub: "bc" }],
      ["a US state's code under another country", { cc: "gb", sub: "or" }],
      ["a malformed subdivision", { cc: "ca", sub: "ontario" }],
    ])("/{cc}/{sub}: 404 for %s", async (_title, params) => {
      await expectThrownStatus(
        () => areaLoader(loaderArgs(`${ORIGIN}/${params.cc}/${params.sub}`, env(), params)),
        404,
      );
    });

    it.each([
      ["a city of another subdivision", { cc: "au", sub: "wa", city: "toronto" }],
      ["a city in another country", { cc: "gb", sub: "on", city: "toronto" }],
      ["an unknown city", { cc: "ca", sub: "on", city: "nowhere" }],
      ["an unknown diet", { cc: "ca", sub: "on", city: "toronto", diet: "keto" }],
      ["a last segment but dedicated", { cc: "ca", sub: "on", city: "toronto", diet: "vegan", only: "all" }],
      ["a US city under the US code", { cc: "us", sub: "tx", city: "paris" }],
    ])("city page: 404 for %s", async (_title, params) => {
      const path = `/${Object.values(params).join("/")}`;
      await expectThrownStatus(() => cityLoader(loaderArgs(`${ORIGIN}${path}`, env(), params)), 404);
    });

    it("sitemaps: the index lists world.xml and each area's file; they hold the pages", async () => {
      const index = await ((await indexLoader(loaderArgs(`${ORIGIN}/sitemap.xml`, env()))) as Response).text();
      for (const file of ["world.xml", "world-ca-on.xml", "world-gb-eng.xml", "world-sg.xml", "world-it-62.xml"]) {
        expect(index).toContain(`<loc>${ORIGIN}/sitemaps/${file}</loc>`);
      }
      expect(index).not.toContain("world-ie");
      const file = async (name: string) => {
        const response = (await sitemapLoader(
          loaderArgs(`${ORIGIN}/sitemaps/${name}`, env(), { file: name }),
        )) as Response;
        return { status: response.status, text: await response.text() };
      };
      const world = await file("world.xml");
      expect(world.status).toBe(200);
      for (const path of ["/countries", "/ca", "/ca/on", "/gb/eng", "/sg"]) {
        expect(world.text).toContain(`<loc>${ORIGIN}${path}</loc>`);
      }
      expect(world.text).not.toContain("/sg/-<");
      const ontario = await file("world-ca-on.xml");
      for (const path of ["/ca/on/toronto", "/ca/on/toronto/gluten-free", "/ca/on/toronto/vegan", "/ca/on/london"]) {
        expect(ontario.text).toContain(`<loc>${ORIGIN}${path}</loc>`);
      }
      expect((await file("world-sg.xml")).text).toContain(`<loc>${ORIGIN}/sg/-/singapore/vegan/dedicated</loc>`);
      expect((await file("world-ca-bc.xml")).status).toBe(404);
      expect((await file("world-us-or.xml")).status).toBe(404);
    });
  });
}
