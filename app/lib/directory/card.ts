// What a result card shows of a restaurant, and nothing else: the result pages' loaders hand
// their cards this, not the row, so that a page's hydration data holds what the page renders
// (docs/layout.md). Not the description, hours, email, menu or positions (the detail page has
// those, the map its pins); the four diet flags and their four '100%' flags as two lists; the
// address as its one line; the distance and the line from diners as the card's text, not the
// number and the tallies they are made from; its open state in it (not in a map beside the
// list); fields with nothing to show left out.
import type { OpenStateView } from "../hours/hours";
import { dietsOf, type Diet } from "../search/diet";
import type { KitchenPractice } from "../search/kitchen";
import { cardLine, type CardLine } from "../trust/confirmations";
import { formatDistance } from "../places/places";
import { confirmedPractices, dedicatedDiets, type VerificationMethod } from "../trust/trust";
import { formatAddress, safeHttpUrl } from "../web/links";
import type { FoundRestaurant, Restaurant } from "./port";

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
  /** One line: '12 Main St, Portland, OR 97201'. */
  address?: string;
  phoneNumber?: string;
  /** Only a safe http(s) link (safeHttpUrl). */
  website?: string;
  /** The line from diners' confirmations of the last 12 months (cardLine). */
  fromDiners?: CardLine;
  /** How far from the search's centre: '0.9 mi' (formatDistance). */
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
  const card: CardRestaurant = {
    id: restaurant.id,
    name: restaurant.name,
    cuisineType: restaurant.cuisineType ?? undefined,
    diets: dietsOf(restaurant),
    only: some(dedicatedDiets(restaurant)),
    kitchen: some(confirmedPractices(restaurant)),
    verifiedAt: restaurant.verifiedAt ?? undefined,
    verifiedHow: restaurant.verifiedHow ?? undefined,
    address: formatAddress(restaurant) || undefined,
    phoneNumber: restaurant.phoneNumber ?? undefined,
    website: safeHttpUrl(restaurant.websiteUrl) ?? undefined,
    fromDiners: cardLine(restaurant.recentConfirmations) ?? undefined,
    distance:
      "distance" in restaurant && restaurant.distance !== null
        ? formatDistance(restaurant.distance) || undefined
        : undefined,
    openState: openState ? { open: openState.open, change: openState.change } : undefined,
  };
  // Absent, not undefined: the hydration data carries no key for what is not there.
  for (const key of Object.keys(card) as (keyof CardRestaurant)[]) if (card[key] === undefined) delete card[key];
  return card;
}
