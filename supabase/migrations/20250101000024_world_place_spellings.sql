-- 'Did you mean' for a misspelt place abroad (issue 41, docs/search-url.md "Misspelt places
-- abroad"): the world places found by two names, as the D1 statement finds them
-- (app/lib/directory/d1/search-hints.ts, worldPlaceSpellingsStatement; the same rows):
-- - the cities of open restaurants abroad whose place key is close to the typed one, by the
--   trigram index on restaurant_cities.place_key (as public.place_spellings,
--   20250101000012_suggestions.sql), kept to those abroad (their state the country's code, a
--   hyphen and the subdivision's: 'CA-ON', 20250101000017_cities_by_country.sql) and to
--   p_country when given; each the key of world places or another name of them;
-- - the other names of world places (world_place_aliases: 'München' for Munich) close to the
--   typed key, by a trigram index on their key.
-- Each place (in p_country when given) with the key found and its open restaurants: those of
-- its country whose city is any of its names, in its subdivision when both have one. The app
-- measures each key.

create index world_place_aliases_key_trgm_idx on public.world_place_aliases using gin (key extensions.gin_trgm_ops);

create index world_place_aliases_place_idx on public.world_place_aliases (place_id);

create function public.world_place_spellings(p_key text, p_country text default null,
  p_min_similarity double precision default 0.3)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if coalesce(length(p_key), 0) not between 1 and 40 then
    return '[]'::jsonb;
  end if;
  perform set_config('pg_trgm.similarity_threshold', greatest(least(coalesce(p_min_similarity, 0.3), 1), 0.01)::text, true);
  return (
    with cities as (
      select c.place_key
      from public.restaurant_cities as c
      where c.restaurants > 0 and c.place_key operator(extensions.%) p_key
        and substr(c.state, 3, 1) = '-'
        and (p_country is null or substr(c.state, 1, 2) = p_country)
      group by c.place_key
      order by max(extensions.similarity(c.place_key, p_key)) desc, c.place_key collate "C"
      limit 200
    ), found as (
      select c.place_key as key, w.id as place_id from cities as c join public.world_places as w on w.key = c.place_key
      union
      select c.place_key, a.place_id from cities as c join public.world_place_aliases as a on a.key = c.place_key
      union
      (select a.key, a.place_id from public.world_place_aliases as a
       where a.key operator(extensions.%) p_key
       order by extensions.similarity(a.key, p_key) desc, a.key collate "C", a.place_id
       limit 200)
    ), counted as (
      select pl.id, pl.name, pl.country, pl.subdivision, pl.population, pl.latitude as lat, pl.longitude as lng,
        f.key,
        (select sum(r.restaurants)::integer from public.restaurant_cities as r
         where r.place_key in (select pl.key union select o.key from public.world_place_aliases as o where o.place_id = pl.id)
           and left(r.state, 3) = pl.country || '-'
           and (pl.subdivision is null or substr(r.state, 4) = '' or substr(r.state, 4) = pl.subdivision)) as restaurants
      from found as f
      join public.world_places as pl on pl.id = f.place_id
      where p_country is null or pl.country = p_country
    )
    select coalesce(jsonb_agg(to_jsonb(p) order by p.id, p.key collate "C"), '[]'::jsonb)
    from counted as p
    where p.restaurants > 0
  );
end
$$;

revoke all on function public.world_place_spellings(text, text, double precision) from public, anon, authenticated;
grant execute on function public.world_place_spellings(text, text, double precision) to anon, authenticated, service_role;
