// A page of results as the home page and the city pages show it: the line that says how many
// there are, and the grid of cards (with its grey placeholder while a search loads).
import type { FoundRestaurant, Restaurant } from "~/lib/directory/port";
import type { OpenStateView } from "~/lib/hours/hours";
import { resultsCountText } from "~/lib/search/result-count";
import { RestaurantCard, RestaurantCardSkeleton } from "./RestaurantCard";

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

/** The cards, each with its distance (a search with a centre) and its open state as the loader worked it out. */
export function RestaurantGrid({
  restaurants,
  openStates,
  spacing = "mt-6",
  testId,
}: {
  restaurants: (Restaurant | FoundRestaurant)[];
  openStates: Record<number, OpenStateView>;
  /** The margin above the grid. */
  spacing?: string;
  testId?: string;
}) {
  return (
    <div className={`${spacing} ${GRID}`} data-testid={testId}>
      {restaurants.map((restaurant) => (
        <RestaurantCard
          key={restaurant.id}
          restaurant={restaurant}
          distance={"distance" in restaurant ? restaurant.distance : null}
          openState={openStates[restaurant.id]}
        />
      ))}
    </div>
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
