// /countries: every country with restaurants, how many each has, each a link to its page
// (/us, /{cc}; CONTRACTS.md section 14, docs/seo.md), from restaurant_states (one row per US
// state or subdivision elsewhere). No restaurant anywhere: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { JsonLd } from "~/components/JsonLd";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { countriesOf } from "~/lib/seo/world-landing.server";
import { breadcrumbJsonLd, landingMeta } from "~/lib/seo/seo";
import { restaurantsText } from "~/lib/search/result-count";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import type { loader as rootLoader } from "~/root";

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
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Countries", path: COUNTRIES_PATH },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{HEADING}</h1>
      <p className="mt-2 text-slate-700">
        Choose a country to see its regions and cities, then a city to see its restaurants.
      </p>
      <ul className="mt-8 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="countries">
        {countries.map(({ country, name, path, restaurants }) => (
          <li key={country}>
            <Link
              to={path}
              className="rounded-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {name}
            </Link>{" "}
            <span className="text-slate-700" data-testid="country-count">
              ({restaurantsText(restaurants, false)})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
