// The distance searches of the mix without their index: every restaurant with a position
// measured (the same haversine as the app's), for the report's "beside a scan" table. The
// same answers as the app's statements (a search by coordinates alone has no text rule): the
// count up to the cap, the page nearest first, and the nearest three beyond an empty radius.
// D1 gets statements (run by the timing Worker like a page view); Postgres gets plain SQL.
import { QUERY_MIX, criteriaFor } from "./queries.mjs";

/** The mix's searches by coordinates alone, each with its criteria. */
export function scanQueries(app) {
  return QUERY_MIX.map((query, index) => ({ query, index, criteria: criteriaFor(app, query) })).filter(
    ({ criteria }) =>
      criteria.coords &&
      !criteria.query &&
      !criteria.location &&
      !criteria.cuisine &&
      criteria.diets.length === 0 &&
      !criteria.open,
  );
}

/**
 * The app's haversine (app/lib/directory/sqlite-search.ts, distanceSql) from (lat, lng) to r;
 * on Postgres with `least`, typed as find_restaurants writes it.
 */
function distance(app, lat, lng, backend) {
  const sql = app.distanceSql(lat, lng);
  return backend === "postgres" ? sql.replace("min(1,", "least(1::double precision,") : sql;
}

/** A D1 page view without the index: { statements: [count, page], beyond: [nearest three] }. */
export function d1ScanView(app, criteria) {
  const { lat, lng } = criteria.coords;
  const d = distance(app, "?1", "?2", "d1");
  const measured = `SELECT r.id AS id, r.name AS name, ${d} AS d FROM restaurants AS r WHERE r.geo_lat IS NOT NULL`;
  const offset = (criteria.page - 1) * app.PAGE_SIZE;
  const params = [lat, lng, criteria.radius];
  return {
    statements: [
      {
        sql: `SELECT count(*) AS total FROM (SELECT 1 FROM (${measured}) WHERE d <= ?3 LIMIT ${app.MAX_COUNTED + 1})`,
        params,
      },
      {
        sql: `SELECT id, d FROM (${measured}) WHERE d <= ?3 ORDER BY d, name COLLATE NOCASE, id LIMIT ${app.PAGE_SIZE} OFFSET ${offset}`,
        params,
      },
    ],
    beyond: [
      {
        sql: `SELECT id, d FROM (${measured}) WHERE d > ?3 AND d <= 300 ORDER BY d, name COLLATE NOCASE, id LIMIT 3`,
        params,
      },
    ],
  };
}

/**
 * The same on Postgres: `main` gives { total, ids } (the count up to the cap and the page's
 * ids), `beyond` the nearest three beyond the radius (run when the count is 0).
 */
export function pgScanCall(app, criteria) {
  const { lat, lng } = criteria.coords;
  const d = distance(app, "$1", "$2", "postgres");
  const measured = `select r.id, ${d} as d from public.restaurants as r where r.geo_lat is not null`;
  const offset = (criteria.page - 1) * app.PAGE_SIZE;
  const ids = (where, limit, skip) =>
    `(select coalesce(jsonb_agg(p.id order by p.ord), '[]') from (select m.id, row_number() over (order by m.d, m.id) as ord ` +
    `from (${measured}) as m where ${where} order by m.d, m.id limit ${limit} offset ${skip}) as p)`;
  return {
    main: {
      sql:
        `select (select count(*) from (select 1 from (${measured}) as m where m.d <= $3 limit ${app.MAX_COUNTED + 1}) as c) as total, ` +
        `${ids("m.d <= $3", app.PAGE_SIZE, offset)} as ids`,
      params: [lat, lng, criteria.radius],
    },
    beyond: { sql: `select ${ids("m.d > $3 and m.d <= 300", 3, 0)} as ids`, params: [lat, lng, criteria.radius] },
  };
}
