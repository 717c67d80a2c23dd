// A page of search results with the map of their pins: the numbered cards (the numbers the pins
// carry), beside the map when some card has a position, and the page's notes and pagination
// (`children`) below them. The home page and the city pages show their results this way.
import type { ReactNode } from "react";
import type { FoundRestaurant, Restaurant } from "~/lib/directory/port";
import type { OpenStateView } from "~/lib/hours/hours";
import type { ResultsMapData } from "~/lib/map/pins";
import type { Search } from "~/lib/search/search-url";
import { RestaurantGrid } from "../Results";
import { ResultsMap } from "./ResultsMap";

export function MappedResults({
  map,
  search,
  restaurants,
  openStates,
  children,
}: {
  map: ResultsMapData;
  search: Search;
  restaurants: (Restaurant | FoundRestaurant)[];
  openStates: Record<number, OpenStateView>;
  children: ReactNode;
}) {
  return (
    <ResultsMap map={map} search={search}>
      <RestaurantGrid
        restaurants={restaurants}
        openStates={openStates}
        testId="results"
        numbered
        besideMap={map.pins.length > 0}
      />
      {children}
    </ResultsMap>
  );
}
