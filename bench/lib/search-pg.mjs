// The search runner on Postgres (PGlite, or a real server): each query of the mix
// (queries.mjs) as the Supabase adapter sends it: the place lookup through
// public.resolve_place (not timed: in the app it is cached for a day), then
// public.find_restaurants with the adapter's own arguments, timed. The database comes from
// pg.mjs or pg-server.mjs; `db` has query(sql, params).
import { EXTRA_QUERIES, QUERY_MIX, criteriaFor } from "./queries.mjs";
import { measure, summarise } from "./sampling.mjs";
import { log, percentile } from "./util.mjs";

const CALL = `select public.find_restaurants(
  p_query => $1, p_zip => $2, p_city => $3, p_state => $4, p_city_or_state => $5, p_cuisine => $6,
  p_diets => $7::text[], p_match_all => $8, p_lat => $9, p_lng => $10, p_radius => $11,
  p_rings => $12::jsonb, p_beyond_rings => $13::jsonb, p_offset => $14, p_dedicated => $15,
  p_kitchen => $16::text[], p_open_at => $17::timestamptz, p_confirmed => $18) as result`;

function params(args) {
  return [
    args.p_query,
    args.p_zip,
    args.p_city,
    args.p_state,
    args.p_city_or_state,
    args.p_cuisine,
    args.p_diets,
    args.p_match_all,
    args.p_lat,
    args.p_lng,
    args.p_radius,
    args.p_rings === null ? null : JSON.stringify(args.p_rings),
    args.p_beyond_rings === null ? null : JSON.stringify(args.p_beyond_rings),
    args.p_offset,
    args.p_dedicated,
    args.p_kitchen,
    args.p_open_at,
    args.p_confirmed,
  ];
}

async function call(db, app, query) {
  const criteria = criteriaFor(app, query);
  let centre = criteria.coords;
  if (!centre && criteria.location) {
    const lookup = app.placeLookupOf(criteria.locationRule);
    if (lookup) {
      const a = app.placeArgs(lookup);
      const { rows } = await db.query("select public.resolve_place($1, $2, $3) as places", [
        a.p_zip,
        a.p_key,
        a.p_state,
      ]);
      const places = rows[0].places;
      if (places.length === 1) centre = { lat: places[0].lat, lng: places[0].lng };
    }
  }
  return { query, params: params(app.searchArgs(criteria, app.searchScope(criteria, centre), criteria.at)) };
}

/** Postgres: `rounds` timed passes over the mix (after a warm-up pass), and a few over the extra queries. */
export async function benchPg(db, app, { rounds }) {
  const mix = [];
  for (const query of QUERY_MIX) mix.push(await call(db, app, query));
  const extra = [];
  for (const query of EXTRA_QUERIES) extra.push(await call(db, app, query));
  const run = async (item) => (await db.query(CALL, item.params)).rows[0].result;

  const totals = [];
  const ids = [];
  log(`    pg search: ${rounds} rounds, ${mix.length} queries (+ ${extra.length} extra)`);
  const samples = await measure(mix, rounds, [
    {
      name: "search",
      run,
      onWarmup: (index, value) => {
        totals[index] = Number(value.total);
        ids[index] = value.restaurants.map((r) => Number(r.id));
      },
    },
  ]);
  const extraSamples = await measure(extra, Math.min(rounds, 5), [{ name: "search", run }]);
  const search = summarise(samples.search);

  return {
    labels: mix.map((m) => m.query.label),
    search,
    totals,
    ids,
    extra: extra.map((m, i) => ({
      label: m.query.label,
      p50: percentile(extraSamples.search.byQuery[i], 50),
      p95: percentile(extraSamples.search.byQuery[i], 95),
    })),
  };
}
