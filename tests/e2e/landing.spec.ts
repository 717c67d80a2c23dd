// Landing pages, structured data, canonical and preview tags, sitemaps and robots.txt in a real
// browser (docs/seo.md), with JavaScript on and off. Expectations come from the sample data
// through the reference rules (support.ts).
import { expect, test, type Page } from "@playwright/test";
import { expectCards, expectedLandingNames, sampleCities, sampleRestaurants, unfold } from "./support";

const PORTLAND_HEADING = "Restaurants in Portland, OR for gluten-free, dairy-free, vegetarian and vegan diets";
const oregon = sampleCities.filter((c) => c.state === "OR").sort((a, b) => (a.slug < b.slug ? -1 : 1));

/** The structured data of the page, parsed as a search engine would. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("landing pages", () => {
  test("a state's cities with their counts, each a link to its page", async ({ page, baseURL }) => {
    const response = await page.goto("/us/or");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(
      "Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets | SafeBites",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Restaurants in Oregon for gluten-free, dairy-free, vegetarian and vegan diets",
    );
    const items = page.getByTestId("cities").getByRole("listitem");
    await expect(items).toHaveText(
      oregon.map((c) => new RegExp(`^Restaurants in ${c.name}\\s*\\(${c.restaurants}\\)$`)),
    );
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/us/or`);

    await page.getByRole("link", { name: "Restaurants in Portland", exact: true }).click();
    await expect(page).toHaveURL(/\/us\/or\/portland$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PORTLAND_HEADING);
  });

  test("a city: its restaurants by name, diet buttons to its diet pages, a real title", async ({ page, baseURL }) => {
    await page.goto("/us/or/portland");
    await expect(page).toHaveTitle(`${PORTLAND_HEADING} | SafeBites`);
    await expectCards(page, expectedLandingNames("Portland", "OR"));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/us/or/portland`);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${PORTLAND_HEADING} | SafeBites`,
    );

    await unfold(page, "filters");
    await page.getByTestId("diet-gluten-free").click();
    await expect(page).toHaveURL(/\/us\/or\/portland\/gluten-free$/);
    await expect(page).toHaveTitle("Gluten-free restaurants in Portland, OR | SafeBites");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gluten-free restaurants in Portland, OR");
    await expectCards(page, expectedLandingNames("Portland", "OR", "gluten-free"));
    await expect(page.getByTestId("diet-gluten-free")).toHaveAttribute("aria-current", "true");

    // A second diet has no landing page: the home page's search for the same place.
    await unfold(page, "filters");
    await page.getByTestId("diet-vegan").click();
    await expect(page).toHaveURL(/\/\?location=Portland%2C\+OR&diet=gluten-free&diet=vegan$/);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

    await page.goBack();
    await expect(page).toHaveURL(/\/us\/or\/portland\/gluten-free$/);
    await unfold(page, "filters");
    await page.getByTestId("diet-all").click();
    await expect(page).toHaveURL(/\/us\/or\/portland$/);
  });

  test("a cuisine leads to the search for the same place", async ({ page }) => {
    await page.goto("/us/or/portland/vegan");
    await unfold(page, "filters");
    await page.getByRole("navigation", { name: "Cuisine filter" }).getByRole("link", { name: "Indian" }).click();
    await expect(page).toHaveURL(/\/\?location=Portland%2C\+OR&cuisine=Indian&diet=vegan$/);
    await expect(page.getByRole("heading", { name: "Filtered Restaurants" })).toBeVisible();
  });

  test("the breadcrumb and its structured data lead back up", async ({ page, baseURL }) => {
    await page.goto("/us/or/portland/vegan");
    const data = await structuredData(page);
    expect(data).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
          { "@type": "ListItem", position: 2, name: "Oregon", item: `${baseURL}/us/or` },
          { "@type": "ListItem", position: 3, name: "Portland", item: `${baseURL}/us/or/portland` },
          { "@type": "ListItem", position: 4, name: "Vegan", item: `${baseURL}/us/or/portland/vegan` },
        ],
      },
    ]);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Oregon" }).click();
    await expect(page).toHaveURL(/\/us\/or$/);
  });

  for (const path of [
    "/us/zz",
    "/us/OR",
    "/us/wy",
    "/us/or/nowhere",
    "/us/or/Portland",
    "/us/or/portland/keto",
    "/us/or/portland/vegan/more",
    "/us/or/portland?page=2",
  ]) {
    test(`404 for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    });
  }
});

test.describe("restaurant pages for search engines", () => {
  const r = sampleRestaurants.find((x) => x.city === "Portland" && x.state === "OR" && x.website_url && x.menu_url)!;

  test("breadcrumb Home / Oregon / Portland / Restaurant, with links to the landing pages", async ({ page }) => {
    await page.goto(`/restaurant/${r.id}`);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail).toHaveText(/^Home\s*\/\s*Oregon\s*\/\s*Portland\s*\/\s*Restaurant$/);
    await trail.getByRole("link", { name: "Portland" }).click();
    await expect(page).toHaveURL(/\/us\/or\/portland$/);
    await expect(page.getByRole("link", { name: r.name, exact: true })).toBeVisible();
  });

  test("structured data: a Restaurant and its BreadcrumbList; canonical and preview tags", async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/restaurant/${r.id}`);
    const [restaurant, breadcrumbs] = await structuredData(page);
    expect(restaurant).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: r.name,
      url: new URL(r.website_url!).href,
      hasMenu: new URL(r.menu_url!).href,
      servesCuisine: r.cuisine_type,
      telephone: r.phone_number,
      address: { "@type": "PostalAddress", addressLocality: "Portland", addressRegion: "OR", postalCode: r.zip_code },
    });
    expect(restaurant!.geo).toEqual({ "@type": "GeoCoordinates", latitude: r.latitude, longitude: r.longitude });
    const images = restaurant!.image as string[];
    expect(images.every((src) => src.startsWith(`${baseURL}/photos/`))).toBe(true);
    expect((breadcrumbs!.itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
      "Home",
      "Oregon",
      "Portland",
      r.name,
    ]);

    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/restaurant/${r.id}`);
    await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", images[0]!);
    await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('head meta[property="og:site_name"]')).toHaveAttribute("content", "SafeBites");
  });

  test("the home page is indexable; a search is noindex, canonical in its normal form", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    await page.goto("/?diet=vegan&q=+thai&radius=25");
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/?q=thai&diet=vegan`);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });
});

test.describe("sitemaps and robots.txt @js", () => {
  /** Parsed by the browser's XML parser: well-formed, in the protocol's namespace; the locs. */
  async function parse(page: Page, xml: string, root: "urlset" | "sitemapindex"): Promise<string[]> {
    return page.evaluate(
      ({ xml, root }) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        if (doc.getElementsByTagName("parsererror").length > 0) throw new Error("not well-formed XML");
        const element = doc.documentElement;
        if (element.localName !== root || element.namespaceURI !== "http://www.sitemaps.org/schemas/sitemap/0.9") {
          throw new Error(`root is ${element.namespaceURI} ${element.localName}`);
        }
        const entry = root === "urlset" ? "url" : "sitemap";
        for (const child of Array.from(element.children)) {
          if (child.localName !== entry || child.children.length !== 1 || child.children[0]!.localName !== "loc") {
            throw new Error(`unexpected <${child.localName}>`);
          }
        }
        return Array.from(element.getElementsByTagName("loc")).map((loc) => loc.textContent ?? "");
      },
      { xml, root },
    );
  }

  test("robots.txt names the sitemap; the index and its files are valid sitemaps of every restaurant and landing page", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/our-mission");
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${baseURL}/sitemap.xml\n`);

    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const files = await parse(page, await index.text(), "sitemapindex");
    expect(files.length).toBeGreaterThan(1);

    const urls: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${baseURL}/sitemaps/`)).toBe(true);
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      const locs = await parse(page, await response.text(), "urlset");
      expect(locs.length).toBeLessThanOrEqual(50_000);
      urls.push(...locs);
    }
    for (const url of urls) expect(new URL(url).origin, url).toBe(baseURL);
    const paths = urls.map((url) => new URL(url).pathname);
    // Every open restaurant, every state and city with restaurants, each city's diets that have
    // some, and its '100%' pages where a restaurant serves the diet exclusively.
    expect(paths.filter((p) => p.startsWith("/restaurant/")).sort()).toEqual(
      sampleRestaurants
        .filter((r) => r.closed_at === null)
        .map((r) => `/restaurant/${r.id}`)
        .sort(),
    );
    for (const city of sampleCities) {
      const base = `/us/${city.state.toLowerCase()}/${encodeURIComponent(city.slug)}`;
      expect(paths).toContain(`/us/${city.state.toLowerCase()}`);
      expect(paths).toContain(base);
      for (const [diet, count] of Object.entries(city.diets))
        expect(paths.includes(`${base}/${diet}`), `${base}/${diet}`).toBe(count > 0);
      for (const [diet, count] of Object.entries(city.dedicated))
        expect(paths.includes(`${base}/${diet}/dedicated`), `${base}/${diet}/dedicated`).toBe(count > 0);
    }
    // And each one is a page that answers.
    for (const path of paths.filter((p) => p.startsWith("/us/"))) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});
