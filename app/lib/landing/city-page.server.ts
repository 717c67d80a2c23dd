// A city's landing page's loader, shared by the US pages (/us/{st}/{city}[/{diet}[/dedicated]])
// and those elsewhere (/{cc}/{sub}/{city}[/...]): the restaurants the spec's text rule finds
// for the city's label ("Portland, OR", "Toronto, ON"), by name, 25 a page (docs/seo.md). The
// route parses its region; this reads the rest. Malformed city, diet or last segment, a city
// with no restaurants or a page past the end: 404.
import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cuisinesOrNone, directoryFor, findCityRestaurants, guard } from "~/lib/directory/index.server";
import { cardOf } from "~/lib/directory/card";
import { DEDICATED_SEGMENT, parseCitySegment, parseDietSegment, type Area } from "~/lib/seo/landing";
import { pagePolicy } from "~/lib/web/cache-control";
import { openStatesOf } from "~/lib/hours/hours";
import { notFound } from "~/lib/web/route.server";
import { areaOfKey } from "~/lib/seo/world-landing.server";
import { parsePage } from "~/lib/search/search-url";
import { pinsOf, resultsMapOf } from "~/lib/map/view";
import { mapAttribution } from "~/lib/map/tiles.server";
import { pageMapOf } from "~/lib/map/page-map.server";

export async function loadCityPage(
  area: Area,
  params: LoaderFunctionArgs["params"],
  request: Request,
  context: AppLoadContext,
) {
  const slug = parseCitySegment(params.city);
  const diet = params.diet === undefined ? null : parseDietSegment(params.diet);
  if (!slug || (params.diet !== undefined && !diet)) notFound();
  // The '100%' page's last segment (app/routes.ts): `dedicated` and nothing else.
  if (params.only !== undefined && params.only !== DEDICATED_SEGMENT) notFound();
  const dedicated = params.only !== undefined;
  const page = parsePage(new URL(request.url).searchParams.get("page"));

  const directory = directoryFor(context);
  const cuisinesPromise = cuisinesOrNone(directory);
  const city = await guard(directory.getCity(area.key, slug));
  if (!city) notFound();
  const [cuisines, result] = await Promise.all([
    cuisinesPromise,
    // Abroad, only the restaurants of the page's country: 'Perth, WA' is also a Perth of Washington.
    findCityRestaurants(directory, city, area.code, diet, page, dedicated, countryOfArea(area)),
  ]);
  if (page > 1 && result.restaurants.length === 0) notFound();
  // Open or closed at this moment, each in its own time zone (absent: unknown hours).
  const openStates = openStatesOf(result.restaurants, new Date());
  // The map beside the results: a pin for every card with a position, and the static map (no
  // JavaScript), credited from the map's archive when it has pins.
  const pins = pinsOf(result.restaurants);
  const map = pageMapOf(
    context,
    resultsMapOf(pins, pins.length > 0 ? await mapAttribution(context.cloudflare.env) : ""),
  );
  return data(
    {
      area,
      slug,
      city: city.name,
      diet,
      dedicated,
      page,
      // How many restaurants restaurant_cities counts here (for this diet): 0 keeps the page out of indexes.
      listed: diet ? (dedicated ? city.dedicated[diet] : city.diets[diet]) : city.restaurants,
      // Whether the diet's page links to its '100%' page: only when one serves it exclusively.
      hasDedicated: diet !== null && !dedicated && city.dedicated[diet] > 0,
      cuisines,
      restaurants: result.restaurants.map((restaurant) => cardOf(restaurant, openStates[restaurant.id])),
      total: result.total,
      capped: result.capped,
      map,
    },
    { headers: { "Cache-Control": pagePolicy({ showsOpenState: Object.keys(openStates).length > 0 }) } },
  );
}

/** The country of an area abroad ('CA' for 'CA-ON'); null for a US state's. */
function countryOfArea(area: Area): string | null {
  return area.country === null ? null : (areaOfKey(area.key)?.country ?? null);
}
