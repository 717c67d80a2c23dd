// An area's landing page's loader (a US state's /us/{st}, a subdivision's /{cc}/{sub}, and a
// country's without subdivisions /{cc}): its cities that have restaurants, with how many,
// CITIES_PER_PAGE a page (docs/seo.md), from restaurant_cities by its primary key. An area
// without restaurants or a page past the end: 404.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { CITIES_PER_PAGE, isCitySlug, type Area } from "~/lib/seo/landing";
import { EDGE_POLICY } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import { parsePage } from "~/lib/search/search-url";

export async function loadRegionPage(area: Area, request: Request, context: AppLoadContext) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  // One more than a page: whether there is a next one.
  const found = await guard(
    directoryFor(context).listCities(area.key, (page - 1) * CITIES_PER_PAGE, CITIES_PER_PAGE + 1),
  );
  if (found.length === 0) notFound();
  const cities = found
    .slice(0, CITIES_PER_PAGE)
    // A city whose slug cannot be a path segment has no page to link.
    .filter((city) => isCitySlug(city.slug))
    .map((city) => ({ slug: city.slug, name: city.name, restaurants: city.restaurants }));
  return data(
    { area, page, cities, hasNext: found.length > CITIES_PER_PAGE },
    { headers: { "Cache-Control": EDGE_POLICY.search } },
  );
}
