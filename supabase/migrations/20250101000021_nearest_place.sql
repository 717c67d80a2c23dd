-- The place named for a search's coordinates (issue 39: 'Within 50 miles of Bellevue, WA' for a
-- link with lat/lng; docs/search-url.md "Coordinates and the place named for them"): the US
-- places and the world's places by cells of a quarter degree (row from the south pole, column
-- from the antimeridian), the same cells as migrations/0019_place_cells.sql on D1, and
-- nearest_place, which reads the nine cells around a point through those indexes (a few hundred
-- rows at most) and answers the nearest place in them, or null. The same rows and order as
-- app/lib/directory/d1/nearest-place.ts.
create index us_places_cell_idx on public.us_places
  ((floor((latitude + 90) * 4)::integer), (floor((longitude + 180) * 4)::integer));
create index world_places_cell_idx on public.world_places
  ((floor((latitude + 90) * 4)::integer), (floor((longitude + 180) * 4)::integer));

create function public.nearest_place(p_lat double precision, p_lng double precision)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select to_jsonb(p) from (
    select pl.name, pl.state, pl.slug, 'US' as country, null::text as subdivision, 0 as population,
      pl.latitude as lat, pl.longitude as lng
    from public.us_places as pl
    where floor((pl.latitude + 90) * 4)::integer = any (array[
        floor((p_lat + 90) * 4)::integer - 1, floor((p_lat + 90) * 4)::integer, floor((p_lat + 90) * 4)::integer + 1])
      and floor((pl.longitude + 180) * 4)::integer = any (array[
        floor((p_lng + 180) * 4)::integer - 1, floor((p_lng + 180) * 4)::integer, floor((p_lng + 180) * 4)::integer + 1])
    union all
    select w.name, null, null, w.country, w.subdivision, w.population, w.latitude, w.longitude
    from public.world_places as w
    where floor((w.latitude + 90) * 4)::integer = any (array[
        floor((p_lat + 90) * 4)::integer - 1, floor((p_lat + 90) * 4)::integer, floor((p_lat + 90) * 4)::integer + 1])
      and floor((w.longitude + 180) * 4)::integer = any (array[
        floor((p_lng + 180) * 4)::integer - 1, floor((p_lng + 180) * 4)::integer, floor((p_lng + 180) * 4)::integer + 1])
  ) as p
  order by (p.lat - p_lat) * (p.lat - p_lat)
      + ((p.lng - p_lng) * cos(radians(p_lat))) * ((p.lng - p_lng) * cos(radians(p_lat))),
    p.country collate "C", p.name collate "C"
  limit 1
$$;

revoke all on function public.nearest_place(double precision, double precision) from public, anon, authenticated;
grant execute on function public.nearest_place(double precision, double precision) to anon, authenticated, service_role;
