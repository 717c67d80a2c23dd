// /us: the way into the landing pages (docs/seo.md): every state that has restaurants, with how
// many, each a link to its page (/us/{st}). One row per state (restaurant_states), kept by the
// database as restaurants come and go. No state with restaurants: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { textLink } from "~/components/ui/styles";
import { JsonLd } from "~/components/JsonLd";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { US_STATES, stateName, type StateCode } from "~/lib/places/places";
import { statePath } from "~/lib/seo/landing";
import { breadcrumbJsonLd, landingMeta } from "~/lib/seo/seo";
import { restaurantsText } from "~/lib/search/result-count";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import type { loader as rootLoader } from "~/root";

const US_PATH = "/us";
const HEADING = "Restaurants by state";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(
    matches,
    data && {
      heading: HEADING,
      description:
        "The US states with gluten-free, dairy-free, vegetarian and vegan friendly restaurants, and how many each has.",
      path: US_PATH,
    },
  );

const isStateCode = (state: string): state is StateCode => Object.hasOwn(US_STATES, state);

export async function loader({ context }: LoaderFunctionArgs) {
  const counted = await guard(directoryFor(context).listStates());
  const states = counted
    .filter((row) => isStateCode(row.state) && row.restaurants > 0)
    .map((row) => ({ state: row.state as StateCode, restaurants: row.restaurants }))
    .sort((a, b) => stateName(a.state).localeCompare(stateName(b.state), "en"));
  if (states.length === 0) notFound();
  return data({ states }, { headers: { "Cache-Control": EDGE_POLICY.search } });
}

export default function StatesPage() {
  const { states } = useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "United States", path: US_PATH },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{HEADING}</h1>
      <p className="mt-2 text-slate-700">Choose a state to see its cities, then a city to see its restaurants.</p>
      <ul className="mt-8 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="states">
        {states.map(({ state, restaurants }) => (
          <li key={state}>
            <Link
              to={statePath(state)}
              className="rounded-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {stateName(state)}
            </Link>{" "}
            <span className="text-slate-700" data-testid="state-count">
              ({restaurantsText(restaurants, false)})
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-10">
        <Link to="/countries" className={textLink}>
          Restaurants in other countries
        </Link>
      </p>
    </div>
  );
}
