// @vitest-environment node
// Landing pages, structured data, canonical and preview tags, and sitemaps through the real
// loaders and components against a real local D1 (docs/seo.md): the 404s, the lists compared
// with the reference, the JSON-LD parsed back from the rendered HTML (also with hostile stored
// text), the meta tags, and the sitemaps (well-formed, absolute, within the protocol's limits).
import { describe, expect, it, vi } from "vitest";
import { citySlug } from "~/lib/seo/landing";
import { loader as homeLoader, meta as homeMeta } from "~/routes/_index";
import RestaurantDetail, { loader as detailLoader, meta as detailMeta } from "~/routes/restaurant.$id";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as indexLoader } from "~/routes/sitemap[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";
import CityPage, { loader as cityLoader, meta as cityMeta } from "~/routes/us.$state.$city.($diet)";
import StatePage, { loader as stateLoader, meta as stateMeta } from "~/routes/us.$state._index";
import { fixtureCuisines, fixturePhotos, fixtureRestaurants } from "../fixtures/directory-fixture";
import { landingRestaurants } from "../fixtures/landing-cities";
import { referenceCitySearch, referenceStateCities, type ReferenceRestaurant } from "../fixtures/reference-search";
import { loadFixture, useD1 } from "../support/d1";
import { expectStatus, expectThrownStatus, loaderArgs, settle, type DataWithInit } from "../support/loaders";
import { pagesAt } from "../support/render-route";

const ORIGIN = "https://safebites.example";
const HOSTILE_NAME = "</script><script>alert(1)</script><!-- \u2028\u2029 & 'quoted' \"name\"";
const HOSTILE_ID = 70_001;

const hostileRow: ReferenceRestaurant = {
  ...landingRestaurants[0]!,
  id: HOSTILE_ID,
  name: HOSTILE_NAME,
  cuisine_type: "</script>Thai",
  city: "Portland",
  state: "OR",
  description: "<!--<script>alert(1)</script>",
  website_url: "https://ok.example/?a=1&b=</script>",
};
const rows: ReferenceRestaurant[] = [...fixtureRestaurants, ...landingRestaurants, hostileRow];

const d1 = useD1((db) => loadFixture(db, { restaurants: rows, photos: fixturePhotos, cuisines: fixtureCuisines }));
const { args, render, rootMatch } = pagesAt(ORIGIN, () => ({ DB: d1.db }));
const STATE_PAGE = { path: "us/:state", loader: stateLoader, Component: StatePage };
const CITY_PAGE = { path: "us/:state/:city/:diet?", loader: cityLoader, Component: CityPage };
const DETAIL_PAGE = { path: "restaurant/:id", loader: detailLoader, Component: RestaurantDetail };

/** The ld+json scripts of a page, as a search engine reads them. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** What the page's data says, as the component would read it. */
const dataOf = (value: unknown) => (value as DataWithInit).data as Record<string, unknown>;

describe("landing pages: 404 for anything that is not one", () => {
  it.each([
    ["an unknown state", { state: "zz" }],
    ["a state in capitals", { state: "OR" }],
    ["a state name", { state: "oregon" }],
    ["a state without restaurants", { state: "wy" }],
  ])("state page: %s", async (_title, params) => {
    await expectThrownStatus(() => stateLoader(args(`/us/${params.state}`, params)), 404);
  });

  it("state page: a page past the end", async () => {
    expectStatus((await settle(() => stateLoader(args("/us/or?page=2", { state: "or" })))).value, 404);
  });

  it.each([
    ["an unknown city", { state: "or", city: "nowhere" }],
    ["a city of another state", { state: "me", city: "bend" }],
    ["a city in capitals", { state: "or", city: "Portland" }],
    ["a city name, not its slug", { state: "mo", city: "St. Louis" }],
    ["a slug that cannot be a segment", { state: "ia", city: "ames/boone" }],
    ["an unknown diet", { state: "or", city: "portland", diet: "keto" }],
    ["a diet in capitals", { state: "or", city: "portland", diet: "Vegan" }],
    ["an unknown state", { state: "zz", city: "portland" }],
  ])("city page: %s", async (_title, params) => {
    const path = `/us/${Object.values(params).map(encodeURIComponent).join("/")}`;
    await expectThrownStatus(() => cityLoader(args(path, params)), 404);
  });

  it("city page: a page past the end", async () => {
    const { value } = await settle(() => cityLoader(args("/us/or/portland?page=2", { state: "or", city: "portland" })));
    expectStatus(value, 404);
  });
});

