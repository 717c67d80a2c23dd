-- Trust facts (docs/decisions/0013-trust-facts.md, docs/schema.md): the Postgres side of
-- migrations/0004_trust.sql (D1), with the same rules. Every new column has a default, so an
-- insert naming only the older columns keeps working.
--
-- 1. The columns: '100%' diets, celiac kitchen practices (null: not known), the day the
--    listing was last confirmed and the day the place was found closed.
-- 2. restaurants_only_implies_diet: a row with `*_only` true has the matching `is_*` true,
--    whatever the client wrote (insert or update).
-- 3. trust_tags: the '100%' diets and the confirmed practices as one indexed array (a
--    gluten_free_only restaurant counts as having a dedicated fryer and a separate
--    preparation area), for the `dedicated` and `kitchen` filters.
-- 4. restaurant_cities counts open restaurants only, and those serving each diet exclusively;
--    the sitemap lists open restaurants only.
-- 5. find_restaurants gains p_dedicated and p_kitchen, and leaves closed restaurants out of
--    every list and count.

-- 1. Columns -------------------------------------------------------------------------------

alter table public.restaurants
  add column gluten_free_only boolean not null default false,
  add column dairy_free_only boolean not null default false,
  add column vegetarian_only boolean not null default false,
  add column vegan_only boolean not null default false,
  add column gf_dedicated_fryer boolean,
  add column gf_separate_prep boolean,
  add column gf_trained_staff boolean,
  add column verified_at date,
  add column closed_at date;

-- 2. '100%' implies the diet ---------------------------------------------------------------

create function public.restaurants_only_implies_diet()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.is_gluten_free := new.is_gluten_free or new.gluten_free_only;
  new.is_dairy_free := new.is_dairy_free or new.dairy_free_only;
  new.is_vegetarian := new.is_vegetarian or new.vegetarian_only;
  new.is_vegan := new.is_vegan or new.vegan_only;
  return new;
end
$$;

create trigger restaurants_only_implies_diet
  before insert or update on public.restaurants
  for each row execute function public.restaurants_only_implies_diet();

-- 3. Tags for the filters ------------------------------------------------------------------

alter table public.restaurants
  add column trust_tags text[] generated always as (array_remove(array[
    case when gluten_free_only then 'only:gluten-free' end,
    case when dairy_free_only then 'only:dairy-free' end,
    case when vegetarian_only then 'only:vegetarian' end,
    case when vegan_only then 'only:vegan' end,
    case when gf_dedicated_fryer or gluten_free_only then 'kitchen:dedicated-fryer' end,
    case when gf_separate_prep or gluten_free_only then 'kitchen:separate-prep' end,
    case when gf_trained_staff then 'kitchen:trained-staff' end
  ]::text[], null)) stored;

create index restaurants_trust_tags_idx on public.restaurants using gin (trust_tags);

-- 4. Cities and the sitemap ----------------------------------------------------------------

alter table public.restaurant_cities
  add column gluten_free_only integer not null default 0,
  add column dairy_free_only integer not null default 0,
  add column vegetarian_only integer not null default 0,
  add column vegan_only integer not null default 0;

