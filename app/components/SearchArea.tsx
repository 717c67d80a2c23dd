// What a search with a centre adds to the results: where and how far it looks, 'Did you mean'
// for a place name found in several states, and the nearest restaurants beyond the radius
// when none is within it. All plain links to search URLs.
import { Link } from "@remix-run/react";
import { RADIUS_OPTIONS, type Radius, type Search, searchHref } from "~/lib/search/search-url";
import type { CardRestaurant } from "~/lib/directory/card";
import { type LatLng, type Place } from "~/lib/places/places";
import { useCoordsOrigin } from "~/lib/map/map-area";
import { coordsName, type CoordsNaming } from "~/lib/places/nearest-place";
import { radiusKilometres } from "~/lib/world/countries";
import { RestaurantGrid } from "./Results";
import { secondaryButton, textLink } from "./ui/styles";

/** 'Portland, OR', or 'Portland, OR 97201' for a ZIP code. */
function placeLabel(place: Place): string {
  const name = `${place.name}, ${place.state}`;
  return place.zip ? `${name} ${place.zip}` : name;
}

/** A radius as the page's country gives distances: '25 miles', or '40 km' (the URL keeps miles). */
function radiusText(miles: number, km: true | undefined): string {
  return km ? `${radiusKilometres(miles)} km` : `${miles} miles`;
}

/**
 * 'Within 25 miles of Portland, OR'; for coordinates 'Within 5 miles of your location' (the
 * visitor's own, app/lib/map/map-area.ts), 'Within 50 miles of this map area' (after 'Search
 * this area') or, for a link opened elsewhere, the nearest place: 'Within 50 miles of Bellevue,
 * WA' (app/lib/places/nearest-place.ts); 'Within 40 km of Toronto, ON' for a place in a country
 * that gives distances in kilometres.
 */
export function SearchArea({
  radius,
  place,
  coords,
  naming,
}: {
  radius: Radius;
  place: Place | null;
  coords: LatLng | null;
  naming: CoordsNaming;
}) {
  const origin = useCoordsOrigin(coords, naming.own);
  return (
    <p className="mt-1 text-sm font-medium text-slate-700" data-testid="search-area">
      Within {radiusText(radius, place ? place.km : naming.km)} of{" "}
      {place ? placeLabel(place) : coordsName(origin, naming.name)}
    </p>
  );
}

/** A country or a postal code in one, searched as a whole: 'In Italy', 'In SW1A 1AA, United Kingdom'. */
export function SearchCountry({ area }: { area: string }) {
  return (
    <p className="mt-1 text-sm font-medium text-slate-700" data-testid="search-area">
      In {area}
    </p>
  );
}

export function DidYouMean({ search, places }: { search: Search; places: Place[] }) {
  return (
    <p className="mt-2 text-sm text-slate-800" data-testid="did-you-mean">
      Did you mean:{" "}
      {places.map((place, index) => (
        <span key={`${place.state}-${place.name}`}>
          {index > 0 ? ", " : null}
          <Link to={searchHref(search, { location: `${place.name}, ${place.state}` })} className={textLink}>
            {place.name}, {place.state}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** Nothing within the radius: a wider search, and the nearest few further away. */
export function FurtherAway({
  search,
  restaurants,
  km,
}: {
  search: Search;
  /** The search's place is in a country that gives distances in kilometres (Place's `km`). */
  km?: true;
  /** Each with its open state as the loader worked it out (cardOf in app/lib/directory/card.ts). */
  restaurants: CardRestaurant[];
}) {
  const wider = RADIUS_OPTIONS.find((miles) => miles > search.radius);
  return (
    <div className="mt-6" data-testid="further-away">
      {wider ? (
        <p className="text-center">
          <Link to={searchHref(search, { radius: wider })} className={secondaryButton} data-testid="wider-radius">
            Search within {radiusText(wider, km)}
          </Link>
        </p>
      ) : null}
      {restaurants.length > 0 ? (
        <section aria-labelledby="further-away-title" className="mt-8">
          <h3 id="further-away-title" className="text-lg font-semibold text-slate-900">
            Further away: the nearest beyond {radiusText(search.radius, km)}
          </h3>
          <RestaurantGrid restaurants={restaurants} spacing="mt-4" />
        </section>
      ) : null}
    </div>
  );
}
