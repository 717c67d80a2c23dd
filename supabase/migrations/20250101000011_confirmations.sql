-- Confirmations from diners: the Postgres side of migrations/0010_confirmations.sql
-- (CONTRACTS.md section 10, docs/decisions/0022-confirmations-from-diners.md, docs/schema.md).
-- It builds on the review loop (20250101000010_review_loop.sql): the public key's insert path,
-- the queue and the listing's version are that migration's.
--
-- 1. submissions take kind 'confirmation' (a restaurant, no reason) and repeat_key (a hash of
--    the client's network and the restaurant: one confirmation per client and restaurant in
--    30 days), checked in the review loop's insert trigger (private.submissions_before_insert).
-- 2. confirmations: the published ones; the anon key reads them (they hold no contact field).
-- 3. restaurants gain three derived columns, kept by the triggers on confirmations and, as the
--    12-month window moves, by the scheduled job (refresh_confirmation_window, service role):
--    confirmation_tallies (the card's line), confirmation_sets (the sets of conditions, as
--    masks of app/lib/trust/confirmations.ts CONDITION_BITS, for which the last 12 months hold
--    an ate-safely visit and no reaction: `confirmed=1`) and confirmation_stale_from (the month
--    from which the job must derive the row again). Not listing columns: restaurants_version
--    does not compare them, so writing them changes no version of the listing.
-- 4. find_restaurants gains p_confirmed (and returns confirmation_tallies with each row).
-- 5. The review queue: publishing confirmations (one or many at once), reading several
--    submissions, and the purge of repeat keys: service role only. The queue itself is the
--    review loop's review_queue and review_counts, which already take kind 'confirmation' and
--    put a reaction (or a diner who could not order) among the urgent.

-- 1. Submissions ---------------------------------------------------------------------------

alter table public.submissions drop constraint submissions_kind_check;
alter table public.submissions add constraint submissions_kind_check
  check (kind in ('restaurant', 'report', 'confirmation'));
alter table public.submissions drop constraint submissions_check;
alter table public.submissions add constraint submissions_target_check
  check ((kind = 'restaurant' and restaurant_id is null and reason is null)
      or (kind = 'report' and restaurant_id is not null and reason is not null)
      or (kind = 'confirmation' and restaurant_id is not null and reason is null));
alter table public.submissions add column repeat_key text;
create index submissions_repeat_idx on public.submissions (repeat_key, created_at) where repeat_key is not null;
create index submissions_repeat_age_idx on public.submissions (created_at) where repeat_key is not null;