-- As in 20250101000002_search.sql, counting open restaurants only (a closing or a
-- reopening moves the row out of or into its city) and the '100%' ones per diet.
create or replace function public.restaurants_count_cities()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.closed_at is null
    and trim(coalesce(old.city, '')) <> '' and trim(coalesce(old.state, '')) <> '' then
    update public.restaurant_cities set
      restaurants = restaurants - 1,
      gluten_free = gluten_free - old.is_gluten_free::integer,
      dairy_free = dairy_free - old.is_dairy_free::integer,
      vegetarian = vegetarian - old.is_vegetarian::integer,
      vegan = vegan - old.is_vegan::integer,
      gluten_free_only = gluten_free_only - old.gluten_free_only::integer,
      dairy_free_only = dairy_free_only - old.dairy_free_only::integer,
      vegetarian_only = vegetarian_only - old.vegetarian_only::integer,
      vegan_only = vegan_only - old.vegan_only::integer
    where state = upper(trim(old.state)) and slug = public.city_slug(old.city);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.closed_at is null
    and trim(coalesce(new.city, '')) <> '' and trim(coalesce(new.state, '')) <> '' then
    insert into public.restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
      gluten_free_only, dairy_free_only, vegetarian_only, vegan_only)
    values (upper(trim(new.state)), public.city_slug(new.city), trim(new.city), 1, new.is_gluten_free::integer,
      new.is_dairy_free::integer, new.is_vegetarian::integer, new.is_vegan::integer, new.gluten_free_only::integer,
      new.dairy_free_only::integer, new.vegetarian_only::integer, new.vegan_only::integer)
    on conflict (state, slug) do update set
      restaurants = public.restaurant_cities.restaurants + 1,
      gluten_free = public.restaurant_cities.gluten_free + excluded.gluten_free,
      dairy_free = public.restaurant_cities.dairy_free + excluded.dairy_free,
      vegetarian = public.restaurant_cities.vegetarian + excluded.vegetarian,
      vegan = public.restaurant_cities.vegan + excluded.vegan,
      gluten_free_only = public.restaurant_cities.gluten_free_only + excluded.gluten_free_only,
      dairy_free_only = public.restaurant_cities.dairy_free_only + excluded.dairy_free_only,
      vegetarian_only = public.restaurant_cities.vegetarian_only + excluded.vegetarian_only,
      vegan_only = public.restaurant_cities.vegan_only + excluded.vegan_only;
  end if;
  return null;
end
$$;

drop trigger restaurants_count_cities on public.restaurants;
create trigger restaurants_count_cities
  after insert or delete or update of city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at
  on public.restaurants
  for each row execute function public.restaurants_count_cities();

create or replace function public.list_cities(p_state text, p_offset integer, p_limit integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(c) order by c.slug collate "C"), '[]'::jsonb)
  from (
    select state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
      gluten_free_only, dairy_free_only, vegetarian_only, vegan_only
    from public.restaurant_cities
    where state = p_state and restaurants > 0
    order by slug collate "C"
    offset greatest(p_offset, 0)
    limit least(greatest(p_limit, 0), 10000)
  ) as c
$$;

-- As in 20250101000002_search.sql, with a file counted only when it holds an open
-- restaurant.
create or replace function public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[])
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive files(n) as (
    select (select (min(r.id) - 1) / greatest(p_ids_per_file, 1) + 1 from public.restaurants as r
            where r.id > 0 and r.closed_at is null)
    union all
    select (select (min(r.id) - 1) / greatest(p_ids_per_file, 1) + 1 from public.restaurants as r
            where r.id > files.n * greatest(p_ids_per_file, 1) and r.closed_at is null)
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

create or replace function public.sitemap_restaurant_ids(p_from bigint, p_to bigint)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(r.id order by r.id), '[]'::jsonb)
  from (
    select id from public.restaurants where id between p_from and p_to and closed_at is null order by id limit 50000
  ) as r
$$;

-- 5. The search ----------------------------------------------------------------------------

drop function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer);

