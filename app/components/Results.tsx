// A page of results as the home page and the city pages show it: the line that says how many
// there are, the grid of cards (with its grey placeholder while a search loads), and what
// shows instead when there is nothing to list.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CardRestaurant } from "~/lib/directory/card";
import { cappedText, formatNumber, resultsCountText } from "~/lib/search/result-count";
import { pageCount, searchHref, type Search } from "~/lib/search/search-url";
import { RestaurantCard, RestaurantCardSkeleton } from "./RestaurantCard";
import { primaryButton, secondaryButton } from "./ui/styles";

/** 'Showing 26–50 of 1,000+ restaurants'; nothing when the search found none. */
export function ResultsCount({
  total,
  capped,
  page,
  live = false,
}: {
  total: number;
  capped: boolean;
  page: number;
  /** Announce a new count (the home page's filters change it without a page load). */
  live?: boolean;
}) {
  const text = resultsCountText({ total, capped, page });
  if (text === null) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="results-count" aria-live={live ? "polite" : undefined}>
      {text}
    </p>
  );
}

const GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3";

/**
 * The cards, each with its distance (a search with a centre) and its open state as the loader
 * worked it out; `numbered`, each card with its place on the page (the map's pins carry the same
 * numbers); `besideMap`, two columns at most, as the map takes the third. The grid is the form
 * that every card's 'Save' posts to the saved list without JavaScript (each button its own name
 * and value), so that a card needs no form of its own.
 */
export function RestaurantGrid({
  restaurants,
  spacing = "mt-6",
  testId,
  numbered = false,
  besideMap = false,
}: {
  restaurants: CardRestaurant[];
  /** The margin above the grid. */
  spacing?: string;
  testId?: string;
  numbered?: boolean;
  besideMap?: boolean;
}) {
  return (
    <form
      method="post"
      action="/saved"
      className={besideMap ? "grid gap-5 sm:grid-cols-2" : `${spacing} ${GRID}`}
      data-testid={testId}
    >
      {restaurants.map((restaurant, index) => (
        <RestaurantCard key={restaurant.id} restaurant={restaurant} number={numbered ? index + 1 : undefined} />
      ))}
    </form>
  );
}

/** Six placeholder cards while the results load. */
export function RestaurantGridSkeleton() {
  return (
    <div className={`mt-6 ${GRID}`} aria-busy="true" aria-label="Loading restaurants">
      {Array.from({ length: 6 }, (_, index) => (
        <RestaurantCardSkeleton key={index} />
      ))}
    </div>
  );
}

/**
 * A search that found nothing: what it looked for, searches that would find something (`help`:
 * the home page's suggestions, app/components/SearchHelp.tsx), other searches to try
 * (`children`), and the suggestion form.
 */
export function NoResults({
  matching,
  filtered,
  help,
  children,
}: {
  /** What the search looked for, as the visitor put it. */
  matching: string;
  /** Whether dietary options narrowed it. */
  filtered: boolean;
  help?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center" data-testid="empty-results">
      <h3 className="text-xl font-semibold text-slate-900">No restaurants found</h3>
      <p className="mt-2 text-slate-700">
        {`We couldn't find any restaurants matching "${matching}"`}
        {filtered ? " with the selected dietary options" : ""}
      </p>
      {help}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children}
        <Link to="/submit-restaurant" className={primaryButton}>
          Submit a Restaurant
        </Link>
      </div>
    </div>
  );
}

/** Past the 1,000th result, or past the end: say so, and link back to the last page. */
export function PastTheEnd({ search, total, capped }: { search: Search; total: number; capped: boolean }) {
  const lastPage = pageCount(total);
  return (
    <div className="mt-6 rounded-xl border border-slate-200 p-8 text-center" data-testid="past-the-end">
      <p className="text-slate-800">
        {capped ? cappedText() : `There are no more results: this search has ${formatNumber(total)}.`}
      </p>
      <Link to={searchHref(search, { page: lastPage })} className={`${secondaryButton} mt-4`}>
        Back to page {lastPage}
      </Link>
    </div>
  );
}
