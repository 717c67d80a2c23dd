// The text of the FTS5 query that every D1 search statement runs against restaurant_search
// (migrations/0003_search.sql): one index holds every filter, so one MATCH answers the whole
// search (docs/decisions/0010-bounded-search.md). Each condition is an SQL expression that
// yields a piece of that text: mostly a bound parameter, a subquery where the text comes from
// the database. User input only ever becomes a bound parameter. Pure. Each FTS5 query looks
// up every one of its terms, so the clauses keep them few; record 19 keeps the index merged.
import type { Diet } from "../../search/diet";
import { degrees, EARTH_RADIUS_MILES, radians, type LatLng, type LocationRule } from "../../places/places";
import { MAX_COUNTED, type Search } from "../../search/search-url";
import { type SearchScope, SELECTED_RESTAURANT_COLUMNS } from "../port";
import { CUISINE_BASE, DIET_IDS, ZIP_BASE, openToken, token, tokenSql } from "./index-tokens";
import { ftsString, type Params } from "./fts-text";
import { confirmedClause, dedicatedClause, kitchenClause } from "./trust-clauses";

export { Params, ftsString, type SqlStatement } from "./fts-text";

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
export function hasLocationClause(rule: LocationRule): boolean {
  return rule.kind === "cityState" ? Boolean(rule.city || rule.state) : rule.kind !== "none";
}

/** The spec's location rule on the location box: a ZIP exactly, "city, state" or either. */
function locationClauses(rule: LocationRule, params: Params): string[] {
  switch (rule.kind) {
    case "zip":
      return [params.add(`{zip} : ${ftsString(token(ZIP_BASE + Number(rule.zip)))}`)];
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

/**
 * open=now: any of the open-hours keys of the moment of the search (three per time zone, each
 * in its zone's local time: openKeysAt in app/lib/hours/open-hours.server.ts; record 16). No
 * keys (no zone known yet, or none within reach): NOTHING.
 */
function openClause(keys: readonly number[], params: Params): string {
  if (keys.length === 0) return NOTHING;
  return params.add(`{diets} : (${keys.map((key) => ftsString(openToken(key))).join(" OR ")})`);
}

/** The box of a time zone's restaurants' positions (hours_zones, migrations/0008_zone_bounds.sql). */
export type ZoneBounds = { south: number; north: number; west: number; east: number };
/** A time zone's open-hours keys at the moment of a search, and its box (null: no restaurant of it has a position). */
export type OpenZone = { keys: readonly number[]; bounds: ZoneBounds | null };

/** Where a statement's matches can be: within `miles` of `centre`, or (null) anywhere. */
type Reach = { centre: LatLng; miles: number } | null;

/**
 * The box of every position within the reach, a little wider (rounding), or null when it
 * holds a pole or crosses longitude ±180. Latitude: the centre's ± the radius's angle ρ; longitude:
 * ± asin(sin ρ / cos latitude), where the circle touches its two outermost meridians.
 */
export function reachBox(centre: LatLng, miles: number): ZoneBounds | null {
  const rho = miles / EARTH_RADIUS_MILES;
  const slack = 1e-6;
  const dLat = degrees(rho) * (1 + slack) + slack;
  const sinRatio = Math.sin(rho) / Math.cos(radians(centre.lat));
  if (centre.lat + dLat >= 90 || centre.lat - dLat <= -90 || sinRatio >= 1) return null;
  const dLng = degrees(Math.asin(sinRatio)) * (1 + slack) + slack;
  if (centre.lng - dLng <= -180 || centre.lng + dLng >= 180) return null;
  return { south: centre.lat - dLat, north: centre.lat + dLat, west: centre.lng - dLng, east: centre.lng + dLng };
}

/**
 * The open-hours keys a statement needs: those of every zone, or, for a reach around a centre,
 * of the zones whose box it touches (a zone elsewhere has no restaurant it could find). Every
 * key is one more term of each FTS5 query: record 16's amendment measured the difference.
 */
export function openKeysWithin(zones: readonly OpenZone[], reach: Reach): number[] {
  const box = reach ? reachBox(reach.centre, reach.miles) : null;
  const meets = (a: ZoneBounds, b: ZoneBounds) =>
    a.south <= b.north && a.north >= b.south && a.west <= b.east && a.east >= b.west;
  return zones
    .filter(({ bounds }) => !reach || (bounds !== null && (box === null || meets(bounds, box))))
    .flatMap(({ keys }) => keys);
}

/**
 * The criteria as the statements read them: the search, the location box as its text rule
 * reads it (parsed once, by the caller), and with open=now the time zones with their keys of
 * the moment, which the adapter adds (the statements stay pure: the same criteria and zones
 * give the same SQL).
 */
export type StatementCriteria = Search &
  Pick<SearchScope, "locationRule" | "circles"> & { openZones?: readonly OpenZone[] };

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
  return ftsQuery([...locationClauses(criteria.locationRule, params), ...filterClauses(criteria, params)]);
}
