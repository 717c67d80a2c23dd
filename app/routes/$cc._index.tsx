// A country's landing page outside the US (/{cc}, CONTRACTS.md section 14, docs/seo.md): its
// subdivisions that have restaurants, with how many, each a link to its page (/{cc}/{sub}); or,
// for a country whose restaurants have no subdivision, its cities as a subdivision's page lists
// them (app/components/landing/RegionLanding.tsx). Any segment but a known country's code in
// lower case (the US's has /us), or a country without restaurants: 404, as for any unknown path.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { JsonLd } from "~/components/JsonLd";
import { RegionLanding } from "~/components/landing/RegionLanding";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { statePageSeo, withPage } from "~/lib/seo/landing";
import { loadRegionPage } from "~/lib/landing/region-page.server";
import { subdivisionsOf } from "~/lib/seo/world-landing.server";
import { countryPath, parseCountrySegment } from "~/lib/seo/world-segments";
import { countryName } from "~/lib/world/countries";
import { breadcrumbJsonLd, landingMeta } from "~/lib/seo/seo";
import { restaurantsText } from "~/lib/search/result-count";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import type { loader as rootLoader } from "~/root";

const EVERY_DIET = "gluten-free, dairy-free, vegetarian and vegan diets";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(
    matches,
    data &&
      ("cities" in data
        ? { ...statePageSeo(data.area, data.page), path: withPage(data.path, data.page) }
        : {
            heading: `Restaurants in ${data.name} for ${EVERY_DIET}`,
            description: `The regions of ${data.name} with restaurants for ${EVERY_DIET}, and how many each has.`,
            path: data.path,
          }),
  );

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const country = parseCountrySegment(params.cc);
  if (!country) notFound();
  const subdivisions = subdivisionsOf(await guard(directoryFor(context).listStates()), country);
  if (subdivisions.length === 0) notFound();
  const path = countryPath(country);
  // A country whose restaurants have no subdivision: its cities on its own page.
  if (subdivisions.length === 1 && subdivisions[0]!.area.code === "") {
    const region = await loadRegionPage(subdivisions[0]!.area, request, context);
    return data({ ...region.data, path }, region.init ?? undefined);
  }
  return data(
    { country, name: countryName(country), path, subdivisions },
    { headers: { "Cache-Control": EDGE_POLICY.search } },
  );
}

export default function CountryPage() {
  const loaded = useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  if ("cities" in loaded) return <RegionLanding {...loaded} />;
  const { name, path, subdivisions } = loaded;
  const crumbs = [
    { name: "Home", path: "/" },
    { name, path },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Restaurants in {name} for {EVERY_DIET}
      </h1>
      <p className="mt-2 text-slate-700">Choose a region to see its cities, then a city to see its restaurants.</p>
      <ul className="mt-8 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="subdivisions">
        {subdivisions.map(({ area, restaurants }) => (
          <li key={area.key}>
            <Link
              to={area.path}
              className="rounded-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {area.code ? area.name : `Elsewhere in ${name}`}
            </Link>{" "}
            <span className="text-slate-700" data-testid="subdivision-count">
              ({restaurantsText(restaurants, false)})
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-10">
        <Link to="/countries" className="font-medium text-emerald-800 underline underline-offset-2">
          Other countries
        </Link>
      </p>
    </div>
  );
}
