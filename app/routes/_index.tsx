// Home: the search hero, filters and results, all from the URL (docs/search-url.md).
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CuisineFilter, DietFilter } from "~/components/Filters";
import { TrustFilter } from "~/components/TrustFilter";
import { OpenNowFilter } from "~/components/OpenNowFilter";
import { Pagination } from "~/components/Pagination";
import { RestaurantCard, RestaurantCardSkeleton } from "~/components/RestaurantCard";
import { activeFilterLabels, FiltersDisclosure, SearchDisclosure } from "~/components/Disclosures";
import { DidYouMean, FurtherAway, SearchArea } from "~/components/SearchArea";
import { SearchForm } from "~/components/SearchForm";
import { ServerNotice } from "~/components/ServerNotice";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { cuisinesOrNone, directoryFor, runSearch } from "~/lib/directory/index.server";
import {
  EMPTY_SEARCH,
  LAST_PAGE,
  MAX_COUNTED,
  PAGE_SIZE,
  type Search,
  isEmptySearch,
  isSearched,
  parseSearchParams,
  resultsTitle,
  searchDescription,
  searchHref,
  serialiseSearch,
} from "~/lib/search/search-url";
import { setFlash, takeFlash } from "~/lib/web/flash.server";
import { NOTICES, type Notice } from "~/lib/web/notices";
import { EDGE_POLICY, loaderCacheControl, pagePolicy } from "~/lib/web/cache-control";
import { openStatesOf } from "~/lib/hours/hours";
import { connectionPosition } from "~/lib/places/connection-position.server";
import { pageMeta } from "~/lib/seo/seo";
import { ResultsMap } from "~/components/map/ResultsMap";
import { pinsOf } from "~/lib/map/pins";
import { staticMapOf } from "~/lib/map/static-map.server";
import { homeTitle, pageTitle } from "~/lib/web/site";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = data?.search.query ? pageTitle(matches, resultsTitle(data.search)) : homeTitle(matches);
  // The normal form of the search: the canonical URL. Only the plain home page is for indexes;
  // any search, even one a landing page also answers, is noindex, follow (docs/seo.md).
  const query = data ? serialiseSearch(data.search) : "";
  return pageMeta(matches, {
    title,
    description: "Find restaurants for gluten-free, dairy-free, vegetarian and vegan diets, by name, cuisine or place.",
    path: query ? `/?${query}` : "/",
    noindex: query !== "",
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  let search = parseSearchParams(new URL(request.url).searchParams);
  let notice: Notice | null = null;
  if (search.near) {
    // 'Use My Location' without JavaScript: the connection's approximate position, as a
    // bookmarkable URL. It differs per visitor, so neither answer is kept in a shared cache.
    const position = connectionPosition(context.cloudflare.cf);
    if (position) {
      throw redirect(searchHref(search, { coords: position, location: "" }), {
        headers: { "Set-Cookie": await setFlash(request, "approximateLocation"), "Cache-Control": EDGE_POLICY.never },
      });
    }
    notice = NOTICES.connectionPositionUnknown;
    search = { ...search, near: false };
  }

  const directory = directoryFor(context);
  // (An empty search has no terms: the default list shows, with the 'Search Error' notice.)
  const [cuisines, result, flash] = await Promise.all([
    cuisinesOrNone(directory),
    runSearch(directory, search),
    takeFlash(request),
  ]);

  notice ??= isEmptySearch(search) ? NOTICES.emptySearch : flash.notice;
  // The map beside the results: a pin for every card with a position, and the static map (no JavaScript).
  const pins = pinsOf(result.restaurants);
  const staticMap = await staticMapOf(context.cloudflare.env, new URL(request.url).origin, pins);
  // Open or closed at this moment, each in its own time zone (absent: unknown hours).
  const openStates = openStatesOf([...result.restaurants, ...result.nearestBeyond], new Date());
  // A page with a one-time notice (or that clears its cookie) is this visitor's alone.
  const cacheControl =
    notice || flash.headers
      ? EDGE_POLICY.never
      : pagePolicy({ showsOpenState: Object.keys(openStates).length > 0 || search.open });
  return data(
    {
      search,
      searched: isSearched(search),
      cuisines,
      restaurants: result.restaurants,
      total: result.total,
      capped: result.capped,
      centre: result.centre,
      place: result.place,
      alternatives: result.alternatives,
      nearestBeyond: result.nearestBeyond,
      openStates,
      notice,
      pins,
      staticMap,
    },
    { headers: { ...flash.headers, "Cache-Control": cacheControl } },
  );
}

const numberFormat = new Intl.NumberFormat("en-US");

function ResultsCount({ total, capped, page }: { total: number; capped: boolean; page: number }) {
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const count = capped ? `${numberFormat.format(MAX_COUNTED)}+` : numberFormat.format(total);
  const noun = total === 1 && !capped ? "restaurant" : "restaurants";
  return (
    <p className="text-sm text-slate-700" data-testid="results-count" aria-live="polite">
      {first > total
        ? `No results on page ${page}: there ${total === 1 ? "is" : "are"} ${count} ${noun}.`
        : `Showing ${numberFormat.format(first)}–${numberFormat.format(last)} of ${count} ${noun}`}
    </p>
  );
}

/** Past the 1,000th result, or past the end: say so, and link back to the last page. */
function PastTheEnd({ search, total, capped }: { search: Search; total: number; capped: boolean }) {
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="mt-6 rounded-xl border border-slate-200 p-8 text-center" data-testid="past-the-end">
      <p className="text-slate-800">
        {capped
          ? `Only the first ${numberFormat.format(MAX_COUNTED)} results are listed. Add a word, a cuisine, a diet or a place to narrow the search.`
          : `There are no more results: this search has ${numberFormat.format(total)}.`}
      </p>
      <Link to={searchHref(search, { page: Math.min(lastPage, LAST_PAGE) })} className={`${secondaryButton} mt-4`}>
        Back to page {Math.min(lastPage, LAST_PAGE)}
      </Link>
    </div>
  );
}

