-- The search with a centre and a radius, and a cost bounded by the page: the Postgres side of
-- migrations/0003_search.sql (D1), with the same results in the same order. The design and
-- its costs are in docs/decisions/0010-bounded-search.md. In short:
--
-- 1. geo_lat, geo_lng, geo_band: where a restaurant is for distance searches (its own
--    coordinates when both are valid, else its ZIP's centre from us_zip_codes), kept by a
--    trigger; geo_band is the latitude in 0.01-degree bands, indexed with geo_lng.
-- 2. Folded copies of the searched text (stored generated columns), so that a walk in name
--    order tests a row without calling sb_fold; the trigram indexes move onto them.
-- 3. restaurant_cities: how many restaurants each city has, in all and per diet (landing pages,
--    sitemaps, 'Did you mean').
-- 4. public.find_restaurants replaces public.search_restaurants: the count stops at 1,001;
--    a narrow search sorts its few matches, a broad one walks the name index and stops after
--    the page; a search with a centre reads growing rings around it until the page is full.
--    public.resolve_place looks a place up.
--
-- Terms of every length are now folded the same way (case and accents): shorter terms used to
-- fold ASCII case only, as SQLite's LIKE does; D1 now finds them through its trigram index.

-- 1. Position ------------------------------------------------------------------------------

alter table public.restaurants
  add column geo_lat double precision,
  add column geo_lng double precision,
  add column geo_band integer;

create function public.restaurant_position(p_latitude double precision, p_longitude double precision, p_zip_code text)
returns table (lat double precision, lng double precision)
language sql
stable
parallel safe
set search_path = ''
as $$
  select p_latitude, p_longitude
  where p_latitude between -90 and 90 and p_longitude between -180 and 180
  union all
  select z.latitude, z.longitude from public.us_zip_codes as z
  where not coalesce(p_latitude between -90 and 90 and p_longitude between -180 and 180, false)
    and z.zip = substr(trim(p_zip_code), 1, 5)
    and (char_length(trim(p_zip_code)) = 5 or substr(trim(p_zip_code), 6, 1) = '-')
  limit 1
$$;

create function public.restaurants_set_position()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  select p.lat, p.lng into new.geo_lat, new.geo_lng
  from public.restaurant_position(new.latitude, new.longitude, new.zip_code) as p;
  new.geo_band := case when new.geo_lat is null then null else floor((new.geo_lat + 90) * 100)::integer end;
  return new;
end
$$;

create trigger restaurants_set_position
  before insert or update of latitude, longitude, zip_code on public.restaurants
  for each row execute function public.restaurants_set_position();

-- ZIP centres loaded after the restaurants (or corrected later) place the restaurants without
-- coordinates of their own (an update that touches zip_code runs the trigger above).
create function public.us_zip_codes_place_restaurants()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.restaurants set zip_code = zip_code
  where zip_code = new.zip or (zip_code > new.zip || '-' and zip_code < new.zip || '.');
  return null;
end
$$;

create trigger us_zip_codes_place_restaurants
  after insert or update on public.us_zip_codes
  for each row execute function public.us_zip_codes_place_restaurants();

update public.restaurants set zip_code = zip_code;

create index restaurants_geo_idx on public.restaurants (geo_band, geo_lng, geo_lat) where geo_band is not null;

-- 2. Folded text ---------------------------------------------------------------------------

alter table public.restaurants
  add column name_folded text generated always as (public.sb_fold(name)) stored,
  add column cuisine_folded text generated always as (public.sb_fold(cuisine_type)) stored,
  add column city_folded text generated always as (public.sb_fold(city)) stored,
  add column state_folded text generated always as (public.sb_fold(state)) stored;

drop index public.restaurants_name_trgm_idx;
drop index public.restaurants_cuisine_type_trgm_idx;
drop index public.restaurants_city_trgm_idx;
drop index public.restaurants_state_trgm_idx;
create index restaurants_name_trgm_idx on public.restaurants using gin (name_folded extensions.gin_trgm_ops);
create index restaurants_cuisine_trgm_idx on public.restaurants using gin (cuisine_folded extensions.gin_trgm_ops);
create index restaurants_city_trgm_idx on public.restaurants using gin (city_folded extensions.gin_trgm_ops);
create index restaurants_state_trgm_idx on public.restaurants using gin (state_folded extensions.gin_trgm_ops);

-- Every term folds as sb_fold does, whatever its length.
create or replace function public.sb_contains_pattern(term text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(public.sb_fold(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- 3. Cities --------------------------------------------------------------------------------

-- One row per state and city slug (the city in ASCII lower case, spaces as '-', without '.'
-- and apostrophes: the same rule as D1's) with the number of restaurants there, in all and
-- for each diet.
create table public.restaurant_cities (
  state text not null,
  slug text not null,
  city text not null,
  restaurants integer not null default 0,
  gluten_free integer not null default 0,
  dairy_free integer not null default 0,
  vegetarian integer not null default 0,
  vegan integer not null default 0,
  primary key (state, slug)
);

create index restaurant_cities_count_idx on public.restaurant_cities (state, restaurants);

create function public.city_slug(p_city text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(replace(translate(trim(p_city), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), ' ', '-'), '.', ''), '''', '')
$$;

create function public.restaurants_count_cities()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and trim(coalesce(old.city, '')) <> '' and trim(coalesce(old.state, '')) <> '' then
    update public.restaurant_cities set
      restaurants = restaurants - 1,
      gluten_free = gluten_free - old.is_gluten_free::integer,
      dairy_free = dairy_free - old.is_dairy_free::integer,
      vegetarian = vegetarian - old.is_vegetarian::integer,
      vegan = vegan - old.is_vegan::integer
    where state = upper(trim(old.state)) and slug = public.city_slug(old.city);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and trim(coalesce(new.city, '')) <> '' and trim(coalesce(new.state, '')) <> '' then
    insert into public.restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
    values (upper(trim(new.state)), public.city_slug(new.city), trim(new.city), 1, new.is_gluten_free::integer,
      new.is_dairy_free::integer, new.is_vegetarian::integer, new.is_vegan::integer)
    on conflict (state, slug) do update set
      restaurants = public.restaurant_cities.restaurants + 1,
      gluten_free = public.restaurant_cities.gluten_free + excluded.gluten_free,
      dairy_free = public.restaurant_cities.dairy_free + excluded.dairy_free,
      vegetarian = public.restaurant_cities.vegetarian + excluded.vegetarian,
      vegan = public.restaurant_cities.vegan + excluded.vegan;
  end if;
  return null;
end
$$;

create trigger restaurants_count_cities
  after insert or delete or update of city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan
  on public.restaurants
  for each row execute function public.restaurants_count_cities();

insert into public.restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan)
select upper(trim(state)), public.city_slug(city), min(trim(city)), count(*), count(*) filter (where is_gluten_free),
  count(*) filter (where is_dairy_free), count(*) filter (where is_vegetarian), count(*) filter (where is_vegan)
from public.restaurants
where trim(coalesce(city, '')) <> '' and trim(coalesce(state, '')) <> ''
group by 1, 2;

alter table public.restaurant_cities enable row level security;
revoke all on table public.restaurant_cities from anon, authenticated;
grant select on table public.restaurant_cities to anon, authenticated;
create policy "Restaurant cities are readable by everyone" on public.restaurant_cities
  for select to anon, authenticated using (true);

-- 4. The search ----------------------------------------------------------------------------

drop function public.search_restaurants(text, text, text, text, text, text, text[], boolean, integer, integer);

-- Arguments: absent parts are null or ''. p_rings: the rings a search with a centre reads,
-- small to large, the last one the radius: [[miles, band_from, band_to, lng_from, lng_to], ...]
-- (computed by the app, as for D1); p_beyond_rings: the same beyond the radius, for the nearest
-- few when nothing is within it. Result: { total (at most 1001: more is '1,000+'),
-- restaurants: [... with distance], nearest_beyond: [...] }.
--
-- Safety: statement texts are made only of the fixed fragments below; every user value
-- travels as a USING parameter and never becomes SQL text.
create function public.find_restaurants(
  p_query text default null,
  p_zip text default null,
  p_city text default null,
  p_state text default null,
  p_city_or_state text default null,
  p_cuisine text default null,
  p_diets text[] default null,
  p_match_all boolean default false,
  p_lat double precision default null,
  p_lng double precision default null,
  p_radius double precision default null,
  p_rings jsonb default null,
  p_beyond_rings jsonb default null,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  page_size constant integer := 25;
  count_cap constant integer := 1001;
  columns constant text := 'r.id, r.name, r.cuisine_type, r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan, '
    'r.address, r.city, r.state, r.zip_code, r.phone_number, r.email_address, r.website_url, r.menu_url, '
    'r.hours_of_operation, r.description, r.latitude, r.longitude';
  sort_key constant text := 'translate(r.name, ''ABCDEFGHIJKLMNOPQRSTUVWXYZ'', ''abcdefghijklmnopqrstuvwxyz'') collate "C"';
  -- Great-circle distance in miles from ($11, $12) (haversine; squares as products, as on D1).
  distance constant text := '(2 * 3958.8 * asin(least(1::double precision, sqrt('
    'sin(radians(r.geo_lat - $11) / 2) * sin(radians(r.geo_lat - $11) / 2)'
    ' + cos(radians($11)) * cos(radians(r.geo_lat)) * sin(radians(r.geo_lng - $12) / 2) * sin(radians(r.geo_lng - $12) / 2)))))';
  page_offset integer := greatest(coalesce(p_offset, 0), 0);
  need integer := greatest(coalesce(p_offset, 0), 0) + page_size;
  text_conds text[] := '{}';      -- q
  place_conds text[] := '{}';     -- the location box's own rule
  filter_conds text[] := '{}';    -- cuisine and diets
  diet_columns text[] := '{}';
  all_conds text;
  total integer;
  near_count integer;
  rows jsonb;
  beyond jsonb := '[]'::jsonb;
  ring jsonb;
  ring_index integer;
  found integer;
  in_ring text;
  filters text;
  place_rule text;
begin
  -- Rings come from the app; a direct caller may not ask for more than it would.
  if jsonb_typeof(coalesce(p_rings, '[]')) <> 'array' or jsonb_typeof(coalesce(p_beyond_rings, '[]')) <> 'array'
    or jsonb_array_length(coalesce(p_rings, '[]')) > 16 or jsonb_array_length(coalesce(p_beyond_rings, '[]')) > 24
    or exists (
      select 1 from jsonb_array_elements(coalesce(p_rings, '[]') || coalesce(p_beyond_rings, '[]')) as g(ring)
      where (g.ring ->> 0)::double precision > 300 or (g.ring ->> 2)::bigint - (g.ring ->> 1)::bigint > 1000
    ) then
    raise exception 'find_restaurants: a ring may cover at most 300 miles' using errcode = '22023';
  end if;

  if coalesce(p_query, '') <> '' then
    text_conds := array_append(text_conds, '(r.name_folded like $1 or r.cuisine_folded like $1)');
  end if;
  if coalesce(p_zip, '') <> '' then
    place_conds := array_append(place_conds, 'r.zip_code = $2');
  end if;
  if coalesce(p_city, '') <> '' then
    place_conds := array_append(place_conds, 'r.city_folded like $3');
  end if;
  if coalesce(p_state, '') <> '' then
    place_conds := array_append(place_conds, 'r.state_folded like $4');
  end if;
  if coalesce(p_city_or_state, '') <> '' then
    place_conds := array_append(place_conds, '(r.city_folded like $5 or r.state_folded like $5)');
  end if;
  if coalesce(p_cuisine, '') <> '' then
    filter_conds := array_append(filter_conds, 'r.cuisine_type = $6');
  end if;
  if coalesce('gluten-free' = any (p_diets), false) then diet_columns := array_append(diet_columns, 'r.is_gluten_free'); end if;
  if coalesce('dairy-free' = any (p_diets), false) then diet_columns := array_append(diet_columns, 'r.is_dairy_free'); end if;
  if coalesce('vegetarian' = any (p_diets), false) then diet_columns := array_append(diet_columns, 'r.is_vegetarian'); end if;
  if coalesce('vegan' = any (p_diets), false) then diet_columns := array_append(diet_columns, 'r.is_vegan'); end if;
  if cardinality(diet_columns) > 0 then
    filter_conds := array_append(filter_conds, format('(%s)',
      array_to_string(diet_columns, case when coalesce(p_match_all, false) then ' and ' else ' or ' end)));
  end if;
  filters := coalesce(nullif(array_to_string(text_conds || filter_conds, ' and '), ''), 'true');

  if p_lat is null or p_lng is null or p_rings is null or jsonb_array_length(p_rings) = 0 then
    -- Name order. Planned with its values (EXECUTE): a narrow search sorts its few matches,
    -- a broad one walks the name index and stops after the page.
    all_conds := coalesce(nullif(array_to_string(text_conds || place_conds || filter_conds, ' and '), ''), 'true');
    execute format('select count(*) from (select 1 from public.restaurants as r where %s limit %s) as c', all_conds, count_cap)
      into total
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine;
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), ''[]''::jsonb) from ('
      '  select %1$s, null::double precision as distance, row_number() over (order by %3$s, r.id) as ord from ('
      '    select r.* from public.restaurants as r where %2$s order by %3$s, r.id limit %4$s offset $7'
      '  ) as r'
      ') as p', columns, all_conds, sort_key, page_size)
      into rows
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset;
    return jsonb_build_object('total', total, 'restaurants', rows, 'nearest_beyond', beyond);
  end if;

  -- With a centre. A ring: its bands ($13), longitudes ($14, $15) and miles ($16).
  in_ring := format('public.restaurants as r where r.geo_band = any ($13) and r.geo_lng between $14 and $15 '
    'and %s <= $16 and %s', distance, filters);
  place_rule := nullif(array_to_string(place_conds, ' and '), '');

  -- The count: within the radius (the last ring), then what the box's own rule adds beyond it.
  ring := p_rings -> (jsonb_array_length(p_rings) - 1);
  execute format('select count(*) from (select 1 from %s limit %s) as c', in_ring, count_cap)
    into near_count
    using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
      public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
      array(select generate_series((ring ->> 1)::integer, (ring ->> 2)::integer)),
      (ring ->> 3)::double precision, (ring ->> 4)::double precision, (ring ->> 0)::double precision;
  total := near_count;
  if place_rule is not null and near_count < count_cap then
    execute format('select count(*) from (select 1 from public.restaurants as r where %s and %s '
      'and (r.geo_lat is null or %s > $17) limit %s) as c', place_rule, filters, distance, count_cap - near_count)
      into found
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
        null::integer[], null::double precision, null::double precision, null::double precision, p_radius;
    total := total + found;
  end if;

  -- The page: the first ring that holds it (rings grow from the centre), or the radius.
  for ring_index in 0 .. jsonb_array_length(p_rings) - 1 loop
    ring := p_rings -> ring_index;
    exit when ring_index = jsonb_array_length(p_rings) - 1;
    execute format('select count(*) from (select 1 from %s limit $17) as c', in_ring)
      into found
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
        array(select generate_series((ring ->> 1)::integer, (ring ->> 2)::integer)),
        (ring ->> 3)::double precision, (ring ->> 4)::double precision, (ring ->> 0)::double precision, need;
    exit when found >= need;
  end loop;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), ''[]''::jsonb) from ('
    '  select %1$s, u.d as distance, row_number() over (order by u.d is null, u.d, %2$s, r.id) as ord'
    '  from ('
    '    select r.id, %3$s as d from %4$s'
    '    union all'
    '    select r.id, case when r.geo_lat is null then null else %3$s end from public.restaurants as r'
    '    where %5$s and %6$s and (r.geo_lat is null or %3$s > $17) and (select count(*) from (select 1 from %4$s) as n) < $18'
    '  ) as u join public.restaurants as r on r.id = u.id'
    '  order by u.d is null, u.d, %2$s, r.id limit %7$s offset $7'
    ') as p', columns, sort_key, distance, in_ring, coalesce(place_rule, 'false'), filters, page_size)
    into rows
    using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
      public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
      array(select generate_series((ring ->> 1)::integer, (ring ->> 2)::integer)),
      (ring ->> 3)::double precision, (ring ->> 4)::double precision, (ring ->> 0)::double precision, p_radius, need;

  -- Nothing within the radius: the nearest few beyond it, in growing rings.
  if total = 0 and p_beyond_rings is not null and jsonb_array_length(p_beyond_rings) > 0 then
    for ring_index in 0 .. jsonb_array_length(p_beyond_rings) - 1 loop
      ring := p_beyond_rings -> ring_index;
      execute format('select count(*) from (select 1 from %s and %s > $17 limit 3) as c', in_ring, distance)
        into found
        using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
          public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
          array(select generate_series((ring ->> 1)::integer, (ring ->> 2)::integer)),
          (ring ->> 3)::double precision, (ring ->> 4)::double precision, (ring ->> 0)::double precision, p_radius;
      exit when found >= 3;
    end loop;
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(p) order by p.distance, p.ord), ''[]''::jsonb) from ('
      '  select %1$s, %2$s as distance, row_number() over (order by %2$s, %3$s, r.id) as ord from %4$s and %2$s > $17'
      '  order by 21, %3$s, r.id limit 3'
      ') as p', columns, distance, sort_key, in_ring)
      into beyond
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, null, null, null, p_lat, p_lng,
        array(select generate_series((ring ->> 1)::integer, (ring ->> 2)::integer)),
        (ring ->> 3)::double precision, (ring ->> 4)::double precision, (ring ->> 0)::double precision, p_radius;
  end if;

  return jsonb_build_object('total', total, 'restaurants', rows, 'nearest_beyond', beyond);
end
$$;

-- A place named by the location box (docs/decisions/0006-place-data.md): a ZIP, a name in a
-- state, or a bare name in whatever states have it, most relevant first (most restaurants in
-- the directory there, then most ZIP codes, then name). At most six rows.
create function public.resolve_place(p_zip text default null, p_key text default null, p_state text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), '[]'::jsonb) from (
    select z.place_name as name, z.state, null::text as slug, z.zip, z.latitude as lat, z.longitude as lng, 1 as ord
    from public.us_zip_codes as z
    where coalesce(p_zip, '') <> '' and z.zip = p_zip
    union all
    select pl.name, pl.state, pl.slug, null, pl.latitude, pl.longitude, 1
    from public.us_places as pl
    where coalesce(p_zip, '') = '' and p_state is not null and pl.key = p_key and pl.state = p_state
    union all
    select * from (
      select pl.name, pl.state, pl.slug, null, pl.latitude, pl.longitude,
        row_number() over (order by coalesce(c.restaurants, 0) desc, pl.zip_count desc, pl.name collate "C", pl.state collate "C")
      from public.us_places as pl
      left join public.restaurant_cities as c on c.state = pl.state and c.slug = pl.slug
      where coalesce(p_zip, '') = '' and p_state is null and pl.key = p_key
      order by 7
      limit 6
    ) as candidates
  ) as p
$$;

revoke all on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer) from public, anon, authenticated;
grant execute on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer) to anon, authenticated, service_role;
revoke all on function public.resolve_place(text, text, text) from public, anon, authenticated;
grant execute on function public.resolve_place(text, text, text) to anon, authenticated, service_role;
revoke all on function public.restaurant_position(double precision, double precision, text) from public, anon, authenticated;
revoke all on function public.restaurants_set_position() from public, anon, authenticated;
revoke all on function public.restaurants_count_cities() from public, anon, authenticated;
revoke all on function public.us_zip_codes_place_restaurants() from public, anon, authenticated;
revoke all on function public.city_slug(text) from public, anon, authenticated;
grant execute on function public.city_slug(text) to anon, authenticated, service_role;
