// A page of search results with the map of their pins: the numbered cards (the numbers the pins
// carry), beside the map when some card has a position, and the page's notes and pagination
// (`children`) below them. The home page and the city pages show their results this way.
import type { ReactNode } from "react";
import type { CardRestaurant } from "~/lib/directory/card";
import type { PageMapData } from "~/lib/map/pins";
import type { Search } from "~/lib/search/search-url";
import { RestaurantGrid } from "../Results";
import { ResultsMap } from "./ResultsMap";

export function MappedResults({
  map,
  search,
  restaurants,
  children,
}: {
  map: PageMapData;
  search: Search;
  restaurants: CardRestaurant[];
  children: ReactNode;
}) {
  return (
    <ResultsMap map={map} search={search}>
      <RestaurantGrid restaurants={restaurants} testId="results" numbered besideMap={map.pins.length > 0} />
      {children}
    </ResultsMap>
  );
}
