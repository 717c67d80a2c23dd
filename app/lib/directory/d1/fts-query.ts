// The text of the FTS5 query each D1 search statement with a MATCH runs against its index
// (schema/d1.sql), from top to bottom: the numbered parameters every statement binds (Params),
// the index's tags, what every statement shares, and the clauses of the location box and the
// filters that make up the query. One index holds every filter, so one MATCH answers the whole
// search (docs/decisions/0010-bounded-search.md). Each condition is an SQL expression that
// yields a piece of that text: mostly a bound parameter, a subquery where the text comes from
// the database. User input only ever becomes a bound parameter. Pure. Each FTS5 query looks up
// every one of its terms, so the clauses keep them few; record 19 keeps the index merged.
import type { Diet } from "../../search/diet";
import type { LocationRule, SearchScope } from "../../places/places";
import { MAX_COUNTED, type Search } from "../../search/search-url";
import { SELECTED_RESTAURANT_COLUMNS } from "../columns";
import { conditionMask } from "../../trust/confirmations";
import { openKeysWithin, type OpenZone, type Reach } from "./open-zones";

export type SqlValue = string | number;
export type SqlStatement = { sql: string; params: SqlValue[] };

/** Numbered parameters (?1, ?2, ...) of one statement; each value is bound once, used anywhere. */
export class Params {
  readonly values: SqlValue[] = [];
  add(value: SqlValue): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** An FTS5 string: `text` between double quotes (a phrase: with trigrams, a substring). */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------
// The index's tags: a diet, a '100%' diet, a kitchen practice, a diners' confirmation, an
// open-hours key, a country, a ZIP code, a cuisine (and the map cells a restaurant lies in: ./circles.ts).
// Each is one token of three characters in a tag column (the diet, '100%', kitchen,
// confirmation, country and open-hours tokens share the `diets` column; the ZIP, the cuisine and each
// map-cell level have a column each), so that the trigram index answers it from a single list
// of rows: no phrase to match, nothing to fold (the characters are CJK ideographs, which have no
// case and no accents). The SQL of the migrations computes the same tokens from a row.

const FIRST = 0x4e00; // CJK Unified Ideographs: 20,992 characters from here
const RADIX = 20992;

/** The token of a tag id: the id in base 20,992, three digits, as CJK ideographs. */
export function token(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0 || id >= RADIX ** 3) throw new RangeError(`no token for ${id}`);
  return String.fromCharCode(
    FIRST + Math.floor(id / (RADIX * RADIX)),
    FIRST + (Math.floor(id / RADIX) % RADIX),
    FIRST + (id % RADIX),
  );
}

/** The same token as an SQL expression of an integer id (for ids the database holds). */
export function tokenSql(id: string): string {
  return `char(${FIRST} + ${id} / ${RADIX * RADIX}, ${FIRST} + (${id} / ${RADIX}) % ${RADIX}, ${FIRST} + ${id} % ${RADIX})`;
}

/**
 * Tag ids: diets 1-4, '100%' diets 5-8, ZIP codes from 10 (to 100,009), kitchen practices from
 * 150,001, confirmations from 150,100, countries from 160,000, cuisines from 200,000, map
 * cells from 10,000,000.
 */
export const DIET_IDS = { "gluten-free": 1, "dairy-free": 2, vegetarian: 3, vegan: 4 } as const;
/** The diets a restaurant serves exclusively ('100%'), in the same column as the diets. */
export const DIET_ONLY_IDS = { "gluten-free": 5, "dairy-free": 6, vegetarian: 7, vegan: 8 } as const;
/** Confirmed celiac kitchen practices (a gluten_free_only restaurant has the first two), same column. */
export const KITCHEN_IDS = { "dedicated-fryer": 150_001, "separate-prep": 150_002, "trained-staff": 150_003 } as const;
/** Confirmed by diners: + a mask of CONDITION_BITS (trust/confirmations.ts), same column (0010). */
export const CONFIRMED_BASE = 150_100;
export const ZIP_BASE = 10;
/**
 * The country (ISO 3166-1 alpha-2, upper case): + its letters as a number in base 26 ('AA' 0,
 * 'ZZ' 675), same column (migrations/0018_country_token.sql), so that a country with filters
 * is one FTS5 query like a city's.
 */
