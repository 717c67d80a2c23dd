// Home: the search hero, filters and results, all from the URL (docs/search-url.md).
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CuisineFilter, DietFilter } from "~/components/Filters";
import { TrustFilter } from "~/components/TrustFilter";
import { OpenNowFilter } from "~/components/OpenNowFilter";
import { Pagination } from "~/components/Pagination";
import { NoResults, PastTheEnd, RestaurantGridSkeleton, ResultsCount } from "~/components/Results";
import { activeFilterLabels, FiltersDisclosure } from "~/components/Disclosures";
import { DidYouMean, FurtherAway, SearchArea, SearchCountry } from "~/components/SearchArea";
import { SearchHero } from "~/components/SearchHero";
import { EmptyStateHelp, FilterWordsLink } from "~/components/SearchHelp";
import { PopularCities, type PopularCity } from "~/components/PopularCities";
import { cityPath, isCitySlug } from "~/lib/seo/landing";
import { US_STATES, type StateCode } from "~/lib/places/places";
import { ServerNotice } from "~/components/ServerNotice";
import { primaryButton, secondaryButton, textLink } from "~/components/ui/styles";
import { cuisinesOrNone, directoryFor, guard, runSearch } from "~/lib/directory/index.server";
import type { Directory } from "~/lib/directory/port";
import { cardOf } from "~/lib/directory/card";
import { cappedText } from "~/lib/search/result-count";
import { searchHintsFor } from "~/lib/hints/search-hints";
import {
  EMPTY_SEARCH,
  LAST_PAGE,
  isEmptySearch,
  isSearched,
  parseSearchParams,
  resultsTitle,
  searchDescription,
  searchHref,
  serialiseSearch,
  type Search,
} from "~/lib/search/search-url";
import type { Place } from "~/lib/places/places";
import { setFlash, takeFlash } from "~/lib/web/flash.server";
import { NOTICES, type Notice } from "~/lib/web/notices";
import { EDGE_POLICY, loaderCacheControl, pagePolicy } from "~/lib/web/cache-control";
import { openStatesOf } from "~/lib/hours/hours";
import { connectionPosition } from "~/lib/places/connection-position.server";
import { pageMeta } from "~/lib/seo/seo";
import { MappedResults } from "~/components/map/MappedResults";
import { mapCentreOf, pinsOf, resultsMapOf } from "~/lib/map/view";
import { coordsCentreLabel } from "~/lib/places/centre-label";
import { nearestName } from "~/lib/places/nearest-place";
import { mapAttribution } from "~/lib/map/tiles.server";
import { pageMapOf } from "~/lib/map/page-map.server";
import { TAGLINE, homeTitle } from "~/lib/web/site";
import { getConfig } from "~/lib/web/config.server";
import { searchTitle } from "~/lib/search/search-title";

export const headers = loaderCacheControl;

// The page's head, made by the loader (pageHeadOf), so that none of it is in the page's JavaScript.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, data.head) : [{ title: homeTitle(matches) }];

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
  // The home page before a search links to the cities with the most restaurants.
  const plain = !search.submitted && serialiseSearch(search) === "";
  // (An empty search has no terms: the default list shows, with the 'Search Error' notice.)
  const [cuisines, result, flash, topCities] = await Promise.all([
    cuisinesOrNone(directory),
    runSearch(directory, search),
    takeFlash(request),
    plain ? popularCities(directory) : [],
  ]);

  // Filter words in q, a misspelt place or cuisine, the filter that emptied the page: counted
  // searches to offer beside the spec's results (docs/search-url.md "What people type").
  const suggestions = await guard(searchHintsFor(directory, search, result, cuisines));

  notice ??= isEmptySearch(search) ? NOTICES.emptySearch : flash.notice;
  // Coordinates are the visitor's own only on the page near=me's redirect just made (this
  // visitor's alone, never cached); any other page names them by the nearest place, and the
  // tab that pressed 'Use My Location' or 'Search this area' by what it remembers.
  const ownPosition = search.coords !== null && flash.notice === NOTICES.approximateLocation;
  // The map beside the results: a pin for every card with a position, and the static map (no
  // JavaScript), credited from the map's archive when it has pins; its SVG goes into the
  // document, not into the page's data (pageMapOf).
  const pins = pinsOf(result.restaurants);
  const map = pageMapOf(
    context,
    resultsMapOf(
      pins,
      pins.length > 0 ? await mapAttribution(context.cloudflare.env) : "",
      mapCentreOf(
        result.centre,
        result.place,
        search.coords ? coordsCentreLabel(search.coords, ownPosition ? "mine" : null, result.nearPlace) : undefined,
      ),
    ),
  );
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
      restaurants: result.restaurants.map((restaurant) => cardOf(restaurant, openStates[restaurant.id])),
      total: result.total,
      capped: result.capped,
      centre: result.centre,
      place: result.place,
      alternatives: result.alternatives,
      area: result.area,
      nearestBeyond: result.nearestBeyond.map((restaurant) => cardOf(restaurant, openStates[restaurant.id])),
      suggestions,
      topCities,
      notice,
      map,
      naming: {
        name: search.coords ? nearestName(search.coords, result.nearPlace) : "",
        ...(result.nearPlace?.km ? { km: true as const } : {}),
        own: ownPosition,
      },
      head: pageHeadOf(search, result.place, result.nearPlace, getConfig(context.cloudflare.env).site.siteName),
    },
    { headers: { ...flash.headers, "Cache-Control": cacheControl } },
  );
}

