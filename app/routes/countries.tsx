// /countries: every country with restaurants, how many each has, each a link to its page
// (/us, /{cc}; docs/seo.md), from restaurant_states (one row per US
// state or subdivision elsewhere). No restaurant anywhere: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { countriesOf } from "~/lib/seo/world-landing.server";
import { landingMeta } from "~/lib/seo/seo";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import { PlaceIndex } from "~/components/landing/PlaceIndex";

const COUNTRIES_PATH = "/countries";
const HEADING = "Restaurants by country";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(
    matches,
    data && {
      heading: HEADING,
      description:
        "The countries with gluten-free, dairy-free, vegetarian and vegan friendly restaurants, and how many each has.",
      path: COUNTRIES_PATH,
    },
  );

export async function loader({ context }: LoaderFunctionArgs) {
  const countries = countriesOf(await guard(directoryFor(context).listStates()));
  if (countries.length === 0) notFound();
  return data({ countries }, { headers: { "Cache-Control": EDGE_POLICY.search } });
}

export default function CountriesPage() {
  const { countries } = useLoaderData<typeof loader>();
  return (
    <PlaceIndex
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Countries", path: COUNTRIES_PATH },
      ]}
      heading={HEADING}
      intro="Choose a country to see its regions and cities, then a city to see its restaurants."
      places={countries.map(({ country, ...rest }) => ({ key: country, ...rest }))}
      testId="countries"
      countTestId="country-count"
    />
  );
}
