-- Five digits in the location box are a US ZIP code (issue 41, docs/search-url.md "Beyond the
-- United States"): find_restaurants as 20250101000019_find_restaurants_area.sql defined it,
-- its ZIP rule ('r.zip_code = $2') now also asking r.country = 'US', so that a postal code
-- abroad with the same digits (Berlin's '10115') is not found by a US ZIP. The condition is
-- equality on both columns of restaurants_country_zip_idx, which answers it. Nothing else changes.
create or replace function public.find_restaurants(
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
  p_kitchen text[] default null,
  p_open_at timestamptz default null,
  p_confirmed boolean default false,
  p_country text default null,
  p_postal_code text default null
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
    'r.verified_at, r.closed_at, r.verified_how, r.geo_lat, r.geo_lng, r.confirmation_tallies, r.country';
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
  open_keys integer[];
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
    -- A US ZIP code: only restaurants in the US (a postal code abroad is p_postal_code's).
    place_conds := array_append(place_conds, '(r.country = ''US'' and r.zip_code = $2)');
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
  -- A country alone or a postal code in one (issue 41): equality, through
  -- restaurants_country_name_idx and restaurants_country_zip_idx. Only without a centre.
  if coalesce(p_country, '') <> '' then
    place_conds := array_append(place_conds, 'r.country = $8');
  end if;
  if coalesce(p_postal_code, '') <> '' then
    place_conds := array_append(place_conds, 'r.zip_code = $9');
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
  -- Open now: keys computed here from integers only, so they may be written into the statement.
  if p_open_at is not null then
    open_keys := array(
      select z.id * 10920 + s.slot
      from public.hours_zones as z
      cross join lateral (select p_open_at at time zone z.name as l) as t
      cross join lateral (select (extract(isodow from t.l)::integer - 1) * 1440
        + extract(hour from t.l)::integer * 60 + extract(minute from t.l)::integer as m) as w
      cross join lateral unnest(array[w.m / 60, 168 + w.m / 15, 840 + w.m]) as s(slot));
    filter_conds := array_append(filter_conds, format('r.open_slots && %L::integer[]', open_keys));
  end if;
  -- Confirmed by diners: the row's sets of conditions (confirmation_sets, kept from its
  -- confirmations of the last 12 months) hold the set the selected diets ask for: the bits of
  -- the conditions fitting any selected diet (all four groups with none), as
  -- app/lib/trust/confirmations.ts conditionMask computes them. An integer from constants only.
  if coalesce(p_confirmed, false) then
    filter_conds := array_append(filter_conds, format('r.confirmation_sets @> array[%s]::integer[]',
      case when cardinality(diet_columns) = 0 then 15 else
        (case when 'gluten-free' = any (p_diets) then 1 else 0 end)
        | (case when 'dairy-free' = any (p_diets) then 2 else 0 end)
        | (case when 'vegetarian' = any (p_diets) then 12 else 0 end)
        | (case when 'vegan' = any (p_diets) then 8 else 0 end) end));
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
        public.sb_contains_pattern(p_city_or_state), p_cuisine, null, p_country, p_postal_code;
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
          public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, p_country, p_postal_code;
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
        public.sb_contains_pattern(p_city_or_state), p_cuisine, page_offset, p_country, p_postal_code;
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
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz, boolean,
  text, text) from public, anon, authenticated;
grant execute on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz, boolean,
  text, text) to anon, authenticated, service_role;
