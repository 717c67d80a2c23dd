// The D1 (SQLite) adapter of the directory port: each method is one call to the database (one
// statement, or one db.batch). A search is the place lookups (lookUpPlace and
// lookUpWorldPlaces: ./place-lookups.ts, which this adapter takes whole; kept a day by the query
// cache), then findRestaurants, whose count and page go together in one batch (their
// statements: ./distance-order.ts with a centre, ./name-order.ts without). Around that batch:
// with open=now, the list of time zones first, when this isolate has none younger than a minute
// (./open-zones.ts); for a search with a centre that finds nothing within its radius, a second
// call for the nearest beyond it (./nearest-walk.ts).
import { countryStatements } from "./country-order";
import { LAST_PAGE, MAX_COUNTED, PAGE_SIZE } from "../../search/search-url";
import { US_STATES } from "../../places/places";
import { type Directory, QUERY_TIMEOUT_MS, MAX_BY_ID, withDeadline } from "../port";
import {
  type FoundRestaurant,
  cuisineRowSchema,
  foundRowSchema,
  photoRowSchema,
  idSchema,
  restaurantRowSchema,
} from "../restaurant-rows";
import { SELECTED_RESTAURANT_COLUMNS } from "../columns";
import { cityRowSchema, outlineStates, stateCitiesRowSchema, stateRestaurantsSchema } from "../landing-rows";
import { placeSpellingReads } from "./search-hints";
import {
  citiesStatement,
  cityStatement,
  restaurantFilesStatement,
  restaurantIdsStatement,
  stateCitiesStatement,
  stateRestaurantsStatement,
  topCitiesStatement,
} from "./landing";
import { distanceStatements } from "./distance-order";
import type { SqlStatement, StatementCriteria } from "./fts-query";
import { ZONES_SQL, openZonesAt, zoneRowOf, type ZoneBoundsRow, type ZoneRow } from "./open-zones";
import { nameOrderStatements } from "./name-order";
import { nearestBeyondStatement } from "./nearest-walk";
import { d1PlaceLookups } from "./place-lookups";
import { confirmationsStatements } from "./confirmations";
import { dinerConfirmationsSchema } from "../confirmation-rows";

type Options = {
  timeoutMs?: number;
  /** The clock `open=now` reads (tests fix it). */
  now?: () => Date;
  /** How long the time zone list is kept (tests that add zones use 0). */
  zonesTtlMs?: number;
};

/** How long an isolate keeps the list of time zones (hours_zones) it builds open=now keys from. */
const ZONES_TTL_MS = 60_000;
const zoneLists = new WeakMap<D1Database, { at: number; zones: ZoneRow[] }>();

