// @vitest-environment node
// Trust facts on the pages, through the real loaders and components against a real local D1:
// the detail page's 'Celiac Safety' card, 'Verified …' and the over-a-year warning, a closed
// restaurant's 410 page, the '100%' landing pages and their links, and the sitemap's '100%'
// pages. Expected lists come from the reference search.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RestaurantDetail, { loader as detailLoader, meta as detailMeta } from "~/routes/restaurant.$id";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";
import CityPage, { loader as cityLoader, meta as cityMeta } from "~/routes/us.$state.$city.($diet)";
import { fixtureRestaurants } from "../fixtures/directory-fixture";
import { referenceCitySearch } from "../fixtures/reference-search";
import { loadSharedFixture, useD1 } from "../support/d1";
import { expectStatus, expectThrownStatus, settle, type DataWithInit } from "../support/loaders";
import { pagesAt } from "../support/render-route";

const ORIGIN = "https://safebites.example";
const d1 = useD1(loadSharedFixture);
const { args, render, rootMatch } = pagesAt(ORIGIN, () => ({ DB: d1.db }));

// 'Today' for the over-a-year rule; only Date is faked (timers and promises run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T23:30:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

const dataOf = (value: unknown) => (value as DataWithInit).data as Record<string, unknown>;

const detail = (id: number) =>
  render(`/restaurant/${id}`, { path: "restaurant/:id", loader: detailLoader, Component: RestaurantDetail });

