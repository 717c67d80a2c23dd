-- Landing pages and sitemaps (docs/decisions/0011-landing-pages-and-sitemaps.md): the lists
-- they read, as SQL functions called by rpc. Each answers with one JSON value, so that
-- PostgREST's cap on rows per response (1,000 by default) never cuts a list short, and each
-- orders text bytewise (collate "C"), as D1 does, whatever the database's collation.
--
-- 1. list_cities: a state's cities with restaurants, by slug, a page at a time (state pages,
--    state sitemaps); a partial index holds exactly those rows in that order.
-- 2. sitemap_outline: which restaurant files hold a restaurant (skipping from id range to id
--    range on the primary key: one row read per file), and each state's number of cities.
-- 3. sitemap_restaurant_ids: the ids of one file, as one range of the primary key.

create index restaurant_cities_listed_idx on public.restaurant_cities (state, slug collate "C") where restaurants > 0;

create function public.list_cities(p_state text, p_offset integer, p_limit integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(c) order by c.slug collate "C"), '[]'::jsonb)
  from (
    select state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan
    from public.restaurant_cities
    where state = p_state and restaurants > 0
    order by slug collate "C"
    offset greatest(p_offset, 0)
    limit least(greatest(p_limit, 0), 10000)
  ) as c
$$;

-- p_states: the state codes to count (the app's list of US states). At most 50,000 files (the
-- protocol's limit for an index), whatever the caller asks: anon may call it directly.
create function public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[])
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive files(n) as (
    select (select (min(r.id) - 1) / greatest(p_ids_per_file, 1) + 1 from public.restaurants as r where r.id > 0)
    union all
    select (select (min(r.id) - 1) / greatest(p_ids_per_file, 1) + 1 from public.restaurants as r
            where r.id > files.n * greatest(p_ids_per_file, 1))
    from files
    where files.n is not null
  )
  select jsonb_build_object(
    'restaurant_files',
    coalesce((select jsonb_agg(f.n order by f.n) from (select n from files where n is not null limit least(greatest(p_max_files, 0), 50000)) as f), '[]'::jsonb),
    'states',
    coalesce((
      select jsonb_agg(jsonb_build_object('state', s.state, 'cities', s.cities) order by s.state collate "C")
      from (
        select c.state, count(*)::integer as cities
        from public.restaurant_cities as c
        where c.state = any(p_states) and c.restaurants > 0
        group by c.state
      ) as s
    ), '[]'::jsonb)
  )
$$;

create function public.sitemap_restaurant_ids(p_from bigint, p_to bigint)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(r.id order by r.id), '[]'::jsonb)
  from (select id from public.restaurants where id between p_from and p_to order by id limit 50000) as r
$$;

revoke all on function public.list_cities(text, integer, integer) from public, anon, authenticated;
grant execute on function public.list_cities(text, integer, integer) to anon, authenticated, service_role;
revoke all on function public.sitemap_outline(integer, integer, text[]) from public, anon, authenticated;
grant execute on function public.sitemap_outline(integer, integer, text[]) to anon, authenticated, service_role;
revoke all on function public.sitemap_restaurant_ids(bigint, bigint) from public, anon, authenticated;
grant execute on function public.sitemap_restaurant_ids(bigint, bigint) to anon, authenticated, service_role;