export const COUNTRY_BASE = 160_000;

/** The token of a country code ('IT'). */
export function countryToken(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`no token for country ${country}`);
  return token(COUNTRY_BASE + (country.charCodeAt(0) - 65) * 26 + (country.charCodeAt(1) - 65));
}
export const CUISINE_BASE = 200_000;

/**
 * Open-hours keys (app/lib/hours/open-slots.ts: a zone's number times 10,920 plus a slot) start
 * here, far above every other tag; they sit in the diets column of the index.
 */
const OPEN_BASE = 8_000_000_000_000;

/** The token of an open-hours key. */
export function openToken(key: number): string {
  return token(OPEN_BASE + key);
}

// ---------------------------------------------------------------------------------------
// What every statement shares.

/** A count stops here: one past MAX_COUNTED says '1,000+'. */
export const COUNT_CAP = MAX_COUNTED + 1;

/** The columns of a found restaurant, from `restaurants AS r`. */
export const SELECTED_COLUMNS = SELECTED_RESTAURANT_COLUMNS.map((c) => `r.${c}`).join(", ");
/**
 * The FTS5 table a search reads (both have the columns and tokens of schema/d1.sql's
 * restaurant_search): with confirmed=1, confirmed_search, which holds only the restaurants
 * with a diners' confirmation tag (about a fifth of them; migrations/0012_confirmed_search.sql),
 * so that its terms' lists are that much shorter (docs/decisions/0027-confirmed-search-index.md).
 */
export type SearchIndex = "restaurant_search" | "confirmed_search";
export function searchIndexOf(criteria: Pick<Search, "confirmed">): SearchIndex {
  return criteria.confirmed ? "confirmed_search" : "restaurant_search";
}
/**
 * An FTS5 query (as SQL) that matches nothing, for a condition that names nothing (MATCH
 * refuses NULL): a trigram of U+0002, which no text holds.
 */
export const NOTHING = `'"' || char(2, 2, 2) || '"'`;

/** The trigram index matches terms of this many characters directly. */
const MIN_TRIGRAM_LENGTH = 3;