-- The public key's way in stays the review loop's: an insert its row-level-security policy
-- allows, with the checks in a trigger whose function lives in `private` (no security definer
-- function in an exposed schema). The function again, with confirmations: a confirmation
-- names a restaurant in business, no reason, and a repeat key; its payload the confirmation
-- form's fields. Besides a duplicate (nothing inserted) and a client over the limit (PT429),
-- a confirmation of a restaurant this client confirmed in the last 30 days is refused with
-- PT429 and the detail 'repeated' (PostgREST answers HTTP 429 with that detail: the adapter's
-- 'repeated'). Only a confirmation keeps a repeat key.
create or replace function private.submissions_before_insert()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  if new.payload is null or jsonb_typeof(new.payload) <> 'object' or octet_length(new.payload::text) > 16384 then
    raise exception 'payload must be an object of at most 16 KB' using errcode = '22023';
  end if;
  -- Only the forms' fields, each a short text, a yes/no or null.
  for v_key in select k from jsonb_object_keys(new.payload) as k loop
    if v_key not in ('name', 'city', 'state', 'address', 'zip', 'phone', 'website', 'submitter_email',
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

revoke all on function private.submissions_before_insert() from public, anon, authenticated;

-- The visitor's columns the API roles may insert: the review loop's, and the repeat key.
grant insert (repeat_key) on table public.submissions to anon, authenticated;

-- 2. Confirmations -------------------------------------------------------------------------

create table public.confirmations (
  id bigint generated by default as identity primary key,
  restaurant_id bigint not null references public.restaurants (id) on delete cascade,
  submission_id bigint references public.submissions (id) on delete set null,
  condition text not null check (condition in ('celiac', 'gluten-sensitive', 'wheat-allergy', 'dairy-allergy',
    'lactose-intolerant', 'vegan', 'vegetarian')),
  visited text not null check (visited ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  outcome text not null check (outcome in ('ate-safely', 'reacted', 'could-not-order')),
  staff text check (staff is null or staff in ('knowledgeable', 'unsure', 'not-knowledgeable')),
  seen text[] not null default '{}' check (seen <@ array['dedicated-fryer', 'separate-prep', 'gf-menu',
    'asked-about-allergies']::text[]),
  ordered text check (ordered is null or char_length(ordered) <= 140),
  note text check (note is null or char_length(note) <= 1000),
  published_at timestamptz not null default now()
);

-- A restaurant's confirmations by month (its page, and the derived facts below).
create index confirmations_restaurant_idx on public.confirmations (restaurant_id, visited, id);
-- A submission is published once.
create unique index confirmations_submission_idx on public.confirmations (submission_id) where submission_id is not null;

alter table public.confirmations enable row level security;
revoke all on table public.confirmations from anon, authenticated;
revoke all on sequence public.confirmations_id_seq from anon, authenticated;
grant select on table public.confirmations to anon, authenticated;
create policy "Published confirmations are readable by everyone" on public.confirmations
  for select to anon, authenticated using (true);

-- 3. What confirmations derive ---------------------------------------------------------------

alter table public.restaurants add column confirmation_tallies jsonb;
alter table public.restaurants add column confirmation_sets integer[];
alter table public.restaurants add column confirmation_stale_from text;

-- `confirmed=1`; the job's queue, by month.
create index restaurants_confirmation_sets_idx on public.restaurants using gin (confirmation_sets);
create index restaurants_confirmation_stale_idx on public.restaurants (confirmation_stale_from)
  where confirmation_stale_from is not null;

-- What a restaurant's three columns should hold now: from its confirmations of the last 12
-- months (the visits at most 12 months before the current month in UTC), grouped by
-- condition and outcome. No row when there are none.
create function public.confirmation_facts(p_restaurant_id bigint)
returns table (tallies jsonb, sets integer[], stale_from text)
language sql
stable
set search_path = ''
as $$
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

-- A restaurant's three columns derived again, now.
create function public.derive_confirmations(p_restaurant_id bigint)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.restaurants as r
     set (confirmation_tallies, confirmation_sets, confirmation_stale_from) =
         (select f.tallies, f.sets, f.stale_from from public.confirmation_facts(r.id) as f)
   where r.id = p_restaurant_id
$$;

-- A confirmation published, changed or removed: its restaurant is derived again at once.
create function public.confirmations_derive()
returns trigger
language plpgsql
set search_path = ''
as $$
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

create trigger confirmations_derive
  after insert or delete or update of restaurant_id, condition, visited, outcome on public.confirmations
  for each row execute function public.confirmations_derive();

-- The scheduled job (app/lib/jobs/confirmation-window.server.ts): at most p_limit rows (at
-- most 1,000) whose oldest counted visit has left the 12 months, derived again. Returns how
-- many it wrote.
create function public.refresh_confirmation_window(p_limit integer)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
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

revoke all on function public.confirmation_facts(bigint) from public, anon, authenticated;
revoke all on function public.derive_confirmations(bigint) from public, anon, authenticated;
revoke all on function public.confirmations_derive() from public, anon, authenticated;
revoke all on function public.refresh_confirmation_window(integer) from public, anon, authenticated;
grant execute on function public.confirmation_facts(bigint) to service_role;
grant execute on function public.derive_confirmations(bigint) to service_role;
grant execute on function public.refresh_confirmation_window(integer) to service_role;

-- 4. The search --------------------------------------------------------------------------

-- find_restaurants as 20250101000010_review_loop.sql left it (20250101000002_search.sql's
-- comment says the rest), with p_confirmed: only restaurants whose confirmation_sets hold the
-- set of conditions the selected diets ask for (restaurants_confirmation_sets_idx); each row
-- carries confirmation_tallies for its card.
drop function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz);

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
  p_open_at timestamptz default null,
  p_confirmed boolean default false
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
    'r.verified_at, r.closed_at, r.verified_how, r.geo_lat, r.geo_lng, r.confirmation_tallies';
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
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.find_restaurants(text, text, text, text, text, text, text[], boolean, double precision,
  double precision, double precision, jsonb, jsonb, integer, boolean, text[], timestamptz, boolean) to anon, authenticated, service_role;

-- A restaurant's page: the tallies of visits since p_since (a month; the app asks for the last
-- 24) and its newest confirmations, newest visit first (at most 50). One jsonb value.
create function public.restaurant_confirmations(p_restaurant_id bigint, p_since text, p_limit integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
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

revoke all on function public.restaurant_confirmations(bigint, text, integer) from public, anon, authenticated;
grant execute on function public.restaurant_confirmations(bigint, text, integer) to anon, authenticated, service_role;

-- 5. The review queue (service role only; its page and counts are the review loop's) ------

-- Several submissions by id (the bulk approval reads them before it publishes).
create function public.review_submissions(p_ids bigint[])
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'kind', s.kind, 'restaurant_id', s.restaurant_id,
           'reason', s.reason, 'payload', s.payload, 'status', s.status, 'created_at', s.created_at,
           'reviewed_at', s.reviewed_at, 'reviewed_by', s.reviewed_by) order by s.id), '[]'::jsonb)
    from public.submissions as s
   where s.id = any (p_ids[1:100])
$$;

-- Approving confirmations: each item {id, condition, visited, outcome, staff, seen, ordered,
-- note} (the app's reading of the payload, app/lib/submissions/decisions.ts) is published if
-- its submission is still a pending confirmation, and the submission records the decision;
-- the others are left alone. Returns the ids published. The listing's columns are untouched.
create function public.review_publish_confirmations(p_items jsonb, p_reviewer text, p_reviewed_at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- The purge job's third part: repeat keys older than p_before (30 days) go.
create function public.purge_repeat_keys(p_before timestamptz, p_limit integer)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

revoke all on function public.review_submissions(bigint[]) from public, anon, authenticated;
revoke all on function public.review_publish_confirmations(jsonb, text, timestamptz) from public, anon, authenticated;
revoke all on function public.purge_repeat_keys(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.review_submissions(bigint[]) to service_role;
grant execute on function public.review_publish_confirmations(jsonb, text, timestamptz) to service_role;
grant execute on function public.purge_repeat_keys(timestamptz, integer) to service_role;
