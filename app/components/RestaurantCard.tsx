import { Link } from "@remix-run/react";
import type { CardRestaurant } from "~/lib/directory/card";
import { mapsSearchHref, safeHttpUrl, telHref } from "~/lib/web/links";
import { AddressLink, PhoneLink, WebsiteLink } from "./ContactLinks";
import { DietBadges, KitchenLine } from "./DietBadges";
import { VerifiedNote } from "./VerifiedNote";
import { ConfirmationLine } from "./ConfirmationLine";
import { OpenState } from "./OpenState";
import { resultId } from "~/lib/map/pins";
import { SaveControl } from "./SaveControl";

/**
 * A restaurant in a result list (what a card shows of it: ~/lib/directory/card, with its
 * distance and its line from diners as text, and its open state); `number`, its place on the
 * page (1-25) when the list has a map: shown, and its id `result-{n}` is what the map's pin
 * links to (app/components/map/).
 *
 * A page holds 25 of these, so the markup is kept short (docs/layout.md): the card's parts are
 * component classes of app/tailwind.css (`card`, `card-dist`, …; the number is `.card > p:first-child`, the name `.card > h3`, the
 * button `card-more`, a secondary button), the card a grid whose first row is its head (number,
 * name and distance, without a box around them), its lines (`.card > p`), badges and 'Save' are
 * styled by the card rather than by classes of their own, its text size is set once on the
 * card, and no element is there only to hold a class. It sits in a RestaurantGrid
 * (app/components/Results.tsx), whose form its 'Save' posts without JavaScript.
 */
export function RestaurantCard({ restaurant, number }: { restaurant: CardRestaurant; number?: number }) {
  const { address, distance, openState } = restaurant;
  // Made safe by the loader (cardOf); checked again where it becomes a link.
  const website = safeHttpUrl(restaurant.website);
  const phone = restaurant.phoneNumber;
  const href = `/restaurant/${restaurant.id}`;
  return (
    <article
      className="card"
      data-testid="restaurant-card"
      id={number ? resultId(number) : undefined}
      tabIndex={number ? -1 : undefined}
    >
      {number ? (
        <p data-testid="result-number">
          <span className="sr-only">Result </span>
          {number}
        </p>
      ) : null}
      <h3>
        <Link to={href}>{restaurant.name}</Link>
      </h3>
      {distance !== undefined ? (
        <p className="card-dist" data-testid="distance">
          <span className="sr-only">Distance: </span>
          {distance}
        </p>
      ) : null}
      {restaurant.cuisineType ? (
        <p className="card-sub" data-testid="cuisine-label">
          {restaurant.cuisineType}
        </p>
      ) : null}
      <DietBadges diets={restaurant.diets} only={restaurant.only} />
      <KitchenLine practices={restaurant.kitchen} />
      <VerifiedNote
        restaurant={{ verifiedAt: restaurant.verifiedAt ?? null, verifiedHow: restaurant.verifiedHow ?? null }}
        className={null}
      />
      <ConfirmationLine line={restaurant.fromDiners} />
      <OpenState state={openState} />
      {/* Address, phone and website, a line each (a link, or text when no safe link can be
          made): what each is goes without saying, so no terms (a <dl> of hidden terms would
          add six elements to every card), and no box around them: the card spaces its own
          links and text (`.card > a`, `.card > span` in app/tailwind.css). */}
      {address ? (
        mapsSearchHref({ address }) ? (
          <AddressLink restaurant={{ address }} className={null} />
        ) : (
          <span>{address}</span>
        )
      ) : null}
      {phone ? telHref(phone) ? <PhoneLink phone={phone} className={null} /> : <span>{phone}</span> : null}
      {/* On one line, cut short by the card's style (`.card > a[target]:not(:first-of-type)`). */}
      {website ? <WebsiteLink href={website} className={null} /> : null}
      {/* The heading's link already tells the router about this route (data-discover). */}
      <Link to={href} discover="none" className="card-more" aria-label={`View Details for ${restaurant.name}`}>
        View Details
      </Link>
      {/* Posted by the grid's form (RestaurantGrid), not one of its own. */}
      <SaveControl id={restaurant.id} name={restaurant.name} inForm />
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
