-- What people type (CONTRACTS.md section 11) and a way in (/us, the home page's cities), as
-- on D1 (migrations/0011_suggestions.sql): docs/decisions/0023-search-suggestions.md.
--
-- 1. place_spellings: the places of the directory's cities whose place key is close to a
--    misspelt one, through a GIN trigram index on restaurant_cities.place_key. The app asks for the least similarity a key within its edits can have
--    (app/lib/search/spelling.ts minSimilarity), so no such place is left out, and measures
--    each candidate itself.
-- 2. restaurant_states: each state's open restaurants, kept from restaurant_cities (/us).
-- 3. top_cities: the cities with the most restaurants (the home page), through an index.

create index restaurant_cities_place_key_trgm_idx on public.restaurant_cities
  using gin (place_key extensions.gin_trgm_ops);

-- Volatile only because it sets pg_trgm's similarity threshold for its own transaction.
create function public.place_spellings(p_key text, p_state text default null, p_min_similarity double precision default 0.3)
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
    select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), '[]'::jsonb)
    from (
      select pl.name, pl.state, pl.slug, pl.latitude as lat, pl.longitude as lng, pl.key, pl.zip_count,
        m.restaurants, m.ord
      from (
        select c.place_key, c.state, sum(c.restaurants)::integer as restaurants,
          row_number() over (order by max(extensions.similarity(c.place_key, p_key)) desc,
            c.place_key collate "C", c.state collate "C") as ord
        from public.restaurant_cities as c
        where c.restaurants > 0 and c.place_key operator(extensions.%) p_key
          and (p_state is null or c.state = p_state)
        group by c.place_key, c.state
        order by ord
        limit 200
      ) as m
      join public.us_places as pl on pl.key = m.place_key and pl.state = m.state
    ) as p
  );
end
$$;

-- 2. Each state's open restaurants.
create table public.restaurant_states (
  state text primary key,
  restaurants integer not null default 0
);

insert into public.restaurant_states (state, restaurants)
select state, sum(restaurants) from public.restaurant_cities group by state;

create function public.restaurant_cities_count_states()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update public.restaurant_states set restaurants = restaurants - old.restaurants where state = old.state;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.restaurant_states (state, restaurants) values (new.state, new.restaurants)
    on conflict (state) do update set restaurants = public.restaurant_states.restaurants + excluded.restaurants;
  end if;
  return null;
end
$$;

create trigger restaurant_cities_count_states
  after insert or delete or update of state, restaurants on public.restaurant_cities
  for each row execute function public.restaurant_cities_count_states();

alter table public.restaurant_states enable row level security;
revoke all on table public.restaurant_states from anon, authenticated;
grant select on table public.restaurant_states to anon, authenticated;
create policy "Restaurant states are readable by everyone" on public.restaurant_states
  for select to anon, authenticated using (true);

-- 3. The cities with the most restaurants.
create index restaurant_cities_top_idx on public.restaurant_cities (restaurants desc, state collate "C", slug collate "C")
  where restaurants > 0;

create function public.top_cities(p_limit integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(c) order by c.restaurants desc, c.state collate "C", c.slug collate "C"), '[]'::jsonb)
  from (
    select state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
      gluten_free_only, dairy_free_only, vegetarian_only, vegan_only
    from public.restaurant_cities
    where restaurants > 0
    order by restaurants desc, state collate "C", slug collate "C"
    limit least(greatest(p_limit, 0), 100)
  ) as c
$$;

revoke all on function public.place_spellings(text, text, double precision) from public, anon, authenticated;
grant execute on function public.place_spellings(text, text, double precision) to anon, authenticated, service_role;
revoke all on function public.restaurant_cities_count_states() from public, anon, authenticated;
revoke all on function public.top_cities(integer) from public, anon, authenticated;
grant execute on function public.top_cities(integer) to anon, authenticated, service_role;