describe("state page", () => {
  it("lists the state's cities with restaurants and their counts, as links", async () => {
    const { value } = await settle(() => stateLoader(args("/us/or", { state: "or" })));
    const expected = referenceStateCities(rows, "OR", 0, 500).map((c) => ({
      slug: c.slug,
      name: c.name,
      restaurants: c.restaurants,
    }));
    expect(dataOf(value)).toMatchObject({ state: "OR", page: 1, hasNext: false, cities: expected });

    const { html, status } = await render("/us/or", STATE_PAGE);
    expect(status).toBe(200);
    expect(html).toContain("Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets</h1>");
    expect(html).toContain('href="/us/or/portland"');
    expect(html).toContain('href="/us/or/oregon-city"');
    expect(jsonLd(html)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
          { "@type": "ListItem", position: 2, name: "Oregon", item: `${ORIGIN}/us/or` },
        ],
      },
    ]);
  });

  it("a city whose slug cannot be a segment is not linked", async () => {
    const { value } = await settle(() => stateLoader(args("/us/ia", { state: "ia" })));
    expect(dataOf(value).cities).toEqual([]);
  });

  it("meta: title, canonical, indexable", () => {
    const tags = stateMeta({
      data: { state: "OR", page: 1, cities: [], hasNext: false },
      matches: [rootMatch],
    } as never);
    expect(tags).toContainEqual({
      title: "Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
    });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/us/or` });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });
});

describe("city page", () => {
  const reference = (city: string, state: string, diet: "vegan" | null, page = 1) =>
    referenceCitySearch(rows, city, state, diet, page);

  it("lists the city's restaurants by the text rule for 'City, ST', by name", async () => {
    const { value } = await settle(() => cityLoader(args("/us/or/portland", { state: "or", city: "portland" })));
    const data = dataOf(value);
    expect((data.restaurants as { id: number }[]).map((r) => r.id)).toEqual(reference("Portland", "OR", null).ids);
    expect(data).toMatchObject({ state: "OR", slug: "portland", city: "Portland", diet: null, listed: 4 });
  });

  it("and for one diet", async () => {
    const { value } = await settle(() =>
      cityLoader(args("/us/or/portland/vegan", { state: "or", city: "portland", diet: "vegan" })),
    );
    expect((dataOf(value).restaurants as { id: number }[]).map((r) => r.id)).toEqual(
      reference("Portland", "OR", "vegan").ids,
    );
  });

  it("a city whose name is stored with an apostrophe or letters outside ASCII", async () => {
    const slug = citySlug("Cañon City");
    const { value } = await settle(() =>
      cityLoader(args(`/us/co/${encodeURIComponent(slug)}`, { state: "co", city: slug })),
    );
    expect((dataOf(value).restaurants as { id: number }[]).map((r) => r.id)).toEqual([250_001, 250_002]);
    const { value: idaho } = await settle(() =>
      cityLoader(args("/us/id/coeur-dalene", { state: "id", city: "coeur-dalene" })),
    );
    expect(dataOf(idaho)).toMatchObject({ city: "Coeur d'Alene", total: 1 });
  });

  it("renders heading, buttons that lead to landing pages or searches, and a BreadcrumbList", async () => {
    const { html, status } = await render("/us/or/portland/gluten-free", CITY_PAGE);
    expect(status).toBe(200);
    expect(html).toContain("Gluten-free restaurants in Portland, OR</h1>");
    // All: the city page; the selected diet again: the city page; another diet: a search of both.
    const dietHref = (diet: string) => new RegExp(`data-testid="diet-${diet}"[^>]*href="([^"]*)"`).exec(html)?.[1];
    expect(dietHref("all")).toBe("/us/or/portland");
    expect(dietHref("gluten-free")).toBe("/us/or/portland");
    expect(dietHref("vegan")).toBe("/?location=Portland%2C+OR&amp;diet=gluten-free&amp;diet=vegan");
    expect(html).toContain('href="/?location=Portland%2C+OR&amp;cuisine=Thai&amp;diet=gluten-free"');
    const [breadcrumbs] = jsonLd(html) as { itemListElement: { name: string; item: string }[] }[];
    expect(breadcrumbs!.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Oregon", `${ORIGIN}/us/or`],
      ["Portland", `${ORIGIN}/us/or/portland`],
      ["Gluten-Free", `${ORIGIN}/us/or/portland/gluten-free`],
    ]);
  });

  it("the city page's hostile rows render inert, and its JSON-LD still parses", async () => {
    const { html } = await render("/us/or/portland", CITY_PAGE);
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(jsonLd(html)).toHaveLength(1);
  });

  it("meta: the heading as title, canonical with the page, noindex only where the diet has no restaurant", () => {
    const data = {
      state: "OR",
      slug: "portland",
      city: "Portland",
      diet: "vegan",
      page: 2,
      listed: 3,
      restaurants: [],
    };
    const tags = cityMeta({ data, matches: [rootMatch] } as never);
    expect(tags).toContainEqual({ title: "Vegan restaurants in Portland, OR | SafeBites" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/us/or/portland/vegan?page=2` });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
    expect(cityMeta({ data: { ...data, listed: 0 }, matches: [rootMatch] } as never)).toContainEqual({
      name: "robots",
      content: "noindex, follow",
    });
  });
});

describe("restaurant page: structured data", () => {
  it("a schema.org Restaurant and a BreadcrumbList through its state and city", async () => {
    const { html, status } = await render("/restaurant/2", DETAIL_PAGE);
    expect(status).toBe(200);
    const [restaurant, breadcrumbs] = jsonLd(html) as Record<string, unknown>[];
    expect(restaurant).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Café Ünïcode",
      url: "https://r2.example/",
      address: {
        "@type": "PostalAddress",
        streetAddress: "102 Fixture Street",
        addressLocality: "Portland",
        addressRegion: "OR",
        postalCode: "97202",
      },
      telephone: "(555) 010-0102",
      servesCuisine: "French",
      hasMenu: "https://r2.example/menu",
      image: ["https://photos.example/cafe.svg"],
    });
    expect(restaurant).not.toHaveProperty("geo");
    expect((breadcrumbs!.itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
      "Home",
      "Oregon",
      "Portland",
      "Café Ünïcode",
    ]);
    // The visible trail keeps the spec's words at its ends.
    expect(html).toMatch(/>Home<\/a>.*>Oregon<\/a>.*>Portland<\/a>.*<span aria-current="page">Restaurant<\/span>/s);
    expect(html).toContain('nonce="test-nonce"');
  });

  it("hostile stored text cannot end the script element, and reads back exactly", async () => {
    const { html } = await render(`/restaurant/${HOSTILE_ID}`, DETAIL_PAGE);
    const scripts = html.match(/<script\b/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<!--<script/);
    const [restaurant, breadcrumbs] = jsonLd(html) as Record<string, unknown>[];
    expect(restaurant).toMatchObject({
      name: HOSTILE_NAME,
      description: hostileRow.description,
      servesCuisine: "</script>Thai",
      url: "https://ok.example/?a=1&b=%3C/script%3E",
    });
    expect((breadcrumbs!.itemListElement as { name: string }[]).at(-1)?.name).toBe(HOSTILE_NAME);
  });

  it("a row without coordinates, website or place: no geo, its page as url, the spec's trail", async () => {
    const detail = (path: string) => render(path, DETAIL_PAGE);
    expect(jsonLd((await detail("/restaurant/4")).html)[0]).toMatchObject({
      name: "50% Off Tacos",
      url: `${ORIGIN}/restaurant/4`,
    });
    const [restaurant, breadcrumbs] = jsonLd((await detail("/restaurant/18")).html) as Record<string, unknown>[];
    expect(restaurant).toMatchObject({ name: "Null Cuisine Place", url: "https://r18.example/" });
    expect(restaurant).not.toHaveProperty("address");
    expect(restaurant).not.toHaveProperty("geo");
    // No city or state: the spec's trail as it is.
    expect((breadcrumbs!.itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
      "Home",
      "Null Cuisine Place",
    ]);
  });

  it("meta: canonical, Open Graph with the first photo as an absolute URL", async () => {
    const { value } = await settle(() => detailLoader(args("/restaurant/1", { id: "1" })));
    const tags = detailMeta({ data: dataOf(value), matches: [rootMatch] } as never);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/restaurant/1` });
    expect(tags).toContainEqual({ property: "og:title", content: "Green Leaf Kitchen | SafeBites" });
    expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}/photos/fixture-2.svg` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});

describe("home page: canonical and robots", () => {
  const metaOf = async (search: string) => {
    const { value } = await settle(() => homeLoader(args(`/${search}`, {})));
    return homeMeta({ data: dataOf(value), matches: [rootMatch] } as never);
  };

  it("the plain home page is indexable", async () => {
    const plain = await metaOf("");
    expect(plain).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/` });
    expect(plain.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });

  it("any search is noindex, follow, with its normal form as the canonical URL", async () => {
    const search = await metaOf("?diet=vegan&q=+thai&radius=25&page=1");
    expect(search).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/?q=thai&diet=vegan` });
    expect(search).toContainEqual({ name: "robots", content: "noindex, follow" });
    const landingLike = await metaOf("?location=Portland%2C+OR&diet=gluten-free");
    expect(landingLike).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});

describe("sitemaps", () => {
  async function text(response: Response) {
    return { status: response.status, type: response.headers.get("Content-Type"), body: await response.text() };
  }

  /** Structure of a sitemap file: the declaration, one root in the protocol's namespace, its entries' locs. */
  function locsOf(xml: string, root: "urlset" | "sitemapindex"): string[] {
    const entry = root === "urlset" ? "url" : "sitemap";
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toMatch(
      new RegExp(
        `^<\\?xml[^>]*>\\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0\\.9">\\n(<${entry}><loc>[^<>]+</loc></${entry}>\\n)*</${root}>\\n$`,
      ),
    );
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    for (const loc of locs) {
      expect(loc).toMatch(/^https:\/\/safebites\.example\//);
      expect(new URL(loc).href).toBe(loc);
    }
    expect(locs.length).toBeLessThanOrEqual(50_000);
    return locs;
  }

  it("robots.txt allows everything and names the sitemap", async () => {
    const response = await robotsLoader(args("/robots.txt", {}));
    expect(await text(response)).toEqual({
      status: 200,
      type: "text/plain; charset=utf-8",
      body: `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    });
  });

  it("the index: each state's file and the restaurant files that hold a restaurant", async () => {
    const { status, type, body } = await text(await indexLoader(args("/sitemap.xml", {})));
    expect({ status, type }).toEqual({ status: 200, type: "application/xml; charset=utf-8" });
    const locs = locsOf(body, "sitemapindex");
    const states = [...new Set(rows.flatMap((r) => (r.state ? [r.state.trim().toUpperCase()] : [])))]
      .filter((s) => /^[A-Z]{2}$/.test(s) && s !== "ZZ")
      .sort();
    expect(locs).toEqual([
      ...states.map((s) => `${ORIGIN}/sitemaps/us-${s.toLowerCase()}.xml`),
      `${ORIGIN}/sitemaps/restaurants-1.xml`,
      `${ORIGIN}/sitemaps/restaurants-2.xml`,
      `${ORIGIN}/sitemaps/restaurants-6.xml`,
    ]);
  });

  it("a restaurant file: every restaurant page of its id range", async () => {
    const file = async (n: number) =>
      locsOf(
        (await text(await sitemapLoader(args(`/sitemaps/restaurants-${n}.xml`, { file: `restaurants-${n}.xml` }))))
          .body,
        "urlset",
      );
    // Every open restaurant: a closed one has no page to index.
    expect(await file(1)).toEqual(
      fixtureRestaurants.filter((r) => !r.closed_at).map((r) => `${ORIGIN}/restaurant/${r.id}`),
    );
    expect(await file(2)).toEqual(
      [...landingRestaurants.filter((r) => r.id <= 100_000).map((r) => r.id), HOSTILE_ID].map(
        (id) => `${ORIGIN}/restaurant/${id}`,
      ),
    );
    expect(await file(6)).toEqual([`${ORIGIN}/restaurant/250001`, `${ORIGIN}/restaurant/250002`]);
  });

  it("a state's file: the state page, each city's page, and its diet pages where the diet has restaurants", async () => {
    const body = (await text(await sitemapLoader(args("/sitemaps/us-mo.xml", { file: "us-mo.xml" })))).body;
    expect(locsOf(body, "urlset")).toEqual([
      `${ORIGIN}/us/mo`,
      `${ORIGIN}/us/mo/st-louis`,
      `${ORIGIN}/us/mo/st-louis/gluten-free`,
      `${ORIGIN}/us/mo/st-louis/vegetarian`,
    ]);
    const colorado = locsOf(
      (await text(await sitemapLoader(args("/sitemaps/us-co.xml", { file: "us-co.xml" })))).body,
      "urlset",
    );
    expect(colorado).toContain(`${ORIGIN}/us/co/ca%C3%B1on-city/dairy-free`);
    // Iowa's only city cannot be a segment: the state page alone.
    expect(
      locsOf((await text(await sitemapLoader(args("/sitemaps/us-ia.xml", { file: "us-ia.xml" })))).body, "urlset"),
    ).toEqual([`${ORIGIN}/us/ia`]);
  });

  it.each(["restaurants-3.xml", "restaurants-0.xml", "us-wy.xml", "us-or-2.xml", "us-zz.xml", "nope.xml"])(
    "%s: 404 (nothing in it, or no such file)",
    async (file) => {
      const response = await sitemapLoader(args(`/sitemaps/${file}`, { file }));
      expect(response.status).toBe(404);
    },
  );

  it("a failing database: 503 with Retry-After, in plain text, the cause logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      prepare: () => {
        throw new Error("D1_ERROR: no such table");
      },
      batch: () => Promise.reject(new Error("D1_ERROR: no such table")),
    } as unknown as D1Database;
    for (const [run, path] of [
      [() => indexLoader(loaderArgs(`${ORIGIN}/sitemap.xml`, { DB: broken })), "/sitemap.xml"],
      [
        () => sitemapLoader(loaderArgs(`${ORIGIN}/sitemaps/us-or.xml`, { DB: broken }, { file: "us-or.xml" })),
        "/sitemaps/us-or.xml",
      ],
      [() => indexLoader(loaderArgs(`${ORIGIN}/sitemap.xml`, {})), "no backend configured"],
    ] as const) {
      const response = await run();
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await response.text()).not.toMatch(/D1_ERROR/);
    }
    expect(log.mock.calls.flat().join("\n")).toMatch(/D1_ERROR/);
    log.mockRestore();
  });
});
