// Home: the search hero, filters and results, all from the URL (docs/search-url.md).
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CuisineFilter, DietFilter } from "~/components/Filters";
import { Pagination } from "~/components/Pagination";
import { RestaurantCard, RestaurantCardSkeleton } from "~/components/RestaurantCard";
import { SearchForm } from "~/components/SearchForm";
import { ServerNotice } from "~/components/ServerNotice";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { directoryFor } from "~/lib/directory/cache.server";
import { guard } from "~/lib/directory/index.server";
import type { RestaurantPage } from "~/lib/directory/port";
import { takeFlash } from "~/lib/flash.server";
import { parseLocation } from "~/lib/location";
import { NOTICES, type Notice } from "~/lib/notices";
import { EDGE_POLICY } from "~/lib/page-cache";
import {
  EMPTY_SEARCH,
  PAGE_SIZE,
  isEmptySearch,
  isSearched,
  parseSearchParams,
  resultsTitle,
  searchDescription,
  searchHref,
} from "~/lib/search-params";
import { homeTitle, pageTitle } from "~/lib/site";

/** The loader decides how long a page may be reused (EDGE_POLICY); errors are never kept. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? EDGE_POLICY.never,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = data?.state.q ? pageTitle(matches, resultsTitle(data.state)) : homeTitle(matches);
  return [
    { title },
    {
      name: "description",
      content: "Find restaurants for gluten-free, dairy-free, vegetarian and vegan diets, by name, cuisine or place.",
    },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = parseSearchParams(url.searchParams);
  const directory = directoryFor(context);
  const searched = isSearched(state);
  const paging = { diets: state.diets, match: state.match, limit: PAGE_SIZE, offset: (state.page - 1) * PAGE_SIZE };

  const cuisinesPromise = directory.listCuisines().catch((error: unknown) => {
    // A cuisine load error is not shown (docs/notices.md); the page still lists restaurants.
    console.error(`[directory] ${error instanceof Error ? error.message : String(error)}`);
    return [] as string[];
  });
  const pagePromise: Promise<RestaurantPage> = searched
    ? directory.searchRestaurants({
        ...paging,
        query: state.q,
        location: parseLocation(state.location),
        cuisine: state.cuisine || null,
      })
    : directory.listRestaurants(paging);
  const [cuisines, page, flash] = await Promise.all([cuisinesPromise, guard(pagePromise), takeFlash(request)]);

  const notice: Notice | null = isEmptySearch(state) ? NOTICES.emptySearch : flash.notice;
  // A page with a one-time notice (or that clears its cookie) is this visitor's alone.
  const cacheControl = notice || flash.headers ? EDGE_POLICY.never : EDGE_POLICY.search;
  return data(
    { state, searched, cuisines, restaurants: page.restaurants, total: page.total, notice },
    { headers: { ...flash.headers, "Cache-Control": cacheControl } },
  );
}

function ResultsCount({ total, page }: { total: number; page: number }) {
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const noun = total === 1 ? "restaurant" : "restaurants";
  return (
    <p className="text-sm text-slate-700" data-testid="results-count" aria-live="polite">
      {first > total ? `No results on page ${page}: there ${total === 1 ? "is" : "are"} ${total} ${noun}.` : `Showing ${first}–${last} of ${total} ${noun}`}
    </p>
  );
}

export default function Home() {
  const { state, searched, cuisines, restaurants, total, notice } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const filtered = state.diets.length > 0;

  return (
    <>
      <ServerNotice notice={notice} />
      <section className="bg-gradient-to-b from-emerald-800 to-emerald-700 px-4 pb-10 pt-10 text-white sm:pt-14">
        <div className="mx-auto max-w-5xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find restaurants that fit your diet</h1>
          <p className="mt-2 max-w-2xl text-emerald-50">
            Search gluten-free, dairy-free, vegetarian and vegan friendly restaurants by name, cuisine or place.
          </p>
          <div className="mt-6">
            <SearchForm state={state} />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4">
        <div className="mt-8 grid gap-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
          <DietFilter state={state} />
          <CuisineFilter state={state} cuisines={cuisines} />
        </div>

        <section aria-labelledby="results-title" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-title" className="text-2xl font-bold text-slate-900">
              {resultsTitle(state)}
            </h2>
            {!loading ? <ResultsCount total={total} page={state.page} /> : null}
          </div>

          {loading ? (
            <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading restaurants">
              {Array.from({ length: 6 }, (_, index) => (
                <RestaurantCardSkeleton key={index} />
              ))}
            </div>
          ) : restaurants.length > 0 ? (
            <>
              <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="results">
                {restaurants.map((restaurant) => (
                  <RestaurantCard key={restaurant.id} restaurant={restaurant} />
                ))}
              </div>
              <Pagination state={state} total={total} />
            </>
          ) : total > 0 ? (
            <div className="mt-6 rounded-xl border border-slate-200 p-8 text-center">
              <Pagination state={state} total={total} />
            </div>
          ) : searched ? (
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center" data-testid="empty-results">
              <h3 className="text-xl font-semibold text-slate-900">No restaurants found</h3>
              <p className="mt-2 text-slate-700">
                {`We couldn't find any restaurants matching "${searchDescription(state)}"`}
                {filtered ? " with the selected dietary options" : ""}
              </p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <Link to={searchHref({ ...EMPTY_SEARCH, diets: state.diets, match: state.match })} className={secondaryButton}>
                  Clear Search
                </Link>
                <Link to="/submit-restaurant" className={primaryButton}>
                  Submit a Restaurant
                </Link>
              </div>
            </div>
          ) : (
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center" data-testid="empty-default">
              <h3 className="text-xl font-semibold text-slate-900">
                {filtered ? "No restaurants match your filters" : "No restaurants yet"}
              </h3>
              <p className="mt-2 text-slate-700">
                {filtered
                  ? "None of the restaurants in our directory match the selected dietary options yet."
                  : "Our directory doesn't have any restaurants yet. Know a great place? Tell us about it."}
              </p>
              <div className="mt-6">
                <Link to="/submit-restaurant" className={primaryButton}>
                  Submit a Restaurant
                </Link>
              </div>
            </div>
          )}
        </section>

        <section className="mt-16 rounded-2xl bg-emerald-50 p-8 text-center ring-1 ring-emerald-200">
          <h2 className="text-2xl font-bold text-slate-900">Know a restaurant that gets it right?</h2>
          <p className="mx-auto mt-2 max-w-2xl text-slate-700">
            Help others eat out safely: suggest a restaurant that caters well to gluten-free, dairy-free, vegetarian or vegan diets.
          </p>
          <Link to="/submit-restaurant" className={`${primaryButton} mt-6`}>
            Suggest a Restaurant
          </Link>
        </section>
      </div>
    </>
  );
}