/**
 * The page's title, description, canonical path and robots: the title says what the search holds
 * ('Vegan restaurants within 25 mi of Portland, OR – SafeBites'; the plain home page keeps the
 * spec's). The normal form of the search is the canonical URL. Only the plain home page is for
 * indexes; any search, even one a landing page also answers, is noindex, follow (docs/seo.md).
 */
function pageHeadOf(search: Search, place: Place | null, nearPlace: Place | null, siteName: string) {
  const title = searchTitle(search, place, nearPlace);
  const query = serialiseSearch(search);
  return {
    title: title ? `${title} – ${siteName}` : `${siteName} – ${TAGLINE}`,
    description: "Find restaurants for gluten-free, dairy-free, vegetarian and vegan diets, by name, cuisine or place.",
    path: query ? `/?${query}` : "/",
    noindex: query !== "",
  };
}

/** How many cities the home page links to before a search. */
const POPULAR_CITIES = 12;

/** The cities with the most restaurants that have a landing page; none when they cannot be read. */
async function popularCities(directory: Directory): Promise<PopularCity[]> {
  const cities = await directory.listTopCities(POPULAR_CITIES * 2).catch((error: unknown) => {
    console.error(`[directory] ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  return cities
    .filter((city) => Object.hasOwn(US_STATES, city.state) && isCitySlug(city.slug))
    .slice(0, POPULAR_CITIES)
    .map((city) => ({
      state: city.state,
      name: city.name,
      path: cityPath(city.state as StateCode, city.slug),
      restaurants: city.restaurants,
    }));
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
    area,
    nearestBeyond,
    suggestions,
    topCities,
    notice,
    map,
    naming,
  } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const filtered = search.diets.length > 0 || search.dedicated || search.kitchen.length > 0 || search.confirmed;
  const onLastPage = capped && search.page === LAST_PAGE && restaurants.length > 0;
  // Any search parameter (a search, a filter, a page): the results come first, the search folds.
  const compact = search.submitted || serialiseSearch(search) !== "";

  return (
    <>
      <ServerNotice notice={notice} />
      <SearchHero search={search} naming={naming} compact={compact} />
      {/* Past the search and the filters' many buttons: shown when a keyboard reaches them. */}
      {restaurants.length > 0 ? (
        <p className="sr-only focus-within:not-sr-only focus-within:mx-auto focus-within:flex focus-within:max-w-6xl focus-within:gap-6 focus-within:px-4 focus-within:pt-3">
          <a href="#results-title" className={textLink}>
            Skip to results
          </a>
          {map.pins.length > 0 ? (
            <a href="#map" className={textLink}>
              Skip to the map
            </a>
          ) : null}
        </p>
      ) : null}

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
            {!loading ? <ResultsCount total={total} capped={capped} page={search.page} live /> : null}
          </div>
          {centre ? <SearchArea radius={search.radius} place={place} coords={search.coords} naming={naming} /> : null}
          {area ? <SearchCountry area={area} /> : null}
          {alternatives.length > 0 ? <DidYouMean search={search} places={alternatives} /> : null}
          {restaurants.length > 0 ? <FilterWordsLink link={suggestions.filterWords} className="mt-2" /> : null}

          {loading ? (
            <RestaurantGridSkeleton />
          ) : restaurants.length > 0 ? (
            <MappedResults map={map} search={search} restaurants={restaurants}>
              {onLastPage ? (
                <p className="mt-6 text-center text-sm text-slate-700" data-testid="narrow-hint">
                  {cappedText()}
                </p>
              ) : null}
              <Pagination search={search} total={total} />
            </MappedResults>
          ) : total > 0 ? (
            <PastTheEnd search={search} total={total} capped={capped} />
          ) : searched ? (
            <>
              <NoResults
                matching={searchDescription(search)}
                filtered={filtered}
                help={<EmptyStateHelp suggestions={suggestions} />}
              >
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
              </NoResults>
              {centre ? (
                <FurtherAway search={search} restaurants={nearestBeyond} km={place ? place.km : naming.km} />
              ) : null}
            </>
          ) : (
            <div
              className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center"
              data-testid="empty-default"
            >
              <h3 className="text-xl font-semibold text-slate-900">
                {filtered || search.open ? "No restaurants match your filters" : "No restaurants yet"}
              </h3>
              <p className="mt-2 text-slate-700">
                {filtered || search.open
                  ? "None of the restaurants in our directory match the selected dietary options yet."
                  : "Our directory doesn't have any restaurants yet. Know a great place? Tell us about it."}
              </p>
              <EmptyStateHelp suggestions={suggestions} />
              <div className="mt-6">
                <Link to="/submit-restaurant" className={primaryButton}>
                  Submit a Restaurant
                </Link>
              </div>
            </div>
          )}
        </section>

        <PopularCities cities={topCities} />

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
