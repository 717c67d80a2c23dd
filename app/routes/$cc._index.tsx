// A country's landing page outside the US (/{cc}, docs/seo.md): its
// subdivisions that have restaurants, with how many, each a link to its page (/{cc}/{sub}); or,
// for a country whose restaurants have no subdivision, its cities as a subdivision's page lists
// them (app/components/landing/RegionLanding.tsx). Any segment but a known country's code in
// lower case (the US's has /us), or a country without restaurants: 404, as for any unknown path.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { RegionLanding } from "~/components/landing/RegionLanding";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { statePageSeo, withPage } from "~/lib/seo/landing";
import { loadRegionPage } from "~/lib/landing/region-page.server";
import { subdivisionsOf, refuseWorldPost } from "~/lib/seo/world-landing.server";
import { countryPath, parseCountrySegment } from "~/lib/seo/world-segments";
import { countryName } from "~/lib/world/country-names";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import { PlaceIndex } from "~/components/landing/PlaceIndex";
import { landingMeta } from "~/lib/seo/seo";
import { textLink } from "~/components/ui/styles";

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

export function action({ params }: ActionFunctionArgs) {
  refuseWorldPost(params);
}

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
  if ("cities" in loaded) return <RegionLanding {...loaded} />;
  const { name, path, subdivisions } = loaded;
  return (
    <PlaceIndex
      crumbs={[
        { name: "Home", path: "/" },
        { name, path },
      ]}
      heading={`Restaurants in ${name} for ${EVERY_DIET}`}
      intro="Choose a region to see its cities, then a city to see its restaurants."
      places={subdivisions.map(({ area, restaurants }) => ({
        key: area.key,
        name: area.code ? area.name : `Elsewhere in ${name}`,
        path: area.path,
        restaurants,
      }))}
      testId="subdivisions"
      countTestId="subdivision-count"
    >
      <p className="mt-10">
        <Link to="/countries" className={textLink}>
          Other countries
        </Link>
      </p>
    </PlaceIndex>
  );
}
