// What a result card shows of a restaurant, and nothing else: the result pages' loaders hand
// their cards this, not the row, so that a page's hydration data holds what the page renders
// (docs/layout.md). Not the description, hours, email, menu or positions (the detail page has
// those, the map its pins); the four diet flags and their four '100%' flags as two lists; the
// address as its one line; the distance and the line from diners as the card's text, not the
// number and the tallies they are made from; its open state in it (not in a map beside the
// list); fields with nothing to show left out. A restaurant outside the US reads its country's
// way (app/lib/world/): its address in the country's order with the country's name, its phone
// number in international form, its distance in kilometres where the country uses them.
import type { OpenStateView } from "../hours/hours";
import { dietsOf, type Diet } from "../search/diet";
import type { KitchenPractice } from "../search/kitchen";
import { cardLine, type CardLine } from "../trust/confirmations";
import { confirmedPractices, dedicatedDiets, type VerificationMethod } from "../trust/trust";
import { formatAddress, safeHttpUrl } from "../web/links";
import { addressLine, formatDistance, internationalPhone, isAbroad } from "../world/reading";
import type { FoundRestaurant, Restaurant } from "./restaurant-rows";

export type CardRestaurant = {
  id: number;
  name: string;
  cuisineType?: string;
  /** The diets it serves, in canonical order. */
  diets: Diet[];
  /** Those it serves exclusively ('100%'). */
  only?: Diet[];
  /** The celiac kitchen practices confirmed. */
  kitchen?: KitchenPractice[];
  verifiedAt?: string;
  verifiedHow?: VerificationMethod;
  /** One line: '12 Main St, Portland, OR 97201'; abroad with the country: '14 Pemberly Yard, London, WC2H 9JQ, United Kingdom'. */
  address?: string;
  phoneNumber?: string;
  /** Only a safe http(s) link (safeHttpUrl). */
  website?: string;
  /** The line from diners' confirmations of the last 12 months (cardLine). */
  fromDiners?: CardLine;
  /** How far from the search's centre: '0.9 mi' (formatDistance), '1.2 km' where the restaurant's country uses kilometres. */
  distance?: string;
  /** Open or closed now and the next change (absent: unknown hours). */
  openState?: CardOpenState;
};

/** A card's open state: what it shows of the loader's OpenStateView. */
type CardOpenState = Pick<OpenStateView, "open" | "change">;

/** A list's entries, or nothing (left out) when it is empty. */
const some = <T>(list: T[]) => (list.length > 0 ? list : undefined);

/** What `restaurant`'s card shows; `openState` as the loader worked it out (openStatesOf). */
export function cardOf(restaurant: Restaurant | FoundRestaurant, openState?: OpenStateView): CardRestaurant {
  const abroad = isAbroad(restaurant.country);
  const distance = "distance" in restaurant ? (restaurant.distance ?? undefined) : undefined;
  const card: CardRestaurant = {
    id: restaurant.id,
    name: restaurant.name,
    cuisineType: restaurant.cuisineType ?? undefined,
    diets: dietsOf(restaurant),
    only: some(dedicatedDiets(restaurant)),
    kitchen: some(confirmedPractices(restaurant)),
    verifiedAt: restaurant.verifiedAt ?? undefined,
    verifiedHow: restaurant.verifiedHow ?? undefined,
    address: (abroad ? addressLine(restaurant) : formatAddress(restaurant)) || undefined,
    phoneNumber:
      (abroad ? internationalPhone(restaurant.phoneNumber, restaurant.country) : null) ??
      restaurant.phoneNumber ??
      undefined,
    website: safeHttpUrl(restaurant.websiteUrl) ?? undefined,
    fromDiners: cardLine(restaurant.recentConfirmations) ?? undefined,
    distance: distance === undefined ? undefined : formatDistance(distance, restaurant.country) || undefined,
    openState: openState ? { open: openState.open, change: openState.change } : undefined,
  };
  // Absent, not undefined: the hydration data carries no key for what is not there.
  for (const key of Object.keys(card) as (keyof CardRestaurant)[]) if (card[key] === undefined) delete card[key];
  return card;
}
