// Confirmations from diners (docs/decisions/0022-confirmations-from-diners.md, docs/decisions/0022-confirmations-from-diners.md):
// what a diner who ate at a restaurant tells us (condition, month, outcome, what they saw),
// the month arithmetic of "the last N months" (UTC), which conditions fit which diet for
// `confirmed=1`, and the texts of the 'From diners' card and of a card's one line. Nothing is
// averaged: lines count diners per condition and say when. Pure: shared by the forms, the
// adapters, the pages and the review queue.
import type { Diet } from "../search/diet";

export const CONDITIONS = [
  "celiac",
  "gluten-sensitive",
  "wheat-allergy",
  "dairy-allergy",
  "lactose-intolerant",
  "vegan",
  "vegetarian",
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const OUTCOMES = ["ate-safely", "reacted", "could-not-order"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const STAFF_ANSWERS = ["knowledgeable", "unsure", "not-knowledgeable"] as const;
export type StaffAnswer = (typeof STAFF_ANSWERS)[number];

export const SEEN_SIGNS = ["dedicated-fryer", "separate-prep", "gf-menu", "asked-about-allergies"] as const;
export type SeenSign = (typeof SEEN_SIGNS)[number];

/** A visit's month, 'YYYY-MM' (UTC). */
export type Month = string;

/** What a diner tells of one visit, as a confirmation publishes it; never a contact field. */
export type ConfirmationAnswers = {
  condition: Condition;
  visited: Month;
  outcome: Outcome;
  staff: StaffAnswer | null;
  seen: SeenSign[];
  ordered: string | null;
  note: string | null;
};

/** A published confirmation (table `confirmations`). */
export type Confirmation = { id: number; restaurantId: number } & ConfirmationAnswers & { publishedAt: string };

/** How many diners of one condition had one outcome within a window, and the latest month. */
export type ConfirmationTally = { condition: Condition; outcome: Outcome; count: number; latest: Month };

/** What the restaurant page reads: tallies of the last DETAIL_MONTHS months, and the newest confirmations. */
export type DinerConfirmations = { tallies: ConfirmationTally[]; confirmations: Confirmation[] };

/** The 'From diners' card counts the visits of this many months. */
export const DETAIL_MONTHS = 24;
/** Cards and `confirmed=1` read this many months. */
export const RECENT_MONTHS = 12;
/** The restaurant page lists at most this many confirmations, newest visit first. */
export const LISTED_CONFIRMATIONS = 20;
/** One client may confirm one restaurant once in this many days. */
export const CONFIRM_AGAIN_AFTER_DAYS = 30;
export const ORDERED_MAX = 140;
export const NOTE_MAX = 1000;

// ---------------------------------------------------------------------------------------
// Months, in UTC.

const MONTH = /^([0-9]{4})-(0[1-9]|1[0-2])$/;

export function isMonth(text: string): boolean {
  return MONTH.test(text);
}

/** The month of a moment, in UTC. */
export function monthOf(at: Date): Month {
  return at.toISOString().slice(0, 7);
}

/** The month `n` months before `month` (n may be negative). */
export function monthsBefore(month: Month, n: number): Month {
  const parts = MONTH.exec(month);
  if (!parts) throw new RangeError(`not a month: ${month}`);
  const index = Number(parts[1]) * 12 + Number(parts[2]) - 1 - n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * "The last N months": a visit whose month is at most N months before the current month (in
 * November 2026 the last 12 months run from November 2025). A later month is within too.
 */
export function withinLastMonths(visited: Month, current: Month, n: number): boolean {
  return visited >= monthsBefore(current, n);
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** 'Mar 2026'. */
export function formatMonth(month: Month): string {
  const parts = MONTH.exec(month);
  if (!parts) return month;
  return `${MONTH_NAMES[Number(parts[2]) - 1]} ${parts[1]}`;
}

/** The months a visit may name on the form: this month back to DETAIL_MONTHS before it, newest first. */
export function visitMonths(current: Month): Month[] {
  return Array.from({ length: DETAIL_MONTHS + 1 }, (_, i) => monthsBefore(current, i));
}

// ---------------------------------------------------------------------------------------
// Which diners fit which diet (`confirmed=1`).

/** The conditions whose diners speak for a diet. */
export const DIET_CONDITIONS: Record<Diet, readonly Condition[]> = {
  "gluten-free": ["celiac", "gluten-sensitive", "wheat-allergy"],
  "dairy-free": ["dairy-allergy", "lactose-intolerant"],
  vegetarian: ["vegetarian", "vegan"],
  vegan: ["vegan"],
};

/**
 * The index's encoding of a set of conditions (migrations/0010_confirmations.sql and its
 * Postgres twin): one bit per group of conditions that always go together in DIET_CONDITIONS.
 */
export const CONDITION_BITS: Record<Condition, number> = {
  celiac: 1,
  "gluten-sensitive": 1,
  "wheat-allergy": 1,
  "dairy-allergy": 2,
  "lactose-intolerant": 2,
  vegetarian: 4,
  vegan: 8,
};

/** The bits of every condition: no diet selected. */
const EVERY_CONDITION = 15;

/** The conditions `confirmed=1` asks about, as bits: those fitting any selected diet; none selected, all. */
export function conditionMask(diets: readonly Diet[]): number {
  if (diets.length === 0) return EVERY_CONDITION;
  return diets.reduce((mask, diet) => DIET_CONDITIONS[diet].reduce((m, c) => m | CONDITION_BITS[c], mask), 0);
}

/** Every mask conditionMask can give (the index holds a tag for each a restaurant passes). */
export const CONDITION_MASKS: readonly number[] = [1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15];

// ---------------------------------------------------------------------------------------
// Texts (exact: docs/decisions/0022-confirmations-from-diners.md).

export const CONDITION_LABELS: Record<Condition, string> = {
  celiac: "Celiac disease",
  "gluten-sensitive": "Gluten sensitivity",
  "wheat-allergy": "Wheat allergy",
  "dairy-allergy": "Dairy allergy",
  "lactose-intolerant": "Lactose intolerance",
  vegan: "Vegan",
  vegetarian: "Vegetarian",
};

export const OUTCOME_LABELS: Record<Outcome, string> = {
  "ate-safely": "Ate safely",
  reacted: "Reacted",
  "could-not-order": "Could not order safely",
};

export const STAFF_LABELS: Record<StaffAnswer, string> = {
  knowledgeable: "Staff were knowledgeable",
  unsure: "Staff were unsure",
  "not-knowledgeable": "Staff were not knowledgeable",
};

export const SEEN_LABELS: Record<SeenSign, string> = {
  "dedicated-fryer": "Dedicated fryer",
  "separate-prep": "Separate preparation",
  "gf-menu": "A marked gluten-free menu",
  "asked-about-allergies": "Staff asked about allergies",
};

/** "diners with celiac disease" (the card 'From diners'), by number. */
function dinersWith(condition: Condition, count: number): string {
  const diner = count === 1 ? "diner" : "diners";
  switch (condition) {
    case "celiac":
      return `${diner} with celiac disease`;
    case "gluten-sensitive":
      return `${diner} with gluten sensitivity`;
    case "wheat-allergy":
      return `${diner} with a wheat allergy`;
    case "dairy-allergy":
      return `${diner} with a dairy allergy`;
    case "lactose-intolerant":
      return `${diner} with lactose intolerance`;
    case "vegan":
      return `vegan ${diner}`;
    case "vegetarian":
      return `vegetarian ${diner}`;
  }
}

/** "celiac diners" (a card's one line), by number. */
function conditionDiners(condition: Condition, count: number): string {
  const adjective: Record<Condition, string> = {
    celiac: "celiac",
    "gluten-sensitive": "gluten-sensitive",
    "wheat-allergy": "wheat-allergic",
    "dairy-allergy": "dairy-allergic",
    "lactose-intolerant": "lactose-intolerant",
    vegan: "vegan",
    vegetarian: "vegetarian",
  };
  return `${adjective[condition]} ${count === 1 ? "diner" : "diners"}`;
}

/**
 * A count's window and latest month: ' in the last 12 months · latest Mar 2026' for several,
 * the window left out for a single one whose month says when (' · Mar 2026').
 */
function when(count: number, latest: Month, months: number): string {
  return `${count === 1 ? "" : ` in the last ${months} months`} · ${count === 1 ? "" : "latest "}${formatMonth(latest)}`;
}

const OUTCOME_VERBS: Record<Outcome, string> = {
  "ate-safely": "ate here safely",
  reacted: "reported a reaction",
  "could-not-order": "could not order safely",
};

/** One line of the 'From diners' card; `warning` for a reaction. */
export type DinerLine = { text: string; warning: boolean; condition: Condition; outcome: Outcome };

const OUTCOME_ORDER: Record<Outcome, number> = { reacted: 0, "ate-safely": 1, "could-not-order": 2 };

/**
 * The card's summary, from the tallies of the last DETAIL_MONTHS months: per condition, how
 * many diners ate safely, reacted or could not order, and when the latest did. Reactions come
 * first (shown in a warning style), then the rest by condition; e.g. '4 diners with celiac
 * disease ate here safely · latest Mar 2026', '1 diner with celiac disease reported a
 * reaction · Nov 2025'.
 */
export function dinerLines(tallies: readonly ConfirmationTally[]): DinerLine[] {
  return [...tallies]
    .filter((t) => t.count > 0)
    .sort(
      (a, b) =>
        OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] ||
        CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition),
    )
    .map((t) => ({
      text: `${t.count} ${dinersWith(t.condition, t.count)} ${OUTCOME_VERBS[t.outcome]}${when(t.count, t.latest, DETAIL_MONTHS)}`,
      warning: t.outcome === "reacted",
      condition: t.condition,
      outcome: t.outcome,
    }));
}

/** A card's one line, or null when nothing was confirmed in the last RECENT_MONTHS months. */
export type CardLine = { text: string; warning: boolean };

/** The tally that comes first: the latest month, ties in the conditions' order. */
const byLatest = (a: ConfirmationTally, b: ConfirmationTally) =>
  (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : 0) ||
  CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition);

/**
 * A card's one line, from the tallies of the last RECENT_MONTHS months, naming whose it is: a
 * reaction wins, the latest condition's ('A diner with a dairy allergy reacted · Feb 2026',
 * '2 diners with celiac disease reacted in the last 12 months · latest Feb 2026'); else the
 * condition with the most safe visits (ties: the latest, then the conditions' order): '4
 * celiac diners ate safely in the last 12 months · latest Mar 2026'.
 */
export function cardLine(recent: readonly ConfirmationTally[]): CardLine | null {
  const reaction = recent.filter((t) => t.outcome === "reacted" && t.count > 0).sort(byLatest)[0];
  if (reaction) {
    const { condition, count, latest } = reaction;
    const who = count === 1 ? `A ${dinersWith(condition, 1)}` : `${count} ${dinersWith(condition, count)}`;
    return { text: `${who} reacted${when(count, latest, RECENT_MONTHS)}`, warning: true };
  }
  const safe = recent
    .filter((t) => t.outcome === "ate-safely" && t.count > 0)
    .sort((a, b) => b.count - a.count || byLatest(a, b))[0];
  if (!safe) return null;
  return {
    text: `${safe.count} ${conditionDiners(safe.condition, safe.count)} ate safely${when(safe.count, safe.latest, RECENT_MONTHS)}`,
    warning: false,
  };
}

export const CONFIRMATION_TEXT = {
  title: "From diners",
  none: "No diner has told us about this restaurant yet.",
  link: "Ate here? Tell other diners",
  tooSoon: "You have already told us about this restaurant recently.",
  filter: "Confirmed by diners",
  /** How the card differs from 'Verified': said once under its title. */
  explainer: "What diners told us after eating here, a line for each condition, checked by our team. Not a rating.",
} as const;

/** The details of one confirmation in the card's list: month, condition, outcome, then what else was said. */
export function confirmationSummary(c: Pick<Confirmation, "visited" | "condition" | "outcome">): string {
  return `${formatMonth(c.visited)} · ${CONDITION_LABELS[c.condition]} · ${OUTCOME_LABELS[c.outcome]}`;
}

/** Known signs in canonical order, without duplicates. */
export function normaliseSeen(values: Iterable<string>): SeenSign[] {
  const chosen = new Set<string>(values);
  return SEEN_SIGNS.filter((sign) => chosen.has(sign));
}

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === "string" && (OUTCOMES as readonly string[]).includes(value);
}

export function isStaffAnswer(value: unknown): value is StaffAnswer {
  return typeof value === "string" && (STAFF_ANSWERS as readonly string[]).includes(value);
}