export default function Home() {
  const {
    search,
    searched,
    cuisines,
    restaurants,
    total,
    capped,
    centre,
    place,
    alternatives,
    nearestBeyond,
    openStates,
    notice,
    pins,
    staticMap,
  } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const filtered = search.diets.length > 0 || search.dedicated || search.kitchen.length > 0 || search.confirmed;
  const onLastPage = capped && search.page === LAST_PAGE && restaurants.length > 0;
  // Any search parameter (a search, a filter, a page): the results come first.
  const compact = search.submitted || serialiseSearch(search) !== "";

  return (
    <>
      <ServerNotice notice={notice} />
      {compact ? (
        // After a search the results come first: the search folds into one line (docs/layout.md).
        <section className="bg-emerald-800 px-4 py-3">
          <h1 className="sr-only">Find restaurants that fit your diet</h1>
          <div className="mx-auto max-w-5xl">
            <SearchDisclosure search={search} open={isEmptySearch(search)}>
              <SearchForm search={search} />
            </SearchDisclosure>
          </div>
        </section>
      ) : (
        <section className="bg-[linear-gradient(var(--color-emerald-800),var(--color-emerald-700))] px-4 pt-8 pb-8 text-white sm:pt-14 sm:pb-10">
          <div className="mx-auto max-w-5xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find restaurants that fit your diet</h1>
            <p className="mt-2 max-w-2xl text-emerald-50">
              Search gluten-free, dairy-free, vegetarian and vegan friendly restaurants by name, cuisine or place.
            </p>
            <div className="mt-4 sm:mt-6">
              <SearchForm search={search} />
            </div>
          </div>
        </section>
      )}

      <div className="mx-auto max-w-6xl px-4">
        <div className="mt-4">
          <FiltersDisclosure active={activeFilterLabels(search)}>
            <DietFilter search={search} />
            <TrustFilter search={search} />
            <CuisineFilter search={search} cuisines={cuisines} />
            <OpenNowFilter search={search} />
          </FiltersDisclosure>
        </div>

        <section aria-labelledby="results-title" className={compact ? "mt-5" : "mt-6"}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-title" className="text-2xl font-bold text-slate-900">
              {resultsTitle(search)}
            </h2>
            {!loading ? <ResultsCount total={total} capped={capped} page={search.page} /> : null}
          </div>
          {centre ? <SearchArea radius={search.radius} place={place} /> : null}
          {alternatives.length > 0 ? <DidYouMean search={search} places={alternatives} /> : null}

          {loading ? (
            <div
              className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
              aria-busy="true"
              aria-label="Loading restaurants"
            >
              {Array.from({ length: 6 }, (_, index) => (
                <RestaurantCardSkeleton key={index} />
              ))}
            </div>
          ) : restaurants.length > 0 ? (
            <ResultsMap pins={pins} staticMap={staticMap} search={search}>
              <div
                className={`grid gap-5 sm:grid-cols-2 ${pins.length > 0 ? "" : "mt-6 lg:grid-cols-3"}`}
                data-testid="results"
              >
                {restaurants.map((restaurant, index) => (
                  <RestaurantCard
                    key={restaurant.id}
                    restaurant={restaurant}
                    distance={restaurant.distance}
                    openState={openStates[restaurant.id]}
                    number={index + 1}
                  />
                ))}
              </div>
              {onLastPage ? (
                <p className="mt-6 text-center text-sm text-slate-700" data-testid="narrow-hint">
                  Only the first {numberFormat.format(MAX_COUNTED)} results are listed. Add a word, a cuisine, a diet or
                  a place to narrow the search.
                </p>
              ) : null}
              <Pagination search={search} total={total} />
            </ResultsMap>
          ) : total > 0 ? (
            <PastTheEnd search={search} total={total} capped={capped} />
          ) : searched ? (
            <>
              <div
                className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center"
                data-testid="empty-results"
              >
                <h3 className="text-xl font-semibold text-slate-900">No restaurants found</h3>
                <p className="mt-2 text-slate-700">
                  {`We couldn't find any restaurants matching "${searchDescription(search)}"`}
                  {filtered ? " with the selected dietary options" : ""}
                </p>
                <div className="mt-6 flex flex-wrap justify-center gap-3">
                  <Link
                    to={searchHref({
                      ...EMPTY_SEARCH,
                      diets: search.diets,
                      match: search.match,
                      dedicated: search.dedicated,
                      kitchen: search.kitchen,
                      confirmed: search.confirmed,
                    })}
                    className={secondaryButton}
                  >
                    Clear Search
                  </Link>
                  <Link to="/submit-restaurant" className={primaryButton}>
                    Submit a Restaurant
                  </Link>
                </div>
              </div>
              {centre ? <FurtherAway search={search} restaurants={nearestBeyond} openStates={openStates} /> : null}
            </>
          ) : (
            <div
              className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center"
              data-testid="empty-default"
            >
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
            Help others eat out safely: suggest a restaurant that caters well to gluten-free, dairy-free, vegetarian or
            vegan diets.
          </p>
          <Link to="/submit-restaurant" className={`${primaryButton} mt-6`}>
            Suggest a Restaurant
          </Link>
        </section>
      </div>
    </>
  );
}
