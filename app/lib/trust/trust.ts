// Trust facts of a listing (docs/decisions/0013-trust-facts.md): the '100%' diets, the celiac
// kitchen practices, when the listing was last confirmed, and whether the place has closed.
// Pure: shared by the port, the pages and the tests' reference search.
import { DIETS, DIET_LABELS, type Diet } from "../search/diet";
import { KITCHEN_PRACTICES, type KitchenPractice } from "../search/kitchen";

/**
 * How a reviewer verified a listing's facts (docs/decisions/0021-verification-is-a-deliberate-act.md):
 * called the restaurant, visited it, the restaurant confirmed in writing, or its own published
 * menu or allergen statement.
 */
export const VERIFICATION_METHODS = ["phone", "visit", "owner", "menu"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export function isVerificationMethod(value: unknown): value is VerificationMethod {
  return (VERIFICATION_METHODS as readonly unknown[]).includes(value);
}

/** What follows 'Verified {date}' on public pages. */
const VERIFICATION_TEXT: Record<VerificationMethod, string> = {
  phone: "by phone",
  visit: "in person",
  owner: "with the restaurant in writing",
  menu: "from the restaurant's published menu",
};

export type TrustFacts = {
  glutenFreeOnly: boolean;
  dairyFreeOnly: boolean;
  veganOnly: boolean;
  vegetarianOnly: boolean;
  /** true confirmed, false confirmed not, null not known. */
  dedicatedFryer: boolean | null;
  separatePrep: boolean | null;
  trainedStaff: boolean | null;
  /** YYYY-MM-DD, or null: never confirmed. */
  verifiedAt: string | null;
  /** How it was verified; null: not said (verified before the method was recorded). */
  verifiedHow: VerificationMethod | null;
  /** YYYY-MM-DD, or null: in business. */
  closedAt: string | null;
};

/** The diets a restaurant serves exclusively ('100%'), in canonical order. */
export function dedicatedDiets(
  r: Pick<TrustFacts, "glutenFreeOnly" | "dairyFreeOnly" | "vegetarianOnly" | "veganOnly">,
): Diet[] {
  const only: Record<Diet, boolean> = {
    "gluten-free": r.glutenFreeOnly,
    "dairy-free": r.dairyFreeOnly,
    vegetarian: r.vegetarianOnly,
    vegan: r.veganOnly,
  };
  return DIETS.filter((diet) => only[diet]);
}

/** A '100%' badge: '100% Gluten-Free'. */
export function dedicatedLabel(diet: Diet): string {
  return `100% ${DIET_LABELS[diet]}`;
}

/**
 * What is known of each practice. A gluten_free_only kitchen has a dedicated fryer and a
 * separate preparation area by definition (nothing with gluten is cooked there), for the
 * display and for `kitchen=` alike.
 */
export function kitchenPractices(
  r: Pick<TrustFacts, "glutenFreeOnly" | "dedicatedFryer" | "separatePrep" | "trainedStaff">,
): Record<KitchenPractice, boolean | null> {
  return {
    "dedicated-fryer": r.glutenFreeOnly ? true : r.dedicatedFryer,
    "separate-prep": r.glutenFreeOnly ? true : r.separatePrep,
    "trained-staff": r.trainedStaff,
  };
}

/** The practices confirmed (a '100% Gluten-Free' kitchen's fryer and preparation area included), in order. */
export function confirmedPractices(
  r: Pick<TrustFacts, "glutenFreeOnly" | "dedicatedFryer" | "separatePrep" | "trainedStaff">,
): KitchenPractice[] {
  const known = kitchenPractices(r);
  return KITCHEN_PRACTICES.filter((practice) => known[practice] === true);
}

/** 'Yes', 'No' or 'Not known' (an unknown practice is never shown as 'No'). */
export function practiceAnswer(value: boolean | null): "Yes" | "No" | "Not known" {
  if (value === null) return "Not known";
  return value ? "Yes" : "No";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/**
 * A calendar day as 'Mar 4, 2026', read from its YYYY-MM-DD text (no Date, so no time zone
 * can move it to the day before); null for anything that is not a real day.
 */
export function formatDay(day: string): string | null {
  const parts = DAY.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return null;
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since the Unix epoch of a YYYY-MM-DD day (proleptic Gregorian, no time zone). */
function dayNumber(day: string): number | null {
  const parts = DAY.exec(day);
  if (!parts || formatDay(day) === null) return null;
  return Math.floor(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) / 86_400_000);
}

/** A listing's confirmation is stale after this many days. */
const STALE_AFTER_DAYS = 365;

/** Whether `verifiedAt` lies more than 365 days before `today` (both YYYY-MM-DD). */
export function isStale(verifiedAt: string, today: string): boolean {
  const then = dayNumber(verifiedAt);
  const now = dayNumber(today);
  return then !== null && now !== null && now - then > STALE_AFTER_DAYS;
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const TRUST_TEXT = {
  notVerified: "Not yet verified",
  /** 'Verified Mar 4, 2026 by phone'; without a method, 'Verified Mar 4, 2026'. */
  verified: (day: string, how: VerificationMethod | null = null) =>
    how ? `Verified ${day} ${VERIFICATION_TEXT[how]}` : `Verified ${day}`,
  stale: "Last verified over a year ago. Call ahead to check.",
  closed: "Permanently closed",
  reportedClosed: (day: string) => `Reported closed on ${day}`,
  safetyTitle: "Celiac Safety",
  /** Beneath a diet on the detail page that is not served exclusively. */
  optionsOnly: "Options on the menu, not a dedicated kitchen",
} as const;
