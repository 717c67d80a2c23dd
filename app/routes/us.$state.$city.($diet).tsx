// A city's landing page (/us/{st}/{city}), its page for one diet (/us/{st}/{city}/{diet}) and
// for one diet served exclusively (/us/{st}/{city}/{diet}/dedicated, app/routes.ts): the
// restaurants the spec's text rule finds for "City, ST", by name, 25 a page, with the dietary
// and cuisine buttons (docs/seo.md). Unknown or malformed state, city, diet or last segment,
// or a page past the end: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { activeFilterLabels, FiltersDisclosure } from "~/components/Disclosures";
import { CuisineFilter, DietFilter } from "~/components/Filters";
import { JsonLd } from "~/components/JsonLd";
import { Pagination } from "~/components/Pagination";
import { NoResults, ResultsCount } from "~/components/Results";
import { secondaryButton, textLink } from "~/components/ui/styles";
import { DIET_LABELS, type Diet } from "~/lib/search/diet";
import { dedicatedLabel } from "~/lib/trust/trust";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { cuisinesOrNone, directoryFor, findCityRestaurants, guard } from "~/lib/directory/index.server";
import { cardOf } from "~/lib/directory/card";
import {
  cityHeading,
  cityPageSeo,
  cityPath,
  DEDICATED_SEGMENT,
  parseCitySegment,
  parseDietSegment,
  parseStateSegment,
  statePath,
  withPage,
} from "~/lib/seo/landing";
import { cityLabel, landingSearch } from "~/lib/search/city-search";
import { loaderCacheControl, pagePolicy } from "~/lib/web/cache-control";
import { openStatesOf } from "~/lib/hours/hours";
import { notFound } from "~/lib/web/route.server";
import { stateName, type StateCode } from "~/lib/places/places";
import { type Search, parsePage, searchHref } from "~/lib/search/search-url";
import { breadcrumbJsonLd, landingMeta } from "~/lib/seo/seo";
import type { loader as rootLoader } from "~/root";
import { MappedResults } from "~/components/map/MappedResults";
import { pinsOf, resultsMapOf } from "~/lib/map/view";
import { mapAttribution } from "~/lib/map/tiles.server";
import { pageMapOf } from "~/lib/map/page-map.server";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => landingMeta(matches, data && cityPageSeo(data));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const state = parseStateSegment(params.state);
  const slug = parseCitySegment(params.city);
  const diet = params.diet === undefined ? null : parseDietSegment(params.diet);
  if (!state || !slug || (params.diet !== undefined && !diet)) notFound();
  // The '100%' page's last segment (app/routes.ts): `dedicated` and nothing else.
  if (params.only !== undefined && params.only !== DEDICATED_SEGMENT) notFound();
  const dedicated = params.only !== undefined;
  const page = parsePage(new URL(request.url).searchParams.get("page"));

  const directory = directoryFor(context);
  const cuisinesPromise = cuisinesOrNone(directory);
  const city = await guard(directory.getCity(state, slug));
  if (!city) notFound();
  const [cuisines, result] = await Promise.all([
    cuisinesPromise,
    findCityRestaurants(directory, city, state, diet, page, dedicated),
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
      state,
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

/**
 * Where the buttons lead. A diet set of at most one diet has a landing page of its own; any
 * other choice (two diets, a cuisine) is a search of the home page for the same place.
 */
function landingLinks(state: StateCode, slug: string, search: Search) {
  return {
    diets: (diets: Diet[]) =>
      diets.length === 0
        ? cityPath(state, slug)
        : diets.length === 1
          ? cityPath(state, slug, diets[0])
          : searchHref(search, { diets }),
    cuisine: (cuisine: string) =>
      cuisine ? searchHref(search, { cuisine }) : cityPath(state, slug, search.diets[0] ?? null),
  };
}

export default function CityPage() {
  const { state, slug, city, diet, dedicated, hasDedicated, page, cuisines, restaurants, total, capped, map } =
    useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const label = cityLabel(city, state);
  const search = landingSearch(city, state, diet, page, dedicated);
  const links = landingLinks(state, slug, search);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: stateName(state), path: statePath(state) },
    { name: city, path: cityPath(state, slug) },
    ...(diet ? [{ name: DIET_LABELS[diet], path: cityPath(state, slug, diet) }] : []),
    ...(diet && dedicated ? [{ name: dedicatedLabel(diet), path: cityPath(state, slug, diet, true) }] : []),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:mt-4 sm:text-4xl">
        {cityHeading(city, state, diet, dedicated)}
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700 sm:text-base">
        Restaurants in {label} listed in our directory, with their dietary options, addresses, phone numbers and hours.
        Choose a diet or a cuisine to narrow the list.
      </p>
      {hasDedicated && diet ? (
        <p className="mt-3">
          <Link to={cityPath(state, slug, diet, true)} className={textLink} data-testid="dedicated-link">
            {cityHeading(city, state, diet, true)}
          </Link>
        </p>
      ) : null}

      {/* Folded, so that the first restaurant is on a phone's first screen (docs/layout.md). */}
      <div className="mt-4">
        <FiltersDisclosure active={activeFilterLabels(search)}>
          <DietFilter search={search} hrefFor={links.diets} />
          <CuisineFilter search={search} cuisines={cuisines} hrefFor={links.cuisine} />
        </FiltersDisclosure>
      </div>

      <section aria-labelledby="results-title" className="mt-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="results-title" className="text-2xl font-bold text-slate-900">
            {diet ? `${dedicated ? dedicatedLabel(diet) : DIET_LABELS[diet]} restaurants` : "Restaurants"}
          </h2>
          <ResultsCount total={total} capped={capped} page={page} />
        </div>
        {restaurants.length > 0 ? (
          <MappedResults map={map} search={search} restaurants={restaurants}>
            <Pagination
              search={search}
              total={total}
              hrefFor={(n) => withPage(cityPath(state, slug, diet, dedicated), n)}
            />
          </MappedResults>
        ) : (
          <NoResults matching={label} filtered={diet !== null}>
            {diet && dedicated ? (
              <Link to={cityPath(state, slug, diet)} className={secondaryButton}>
                {DIET_LABELS[diet]} restaurants in {label}
              </Link>
            ) : null}
            {diet ? (
              <Link to={cityPath(state, slug)} className={secondaryButton}>
                Every restaurant in {label}
              </Link>
            ) : null}
          </NoResults>
        )}
      </section>
      {/* The home page's search for this place, narrowed to places diners recently confirmed. */}
      <p className="mt-6">
        <Link to={searchHref(search, { confirmed: true })} className={textLink} data-testid="confirmed-link">
          {CONFIRMATION_TEXT.filter} in {label}
        </Link>
      </p>

      <p className="mt-10 text-slate-800">
        <Link to={statePath(state)} className={textLink}>
          More cities in {stateName(state)}
        </Link>
      </p>
    </div>
  );
}