/** The answer beside a practice in the 'Celiac Safety' card. */
function practice(html: string, name: string): string | undefined {
  return new RegExp(`data-testid="practice-${name}"[^>]*><dt>[^<]*</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
}

describe("detail page: trust facts", () => {
  it("Celiac Safety: Yes, No and Not known (an unknown practice is never 'No'); never verified", async () => {
    // Restaurant 1: fryer no, preparation area yes, staff trained yes; 100% vegan and vegetarian.
    const one = await detail(1);
    expect(one.status).toBe(200);
    expect(one.html).toContain(">Celiac Safety</h2>");
    expect(practice(one.html, "dedicated-fryer")).toBe("No");
    expect(practice(one.html, "separate-prep")).toBe("Yes");
    expect(practice(one.html, "trained-staff")).toBe("Yes");
    expect(one.html).toContain("Not yet verified");
    expect(one.html).toContain(">100% Vegan<");
    expect(one.html).toContain(">100% Vegetarian<");
    // Restaurant 4: fryer yes, the rest not known; verified Mar 4, 2026 (under a year).
    const four = await detail(4);
    expect(practice(four.html, "dedicated-fryer")).toBe("Yes");
    expect(practice(four.html, "separate-prep")).toBe("Not known");
    expect(practice(four.html, "trained-staff")).toBe("Not known");
    expect(four.html).toContain("Verified Mar 4, 2026");
    expect(four.html).not.toContain("Last verified over a year ago");
  });

  it("100% gluten-free: a dedicated fryer and a separate preparation area; over a year old: the warning", async () => {
    const { html } = await detail(13);
    expect(practice(html, "dedicated-fryer")).toBe("Yes");
    expect(practice(html, "separate-prep")).toBe("Yes");
    expect(practice(html, "trained-staff")).toBe("No");
    expect(html).toContain(">100% Gluten-Free<");
    expect(html).toContain("Verified Jan 31, 2024");
    expect(html).toContain("Last verified over a year ago. Call ahead to check.");
  });

  it("a closed restaurant: HTTP 410, its page with the banner and the day, noindex, no directions", async () => {
    const { html, status } = await detail(23);
    expect(status).toBe(410);
    expect(html).toContain("Permanently closed");
    expect(html).toContain("Reported closed on Jan 15, 2026");
    expect(html).toContain("Shuttered Kitchen");
    expect(html).not.toContain("Get Directions");
    // No Restaurant structured data for a closed place; its breadcrumbs stay.
    expect(html).not.toContain('"@type":"Restaurant"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    const { value } = await settle(() => detailLoader(args("/restaurant/23", { id: "23" })));
    expectStatus(value, 410);
    const tags = detailMeta({ data: dataOf(value), matches: [rootMatch] } as never);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    // An open one answers 200 and is indexable.
    const open = await settle(() => detailLoader(args("/restaurant/4", { id: "4" })));
    expectStatus(open.value, 200);
    expect(
      detailMeta({ data: dataOf(open.value), matches: [rootMatch] } as never).some(
        (t) => "name" in t && t.name === "robots",
      ),
    ).toBe(false);
  });
});

describe("'100%' landing pages", () => {
  const params = (diet: string, only = "dedicated") => ({ state: "or", city: "portland", diet, only });

  it("lists the city's restaurants serving the diet exclusively, as the reference does", async () => {
    const { value } = await settle(() => cityLoader(args("/us/or/portland/vegan/dedicated", params("vegan"))));
    const data = dataOf(value);
    const expected = referenceCitySearch(fixtureRestaurants, "Portland", "OR", "vegan", 1, true).ids;
    expect(expected.length).toBeGreaterThan(0);
    expect((data.restaurants as { id: number }[]).map((r) => r.id)).toEqual(expected);
    expect(data).toMatchObject({ diet: "vegan", dedicated: true, listed: expected.length });
  });

  it("renders its heading and breadcrumb; the diet page links to it only when the city has any", async () => {
    const route = { path: "us/:state/:city/:diet/:only", loader: cityLoader, Component: CityPage };
    const page = await render("/us/or/portland/vegan/dedicated", route);
    expect(page.status).toBe(200);
    expect(page.html).toContain("100% vegan restaurants in Portland, OR</h1>");
    const dietPage = { path: "us/:state/:city/:diet?", loader: cityLoader, Component: CityPage };
    const vegan = await render("/us/or/portland/vegan", dietPage);
    expect(vegan.html).toMatch(/data-testid="dedicated-link"[^>]*href="\/us\/or\/portland\/vegan\/dedicated"/);
    // Portland's only 100% gluten-free restaurant has closed: no link.
    const glutenFree = await render("/us/or/portland/gluten-free", dietPage);
    expect(glutenFree.html).not.toContain('data-testid="dedicated-link"');
  });

  it("meta: the heading as title and its canonical path; noindex when none serves the diet exclusively", () => {
    const data = { state: "OR", slug: "portland", city: "Portland", diet: "gluten-free", dedicated: true, page: 1 };
    const tags = cityMeta({ data: { ...data, listed: 2 }, matches: [rootMatch] } as never);
    expect(tags).toContainEqual({ title: "100% gluten-free restaurants in Portland, OR | SafeBites" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${ORIGIN}/us/or/portland/gluten-free/dedicated`,
    });
    expect(cityMeta({ data: { ...data, listed: 0 }, matches: [rootMatch] } as never)).toContainEqual({
      name: "robots",
      content: "noindex, follow",
    });
  });

  it.each([
    ["a segment other than 'dedicated'", params("vegan", "only")],
    ["'dedicated' in capitals", params("vegan", "Dedicated")],
    ["an unknown diet", params("keto")],
    ["an unknown city", { state: "or", city: "nowhere", diet: "vegan", only: "dedicated" }],
  ])("404 for %s", async (_title, p) => {
    const path = `/us/${Object.values(p).map(encodeURIComponent).join("/")}`;
    await expectThrownStatus(() => cityLoader(args(path, p)), 404);
  });

  it("the state's sitemap lists the '100%' pages where a restaurant serves the diet exclusively", async () => {
    const response = await sitemapLoader(args("/sitemaps/us-or.xml", { file: "us-or.xml" }));
    const body = await response.text();
    expect(body).toContain(`<loc>${ORIGIN}/us/or/portland/vegan/dedicated</loc>`);
    expect(body).toContain(`<loc>${ORIGIN}/us/or/bend/gluten-free/dedicated</loc>`);
    expect(body).not.toContain(`<loc>${ORIGIN}/us/or/portland/gluten-free/dedicated</loc>`);
  });
});
