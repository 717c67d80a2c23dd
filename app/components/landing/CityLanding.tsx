// A city's landing page (app/lib/landing/city-page.server.ts reads it): the heading, the dietary
// and cuisine buttons, the restaurants with their map, and the way back to the region, for
// the US pages and those elsewhere alike (docs/seo.md).
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { activeFilterLabels, FiltersDisclosure } from "~/components/Disclosures";
import { CuisineFilter, DietFilter } from "~/components/Filters";
import { JsonLd } from "~/components/JsonLd";
import { Pagination } from "~/components/Pagination";
import { NoResults, ResultsCount } from "~/components/Results";
import { secondaryButton, textLink } from "~/components/ui/styles";
import { MappedResults } from "~/components/map/MappedResults";
import { DIET_LABELS, type Diet } from "~/lib/search/diet";
import { dedicatedLabel } from "~/lib/trust/trust";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import {
  areaCityHeading,
  areaCityLabel,
  areaCityPath,
  areaCrumbs,
  areaHome,
  withPage,
  type Area,
} from "~/lib/seo/landing";
import { landingSearch } from "~/lib/search/city-search";
import { type Search, searchHref } from "~/lib/search/search-url";
import { breadcrumbJsonLd } from "~/lib/seo/seo";
import type { CardRestaurant } from "~/lib/directory/card";
import type { PageMapData } from "~/lib/map/pins";
import type { loader as rootLoader } from "~/root";

/**
 * Where the buttons lead. A diet set of at most one diet has a landing page of its own; any
 * other choice (two diets, a cuisine) is a search of the home page for the same place.
 */
function landingLinks(area: Area, slug: string, search: Search) {
  return {
    diets: (diets: Diet[]) =>
      diets.length === 0
        ? areaCityPath(area, slug)
        : diets.length === 1
          ? areaCityPath(area, slug, diets[0])
          : searchHref(search, { diets }),
    cuisine: (cuisine: string) =>
      cuisine ? searchHref(search, { cuisine }) : areaCityPath(area, slug, search.diets[0] ?? null),
  };
}

/** The crumbs above the heading: the area's, the city, its diet. */
function cityCrumbs(area: Area, slug: string, city: string, diet: Diet | null, dedicated: boolean) {
  return [
    ...areaCrumbs(area),
    { name: city, path: areaCityPath(area, slug) },
    ...(diet ? [{ name: DIET_LABELS[diet], path: areaCityPath(area, slug, diet) }] : []),
    ...(diet && dedicated ? [{ name: dedicatedLabel(diet), path: areaCityPath(area, slug, diet, true) }] : []),
  ];
}

/** What a city page's loader (app/lib/landing/city-page.server.ts) hands the page. */
type CityPageData = {
  area: Area;
  slug: string;
  city: string;
  diet: Diet | null;
  dedicated: boolean;
  hasDedicated: boolean;
  page: number;
  cuisines: string[];
  restaurants: CardRestaurant[];
  total: number;
  capped: boolean;
  map: PageMapData;
};

export function CityLanding({
  area,
  slug,
  city,
  diet,
  dedicated,
  hasDedicated,
  page,
  cuisines,
  restaurants,
  total,
  capped,
  map,
}: CityPageData) {
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const label = areaCityLabel(city, area);
  const search = landingSearch(city, area.code, diet, page, dedicated);
  const links = landingLinks(area, slug, search);
  const crumbs = cityCrumbs(area, slug, city, diet, dedicated);
  const home = areaHome(area);

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:mt-4 sm:text-4xl">
        {areaCityHeading(city, area, diet, dedicated)}
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700 sm:text-base">
        Restaurants in {label} listed in our directory, with their dietary options, addresses, phone numbers and hours.
        Choose a diet or a cuisine to narrow the list.
      </p>
      {hasDedicated && diet ? (
        <p className="mt-3">
          <Link to={areaCityPath(area, slug, diet, true)} className={textLink} data-testid="dedicated-link">
            {areaCityHeading(city, area, diet, true)}
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
              hrefFor={(n) => withPage(areaCityPath(area, slug, diet, dedicated), n)}
            />
          </MappedResults>
        ) : (
          <NoResults matching={label} filtered={diet !== null}>
            {diet && dedicated ? (
              <Link to={areaCityPath(area, slug, diet)} className={secondaryButton}>
                {DIET_LABELS[diet]} restaurants in {label}
              </Link>
            ) : null}
            {diet ? (
              <Link to={areaCityPath(area, slug)} className={secondaryButton}>
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
        <Link to={home.path} className={textLink}>
          More cities in {home.name}
        </Link>
      </p>
    </div>
  );
}