/** Case and accents folded as the index folds them (terms of one or two characters). */
function foldForIndex(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Every character three times: how city3 and state3 hold the text (migrations/0003_search.sql). */
const tripled = (text: string) => Array.from(text, (c) => c.repeat(3)).join("");

/**
 * q against name or cuisine. Three or more characters: a phrase. Fewer have no trigram of
 * their own: every trigram of those columns that starts with the term, ORed, from the index's
 * vocabulary restaurant_search_terms (each value ends in two U+0001, so every character of it
 * starts a trigram); none: NOTHING. Record 10, "Terms of one or two characters".
 */
function queryClause(text: string, params: Params): string {
  const filter = "{name cuisine_type} : ";
  if (Array.from(text).length >= MIN_TRIGRAM_LENGTH) return params.add(`${filter}${ftsString(text)}`);
  const prefix = params.add(foldForIndex(text));
  return (
    `(SELECT '${filter}(' || coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), ${NOTHING}) || ')'` +
    ` FROM (SELECT DISTINCT term FROM restaurant_search_terms WHERE col IN ('name', 'cuisine_type') AND term >= ${prefix} AND term < ${prefix} || char(1114111)))`
  );
}

/**
 * The FTS5 string that finds a text of one or two characters in city3/state3. In the tripled
 * text, the trigram of the first character twice and the second once ("oor" for "or") starts
 * only where the first character meets the second, so one term does what the whole phrase
 * would, without reading any positions (record 10 measured both). One character: its trigram.
 * Two that fold to the same letter ("aa" would also be found in "a"), or any that is not
 * ASCII (the index may fold it otherwise than foldForIndex does): the phrase.
 */
function shortPlaceString(text: string): string {
  const [first, second, ...rest] = Array.from(foldForIndex(text));
  const ascii = /^[\x20-\x7e]*$/.test(text);
  if (ascii && first && !second) return ftsString(tripled(first));
  if (ascii && first && second && first !== second && rest.length === 0) return ftsString(`${first}${first}${second}`);
  return ftsString(tripled(text));
}

/** A part of the location box in city and/or state: a phrase, or in city3/state3 when short. */
function placeClause(columns: ("city" | "state")[], text: string, params: Params): string {
  if (Array.from(text).length >= MIN_TRIGRAM_LENGTH) return params.add(`{${columns.join(" ")}} : ${ftsString(text)}`);
  return params.add(`{${columns.map((c) => `${c}3`).join(" ")}} : ${shortPlaceString(text)}`);
}

/** Whether the location box's text rule has a clause (a "city, state" box may have neither part). */
function hasLocationClause(rule: LocationRule): boolean {
  return rule.kind === "cityState" ? Boolean(rule.city || rule.state) : rule.kind !== "none";
}

/**
 * The spec's location rule on the location box: a ZIP exactly, "city, state" or either. A ZIP
 * is a US one: its token and the US country's, so that a postal code abroad with the same five
 * digits (Berlin's '10115') is not found by it (issue 41; a postal code abroad: app/lib/directory/d1/country-order.ts).
 */
function locationClauses(rule: LocationRule, params: Params): string[] {
  switch (rule.kind) {
    case "zip":
      return [params.add(`{zip} : ${ftsString(token(ZIP_BASE + Number(rule.zip)))}`), countryClause("US", params)];
    case "cityState":
      return [
        ...(rule.city ? [placeClause(["city"], rule.city, params)] : []),
        ...(rule.state ? [placeClause(["state"], rule.state, params)] : []),
      ];
    case "cityOrState":
      return [placeClause(["city", "state"], rule.text, params)];
    case "none":
      return [];
  }
}

/** A country alone in the location box ('Italy'): its token. */
export function countryClause(country: string, params: Params): string {
  return params.add(`{diets} : ${ftsString(countryToken(country))}`);
}

/** The cuisine's token, from its number in cuisine_tokens (exact, case too); none: NOTHING. */
function cuisineClause(cuisine: string, params: Params): string {
  const id = `(${CUISINE_BASE} + c.id)`;
  return (
    `coalesce((SELECT '{cuisine} : "' || ${tokenSql(id)} || '"'` +
    ` FROM cuisine_tokens AS c WHERE c.name = ${params.add(cuisine)}), ${NOTHING})`
  );
}

function dietClause(diets: Diet[], all: boolean, params: Params): string {
  return params.add(`{diets} : (${diets.map((d) => ftsString(token(DIET_IDS[d]))).join(all ? " AND " : " OR ")})`);
}

// The trust filters, tags of the diets column too (numbered above): '100%' diets
// (dedicated=1), confirmed kitchen practices (kitchen=) and confirmation by diners
// (confirmed=1), each one bound parameter.

const EVERY_DIET: Diet[] = ["gluten-free", "dairy-free", "vegetarian", "vegan"];

/**
 * dedicated=1: the '100%' tags of the selected diets, all of them with match=all, any of them
 * otherwise; with no diet selected, any of the four.
 */
function dedicatedClause(diets: Diet[], all: boolean, params: Params): string {
  const chosen = diets.length ? diets : EVERY_DIET;
  const joiner = all && diets.length ? " AND " : " OR ";
  return params.add(`{diets} : (${chosen.map((diet) => ftsString(token(DIET_ONLY_IDS[diet]))).join(joiner)})`);
}

/** kitchen: every practice listed must be confirmed (its tag). */
function kitchenClause(practices: Search["kitchen"], params: Params): string {
  return params.add(`{diets} : (${practices.map((p) => ftsString(token(KITCHEN_IDS[p]))).join(" AND ")})`);
}

/**
 * confirmed=1: one tag, that of the set of conditions fitting the selected diets (every
 * condition with none selected). A restaurant holds it when its last 12 months have an
 * ate-safely visit and no reaction from a diner of that set (migrations/0010_confirmations.sql).
 */
function confirmedClause(diets: Diet[], params: Params): string {
  return params.add(`{diets} : ${ftsString(token(CONFIRMED_BASE + conditionMask(diets)))}`);
}

/**
 * open=now: any of the open-hours keys of the moment of the search (three per time zone, each
 * in its zone's local time: openKeysAt in app/lib/hours/open-slots.ts, the zones within reach:
 * ./open-zones.ts; record 16). No keys (no zone known yet, or none within reach): NOTHING.
 */
function openClause(keys: readonly number[], params: Params): string {
  if (keys.length === 0) return NOTHING;
  return params.add(`{diets} : (${keys.map((key) => ftsString(openToken(key))).join(" OR ")})`);
}

/**
 * The criteria as the statements read them: the search, the location box as its text rule
 * reads it (parsed once, by the caller), and with open=now the time zones with their keys of
 * the moment, which the adapter adds (the statements stay pure: the same criteria and zones
 * give the same SQL).
 */
export type StatementCriteria = Search &
  Pick<SearchScope, "locationRule" | "circles" | "country"> & { openZones?: readonly OpenZone[] };

/** Whether anything but the place narrows the search: whether filterClauses has a clause. */
export function hasFilters(c: Search): boolean {
  return Boolean(c.query || c.cuisine || c.diets.length || c.dedicated || c.kitchen.length || c.open || c.confirmed);
}

/**
 * q, cuisine, diets, '100%', kitchen practices, open now and confirmed by diners: what narrows
 * every search, with or without a centre; `reach` (null: anywhere) limits the open-hours keys to the zones it touches.
 */
export function filterClauses(criteria: StatementCriteria, params: Params, reach: Reach = null): string[] {
  return [
    ...(criteria.query ? [queryClause(criteria.query, params)] : []),
    ...(criteria.cuisine ? [cuisineClause(criteria.cuisine, params)] : []),
    ...(criteria.diets.length ? [dietClause(criteria.diets, criteria.match === "all", params)] : []),
    ...(criteria.dedicated ? [dedicatedClause(criteria.diets, criteria.match === "all", params)] : []),
    ...(criteria.kitchen.length ? [kitchenClause(criteria.kitchen, params)] : []),
    ...(criteria.open ? [openClause(openKeysWithin(criteria.openZones ?? [], reach), params)] : []),
    ...(criteria.confirmed ? [confirmedClause(criteria.diets, params)] : []),
  ];
}

/** An SQL expression of the FTS5 query text that ANDs the clauses; null when there are none. */
export function ftsQuery(clauses: string[]): string | null {
  if (clauses.length === 0) return null;
  return clauses.map((clause) => `'(' || ${clause} || ')'`).join(" || ' AND ' || ");
}

/**
 * The FTS5 query of the location box's text rule and the filters, at any distance: a search
 * without a centre, or what the text rule adds beyond the radius of one. null: no condition.
 */
export function textRuleQuery(criteria: StatementCriteria, params: Params): string | null {
  return ftsQuery([
    ...locationClauses(criteria.locationRule, params),
    // A city page abroad: only its country's restaurants ('Perth, WA' is also a Perth of Washington).
    ...(criteria.country ? [countryClause(criteria.country, params)] : []),
    ...filterClauses(criteria, params),
  ]);
}

/**
 * Whether the location box's text rule adds restaurants beyond a radius: when the box holds a
 * place to match, or filters (a box of only a comma names no place); textRuleQuery then has a
 * query.
 */
export function reachesBeyond(criteria: StatementCriteria): boolean {
  return hasLocationClause(criteria.locationRule) || (criteria.locationRule.kind !== "none" && hasFilters(criteria));
}
