// /us: the way into the landing pages (docs/seo.md): every state that has restaurants, with how
// many, each a link to its page (/us/{st}). One row per state (restaurant_states), kept by the
// database as restaurants come and go. No state with restaurants: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { textLink } from "~/components/ui/styles";
import { directoryFor, guard } from "~/lib/directory/index.server";
import { US_STATES, stateName, type StateCode } from "~/lib/places/places";
import { statePath } from "~/lib/seo/landing";
import { landingMeta } from "~/lib/seo/seo";
import { EDGE_POLICY, loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";
import { PlaceIndex } from "~/components/landing/PlaceIndex";

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
  return (
    <PlaceIndex
      crumbs={[
        { name: "Home", path: "/" },
        { name: "United States", path: US_PATH },
      ]}
      heading={HEADING}
      intro="Choose a state to see its cities, then a city to see its restaurants."
      places={states.map(({ state, restaurants }) => ({
        key: state,
        name: stateName(state),
        path: statePath(state),
        restaurants,
      }))}
      testId="states"
      countTestId="state-count"
    >
      <p className="mt-10">
        <Link to="/countries" className={textLink}>
          Restaurants in other countries
        </Link>
      </p>
    </PlaceIndex>
  );
}
