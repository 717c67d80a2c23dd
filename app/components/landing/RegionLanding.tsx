// An area's landing page (app/lib/landing/region-page.server.ts reads it): its cities with how
// many restaurants each has, as links to their pages, a page at a time; for a US state, a
// country's subdivision, or a country without subdivisions alike (docs/seo.md).
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { JsonLd } from "~/components/JsonLd";
import { PreviousNext } from "~/components/Pagination";
import { secondaryButton } from "~/components/ui/styles";
import { areaCityPath, areaCrumbs, areaHeading, withPage, type Area } from "~/lib/seo/landing";
import { formatNumber } from "~/lib/search/result-count";
import { breadcrumbJsonLd } from "~/lib/seo/seo";
import type { loader as rootLoader } from "~/root";

/** What a region page's loader (app/lib/landing/region-page.server.ts) hands the page; `path` the page's own when not the area's (a country's). */
type RegionPageData = {
  area: Area;
  page: number;
  cities: { slug: string; name: string; restaurants: number }[];
  hasNext: boolean;
  path?: string;
};

export function RegionLanding({ area, page, cities, hasNext, path }: RegionPageData) {
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const crumbs = areaCrumbs(area);
  const name = area.country && !area.code ? area.country : area.name;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{areaHeading(area)}</h1>
      <p className="mt-2 text-slate-700">
        Choose a city to see its restaurants, with their dietary options, addresses and hours.
      </p>

      <section aria-labelledby="cities-title" className="mt-8">
        <h2 id="cities-title" className="text-2xl font-bold text-slate-900">
          Cities in {name}
        </h2>
        <ul className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="cities">
          {cities.map((city) => (
            <li key={city.slug}>
              <Link
                to={areaCityPath(area, city.slug)}
                className="rounded-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
              >
                Restaurants in {city.name}
              </Link>{" "}
              <span className="text-slate-700" data-testid="city-count">
                ({formatNumber(city.restaurants)})
              </span>
            </li>
          ))}
        </ul>
      </section>

      <PreviousNext
        hrefFor={(n) => withPage(path ?? area.path, n)}
        page={page}
        hasNext={hasNext}
        label="Pagination"
        previousText="Previous cities"
        nextText="More cities"
        className="mt-8 flex flex-wrap justify-center gap-3"
        linkClassName={secondaryButton}
      />
    </div>
  );
}
