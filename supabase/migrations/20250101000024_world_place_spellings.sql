-- 'Did you mean' for a misspelt place abroad (issue 41, docs/search-url.md): the world places
-- whose name, or another name of theirs (world_place_aliases), is the city of open restaurants
-- abroad whose place key is close to the typed one. As public.place_spellings
-- (20250101000012_suggestions.sql) finds the US places: the cities by the trigram index on
-- restaurant_cities.place_key, kept to those abroad (their state the country's code, a hyphen
-- and the subdivision's: 'CA-ON', 20250101000017_cities_by_country.sql) and to p_country when
-- given; each city's open restaurants; then the world places of that key in the city's country,
-- and in its subdivision when both have one (world_places_key_idx, world_place_aliases' primary
-- key). One row per world place and key. The same rows as the D1 statement
-- (app/lib/directory/d1/search-hints.ts, worldPlaceSpellingsStatement); the app measures each.

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
    select coalesce(jsonb_agg(to_jsonb(p) order by p.id, p.key collate "C"), '[]'::jsonb)
    from (
      select pl.id, pl.name, pl.country, pl.subdivision, pl.population, pl.latitude as lat, pl.longitude as lng,
        m.place_key as key, sum(m.restaurants)::integer as restaurants
      from (
        select c.place_key, c.state, sum(c.restaurants)::integer as restaurants
        from public.restaurant_cities as c
        where c.restaurants > 0 and c.place_key operator(extensions.%) p_key
          and substr(c.state, 3, 1) = '-'
          and (p_country is null or substr(c.state, 1, 2) = p_country)
        group by c.place_key, c.state
        order by max(extensions.similarity(c.place_key, p_key)) desc, c.place_key collate "C", c.state collate "C"
        limit 200
      ) as m
      join public.world_places as pl
        on pl.id in (
          select w.id from public.world_places as w where w.key = m.place_key
          union all
          select a.place_id from public.world_place_aliases as a where a.key = m.place_key)
        and pl.country = substr(m.state, 1, 2)
        and (pl.subdivision is null or substr(m.state, 4) = '' or pl.subdivision = substr(m.state, 4))
      group by pl.id, m.place_key
    ) as p
  );
end
$$;

revoke all on function public.world_place_spellings(text, text, double precision) from public, anon, authenticated;
grant execute on function public.world_place_spellings(text, text, double precision) to anon, authenticated, service_role;