export function createD1Directory(
  db: D1Database,
  { timeoutMs = QUERY_TIMEOUT_MS, now = () => new Date(), zonesTtlMs = ZONES_TTL_MS }: Options = {},
): Directory {
  const prepare = (statement: SqlStatement) => db.prepare(statement.sql).bind(...statement.params);
  const found = (rows: unknown[]): FoundRestaurant[] => rows.map((row) => foundRowSchema.parse(row));

  async function zonesOf() {
    const kept = zoneLists.get(db);
    if (kept && Date.now() - kept.at < zonesTtlMs) return kept.zones;
    const { results } = await withDeadline("list time zones", timeoutMs, () =>
      db.prepare(ZONES_SQL).all<ZoneBoundsRow>(),
    );
    const zones = results.map(zoneRowOf);
    zoneLists.set(db, { at: Date.now(), zones });
    return zones;
  }

  return {
    ...d1PlaceLookups(db, timeoutMs),

    async listCuisines() {
      const { results } = await withDeadline("list cuisines", timeoutMs, () =>
        db.prepare("SELECT name FROM cuisine_types ORDER BY name").all(),
      );
      return results.map((row) => cuisineRowSchema.parse(row));
    },

    async findRestaurants(search, { centre, circles, locationRule, area, country }) {
      const offset = (search.page - 1) * PAGE_SIZE;
      // open=now: the keys of this moment in every time zone the directory has, with the box of
      // each zone's restaurants (a few dozen rows, kept a minute per isolate; a zone the job
      // adds or widens meanwhile is seen a minute later).
      const openZones = search.open ? openZonesAt(await zonesOf(), now()) : undefined;
      const criteria: StatementCriteria = {
        ...search,
        locationRule,
        circles,
        ...(openZones ? { openZones } : {}),
        // A city page abroad: its text rule within its country (./name-order.ts).
        ...(country && !centre && !area ? { country } : {}),
      };
      const [count, page] = centre
        ? distanceStatements(criteria, centre, offset)
        : area
          ? countryStatements(criteria, area, offset)
          : nameOrderStatements(criteria, offset);
      // Past the page that holds the MAX_COUNTED-th result there is nothing to show: count only.
      const statements = criteria.page > LAST_PAGE ? [count] : [count, page];
      const [countResult, pageResult] = await withDeadline("find restaurants", timeoutMs, () =>
        db.batch(statements.map(prepare)),
      );
      const counted = Number((countResult?.results[0] as { total?: number } | undefined)?.total ?? 0);
      let nearestBeyond: FoundRestaurant[] = [];
      if (centre && counted === 0) {
        const { results } = await withDeadline("nearest beyond the radius", timeoutMs, () =>
          prepare(nearestBeyondStatement(criteria, centre)).all(),
        );
        nearestBeyond = found(results);
      }
      return {
        restaurants: found(pageResult?.results ?? []),
        total: Math.min(counted, MAX_COUNTED),
        capped: counted > MAX_COUNTED,
        nearestBeyond,
      };
    },

    async getRestaurant(id) {
      const row = await withDeadline("get restaurant", timeoutMs, () =>
        db
          .prepare(`SELECT ${SELECTED_RESTAURANT_COLUMNS.join(", ")} FROM restaurants WHERE id = ?`)
          .bind(id)
          .first(),
      );
      return row ? restaurantRowSchema.parse(row) : null;
    },

    // The ids travel as one bound JSON array, read by json_each: one statement for any count.
    async getRestaurantsByIds(ids) {
      const wanted = ids.slice(0, MAX_BY_ID);
      if (wanted.length === 0) return [];
      const { results } = await withDeadline("get restaurants by id", timeoutMs, () =>
        db
          .prepare(
            `SELECT ${SELECTED_RESTAURANT_COLUMNS.join(", ")} FROM restaurants WHERE id IN (SELECT value FROM json_each(?))`,
          )
          .bind(JSON.stringify(wanted))
          .all(),
      );
      return results.map((row) => restaurantRowSchema.parse(row));
    },

    async listPhotos(restaurantId, limit) {
      const { results } = await withDeadline("list photos", timeoutMs, () =>
        db
          .prepare(
            "SELECT id, restaurant_id, url, created_at FROM restaurant_photos WHERE restaurant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
          )
          .bind(restaurantId, limit)
          .all(),
      );
      return results.map((row) => photoRowSchema.parse(row));
    },

    async getCity(state, slug) {
      const row = await withDeadline("get city", timeoutMs, () => prepare(cityStatement(state, slug)).first());
      return row ? cityRowSchema.parse(row) : null;
    },

    async listCities(state, offset, limit) {
      const { results } = await withDeadline("list cities", timeoutMs, () =>
        prepare(citiesStatement(state, offset, limit)).all(),
      );
      return results.map((row) => cityRowSchema.parse(row));
    },

    async sitemapOutline(idsPerFile, maxFiles, abroad = []) {
      const [files, states] = await withDeadline("sitemap outline", timeoutMs, () =>
        db.batch([
          prepare(restaurantFilesStatement(idsPerFile, maxFiles)),
          prepare(stateCitiesStatement([...Object.keys(US_STATES), ...abroad])),
        ]),
      );
      return {
        restaurantFiles: (files?.results ?? []).map((row) => idSchema.parse((row as { n: unknown }).n)),
        ...outlineStates((states?.results ?? []).map((row) => stateCitiesRowSchema.parse(row))),
      };
    },

    async getConfirmations(restaurantId, since, limit) {
      const [tallies, listed] = await withDeadline("get confirmations", timeoutMs, () =>
        db.batch(confirmationsStatements(restaurantId, since, limit).map(prepare)),
      );
      return dinerConfirmationsSchema.parse({
        tallies: (tallies?.results ?? []).map((row) => {
          const { condition, outcome, n, latest } = row as Record<string, unknown>;
          return [condition, outcome, n, latest];
        }),
        confirmations: listed?.results ?? [],
      });
    },

    async listRestaurantIds(fromId, toId) {
      const { results } = await withDeadline("list restaurant ids", timeoutMs, () =>
        prepare(restaurantIdsStatement(fromId, toId)).all(),
      );
      return results.map((row) => idSchema.parse((row as { id: unknown }).id));
    },

    // The count statement of each search, as findRestaurants sends it, all in one batch.
    async countRestaurants(requests) {
      if (requests.length === 0) return [];
      const openZones = requests.some(({ search }) => search.open) ? openZonesAt(await zonesOf(), now()) : undefined;
      const statements = requests.map(({ search, scope: { centre, circles, locationRule, area } }) => {
        const criteria: StatementCriteria = {
          ...search,
          page: 1,
          locationRule,
          circles,
          ...(openZones ? { openZones } : {}),
        };
        if (centre) return distanceStatements(criteria, centre, 0)[0];
        return area ? countryStatements(criteria, area, 0)[0] : nameOrderStatements(criteria, 0)[0];
      });
      const results = await withDeadline("count restaurants", timeoutMs, () => db.batch(statements.map(prepare)));
      return results.map((result) => {
        const counted = Number((result.results[0] as { total?: number } | undefined)?.total ?? 0);
        return { total: Math.min(counted, MAX_COUNTED), capped: counted > MAX_COUNTED };
      });
    },

    async placesSpeltLike(probe) {
      const reads = placeSpellingReads(probe);
      const results = await withDeadline("places spelt like", timeoutMs, () =>
        db.batch(reads.map(({ statement }) => prepare(statement))),
      );
      return results.flatMap(({ results: rows }, i) => rows.map((row) => reads[i]!.schema.parse(row)));
    },

    async listStates() {
      const { results } = await withDeadline("list states", timeoutMs, () =>
        prepare(stateRestaurantsStatement()).all(),
      );
      return results.map((row) => stateRestaurantsSchema.parse(row));
    },

    async listTopCities(limit) {
      const { results } = await withDeadline("list top cities", timeoutMs, () =>
        prepare(topCitiesStatement(limit)).all(),
      );
      return results.map((row) => cityRowSchema.parse(row));
    },
  };
}
