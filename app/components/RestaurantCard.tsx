import { Link } from "@remix-run/react";
import type { Restaurant } from "~/lib/directory/port";
import { formatAddress, safeHttpUrl } from "~/lib/web/links";
import { formatDistance } from "~/lib/places/places";
import { AddressLink, ContactList, PhoneLink, WebsiteLink } from "./ContactLinks";
import { DietBadges, KitchenLine } from "./DietBadges";
import { VerifiedNote } from "./TrustFacts";
import { ConfirmationLine } from "./ConfirmationLine";
import { OpenState } from "./OpenState";
import type { OpenStateView } from "~/lib/hours/hours";
import { focusRing, secondaryButton } from "./ui/styles";
import { resultId } from "~/lib/map/pins";
import { SaveControl } from "./SaveControl";

/**
 * A restaurant in a result list; `distance` (miles) when the search has a centre; `openState`
 * as the loader worked it out (absent: unknown hours, nothing shown); `number`, its place on
 * the page (1-25) when the list has a map: shown, and its id `result-{n}` is what the map's pin
 * links to (app/components/map/).
 */
export function RestaurantCard({
  restaurant,
  distance = null,
  openState = null,
  number,
}: {
  restaurant: Restaurant;
  distance?: number | null;
  openState?: OpenStateView | null;
  number?: number;
}) {
  const address = formatAddress(restaurant);
  const website = safeHttpUrl(restaurant.websiteUrl);
  return (
    <article
      className="flex min-w-0 scroll-mt-24 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm target:ring-2 target:ring-emerald-600 data-highlighted:ring-2 data-highlighted:ring-emerald-600"
      data-testid="restaurant-card"
      id={number ? resultId(number) : undefined}
      tabIndex={number ? -1 : undefined}
    >
      <div className="flex items-start justify-between gap-3">
        {number ? (
          <p
            className="flex h-7 min-w-7 shrink-0 items-center justify-center rounded-full bg-emerald-700 px-1.5 text-sm font-bold text-white"
            data-testid="result-number"
          >
            <span className="sr-only">Result </span>
            {number}
          </p>
        ) : null}
        <h3 className="mr-auto min-w-0 text-lg font-semibold text-slate-900">
          <Link
            to={`/restaurant/${restaurant.id}`}
            className={`rounded-sm hover:text-emerald-800 hover:underline ${focusRing}`}
          >
            {restaurant.name}
          </Link>
        </h3>
        {distance !== null ? (
          <p
            className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800"
            data-testid="distance"
          >
            <span className="sr-only">Distance: </span>
            {formatDistance(distance)}
          </p>
        ) : null}
      </div>
      {restaurant.cuisineType ? (
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid="cuisine-label">
          {restaurant.cuisineType}
        </p>
      ) : null}
      <div className="mt-3">
        <DietBadges restaurant={restaurant} />
      </div>
      <KitchenLine restaurant={restaurant} className="mt-2" />
      <VerifiedNote restaurant={restaurant} className="mt-2" />
      <ConfirmationLine recent={restaurant.recentConfirmations} className="mt-1" />
      <OpenState state={openState} className="mt-3" />
      <ContactList
        className="mt-4 space-y-1.5 text-sm text-slate-800"
        termClassName="sr-only"
        entries={[
          { term: "Address", value: address && <AddressLink restaurant={restaurant} />, className: "flex gap-2" },
          { term: "Phone", value: restaurant.phoneNumber && <PhoneLink phone={restaurant.phoneNumber} /> },
          { term: "Website", value: website && <WebsiteLink href={website} />, valueClassName: "truncate" },
        ]}
      />
      <div className="mt-auto pt-5">
        <Link
          to={`/restaurant/${restaurant.id}`}
          className={`${secondaryButton} w-full`}
          aria-label={`View Details for ${restaurant.name}`}
        >
          View Details
        </Link>
      </div>
      <SaveControl id={restaurant.id} name={restaurant.name} className="mt-2 text-center" />
    </article>
  );
}

/** One of the six grey placeholder cards shown while results load. */
export function RestaurantCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="card-skeleton"
    >
      <div className="h-5 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-1/3 rounded bg-slate-200" />
      <div className="mt-4 flex gap-2">
        <div className="h-5 w-20 rounded-full bg-slate-200" />
        <div className="h-5 w-16 rounded-full bg-slate-200" />
      </div>
      <div className="mt-4 h-4 w-full rounded bg-slate-200" />
      <div className="mt-2 h-4 w-1/2 rounded bg-slate-200" />
      <div className="mt-6 h-10 w-full rounded bg-slate-200" />
    </div>
  );
}
