// /sitemaps/{file}: one sitemap of the index (docs/seo.md), at most 50,000 URLs.
// - restaurants-{n}.xml: the restaurant pages of one range of ids (one range of the primary key);
// - us.xml: /us, the page of the states (when any state has restaurants);
// - us-{st}.xml, us-{st}-{part}.xml: a state's landing pages, CITIES_PER_SITEMAP cities a file:
//   the state page (first file), each city's page, its page per diet where that diet has
//   restaurants there, and its '100%' page per diet where one serves that diet exclusively;
// - world.xml: /countries, each country's page outside the US, each subdivision's;
// - world-{cc}-{sub}.xml, world-{cc}.xml ('-' areas), ….{part}.xml: an area's city pages as a
//   state's (docs/seo.md).
// Any other name, or a file with nothing in it: 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DIETS } from "~/lib/search/diet";
import { directoryFor, fileOrUnavailable } from "~/lib/directory/index.server";
import { areaCityPath, isCitySlug, usArea, type Area } from "~/lib/seo/landing";
import type { City } from "~/lib/directory/landing-rows";
import { worldArea, worldLandingPaths } from "~/lib/seo/world-landing.server";
import { CITIES_PER_SITEMAP, parseSitemapFileName, restaurantIdRange, urlsetXml } from "~/lib/seo/sitemap";
import { EDGE_POLICY } from "~/lib/web/cache-control";
import { US_STATES } from "~/lib/places/places";

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": EDGE_POLICY.sitemap };

function notFound(): Response {
  return new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A city's landing pages: its own, its page per diet with restaurants, its '100%' page per diet one serves exclusively. */
function cityPaths(area: Area, cities: readonly City[]): string[] {
  return cities
    .filter((city) => isCitySlug(city.slug))
    .flatMap((city) => [
      areaCityPath(area, city.slug),
      ...DIETS.filter((diet) => city.diets[diet] > 0).map((diet) => areaCityPath(area, city.slug, diet)),
      ...DIETS.filter((diet) => city.dedicated[diet] > 0).map((diet) => areaCityPath(area, city.slug, diet, true)),
    ]);
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const file = parseSitemapFileName(params.file);
  if (!file) return notFound();
  return fileOrUnavailable(async () => {
    const { origin } = new URL(request.url);
    const directory = directoryFor(context);
    let paths: string[];
    if (file.kind === "states") {
      paths = (await directory.listStates()).some((row) => row.restaurants > 0 && Object.hasOwn(US_STATES, row.state))
        ? ["/us"]
        : [];
    } else if (file.kind === "restaurants") {
      const { from, to } = restaurantIdRange(file.n);
      paths = (await directory.listRestaurantIds(from, to)).map((id) => `/restaurant/${id}`);
    } else if (file.kind === "world") {
      paths = worldLandingPaths(await directory.listStates());
    } else {
      const area = file.kind === "state" ? usArea(file.state) : worldArea(file.country, file.code);
      const cities = await directory.listCities(area.key, (file.part - 1) * CITIES_PER_SITEMAP, CITIES_PER_SITEMAP);
      if (cities.length === 0) return notFound();
      // A state's page opens its first file; the pages of areas abroad are in world.xml.
      paths = [...(file.kind === "state" && file.part === 1 ? [area.path] : []), ...cityPaths(area, cities)];
    }
    if (paths.length === 0) return notFound();
    return new Response(urlsetXml(paths.map((path) => `${origin}${path}`)), { headers: XML_HEADERS });
  });
}
