-- The reads that need more than a table, as SQL functions called through PostgREST's rpc:
-- the search, the place lookup, the landing pages and sitemaps. With the table they read
-- first: restaurant_cities, the number of restaurants in each city. Mirrors
-- migrations/0003_search.sql (D1), with the same results in the same order; the design and
-- its costs are in docs/decisions/0010-bounded-search.md, the calling rules in
-- docs/decisions/0003-search-as-a-sql-function.md.
--
-- Calling rules, for every function here:
-- - Arguments travel as typed values in rpc's JSON body: user input is only ever a bound
--   value, never part of a filter string or of SQL text.
-- - `security invoker`: the function runs with the caller's rights, so row-level security
--   (select-only policies) and the revoked write privileges still apply to anon.
-- - Anyone holding the anon key can call them directly, with any arguments: each bounds what
--   it reads (the count cap, the page size, the ring checks, the list limits).
-- - Each answers with one jsonb value, so that PostgREST's cap on rows per response (1,000 by
--   default) never cuts a list short, and orders text bytewise (collate "C"), as D1 does,
--   whatever the database's collation.

-- 1. Restaurants per city ------------------------------------------------------------------

-- The place key (app/lib/places.ts placeKey): accents and case folded, punctuation and
-- spaces gone, St/Ste/Ft/Mt/Pt and a leading N/S/E/W spelt out, so that GeoNames' 'Saint
-- Louis' and a restaurant's 'St. Louis' meet. us_places keeps it (loaded by the app);
-- restaurant_cities keeps it as a generated column. tests/integration/place-keys.test.ts
-- checks that place_key() and placeKey agree on every GeoNames place name and Latin letter.
--
-- Unicode decomposition, then the marks removed and the letters that do not decompose
-- spelt out (upper and lower case, so that no locale's lower() is needed for them).
create function public.place_key(p_name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(string_agg(
    case
      when w.word = 'st' then 'saint'
      when w.word = 'ste' then 'sainte'
      when w.word = 'ft' then 'fort'
      when w.word = 'mt' then 'mount'
      when w.word = 'pt' then 'point'
      when w.i = 1 and w.total > 1 and w.word = 'n' then 'north'
      when w.i = 1 and w.total > 1 and w.word = 's' then 'south'
      when w.i = 1 and w.total > 1 and w.word = 'e' then 'east'
      when w.i = 1 and w.total > 1 and w.word = 'w' then 'west'
      else w.word
    end, '' order by w.i), '')
  from (
    select t.word, row_number() over (order by t.n) as i, count(*) over () as total
    from unnest(regexp_split_to_array(
      translate(
        replace(replace(replace(replace(replace(replace(replace(replace(
          lower(regexp_replace(normalize(coalesce(p_name, ''), NFKD), '[\u0300-\u036f]', '', 'g')),
          'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ŉ', 'n'),
        'øØłŁđĐðÐıŀĿ', 'oollddddill'),
      '[^a-z0-9]+')) with ordinality as t(word, n)
    where t.word <> ''
  ) as w
$$;

-- One row per state and city slug (the city in ASCII lower case, spaces as '-', without '.'
-- and apostrophes: the same rule as D1's) with the number of restaurants there, in all and
-- for each diet and serving it exclusively ('100%'), counting open restaurants only;
-- place_key is the city's place key, on which 'Did you mean' meets us_places. Read by 'Did
-- you mean' (resolve_place), the landing pages and the sitemaps. Kept by the trigger
-- restaurants_count_cities below; not written by clients.
create table public.restaurant_cities (
  state text not null,
  slug text not null,
  city text not null,
  restaurants integer not null default 0,
  gluten_free integer not null default 0,
  dairy_free integer not null default 0,
  vegetarian integer not null default 0,
  vegan integer not null default 0,
  gluten_free_only integer not null default 0,
  dairy_free_only integer not null default 0,
  vegetarian_only integer not null default 0,
  vegan_only integer not null default 0,
  place_key text generated always as (public.place_key(city)) stored,
  primary key (state, slug)
);

-- A state's cities by their number of restaurants.
create index restaurant_cities_count_idx on public.restaurant_cities (state, restaurants);
-- A state's cities with restaurants, by slug (list_cities): a partial index holds exactly
-- those rows in that order. A city whose last restaurant goes keeps its row, at 0.
create index restaurant_cities_listed_idx on public.restaurant_cities (state, slug collate "C") where restaurants > 0;
-- 'Did you mean': a candidate place's restaurants, summed over the spellings of its city.
create index restaurant_cities_place_key_idx on public.restaurant_cities (place_key, state) include (restaurants);

create function public.city_slug(p_city text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(replace(translate(trim(p_city), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), ' ', '-'), '.', ''), '''', '')
$$;

-- A closing or a reopening moves the row out of or into its city.
create function public.restaurants_count_cities()
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

create trigger restaurants_count_cities
  after insert or delete or update of city, state, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at
  on public.restaurants
  for each row execute function public.restaurants_count_cities();

alter table public.restaurant_cities enable row level security;
revoke all on table public.restaurant_cities from anon, authenticated;
grant select on table public.restaurant_cities to anon, authenticated;
create policy "Restaurant cities are readable by everyone" on public.restaurant_cities
  for select to anon, authenticated using (true);

-- 2. The search ----------------------------------------------------------------------------

-- The LIKE pattern that finds `term` anywhere in a text folded by public.sb_fold (as the
-- *_folded columns are): the term folded the same way, whatever its length, with its LIKE
-- metacharacters (\ % _) escaped, so that every character matches literally.
create function public.sb_contains_pattern(term text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(public.sb_fold(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- The search (docs/search-url.md): a page of 25 restaurants and the count, in one call.
--
-- Arguments: absent parts are null or ''. p_query matches name or cuisine; the location box
-- gives p_zip (exact), p_city and p_state ("City, ST", each part on its column) or
-- p_city_or_state (anything else, on either); p_cuisine is exact and case-sensitive; p_diets
-- any (OR) or, with p_match_all, all (AND) of 'gluten-free', 'dairy-free', 'vegetarian',
-- 'vegan' (unknown names and nulls ignored). p_lat, p_lng and p_radius (miles) make a search
-- with a centre, nearest first; p_rings: the rings it reads, small to large, the last one the
-- radius: [[miles, band_from, band_to, lng_from, lng_to], ...] (computed by the app, as for
-- D1: app/lib/directory/rings.ts); p_beyond_rings: the same beyond the radius, for the
-- nearest few when nothing is within it. p_dedicated: the '100%' diets (any selected one,
-- every selected one with p_match_all, any of the four when none is selected); p_kitchen:
-- practices ('dedicated-fryer', 'separate-prep', 'trained-staff'), each of which must be
-- confirmed; both answered by restaurants_trust_tags_idx. p_open_at: only restaurants open at
-- that instant, each in its own time zone: the keys of the instant (three per zone of
-- hours_zones, in the zone's local time, as app/lib/open-slots.ts numbers them) are computed
-- here and must meet the row's open_slots (restaurants_open_slots_idx). Closed restaurants
-- (closed_at set) are in no list and no count. Result: { total (at most 1001: more is
-- '1,000+'), restaurants: [... with the trust columns, geo_lat and geo_lng (from which the
-- app finds a card's time zone) and distance], nearest_beyond: [...] }.
--
-- Why PL/pgSQL with EXECUTE: Postgres before 18 plans the statement of a SQL function once,
-- without the values (a generic plan). An all-in-one WHERE (`coalesce($1, '') = '' or ...`)
-- then cannot use the trigram, zip or sort indexes: on PostgreSQL 15 with 50,000 restaurants
-- a 'noodle' search took about 8 s. Here the function adds only the conditions whose inputs
-- are present and runs each statement with EXECUTE ... USING, which plans it for this call
-- with the USING values as constants, on any Postgres.
--
-- Safety: statement texts are made only of the fixed fragments below; every user value
-- travels as a USING parameter and never becomes SQL text. The diets only choose among four
-- fixed column names.
--
-- Without a centre, in name order: the count stops at 1,001. A narrow search (fewer than
-- 1,001 matches) takes its matches from the trigram indexes and sorts them. A broad one
-- first walks the name index (at most 20,000 rows) and stops after the page; only when that
-- walk does not hold the page are the matches taken from the trigram indexes and sorted. The
-- function chooses, not the planner: called as anon, under row-level security, the planner
-- may not read the text columns' statistics (they could leak rows) and guesses every pattern
-- rare, so a broad term such as 'kitchen' at 1M restaurants sorted its 25,000 matches for
-- each page (about 200 ms on PostgreSQL 15; the walk reads about 1,000 rows).
--
-- With a centre: the count within the radius, then what the location box's own rule adds
-- beyond it (a "City, ST" match outside the circle, a restaurant without a position); the
-- page from the first ring that holds it, reading growing rings through restaurants_geo_idx.
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
  p_kitchen text[] default null,
  p_open_at timestamptz default null
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
    'r.verified_at, r.closed_at, r.geo_lat, r.geo_lng';
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

-- 3. The place named by the location box ---------------------------------------------------

-- A ZIP, a name in a state, or a bare name in whatever states have it, most relevant first
-- (most restaurants in the directory there, then most ZIP codes, then name). At most six
-- rows. docs/decisions/0006-place-data.md. The places are GeoNames' ('Saint Louis'), the
-- restaurants' cities as people write them ('St. Louis', 'Cañon City'): a place's restaurants
-- are summed over the restaurant_cities rows with its place key, whatever their slugs.
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
        row_number() over (
          order by coalesce((select sum(c.restaurants) from public.restaurant_cities as c
                             where c.place_key = pl.key and c.state = pl.state), 0) desc,
            pl.zip_count desc, pl.name collate "C", pl.state collate "C")
      from public.us_places as pl
      where coalesce(p_zip, '') = '' and p_state is null and pl.key = p_key
      order by 7
      limit 6
    ) as candidates
  ) as p
$$;

-- 4. Landing pages and sitemaps ------------------------------------------------------------
-- docs/decisions/0011-landing-pages-and-sitemaps.md, docs/seo.md.

-- A state's cities with restaurants, by slug, a page at a time (state pages, state sitemaps).
create function public.list_cities(p_state text, p_offset integer, p_limit integer)
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

-- Which restaurant files of the sitemap hold a restaurant (skipping from id range to id range
-- on the primary key: one row read per file), and each state's number of cities with
-- open restaurants. p_states: the state codes to count (the app's list of US states). At most
-- 50,000 files (the protocol's limit for an index), whatever the caller asks.
create function public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[])
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

-- The ids of one restaurant file of the sitemap (open restaurants only): one range of the
-- primary key.
create function public.sitemap_restaurant_ids(p_from bigint, p_to bigint)
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

-- Privileges: what the API may call. The trigger function is not among them.
revoke all on function public.place_key(text) from public, anon, authenticated;
grant execute on function public.place_key(text) to anon, authenticated, service_role;
revoke all on function public.city_slug(text) from public, anon, authenticated;
grant execute on function public.city_slug(text) to anon, authenticated, service_role;
revoke all on function public.restaurants_count_cities() from public, anon, authenticated;
revoke all on function public.sb_contains_pattern(text) from public, anon, authenticated;
grant execute on function public.sb_contains_pattern(text) to anon, authenticated, service_role;
revoke all on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz) from public, anon, authenticated;
grant execute on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz) to anon, authenticated, service_role;
revoke all on function public.resolve_place(text, text, text) from public, anon, authenticated;
grant execute on function public.resolve_place(text, text, text) to anon, authenticated, service_role;
revoke all on function public.list_cities(text, integer, integer) from public, anon, authenticated;
grant execute on function public.list_cities(text, integer, integer) to anon, authenticated, service_role;
revoke all on function public.sitemap_outline(integer, integer, text[]) from public, anon, authenticated;
grant execute on function public.sitemap_outline(integer, integer, text[]) to anon, authenticated, service_role;
revoke all on function public.sitemap_restaurant_ids(bigint, bigint) from public, anon, authenticated;
grant execute on function public.sitemap_restaurant_ids(bigint, bigint) to anon, authenticated, service_role;