-- find_restaurants as in 20250101000002_search.sql, with the trust columns
-- in its rows, `p_dedicated` (the '100%' diets: any selected one, every selected one with
-- p_match_all, any of the four when none is selected) and `p_kitchen` (each practice named
-- must be confirmed), answered by restaurants_trust_tags_idx, and closed restaurants left out.
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
  p_offset integer default 0,
  p_dedicated boolean default false,
  p_kitchen text[] default null
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
  -- How many rows of the name index a broad search may walk for its page (see below).
  walk_budget constant integer := 20000;
  columns constant text := 'r.id, r.name, r.cuisine_type, r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan, '
    'r.address, r.city, r.state, r.zip_code, r.phone_number, r.email_address, r.website_url, r.menu_url, '
    'r.hours_of_operation, r.description, r.latitude, r.longitude, r.gluten_free_only, r.dairy_free_only, '
    'r.vegetarian_only, r.vegan_only, r.gf_dedicated_fryer, r.gf_separate_prep, r.gf_trained_staff, '
    'r.verified_at, r.closed_at';
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
  only_tags text[] := '{}';       -- dedicated: the '100%' tags asked for
  kitchen_tags text[] := '{}';    -- kitchen: the practices asked for
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
  -- Trust (docs/search-url.md): tags of restaurants.trust_tags, taken only from the constants
  -- below (never from the arguments' text), so they may be written into the statement.
  if coalesce(p_dedicated, false) then
    if cardinality(diet_columns) = 0 then
      only_tags := array['only:gluten-free', 'only:dairy-free', 'only:vegetarian', 'only:vegan'];
    else
      if coalesce('gluten-free' = any (p_diets), false) then only_tags := array_append(only_tags, 'only:gluten-free'); end if;
      if coalesce('dairy-free' = any (p_diets), false) then only_tags := array_append(only_tags, 'only:dairy-free'); end if;
      if coalesce('vegetarian' = any (p_diets), false) then only_tags := array_append(only_tags, 'only:vegetarian'); end if;
      if coalesce('vegan' = any (p_diets), false) then only_tags := array_append(only_tags, 'only:vegan'); end if;
    end if;
    if coalesce(p_match_all, false) and cardinality(diet_columns) > 0 then
      kitchen_tags := only_tags;
    else
      filter_conds := array_append(filter_conds, format('r.trust_tags && %L::text[]', only_tags));
    end if;
  end if;
  if coalesce('dedicated-fryer' = any (p_kitchen), false) then kitchen_tags := array_append(kitchen_tags, 'kitchen:dedicated-fryer'); end if;
  if coalesce('separate-prep' = any (p_kitchen), false) then kitchen_tags := array_append(kitchen_tags, 'kitchen:separate-prep'); end if;
  if coalesce('trained-staff' = any (p_kitchen), false) then kitchen_tags := array_append(kitchen_tags, 'kitchen:trained-staff'); end if;
  if cardinality(kitchen_tags) > 0 then
    filter_conds := array_append(filter_conds, format('r.trust_tags @> %L::text[]', kitchen_tags));
  end if;
  -- A closed restaurant is in no list and no count.
  filter_conds := array_append(filter_conds, 'r.closed_at is null');
  filters := array_to_string(text_conds || filter_conds, ' and ');

  if p_lat is null or p_lng is null or p_rings is null or jsonb_array_length(p_rings) = 0 then
    -- Name order. The count first (at most 1,001 matches read). A narrow search (fewer than
    -- 1,001 matches) takes them from the indexes and sorts them. A broad one walks the name
    -- index and stops after the page, when that page lies within walk_budget rows of it:
    -- Postgres would not choose that walk itself, because as anon, under row-level security,
    -- the planner may not read the statistics of the text columns and guesses every pattern
    -- rare. (Its output carries the sort key, so that the walk stays in index order and lazy.)
    all_conds := coalesce(nullif(array_to_string(text_conds || place_conds || filter_conds, ' and '), ''), 'true');
    execute format('select count(*) from (select 1 from public.restaurants as r where %s limit %s) as c', all_conds, count_cap)
      into total
      using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
        public.sb_contains_pattern(p_city_or_state), p_cuisine;
    if total >= count_cap then
      execute format(
        'select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), ''[]''::jsonb) from ('
        '  select %1$s, null::double precision as distance, row_number() over (order by r.sort_key, r.id) as ord from ('
        '    select r.* from ('
        '      select r.*, %3$s as sort_key from public.restaurants as r order by %3$s, r.id limit %5$s'
        '    ) as r where %2$s order by r.sort_key, r.id limit %4$s offset $7'
        '  ) as r'
        ') as p', columns, all_conds, sort_key, page_size, walk_budget)
        into rows
        using public.sb_contains_pattern(p_query), p_zip, public.sb_contains_pattern(p_city), public.sb_contains_pattern(p_state),
          public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset;
      if jsonb_array_length(rows) = page_size then
        return jsonb_build_object('total', total, 'restaurants', rows, 'nearest_beyond', beyond);
      end if;
    end if;
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
      '  order by ord, %3$s, r.id limit 3'
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

revoke all on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[]) from public, anon, authenticated;
grant execute on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[]) to anon, authenticated, service_role;
revoke all on function public.restaurants_only_implies_diet() from public, anon, authenticated;
