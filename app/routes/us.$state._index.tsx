// A state's landing page (/us/{st}): its cities that have restaurants, with how many, as links
// to their pages, CITIES_PER_PAGE a page (docs/seo.md). An unknown state, a state without
// restaurants or a page past the end: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { JsonLd } from "~/components/JsonLd";
import { PreviousNext } from "~/components/Pagination";
import { secondaryButton } from "~/components/ui/styles";
import { directoryFor, guard } from "~/lib/directory/index.server";
import {
  CITIES_PER_PAGE,
  cityPath,
  isCitySlug,
  parseStateSegment,
  stateHeading,
  statePageSeo,
  statePath,
  withPage,
} from "~/lib/seo/landing";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import { stateName } from "~/lib/places/places";
import { parsePage } from "~/lib/search/search-url";
import { formatNumber } from "~/lib/search/result-count";
import { breadcrumbJsonLd, landingMeta } from "~/lib/seo/seo";
import type { loader as rootLoader } from "~/root";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(matches, data && statePageSeo(data.state, data.page));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const state = parseStateSegment(params.state);
  if (!state) notFound();
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  // One more than a page: whether there is a next one.
  const found = await guard(directoryFor(context).listCities(state, (page - 1) * CITIES_PER_PAGE, CITIES_PER_PAGE + 1));
  if (found.length === 0) notFound();
  const cities = found
    .slice(0, CITIES_PER_PAGE)
    // A city whose slug cannot be a path segment has no page to link.
    .filter((city) => isCitySlug(city.slug))
    .map((city) => ({ slug: city.slug, name: city.name, restaurants: city.restaurants }));
  return data(
    { state, page, cities, hasNext: found.length > CITIES_PER_PAGE },
    { headers: { "Cache-Control": EDGE_POLICY.search } },
  );
}

export default function StatePage() {
  const { state, page, cities, hasNext } = useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const crumbs = [
    { name: "Home", path: "/" },
    { name: stateName(state), path: statePath(state) },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{stateHeading(state)}</h1>
      <p className="mt-2 text-slate-700">
        Choose a city to see its restaurants, with their dietary options, addresses and hours.
      </p>

      <section aria-labelledby="cities-title" className="mt-8">
        <h2 id="cities-title" className="text-2xl font-bold text-slate-900">
          Cities in {stateName(state)}
        </h2>
        <ul className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="cities">
          {cities.map((city) => (
            <li key={city.slug}>
              <Link
                to={cityPath(state, city.slug)}
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
        hrefFor={(n) => withPage(statePath(state), n)}
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
