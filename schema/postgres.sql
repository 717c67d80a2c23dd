-- GENERATED FILE: do not edit by hand. Regenerate with `npm run schema:snapshot`
-- (scripts/schema-snapshot.ts); tests/integration/schema-snapshot.test.ts fails when it is stale.
--
-- The Postgres (Supabase) schema as all of supabase/migrations/*.sql leave it: they were applied
-- in name order to an empty PGlite (Postgres in WebAssembly) after tests/support/supabase-bootstrap.sql
-- (Supabase's API roles, default privileges and `extensions` schema), and this is pg_dump's
-- --schema-only --no-owner output (@electric-sql/pglite-tools), grants and row-level security
-- policies included. Kept: the objects in the schemas listed below, and the database-level
-- objects the migrations add (the pg_trgm extension). Left out: what a new Supabase project
-- already has (every object the bootstrap alone dumps the same: its schemas, their grants,
-- default privileges), the objects inside extensions, and pg_dump's version lines. The place
-- data's tables (us_zip_codes, us_places, world_places, world_place_aliases, world_subdivisions, world_subdivision_keys), their objects and their functions
-- (resolve_place, resolve_world_place, nearest_place, us_zip_codes_place_restaurants) are in schema/postgres-places.sql.
-- Schemas: public, private (public and those the migrations create).
--
-- Why schema/ and not next to the migrations: wrangler 3.114 takes every file whose name ends
-- in .sql at the top of migrations_dir as a migration (it ignores subfolders, but a snapshot
-- there would sit among history); the Supabase CLI takes each file in supabase/migrations/ as a
-- migration and applies every *.sql in supabase/schemas/ for `supabase db diff` (its
-- declarative schemas). No tool reads schema/, and both backends' snapshots sit together.
-- To change the schema, add a migration and regenerate; nothing applies this file.

--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;


--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


--
-- Name: submissions_before_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.submissions_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_since timestamptz := now() - interval '60 seconds';
  v_key text;
begin
  if new.kind is null or new.kind not in ('restaurant', 'report', 'confirmation') then
    raise exception 'unknown kind' using errcode = '22023';
  end if;
  if new.kind = 'restaurant' and (new.restaurant_id is not null or new.reason is not null) then
    raise exception 'a suggestion names no restaurant and no reason' using errcode = '22023';
  end if;
  if new.kind = 'report' and (new.restaurant_id is null or new.reason is null
      or new.reason not in ('closed', 'hours', 'diet', 'contact', 'confirm', 'other')) then
    raise exception 'a report names a restaurant and a known reason' using errcode = '22023';
  end if;
  if new.kind = 'confirmation' and (new.restaurant_id is null or new.reason is not null
      or new.repeat_key is null or char_length(new.repeat_key) not between 1 and 128) then
    raise exception 'a confirmation names a restaurant, no reason, and a repeat key' using errcode = '22023';
  end if;
  if new.kind <> 'confirmation' then
    new.repeat_key := null;
  end if;
  if new.payload is null or jsonb_typeof(new.payload) <> 'object' or octet_length(new.payload::text) > 32768 then
    raise exception 'payload must be an object of at most 32 KB' using errcode = '22023';
  end if;
  -- Only the forms' fields, each a short text, a yes/no or null.
  for v_key in select k from jsonb_object_keys(new.payload) as k loop
    if v_key not in ('name', 'city', 'state', 'address', 'zip', 'country', 'phone', 'website', 'submitter_email',
        'submitter_phone', 'cuisine', 'notes', 'gluten_free', 'dairy_free', 'vegetarian', 'vegan',
        'gluten_free_only', 'dairy_free_only', 'vegetarian_only', 'vegan_only', 'gf_dedicated_fryer',
        'gf_separate_prep', 'gf_trained_staff', 'reason', 'details',
        'condition', 'visited', 'outcome', 'staff', 'seen', 'ordered', 'note')
      or jsonb_typeof(new.payload -> v_key) not in ('string', 'boolean', 'null')
      or char_length(coalesce(new.payload ->> v_key, '')) > 4000 then
      raise exception 'payload field % is not allowed', v_key using errcode = '22023';
    end if;
  end loop;
  if new.dedup_key is null or char_length(new.dedup_key) not between 1 and 128
    or new.client_key is null or char_length(new.client_key) not between 1 and 128 then
    raise exception 'keys must be 1 to 128 characters' using errcode = '22023';
  end if;
  if new.kind in ('report', 'confirmation') and not exists (
    select 1 from public.restaurants where id = new.restaurant_id and closed_at is null
  ) then
    raise exception 'no such restaurant in business' using errcode = '23503';
  end if;

  -- Requests with the same submission, from the same client, or confirming the same
  -- restaurant from the same client wait for each other here, so that the checks below and
  -- the insert are one step (always in this order: no deadlock).
  perform pg_advisory_xact_lock(hashtextextended('submission:' || new.dedup_key, 0));
  perform pg_advisory_xact_lock(hashtextextended('client:' || new.client_key, 0));
  if new.repeat_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('repeat:' || new.repeat_key, 0));
  end if;

  if exists (select 1 from public.submissions where dedup_key = new.dedup_key and created_at > v_since) then
    return null;
  end if;
  if (select count(*) from public.submissions where client_key = new.client_key and created_at > v_since) >= 5 then
    raise exception 'too many submissions from this client' using errcode = 'PT429';
  end if;
  if new.repeat_key is not null and exists (
    select 1 from public.submissions
    where repeat_key = new.repeat_key and created_at > now() - interval '30 days'
  ) then
    raise exception 'this client confirmed this restaurant in the last 30 days'
      using errcode = 'PT429', detail = 'repeated';
  end if;
  return new;
end
$$;


--
-- Name: city_slug(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.city_slug(p_city text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select replace(replace(replace(translate(trim(p_city), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), ' ', '-'), '.', ''), '''', '')
$$;


--
-- Name: city_state(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.city_state(p_country text, p_state text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case when p_country = 'US' then upper(trim(p_state))
    else p_country || '-' || upper(trim(coalesce(p_state, ''))) end
$$;


--
-- Name: confirmation_facts(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.confirmation_facts(p_restaurant_id bigint) RETURNS TABLE(tallies jsonb, sets integer[], stale_from text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with t as (
    select c.condition, c.outcome, count(*)::integer as n, max(c.visited) as latest, min(c.visited) as earliest,
      case
        when c.condition in ('celiac', 'gluten-sensitive', 'wheat-allergy') then 1
        when c.condition in ('dairy-allergy', 'lactose-intolerant') then 2
        when c.condition = 'vegetarian' then 4
        when c.condition = 'vegan' then 8
        else 0
      end as bit
    from public.confirmations as c
    where c.restaurant_id = p_restaurant_id
      and c.visited >= to_char(date_trunc('month', now() at time zone 'utc') - interval '12 months', 'YYYY-MM')
    group by c.condition, c.outcome
  ), g as (
    select
      jsonb_agg(jsonb_build_array(t.condition, t.outcome, t.n, t.latest) order by t.condition collate "C", t.outcome collate "C") as tallies,
      coalesce(bit_or(t.bit) filter (where t.outcome = 'ate-safely'), 0) as safe,
      coalesce(bit_or(t.bit) filter (where t.outcome = 'reacted'), 0) as reacted,
      min(t.earliest) as earliest
    from t
    having count(*) > 0
  )
  select g.tallies,
    array(select m from unnest(array[1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15]) as m
          where g.safe & m <> 0 and g.reacted & m = 0 order by m),
    to_char(to_date(g.earliest || '-01', 'YYYY-MM-DD') + interval '13 months', 'YYYY-MM')
  from g
$$;


--
-- Name: confirmations_derive(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.confirmations_derive() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.derive_confirmations(new.restaurant_id);
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.restaurant_id <> new.restaurant_id) then
    perform public.derive_confirmations(old.restaurant_id);
  end if;
  return null;
end
$$;


--
-- Name: derive_confirmations(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.derive_confirmations(p_restaurant_id bigint) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.restaurants as r
     set (confirmation_tallies, confirmation_sets, confirmation_stale_from) =
         (select f.tallies, f.sets, f.stale_from from public.confirmation_facts(r.id) as f)
   where r.id = p_restaurant_id
$$;


--
-- Name: find_restaurants(text, text, text, text, text, text, text[], boolean, double precision, double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamp with time zone, boolean, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.find_restaurants(p_query text DEFAULT NULL::text, p_zip text DEFAULT NULL::text, p_city text DEFAULT NULL::text, p_state text DEFAULT NULL::text, p_city_or_state text DEFAULT NULL::text, p_cuisine text DEFAULT NULL::text, p_diets text[] DEFAULT NULL::text[], p_match_all boolean DEFAULT false, p_lat double precision DEFAULT NULL::double precision, p_lng double precision DEFAULT NULL::double precision, p_radius double precision DEFAULT NULL::double precision, p_rings jsonb DEFAULT NULL::jsonb, p_beyond_rings jsonb DEFAULT NULL::jsonb, p_offset integer DEFAULT 0, p_dedicated boolean DEFAULT false, p_kitchen text[] DEFAULT NULL::text[], p_open_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_confirmed boolean DEFAULT false, p_country text DEFAULT NULL::text, p_postal_code text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;


--
-- Name: list_cities(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.list_cities(p_state text, p_offset integer, p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: open_hours_pending(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.open_hours_pending(p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) from (
    select r.id, r.hours_of_operation, r.latitude, r.longitude, r.geo_lat, r.geo_lng
    from public.restaurants as r where r.open_pending
    order by r.id limit least(greatest(coalesce(p_limit, 0), 0), 500)
  ) as p
$$;


--
-- Name: place_key(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.place_key(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
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


--
-- Name: place_spellings(text, text, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.place_spellings(p_key text, p_state text DEFAULT NULL::text, p_min_similarity double precision DEFAULT 0.3) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


--
-- Name: purge_repeat_keys(timestamp with time zone, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_repeat_keys(p_before timestamp with time zone, p_limit integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  update public.submissions set repeat_key = null
   where id in (select id from public.submissions
                 where repeat_key is not null and created_at < p_before
                 order by created_at limit p_limit);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;


--
-- Name: purge_submitter_contacts(timestamp with time zone, timestamp with time zone, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_submitter_contacts(p_decided_before timestamp with time zone, p_client_keys_before timestamp with time zone, p_limit integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_contacts integer;
  v_clients integer;
begin
  update public.submissions set payload = payload - 'submitter_email' - 'submitter_phone'
   where id in (select id from public.submissions
                 where reviewed_at is not null and reviewed_at < p_decided_before
                   and (payload ? 'submitter_email' or payload ? 'submitter_phone')
                 order by reviewed_at limit p_limit);
  get diagnostics v_contacts = row_count;
  update public.submissions set client_key = null
   where id in (select id from public.submissions
                 where client_key is not null and created_at < p_client_keys_before
                 order by created_at limit p_limit);
  get diagnostics v_clients = row_count;
  return v_contacts + v_clients;
end
$$;


--
-- Name: refresh_confirmation_window(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.refresh_confirmation_window(p_limit integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  written integer;
begin
  update public.restaurants as r
     set (confirmation_tallies, confirmation_sets, confirmation_stale_from) =
         (select f.tallies, f.sets, f.stale_from from public.confirmation_facts(r.id) as f)
   where r.id in (
     select s.id from public.restaurants as s
      where s.confirmation_stale_from <= to_char(now() at time zone 'utc', 'YYYY-MM')
      order by s.confirmation_stale_from, s.id
      limit least(greatest(coalesce(p_limit, 0), 0), 1000));
  get diagnostics written = row_count;
  return written;
end
$$;


--
-- Name: restaurant_cities_count_states(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurant_cities_count_states() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


--
-- Name: restaurant_confirmations(bigint, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'tallies', coalesce((
      select jsonb_agg(jsonb_build_array(t.condition, t.outcome, t.n, t.latest))
      from (
        select c.condition, c.outcome, count(*)::integer as n, max(c.visited) as latest
        from public.confirmations as c
        where c.restaurant_id = p_restaurant_id and c.visited >= p_since
        group by c.condition, c.outcome
      ) as t), '[]'::jsonb),
    'confirmations', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.visited desc, c.id desc)
      from (
        select c.id, c.restaurant_id, c.condition, c.visited, c.outcome, c.staff, c.seen, c.ordered, c.note, c.published_at
        from public.confirmations as c
        where c.restaurant_id = p_restaurant_id
        order by c.visited desc, c.id desc
        limit least(greatest(coalesce(p_limit, 0), 0), 50)
      ) as c), '[]'::jsonb))
$$;


--
-- Name: restaurant_position(double precision, double precision, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurant_position(p_latitude double precision, p_longitude double precision, p_zip_code text) RETURNS TABLE(lat double precision, lng double precision)
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select p_latitude, p_longitude
  where p_latitude between -90 and 90 and p_longitude between -180 and 180
  union all
  select z.latitude, z.longitude from public.us_zip_codes as z
  where not coalesce(p_latitude between -90 and 90 and p_longitude between -180 and 180, false)
    and z.zip = substr(trim(p_zip_code), 1, 5)
    and (char_length(trim(p_zip_code)) = 5 or substr(trim(p_zip_code), 6, 1) = '-')
  limit 1
$$;


--
-- Name: restaurants_bump_version(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurants_bump_version() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.version := old.version + 1;
  return new;
end
$$;


--
-- Name: restaurants_count_cities(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurants_count_cities() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.closed_at is null
    and trim(coalesce(old.city, '')) <> '' and (old.country <> 'US' or trim(coalesce(old.state, '')) <> '') then
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
    where state = public.city_state(old.country, old.state) and slug = public.city_slug(old.city);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.closed_at is null
    and trim(coalesce(new.city, '')) <> '' and (new.country <> 'US' or trim(coalesce(new.state, '')) <> '') then
    insert into public.restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
      gluten_free_only, dairy_free_only, vegetarian_only, vegan_only)
    values (public.city_state(new.country, new.state), public.city_slug(new.city), trim(new.city), 1, new.is_gluten_free::integer,
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


--
-- Name: restaurants_only_implies_diet(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurants_only_implies_diet() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.is_gluten_free := new.is_gluten_free or new.gluten_free_only;
  new.is_dairy_free := new.is_dairy_free or new.dairy_free_only;
  new.is_vegetarian := new.is_vegetarian or new.vegetarian_only;
  new.is_vegan := new.is_vegan or new.vegan_only;
  return new;
end
$$;


--
-- Name: restaurants_open_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurants_open_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' and not new.open_pending and new.open_slots is not distinct from old.open_slots and (
    new.hours_of_operation is distinct from old.hours_of_operation or new.latitude is distinct from old.latitude
    or new.longitude is distinct from old.longitude or new.zip_code is distinct from old.zip_code) then
    new.open_pending := true;
    new.open_slots := null;
  end if;
  return new;
end
$$;


--
-- Name: restaurants_set_position(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.restaurants_set_position() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  select p.lat, p.lng into new.geo_lat, new.geo_lng
  from public.restaurant_position(new.latitude, new.longitude, case when new.country = 'US' then new.zip_code end) as p;
  new.geo_band := case when new.geo_lat is null then null else floor((new.geo_lat + 90) * 100)::integer end;
  return new;
end
$$;


--
-- Name: review_counts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_counts() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('kind', c.kind, 'reason', c.reason, 'pending', c.pending)
           order by c.kind, c.reason nulls first), '[]'::jsonb)
    from (select s.kind, s.reason, count(*)::integer as pending from public.submissions as s
           where s.status = 'pending' group by s.kind, s.reason) as c
$$;


--
-- Name: review_decide(bigint, text, text, timestamp with time zone, text, bigint, integer, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_decide(p_id bigint, p_status text, p_reviewer text, p_reviewed_at timestamp with time zone, p_action text, p_restaurant_id bigint, p_version integer, p_columns jsonb, p_changes jsonb) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_columns text[];
  v_restaurant_id bigint := p_restaurant_id;
  v_version integer;
  v_cuisine text;
  v_constraint text;
  v_column text;
begin
  if p_status not in ('approved', 'rejected') or p_action not in ('insert', 'update', 'none') then
    raise exception 'unknown decision' using errcode = '22023';
  end if;
  perform 1 from public.submissions where id = p_id and status = 'pending' for update;
  if not found then
    return 'conflict';
  end if;

  if p_action <> 'none' then
    select coalesce(array_agg(k order by k), '{}') into v_columns from jsonb_object_keys(coalesce(p_columns, '{}')) as k;
    if not v_columns <@ public.review_writable_columns()
      or exists (select 1 from jsonb_array_elements(coalesce(p_changes, '[]'::jsonb)) as c
                  where not (c ->> 'column') = any (public.review_writable_columns())) then
      raise exception 'a decision may not write these columns: %', v_columns using errcode = '22023';
    end if;
    if p_action = 'update' then
      select r.version into v_version from public.restaurants as r where r.id = p_restaurant_id for update;
      if v_version is null or v_version is distinct from p_version then
        return 'stale';
      end if;
    end if;
    begin
      if p_action = 'insert' then
        execute format(
          'insert into public.restaurants (%1$s) select %1$s from jsonb_populate_record(null::public.restaurants, $1) returning id',
          (select string_agg(format('%I', c), ', ') from unnest(v_columns) as c))
          into v_restaurant_id
          using p_columns;
      elsif cardinality(v_columns) > 0 then
        execute format(
          'update public.restaurants as t set %s from jsonb_populate_record(null::public.restaurants, $1) as r where t.id = $2',
          (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_columns) as c))
          using p_columns, p_restaurant_id;
      end if;
    exception when check_violation or not_null_violation or string_data_right_truncation
      or invalid_text_representation or invalid_datetime_format or datetime_field_overflow then
      get stacked diagnostics v_constraint = constraint_name, v_column = column_name;
      return 'refused:' || coalesce(nullif(v_column, ''), nullif(v_constraint, ''), '');
    end;

    insert into public.listing_changes (restaurant_id, submission_id, column_name, old_value, new_value, changed_by, changed_at)
    select v_restaurant_id, p_id, c ->> 'column', c ->> 'old', c ->> 'new', p_reviewer, p_reviewed_at
      from jsonb_array_elements(coalesce(p_changes, '[]'::jsonb)) as c;

    v_cuisine := nullif(btrim(p_columns ->> 'cuisine_type'), '');
    if v_cuisine is not null then
      insert into public.cuisine_types (name) values (v_cuisine) on conflict (name) do nothing;
    end if;
  end if;

  update public.submissions
     set status = p_status, reviewed_at = p_reviewed_at, reviewed_by = p_reviewer
   where id = p_id;
  return 'decided';
end
$_$;


--
-- Name: review_history(bigint, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_history(p_restaurant_id bigint, p_offset integer, p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(h) order by h.id desc), '[]'::jsonb) from (
    select c.id, c.restaurant_id, c.submission_id, c.column_name, c.old_value, c.new_value, c.changed_by, c.changed_at
      from public.listing_changes as c where c.restaurant_id = p_restaurant_id
     order by c.id desc offset greatest(coalesce(p_offset, 0), 0) limit least(greatest(coalesce(p_limit, 100), 1), 100)
  ) as h
$$;


--
-- Name: review_listing(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_listing(p_restaurant_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select public.review_listing_of(r) from public.restaurants as r where r.id = p_restaurant_id
$$;


--
-- Name: sb_fold(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sb_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
    -- ASCII only (one byte per character): nothing to decompose.
    when octet_length(value) = char_length(value) then lower(value)
    else translate(
      lower(normalize(regexp_replace(normalize(value, NFD), '([A-Za-z\u017F])[\u0300-\u036F]+', '\1', 'g'), NFC)),
      'ſςϐϵϑͅϰϖϱϕ',
      'sσβεθικπρφ'
    )
  end
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: restaurants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.restaurants (
    id bigint NOT NULL,
    name text NOT NULL,
    cuisine_type text,
    is_gluten_free boolean DEFAULT false NOT NULL,
    is_dairy_free boolean DEFAULT false NOT NULL,
    is_vegetarian boolean DEFAULT false NOT NULL,
    is_vegan boolean DEFAULT false NOT NULL,
    address text,
    city text,
    state text,
    zip_code text,
    phone_number text,
    email_address text,
    website_url text,
    menu_url text,
    hours_of_operation text,
    description text,
    latitude double precision,
    longitude double precision,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    geo_lat double precision,
    geo_lng double precision,
    geo_band integer,
    name_folded text GENERATED ALWAYS AS (public.sb_fold(name)) STORED,
    cuisine_folded text GENERATED ALWAYS AS (public.sb_fold(cuisine_type)) STORED,
    city_folded text GENERATED ALWAYS AS (public.sb_fold(city)) STORED,
    state_folded text GENERATED ALWAYS AS (public.sb_fold(state)) STORED,
    gluten_free_only boolean DEFAULT false NOT NULL,
    dairy_free_only boolean DEFAULT false NOT NULL,
    vegetarian_only boolean DEFAULT false NOT NULL,
    vegan_only boolean DEFAULT false NOT NULL,
    gf_dedicated_fryer boolean,
    gf_separate_prep boolean,
    gf_trained_staff boolean,
    verified_at date,
    closed_at date,
    trust_tags text[] GENERATED ALWAYS AS (array_remove(ARRAY[
CASE
    WHEN gluten_free_only THEN 'only:gluten-free'::text
    ELSE NULL::text
END,
CASE
    WHEN dairy_free_only THEN 'only:dairy-free'::text
    ELSE NULL::text
END,
CASE
    WHEN vegetarian_only THEN 'only:vegetarian'::text
    ELSE NULL::text
END,
CASE
    WHEN vegan_only THEN 'only:vegan'::text
    ELSE NULL::text
END,
CASE
    WHEN (gf_dedicated_fryer OR gluten_free_only) THEN 'kitchen:dedicated-fryer'::text
    ELSE NULL::text
END,
CASE
    WHEN (gf_separate_prep OR gluten_free_only) THEN 'kitchen:separate-prep'::text
    ELSE NULL::text
END,
CASE
    WHEN gf_trained_staff THEN 'kitchen:trained-staff'::text
    ELSE NULL::text
END], NULL::text)) STORED,
    open_slots integer[],
    open_zone text,
    open_pending boolean DEFAULT true NOT NULL,
    verified_how text,
    version integer DEFAULT 1 NOT NULL,
    confirmation_tallies jsonb,
    confirmation_sets integer[],
    confirmation_stale_from text,
    country text DEFAULT 'US'::text NOT NULL,
    CONSTRAINT restaurants_country_check CHECK ((country ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT restaurants_menu_url_rule CHECK (((menu_url IS NULL) OR ((((lower("left"(menu_url, 7)) = 'http://'::text) AND (substr(menu_url, 8, 1) <> ALL (ARRAY[''::text, '/'::text, '\'::text, '?'::text, '#'::text, '@'::text, ':'::text]))) OR ((lower("left"(menu_url, 8)) = 'https://'::text) AND (substr(menu_url, 9, 1) <> ALL (ARRAY[''::text, '/'::text, '\'::text, '?'::text, '#'::text, '@'::text, ':'::text])))) AND (menu_url !~ '[\x01-\x20\x7f]'::text)))),
    CONSTRAINT restaurants_verified_how_known CHECK ((verified_how = ANY (ARRAY['phone'::text, 'visit'::text, 'owner'::text, 'menu'::text]))),
    CONSTRAINT restaurants_website_url_rule CHECK (((website_url IS NULL) OR ((((lower("left"(website_url, 7)) = 'http://'::text) AND (substr(website_url, 8, 1) <> ALL (ARRAY[''::text, '/'::text, '\'::text, '?'::text, '#'::text, '@'::text, ':'::text]))) OR ((lower("left"(website_url, 8)) = 'https://'::text) AND (substr(website_url, 9, 1) <> ALL (ARRAY[''::text, '/'::text, '\'::text, '?'::text, '#'::text, '@'::text, ':'::text])))) AND (website_url !~ '[\x01-\x20\x7f]'::text))))
);


--
-- Name: review_listing_of(public.restaurants); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_listing_of(p_restaurant public.restaurants) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_object_agg(e.key, e.value) from jsonb_each(to_jsonb(p_restaurant)) as e
   where e.key in ('id', 'version') or e.key = any (public.review_writable_columns())
$$;


--
-- Name: review_publish_confirmations(jsonb, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_publish_confirmations(p_items jsonb, p_reviewer text, p_reviewed_at timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_item jsonb;
  v_restaurant bigint;
  v_published bigint[] := '{}';
begin
  if jsonb_typeof(coalesce(p_items, '[]'::jsonb)) <> 'array' or jsonb_array_length(coalesce(p_items, '[]'::jsonb)) > 100 then
    raise exception 'at most 100 confirmations at once' using errcode = '22023';
  end if;
  for v_item in select value from jsonb_array_elements(coalesce(p_items, '[]'::jsonb)) order by (value ->> 'id')::bigint loop
    select s.restaurant_id into v_restaurant from public.submissions as s
     where s.id = (v_item ->> 'id')::bigint and s.status = 'pending' and s.kind = 'confirmation'
     for update;
    continue when not found;
    insert into public.confirmations (restaurant_id, submission_id, condition, visited, outcome, staff, seen, ordered, note, published_at)
    values (v_restaurant, (v_item ->> 'id')::bigint, v_item ->> 'condition', v_item ->> 'visited', v_item ->> 'outcome',
      v_item ->> 'staff', coalesce(array(select jsonb_array_elements_text(v_item -> 'seen')), '{}'),
      v_item ->> 'ordered', v_item ->> 'note', p_reviewed_at);
    update public.submissions
       set status = 'approved', reviewed_at = p_reviewed_at, reviewed_by = p_reviewer
     where id = (v_item ->> 'id')::bigint;
    v_published := array_append(v_published, (v_item ->> 'id')::bigint);
  end loop;
  return to_jsonb(v_published);
end
$$;


--
-- Name: review_queue(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_queue(p_kind text, p_offset integer, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 50);
  v_ids bigint[];
begin
  if p_kind is null then
    select array_agg(page.id order by page.urgent desc, page.created_at, page.id) into v_ids from (
      select s.id, s.urgent, s.created_at from public.submissions as s where s.status = 'pending'
       order by s.urgent desc, s.created_at, s.id offset v_offset limit v_limit) as page;
  else
    select array_agg(page.id order by page.urgent desc, page.created_at, page.id) into v_ids from (
      select s.id, s.urgent, s.created_at from public.submissions as s where s.status = 'pending' and s.kind = p_kind
       order by s.urgent desc, s.created_at, s.id offset v_offset limit v_limit) as page;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', s.id, 'kind', s.kind, 'restaurant_id', s.restaurant_id,
             'reason', s.reason, 'payload', s.payload, 'status', s.status, 'created_at', s.created_at,
             'reviewed_at', s.reviewed_at, 'reviewed_by', s.reviewed_by, 'urgent', s.urgent,
             'restaurant', case when r.id is null then null else public.review_listing_of(r) end)
           order by page.ord)
      from unnest(v_ids) with ordinality as page (id, ord)
      join public.submissions as s on s.id = page.id
      left join public.restaurants as r on r.id = s.restaurant_id), '[]'::jsonb);
end
$$;


--
-- Name: review_submission(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_submission(p_id bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', s.id, 'kind', s.kind, 'restaurant_id', s.restaurant_id, 'reason', s.reason,
           'payload', s.payload, 'status', s.status, 'created_at', s.created_at,
           'reviewed_at', s.reviewed_at, 'reviewed_by', s.reviewed_by)
    from public.submissions s where s.id = p_id
$$;


--
-- Name: review_submissions(bigint[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_submissions(p_ids bigint[]) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'kind', s.kind, 'restaurant_id', s.restaurant_id,
           'reason', s.reason, 'payload', s.payload, 'status', s.status, 'created_at', s.created_at,
           'reviewed_at', s.reviewed_at, 'reviewed_by', s.reviewed_by) order by s.id), '[]'::jsonb)
    from public.submissions as s
   where s.id = any (p_ids[1:100])
$$;


--
-- Name: review_writable_columns(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.review_writable_columns() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['name', 'cuisine_type', 'address', 'city', 'state', 'zip_code', 'phone_number', 'email_address',
    'website_url', 'menu_url', 'hours_of_operation', 'description', 'is_gluten_free', 'is_dairy_free',
    'is_vegetarian', 'is_vegan', 'gluten_free_only', 'dairy_free_only', 'vegetarian_only', 'vegan_only',
    'gf_dedicated_fryer', 'gf_separate_prep', 'gf_trained_staff', 'verified_at', 'closed_at', 'verified_how',
    'country']
$$;


--
-- Name: sb_contains_pattern(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sb_contains_pattern(term text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select '%' || replace(replace(replace(public.sb_fold(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;


--
-- Name: set_open_hours(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.set_open_hours(p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  written integer := 0;
  changed integer;
  item jsonb;
  zone_id integer;
begin
  for item in select value from jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) loop
    -- A zone already numbered, or one Postgres knows (find_restaurants computes local times
    -- with them), numbered now; any other: no zone.
    select z.id into zone_id from public.hours_zones as z where z.name = item ->> 'zone';
    if zone_id is null and exists (select 1 from pg_catalog.pg_timezone_names as t where t.name = item ->> 'zone') then
      insert into public.hours_zones (name) values (item ->> 'zone') on conflict (name) do nothing;
      select z.id into zone_id from public.hours_zones as z where z.name = item ->> 'zone';
    end if;
    update public.restaurants as r set
      open_slots = case when zone_id is null then '{}'::integer[] else array(
        select zone_id * 10920 + s.value::integer from jsonb_array_elements_text(item -> 'slots') as s
        where s.value::integer between 0 and 10919) end,
      open_zone = item ->> 'zone',
      open_pending = false
    where r.id = (item ->> 'id')::bigint
      and r.hours_of_operation is not distinct from item ->> 'hours_of_operation'
      and r.latitude is not distinct from (item ->> 'latitude')::double precision
      and r.longitude is not distinct from (item ->> 'longitude')::double precision
      and r.geo_lat is not distinct from (item ->> 'geo_lat')::double precision
      and r.geo_lng is not distinct from (item ->> 'geo_lng')::double precision;
    get diagnostics changed = row_count;
    written := written + changed;
  end loop;
  return written;
end
$$;


--
-- Name: sitemap_outline(integer, integer, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: sitemap_restaurant_ids(bigint, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sitemap_restaurant_ids(p_from bigint, p_to bigint) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(r.id order by r.id), '[]'::jsonb)
  from (
    select id from public.restaurants where id between p_from and p_to and closed_at is null order by id limit 50000
  ) as r
$$;


--
-- Name: top_cities(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.top_cities(p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: world_place_spellings(text, text, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.world_place_spellings(p_key text, p_country text DEFAULT NULL::text, p_min_similarity double precision DEFAULT 0.3) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


--
-- Name: confirmations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.confirmations (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    submission_id bigint,
    condition text NOT NULL,
    visited text NOT NULL,
    outcome text NOT NULL,
    staff text,
    seen text[] DEFAULT '{}'::text[] NOT NULL,
    ordered text,
    note text,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT confirmations_condition_check CHECK ((condition = ANY (ARRAY['celiac'::text, 'gluten-sensitive'::text, 'wheat-allergy'::text, 'dairy-allergy'::text, 'lactose-intolerant'::text, 'vegan'::text, 'vegetarian'::text]))),
    CONSTRAINT confirmations_note_check CHECK (((note IS NULL) OR (char_length(note) <= 1000))),
    CONSTRAINT confirmations_ordered_check CHECK (((ordered IS NULL) OR (char_length(ordered) <= 140))),
    CONSTRAINT confirmations_outcome_check CHECK ((outcome = ANY (ARRAY['ate-safely'::text, 'reacted'::text, 'could-not-order'::text]))),
    CONSTRAINT confirmations_seen_check CHECK ((seen <@ ARRAY['dedicated-fryer'::text, 'separate-prep'::text, 'gf-menu'::text, 'asked-about-allergies'::text])),
    CONSTRAINT confirmations_staff_check CHECK (((staff IS NULL) OR (staff = ANY (ARRAY['knowledgeable'::text, 'unsure'::text, 'not-knowledgeable'::text])))),
    CONSTRAINT confirmations_visited_check CHECK ((visited ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'::text))
);


--
-- Name: confirmations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.confirmations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.confirmations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: cuisine_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cuisine_types (
    id bigint NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C"
);


--
-- Name: cuisine_types_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.cuisine_types ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.cuisine_types_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: hours_zones; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hours_zones (
    id integer NOT NULL,
    name text NOT NULL
);


--
-- Name: hours_zones_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.hours_zones ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.hours_zones_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: listing_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.listing_changes (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    submission_id bigint,
    column_name text NOT NULL,
    old_value text,
    new_value text,
    changed_by text NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: listing_changes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.listing_changes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.listing_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: restaurant_cities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.restaurant_cities (
    state text NOT NULL,
    slug text NOT NULL,
    city text NOT NULL,
    restaurants integer DEFAULT 0 NOT NULL,
    gluten_free integer DEFAULT 0 NOT NULL,
    dairy_free integer DEFAULT 0 NOT NULL,
    vegetarian integer DEFAULT 0 NOT NULL,
    vegan integer DEFAULT 0 NOT NULL,
    gluten_free_only integer DEFAULT 0 NOT NULL,
    dairy_free_only integer DEFAULT 0 NOT NULL,
    vegetarian_only integer DEFAULT 0 NOT NULL,
    vegan_only integer DEFAULT 0 NOT NULL,
    place_key text GENERATED ALWAYS AS (public.place_key(city)) STORED
);


--
-- Name: restaurant_photos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.restaurant_photos (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    url text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_photos_url_safe CHECK (((lower("left"(url, 7)) = 'http://'::text) OR (lower("left"(url, 8)) = 'https://'::text) OR (("left"(url, 1) = '/'::text) AND (substr(url, 2, 1) <> ALL (ARRAY['/'::text, '\'::text])))))
);


--
-- Name: restaurant_photos_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.restaurant_photos ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.restaurant_photos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: restaurant_states; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.restaurant_states (
    state text NOT NULL,
    restaurants integer DEFAULT 0 NOT NULL
);


--
-- Name: restaurants_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.restaurants ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.restaurants_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: submissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.submissions (
    id bigint NOT NULL,
    kind text NOT NULL,
    restaurant_id bigint,
    reason text,
    payload jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reviewed_at timestamp with time zone,
    reviewed_by text,
    dedup_key text,
    client_key text,
    urgent boolean GENERATED ALWAYS AS (COALESCE((((kind = 'report'::text) AND (reason = ANY (ARRAY['diet'::text, 'closed'::text]))) OR ((kind = 'confirmation'::text) AND ((payload ->> 'outcome'::text) = ANY (ARRAY['reacted'::text, 'could-not-order'::text])))), false)) STORED NOT NULL,
    repeat_key text,
    CONSTRAINT submissions_check1 CHECK (((status = 'pending'::text) = (reviewed_at IS NULL))),
    CONSTRAINT submissions_kind_check CHECK ((kind = ANY (ARRAY['restaurant'::text, 'report'::text, 'confirmation'::text]))),
    CONSTRAINT submissions_payload_check CHECK ((jsonb_typeof(payload) = 'object'::text)),
    CONSTRAINT submissions_reason_check CHECK (((reason IS NULL) OR (reason = ANY (ARRAY['closed'::text, 'hours'::text, 'diet'::text, 'contact'::text, 'confirm'::text, 'other'::text])))),
    CONSTRAINT submissions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text]))),
    CONSTRAINT submissions_target_check CHECK ((((kind = 'restaurant'::text) AND (restaurant_id IS NULL) AND (reason IS NULL)) OR ((kind = 'report'::text) AND (restaurant_id IS NOT NULL) AND (reason IS NOT NULL)) OR ((kind = 'confirmation'::text) AND (restaurant_id IS NOT NULL) AND (reason IS NULL))))
);


--
-- Name: submissions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.submissions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.submissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: confirmations confirmations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.confirmations
    ADD CONSTRAINT confirmations_pkey PRIMARY KEY (id);


--
-- Name: cuisine_types cuisine_types_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cuisine_types
    ADD CONSTRAINT cuisine_types_name_key UNIQUE (name);


--
-- Name: cuisine_types cuisine_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cuisine_types
    ADD CONSTRAINT cuisine_types_pkey PRIMARY KEY (id);


--
-- Name: hours_zones hours_zones_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hours_zones
    ADD CONSTRAINT hours_zones_name_key UNIQUE (name);


--
-- Name: hours_zones hours_zones_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hours_zones
    ADD CONSTRAINT hours_zones_pkey PRIMARY KEY (id);


--
-- Name: listing_changes listing_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listing_changes
    ADD CONSTRAINT listing_changes_pkey PRIMARY KEY (id);


--
-- Name: restaurant_cities restaurant_cities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_cities
    ADD CONSTRAINT restaurant_cities_pkey PRIMARY KEY (state, slug);


--
-- Name: restaurant_photos restaurant_photos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_photos
    ADD CONSTRAINT restaurant_photos_pkey PRIMARY KEY (id);


--
-- Name: restaurant_states restaurant_states_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_states
    ADD CONSTRAINT restaurant_states_pkey PRIMARY KEY (state);


--
-- Name: restaurants restaurants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_pkey PRIMARY KEY (id);


--
-- Name: submissions submissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_pkey PRIMARY KEY (id);


--
-- Name: confirmations_restaurant_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX confirmations_restaurant_idx ON public.confirmations USING btree (restaurant_id, visited, id);


--
-- Name: confirmations_submission_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX confirmations_submission_idx ON public.confirmations USING btree (submission_id) WHERE (submission_id IS NOT NULL);


--
-- Name: listing_changes_restaurant_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX listing_changes_restaurant_idx ON public.listing_changes USING btree (restaurant_id, id);


--
-- Name: restaurant_cities_count_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_cities_count_idx ON public.restaurant_cities USING btree (state, restaurants);


--
-- Name: restaurant_cities_listed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_cities_listed_idx ON public.restaurant_cities USING btree (state, slug COLLATE "C") WHERE (restaurants > 0);


--
-- Name: restaurant_cities_place_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_cities_place_key_idx ON public.restaurant_cities USING btree (place_key, state) INCLUDE (restaurants);


--
-- Name: restaurant_cities_place_key_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_cities_place_key_trgm_idx ON public.restaurant_cities USING gin (place_key extensions.gin_trgm_ops);


--
-- Name: restaurant_cities_top_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_cities_top_idx ON public.restaurant_cities USING btree (restaurants DESC, state COLLATE "C", slug COLLATE "C") WHERE (restaurants > 0);


--
-- Name: restaurant_photos_restaurant_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_photos_restaurant_idx ON public.restaurant_photos USING btree (restaurant_id, created_at DESC, id DESC);


--
-- Name: restaurants_city_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_city_trgm_idx ON public.restaurants USING gin (city_folded extensions.gin_trgm_ops);


--
-- Name: restaurants_confirmation_sets_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_confirmation_sets_idx ON public.restaurants USING gin (confirmation_sets);


--
-- Name: restaurants_confirmation_stale_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_confirmation_stale_idx ON public.restaurants USING btree (confirmation_stale_from) WHERE (confirmation_stale_from IS NOT NULL);


--
-- Name: restaurants_country_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_country_name_idx ON public.restaurants USING btree (country, translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'::text, 'abcdefghijklmnopqrstuvwxyz'::text) COLLATE "C", id) WHERE (closed_at IS NULL);


--
-- Name: restaurants_country_zip_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_country_zip_idx ON public.restaurants USING btree (country, zip_code) WHERE (closed_at IS NULL);


--
-- Name: restaurants_cuisine_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_cuisine_trgm_idx ON public.restaurants USING gin (cuisine_folded extensions.gin_trgm_ops);


--
-- Name: restaurants_cuisine_type_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_cuisine_type_idx ON public.restaurants USING btree (cuisine_type);


--
-- Name: restaurants_geo_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_geo_idx ON public.restaurants USING btree (geo_band, geo_lng, geo_lat) WHERE (geo_band IS NOT NULL);


--
-- Name: restaurants_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_name_trgm_idx ON public.restaurants USING gin (name_folded extensions.gin_trgm_ops);


--
-- Name: restaurants_open_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_open_pending_idx ON public.restaurants USING btree (id) WHERE open_pending;


--
-- Name: restaurants_open_slots_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_open_slots_idx ON public.restaurants USING gin (open_slots);


--
-- Name: restaurants_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_sort_idx ON public.restaurants USING btree (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'::text, 'abcdefghijklmnopqrstuvwxyz'::text) COLLATE "C", id);


--
-- Name: restaurants_state_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_state_trgm_idx ON public.restaurants USING gin (state_folded extensions.gin_trgm_ops);


--
-- Name: restaurants_trust_tags_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_trust_tags_idx ON public.restaurants USING gin (trust_tags);


--
-- Name: restaurants_zip_code_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurants_zip_code_idx ON public.restaurants USING btree (zip_code);


--
-- Name: submissions_client_age_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_client_age_idx ON public.submissions USING btree (created_at) WHERE (client_key IS NOT NULL);


--
-- Name: submissions_client_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_client_idx ON public.submissions USING btree (client_key, created_at) WHERE (client_key IS NOT NULL);


--
-- Name: submissions_contact_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_contact_idx ON public.submissions USING btree (reviewed_at) WHERE ((reviewed_at IS NOT NULL) AND ((payload ? 'submitter_email'::text) OR (payload ? 'submitter_phone'::text)));


--
-- Name: submissions_dedup_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_dedup_idx ON public.submissions USING btree (dedup_key, created_at) WHERE (dedup_key IS NOT NULL);


--
-- Name: submissions_pending_count_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_pending_count_idx ON public.submissions USING btree (kind, reason) WHERE (status = 'pending'::text);


--
-- Name: submissions_queue_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_queue_idx ON public.submissions USING btree (urgent DESC, created_at, id) WHERE (status = 'pending'::text);


--
-- Name: submissions_queue_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_queue_kind_idx ON public.submissions USING btree (kind, urgent DESC, created_at, id) WHERE (status = 'pending'::text);


--
-- Name: submissions_repeat_age_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_repeat_age_idx ON public.submissions USING btree (created_at) WHERE (repeat_key IS NOT NULL);


--
-- Name: submissions_repeat_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX submissions_repeat_idx ON public.submissions USING btree (repeat_key, created_at) WHERE (repeat_key IS NOT NULL);


--
-- Name: confirmations confirmations_derive; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER confirmations_derive AFTER INSERT OR DELETE OR UPDATE OF restaurant_id, condition, visited, outcome ON public.confirmations FOR EACH ROW EXECUTE FUNCTION public.confirmations_derive();


--
-- Name: restaurant_cities restaurant_cities_count_states; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurant_cities_count_states AFTER INSERT OR DELETE OR UPDATE OF state, restaurants ON public.restaurant_cities FOR EACH ROW EXECUTE FUNCTION public.restaurant_cities_count_states();


--
-- Name: restaurants restaurants_count_cities; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurants_count_cities AFTER INSERT OR DELETE OR UPDATE OF city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at ON public.restaurants FOR EACH ROW EXECUTE FUNCTION public.restaurants_count_cities();


--
-- Name: restaurants restaurants_only_implies_diet; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurants_only_implies_diet BEFORE INSERT OR UPDATE ON public.restaurants FOR EACH ROW EXECUTE FUNCTION public.restaurants_only_implies_diet();


--
-- Name: restaurants restaurants_open_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurants_open_changed BEFORE UPDATE OF hours_of_operation, latitude, longitude, zip_code ON public.restaurants FOR EACH ROW EXECUTE FUNCTION public.restaurants_open_changed();


--
-- Name: restaurants restaurants_set_position; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurants_set_position BEFORE INSERT OR UPDATE OF latitude, longitude, zip_code, country ON public.restaurants FOR EACH ROW EXECUTE FUNCTION public.restaurants_set_position();


--
-- Name: restaurants restaurants_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurants_version BEFORE UPDATE ON public.restaurants FOR EACH ROW WHEN (((((((((((((((((((((((((((((((old.name IS DISTINCT FROM new.name) OR (old.cuisine_type IS DISTINCT FROM new.cuisine_type)) OR (old.is_gluten_free IS DISTINCT FROM new.is_gluten_free)) OR (old.is_dairy_free IS DISTINCT FROM new.is_dairy_free)) OR (old.is_vegetarian IS DISTINCT FROM new.is_vegetarian)) OR (old.is_vegan IS DISTINCT FROM new.is_vegan)) OR (old.address IS DISTINCT FROM new.address)) OR (old.city IS DISTINCT FROM new.city)) OR (old.state IS DISTINCT FROM new.state)) OR (old.zip_code IS DISTINCT FROM new.zip_code)) OR (old.phone_number IS DISTINCT FROM new.phone_number)) OR (old.email_address IS DISTINCT FROM new.email_address)) OR (old.website_url IS DISTINCT FROM new.website_url)) OR (old.menu_url IS DISTINCT FROM new.menu_url)) OR (old.hours_of_operation IS DISTINCT FROM new.hours_of_operation)) OR (old.description IS DISTINCT FROM new.description)) OR (old.latitude IS DISTINCT FROM new.latitude)) OR (old.longitude IS DISTINCT FROM new.longitude)) OR (old.created_at IS DISTINCT FROM new.created_at)) OR (old.gluten_free_only IS DISTINCT FROM new.gluten_free_only)) OR (old.dairy_free_only IS DISTINCT FROM new.dairy_free_only)) OR (old.vegetarian_only IS DISTINCT FROM new.vegetarian_only)) OR (old.vegan_only IS DISTINCT FROM new.vegan_only)) OR (old.gf_dedicated_fryer IS DISTINCT FROM new.gf_dedicated_fryer)) OR (old.gf_separate_prep IS DISTINCT FROM new.gf_separate_prep)) OR (old.gf_trained_staff IS DISTINCT FROM new.gf_trained_staff)) OR (old.verified_at IS DISTINCT FROM new.verified_at)) OR (old.closed_at IS DISTINCT FROM new.closed_at)) OR (old.verified_how IS DISTINCT FROM new.verified_how)) OR (old.country IS DISTINCT FROM new.country))) EXECUTE FUNCTION public.restaurants_bump_version();


--
-- Name: submissions submissions_before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER submissions_before_insert BEFORE INSERT ON public.submissions FOR EACH ROW EXECUTE FUNCTION private.submissions_before_insert();


--
-- Name: confirmations confirmations_restaurant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.confirmations
    ADD CONSTRAINT confirmations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE;


--
-- Name: confirmations confirmations_submission_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.confirmations
    ADD CONSTRAINT confirmations_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE SET NULL;


--
-- Name: listing_changes listing_changes_restaurant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listing_changes
    ADD CONSTRAINT listing_changes_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE;


--
-- Name: listing_changes listing_changes_submission_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.listing_changes
    ADD CONSTRAINT listing_changes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE SET NULL;


--
-- Name: restaurant_photos restaurant_photos_restaurant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_photos
    ADD CONSTRAINT restaurant_photos_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE;


--
-- Name: submissions submissions_restaurant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE;


--
-- Name: cuisine_types Cuisine types are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Cuisine types are readable by everyone" ON public.cuisine_types FOR SELECT TO anon, authenticated USING (true);


--
-- Name: confirmations Published confirmations are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Published confirmations are readable by everyone" ON public.confirmations FOR SELECT TO anon, authenticated USING (true);


--
-- Name: restaurant_cities Restaurant cities are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Restaurant cities are readable by everyone" ON public.restaurant_cities FOR SELECT TO anon, authenticated USING (true);


--
-- Name: restaurant_photos Restaurant photos are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Restaurant photos are readable by everyone" ON public.restaurant_photos FOR SELECT TO anon, authenticated USING (true);


--
-- Name: restaurant_states Restaurant states are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Restaurant states are readable by everyone" ON public.restaurant_states FOR SELECT TO anon, authenticated USING (true);


--
-- Name: restaurants Restaurants are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Restaurants are readable by everyone" ON public.restaurants FOR SELECT TO anon, authenticated USING (true);


--
-- Name: hours_zones Time zones are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Time zones are readable by everyone" ON public.hours_zones FOR SELECT USING (true);


--
-- Name: submissions Visitors add submissions; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors add submissions" ON public.submissions FOR INSERT TO anon, authenticated WITH CHECK (((status = 'pending'::text) AND (reviewed_at IS NULL) AND (reviewed_by IS NULL)));


--
-- Name: confirmations; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.confirmations ENABLE ROW LEVEL SECURITY;

--
-- Name: cuisine_types; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.cuisine_types ENABLE ROW LEVEL SECURITY;

--
-- Name: hours_zones; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.hours_zones ENABLE ROW LEVEL SECURITY;

--
-- Name: listing_changes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.listing_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: restaurant_cities; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.restaurant_cities ENABLE ROW LEVEL SECURITY;

--
-- Name: restaurant_photos; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.restaurant_photos ENABLE ROW LEVEL SECURITY;

--
-- Name: restaurant_states; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.restaurant_states ENABLE ROW LEVEL SECURITY;

--
-- Name: restaurants; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.restaurants ENABLE ROW LEVEL SECURITY;

--
-- Name: submissions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.submissions ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION submissions_before_insert(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.submissions_before_insert() FROM PUBLIC;


--
-- Name: FUNCTION city_slug(p_city text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.city_slug(p_city text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.city_slug(p_city text) TO service_role;
GRANT ALL ON FUNCTION public.city_slug(p_city text) TO anon;
GRANT ALL ON FUNCTION public.city_slug(p_city text) TO authenticated;


--
-- Name: FUNCTION city_state(p_country text, p_state text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.city_state(p_country text, p_state text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.city_state(p_country text, p_state text) TO service_role;


--
-- Name: FUNCTION confirmation_facts(p_restaurant_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.confirmation_facts(p_restaurant_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirmation_facts(p_restaurant_id bigint) TO service_role;


--
-- Name: FUNCTION confirmations_derive(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.confirmations_derive() FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirmations_derive() TO service_role;


--
-- Name: FUNCTION derive_confirmations(p_restaurant_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.derive_confirmations(p_restaurant_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.derive_confirmations(p_restaurant_id bigint) TO service_role;


--
-- Name: FUNCTION find_restaurants(p_query text, p_zip text, p_city text, p_state text, p_city_or_state text, p_cuisine text, p_diets text[], p_match_all boolean, p_lat double precision, p_lng double precision, p_radius double precision, p_rings jsonb, p_beyond_rings jsonb, p_offset integer, p_dedicated boolean, p_kitchen text[], p_open_at timestamp with time zone, p_confirmed boolean, p_country text, p_postal_code text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.find_restaurants(p_query text, p_zip text, p_city text, p_state text, p_city_or_state text, p_cuisine text, p_diets text[], p_match_all boolean, p_lat double precision, p_lng double precision, p_radius double precision, p_rings jsonb, p_beyond_rings jsonb, p_offset integer, p_dedicated boolean, p_kitchen text[], p_open_at timestamp with time zone, p_confirmed boolean, p_country text, p_postal_code text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.find_restaurants(p_query text, p_zip text, p_city text, p_state text, p_city_or_state text, p_cuisine text, p_diets text[], p_match_all boolean, p_lat double precision, p_lng double precision, p_radius double precision, p_rings jsonb, p_beyond_rings jsonb, p_offset integer, p_dedicated boolean, p_kitchen text[], p_open_at timestamp with time zone, p_confirmed boolean, p_country text, p_postal_code text) TO service_role;
GRANT ALL ON FUNCTION public.find_restaurants(p_query text, p_zip text, p_city text, p_state text, p_city_or_state text, p_cuisine text, p_diets text[], p_match_all boolean, p_lat double precision, p_lng double precision, p_radius double precision, p_rings jsonb, p_beyond_rings jsonb, p_offset integer, p_dedicated boolean, p_kitchen text[], p_open_at timestamp with time zone, p_confirmed boolean, p_country text, p_postal_code text) TO anon;
GRANT ALL ON FUNCTION public.find_restaurants(p_query text, p_zip text, p_city text, p_state text, p_city_or_state text, p_cuisine text, p_diets text[], p_match_all boolean, p_lat double precision, p_lng double precision, p_radius double precision, p_rings jsonb, p_beyond_rings jsonb, p_offset integer, p_dedicated boolean, p_kitchen text[], p_open_at timestamp with time zone, p_confirmed boolean, p_country text, p_postal_code text) TO authenticated;


--
-- Name: FUNCTION list_cities(p_state text, p_offset integer, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.list_cities(p_state text, p_offset integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_cities(p_state text, p_offset integer, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.list_cities(p_state text, p_offset integer, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.list_cities(p_state text, p_offset integer, p_limit integer) TO authenticated;


--
-- Name: FUNCTION open_hours_pending(p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.open_hours_pending(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.open_hours_pending(p_limit integer) TO service_role;


--
-- Name: FUNCTION place_key(p_name text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.place_key(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.place_key(p_name text) TO service_role;
GRANT ALL ON FUNCTION public.place_key(p_name text) TO anon;
GRANT ALL ON FUNCTION public.place_key(p_name text) TO authenticated;


--
-- Name: FUNCTION place_spellings(p_key text, p_state text, p_min_similarity double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.place_spellings(p_key text, p_state text, p_min_similarity double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.place_spellings(p_key text, p_state text, p_min_similarity double precision) TO service_role;
GRANT ALL ON FUNCTION public.place_spellings(p_key text, p_state text, p_min_similarity double precision) TO anon;
GRANT ALL ON FUNCTION public.place_spellings(p_key text, p_state text, p_min_similarity double precision) TO authenticated;


--
-- Name: FUNCTION purge_repeat_keys(p_before timestamp with time zone, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_repeat_keys(p_before timestamp with time zone, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_repeat_keys(p_before timestamp with time zone, p_limit integer) TO service_role;


--
-- Name: FUNCTION purge_submitter_contacts(p_decided_before timestamp with time zone, p_client_keys_before timestamp with time zone, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_submitter_contacts(p_decided_before timestamp with time zone, p_client_keys_before timestamp with time zone, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_submitter_contacts(p_decided_before timestamp with time zone, p_client_keys_before timestamp with time zone, p_limit integer) TO service_role;


--
-- Name: FUNCTION refresh_confirmation_window(p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.refresh_confirmation_window(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.refresh_confirmation_window(p_limit integer) TO service_role;


--
-- Name: FUNCTION restaurant_cities_count_states(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurant_cities_count_states() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurant_cities_count_states() TO service_role;


--
-- Name: FUNCTION restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer) TO authenticated;


--
-- Name: FUNCTION restaurant_position(p_latitude double precision, p_longitude double precision, p_zip_code text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurant_position(p_latitude double precision, p_longitude double precision, p_zip_code text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurant_position(p_latitude double precision, p_longitude double precision, p_zip_code text) TO service_role;


--
-- Name: FUNCTION restaurants_bump_version(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurants_bump_version() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurants_bump_version() TO service_role;


--
-- Name: FUNCTION restaurants_count_cities(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurants_count_cities() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurants_count_cities() TO service_role;


--
-- Name: FUNCTION restaurants_only_implies_diet(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurants_only_implies_diet() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurants_only_implies_diet() TO service_role;


--
-- Name: FUNCTION restaurants_open_changed(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurants_open_changed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurants_open_changed() TO service_role;


--
-- Name: FUNCTION restaurants_set_position(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.restaurants_set_position() FROM PUBLIC;
GRANT ALL ON FUNCTION public.restaurants_set_position() TO service_role;


--
-- Name: FUNCTION review_counts(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_counts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_counts() TO service_role;


--
-- Name: FUNCTION review_decide(p_id bigint, p_status text, p_reviewer text, p_reviewed_at timestamp with time zone, p_action text, p_restaurant_id bigint, p_version integer, p_columns jsonb, p_changes jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_decide(p_id bigint, p_status text, p_reviewer text, p_reviewed_at timestamp with time zone, p_action text, p_restaurant_id bigint, p_version integer, p_columns jsonb, p_changes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_decide(p_id bigint, p_status text, p_reviewer text, p_reviewed_at timestamp with time zone, p_action text, p_restaurant_id bigint, p_version integer, p_columns jsonb, p_changes jsonb) TO service_role;


--
-- Name: FUNCTION review_history(p_restaurant_id bigint, p_offset integer, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_history(p_restaurant_id bigint, p_offset integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_history(p_restaurant_id bigint, p_offset integer, p_limit integer) TO service_role;


--
-- Name: FUNCTION review_listing(p_restaurant_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_listing(p_restaurant_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_listing(p_restaurant_id bigint) TO service_role;


--
-- Name: FUNCTION sb_fold(value text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sb_fold(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sb_fold(value text) TO service_role;
GRANT ALL ON FUNCTION public.sb_fold(value text) TO anon;
GRANT ALL ON FUNCTION public.sb_fold(value text) TO authenticated;


--
-- Name: TABLE restaurants; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.restaurants TO service_role;
GRANT SELECT ON TABLE public.restaurants TO anon;
GRANT SELECT ON TABLE public.restaurants TO authenticated;


--
-- Name: FUNCTION review_listing_of(p_restaurant public.restaurants); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_listing_of(p_restaurant public.restaurants) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_listing_of(p_restaurant public.restaurants) TO service_role;


--
-- Name: FUNCTION review_publish_confirmations(p_items jsonb, p_reviewer text, p_reviewed_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_publish_confirmations(p_items jsonb, p_reviewer text, p_reviewed_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_publish_confirmations(p_items jsonb, p_reviewer text, p_reviewed_at timestamp with time zone) TO service_role;


--
-- Name: FUNCTION review_queue(p_kind text, p_offset integer, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_queue(p_kind text, p_offset integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_queue(p_kind text, p_offset integer, p_limit integer) TO service_role;


--
-- Name: FUNCTION review_submission(p_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_submission(p_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_submission(p_id bigint) TO service_role;


--
-- Name: FUNCTION review_submissions(p_ids bigint[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_submissions(p_ids bigint[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_submissions(p_ids bigint[]) TO service_role;


--
-- Name: FUNCTION review_writable_columns(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.review_writable_columns() FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_writable_columns() TO service_role;


--
-- Name: FUNCTION sb_contains_pattern(term text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sb_contains_pattern(term text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sb_contains_pattern(term text) TO service_role;
GRANT ALL ON FUNCTION public.sb_contains_pattern(term text) TO anon;
GRANT ALL ON FUNCTION public.sb_contains_pattern(term text) TO authenticated;


--
-- Name: FUNCTION set_open_hours(p_rows jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.set_open_hours(p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_open_hours(p_rows jsonb) TO service_role;


--
-- Name: FUNCTION sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]) TO service_role;
GRANT ALL ON FUNCTION public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]) TO anon;
GRANT ALL ON FUNCTION public.sitemap_outline(p_ids_per_file integer, p_max_files integer, p_states text[]) TO authenticated;


--
-- Name: FUNCTION sitemap_restaurant_ids(p_from bigint, p_to bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.sitemap_restaurant_ids(p_from bigint, p_to bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sitemap_restaurant_ids(p_from bigint, p_to bigint) TO service_role;
GRANT ALL ON FUNCTION public.sitemap_restaurant_ids(p_from bigint, p_to bigint) TO anon;
GRANT ALL ON FUNCTION public.sitemap_restaurant_ids(p_from bigint, p_to bigint) TO authenticated;


--
-- Name: FUNCTION top_cities(p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.top_cities(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.top_cities(p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.top_cities(p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.top_cities(p_limit integer) TO authenticated;


--
-- Name: FUNCTION world_place_spellings(p_key text, p_country text, p_min_similarity double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.world_place_spellings(p_key text, p_country text, p_min_similarity double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.world_place_spellings(p_key text, p_country text, p_min_similarity double precision) TO service_role;
GRANT ALL ON FUNCTION public.world_place_spellings(p_key text, p_country text, p_min_similarity double precision) TO anon;
GRANT ALL ON FUNCTION public.world_place_spellings(p_key text, p_country text, p_min_similarity double precision) TO authenticated;


--
-- Name: TABLE confirmations; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.confirmations TO service_role;
GRANT SELECT ON TABLE public.confirmations TO anon;
GRANT SELECT ON TABLE public.confirmations TO authenticated;


--
-- Name: SEQUENCE confirmations_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.confirmations_id_seq TO service_role;


--
-- Name: TABLE cuisine_types; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.cuisine_types TO service_role;
GRANT SELECT ON TABLE public.cuisine_types TO anon;
GRANT SELECT ON TABLE public.cuisine_types TO authenticated;


--
-- Name: SEQUENCE cuisine_types_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.cuisine_types_id_seq TO service_role;


--
-- Name: TABLE hours_zones; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.hours_zones TO service_role;
GRANT SELECT ON TABLE public.hours_zones TO anon;
GRANT SELECT ON TABLE public.hours_zones TO authenticated;


--
-- Name: SEQUENCE hours_zones_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.hours_zones_id_seq TO service_role;


--
-- Name: TABLE listing_changes; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.listing_changes TO service_role;


--
-- Name: SEQUENCE listing_changes_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.listing_changes_id_seq TO service_role;


--
-- Name: TABLE restaurant_cities; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.restaurant_cities TO service_role;
GRANT SELECT ON TABLE public.restaurant_cities TO anon;
GRANT SELECT ON TABLE public.restaurant_cities TO authenticated;


--
-- Name: TABLE restaurant_photos; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.restaurant_photos TO service_role;
GRANT SELECT ON TABLE public.restaurant_photos TO anon;
GRANT SELECT ON TABLE public.restaurant_photos TO authenticated;


--
-- Name: SEQUENCE restaurant_photos_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.restaurant_photos_id_seq TO service_role;


--
-- Name: TABLE restaurant_states; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.restaurant_states TO service_role;
GRANT SELECT ON TABLE public.restaurant_states TO anon;
GRANT SELECT ON TABLE public.restaurant_states TO authenticated;


--
-- Name: SEQUENCE restaurants_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.restaurants_id_seq TO service_role;


--
-- Name: TABLE submissions; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.submissions TO service_role;


--
-- Name: COLUMN submissions.kind; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(kind) ON TABLE public.submissions TO anon;
GRANT INSERT(kind) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.restaurant_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(restaurant_id) ON TABLE public.submissions TO anon;
GRANT INSERT(restaurant_id) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.reason; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(reason) ON TABLE public.submissions TO anon;
GRANT INSERT(reason) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.payload; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(payload) ON TABLE public.submissions TO anon;
GRANT INSERT(payload) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.dedup_key; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(dedup_key) ON TABLE public.submissions TO anon;
GRANT INSERT(dedup_key) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.client_key; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(client_key) ON TABLE public.submissions TO anon;
GRANT INSERT(client_key) ON TABLE public.submissions TO authenticated;


--
-- Name: COLUMN submissions.repeat_key; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(repeat_key) ON TABLE public.submissions TO anon;
GRANT INSERT(repeat_key) ON TABLE public.submissions TO authenticated;


--
-- Name: SEQUENCE submissions_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.submissions_id_seq TO service_role;


--
-- PostgreSQL database dump complete
--
