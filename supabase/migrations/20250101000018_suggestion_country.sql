-- The suggestion form's country (CONTRACTS.md section 14, docs/decisions/0033-suggestion-form-countries.md);
-- as migrations/0016_suggestion_country.sql for D1.
--
-- 1. A suggestion's payload may name its country (`country`, kept only outside the US): the
--    insert trigger's function of 20250101000013_payload_size.sql again, with 'country' among
--    the forms' fields (the one change; the 32 KB cap and the 4,000 characters a field stay).
-- 2. The review queue reads and writes `country` with the other columns it edits
--    (WRITABLE_COLUMNS in app/lib/directory/submission-store.ts).
-- 3. A change of the country bumps the listing's version like any other listing column
--    (LISTING_COLUMNS): the trigger of 20250101000010_review_loop.sql again, with country last.

-- 1. The payload's fields ---------------------------------------------------------------------

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

revoke all on function private.submissions_before_insert() from public, anon, authenticated;

-- 2. The columns a decision may write ---------------------------------------------------------

create or replace function public.review_writable_columns()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['name', 'cuisine_type', 'address', 'city', 'state', 'zip_code', 'phone_number', 'email_address',
    'website_url', 'menu_url', 'hours_of_operation', 'description', 'is_gluten_free', 'is_dairy_free',
    'is_vegetarian', 'is_vegan', 'gluten_free_only', 'dairy_free_only', 'vegetarian_only', 'vegan_only',
    'gf_dedicated_fryer', 'gf_separate_prep', 'gf_trained_staff', 'verified_at', 'closed_at', 'verified_how',
    'country']
$$;

-- 3. The listing's version --------------------------------------------------------------------

drop trigger restaurants_version on public.restaurants;
create trigger restaurants_version
  before update on public.restaurants
  for each row
  when ((
    old.name, old.cuisine_type, old.is_gluten_free, old.is_dairy_free, old.is_vegetarian,
    old.is_vegan, old.address, old.city, old.state, old.zip_code, old.phone_number,
    old.email_address, old.website_url, old.menu_url, old.hours_of_operation, old.description,
    old.latitude, old.longitude, old.created_at, old.gluten_free_only, old.dairy_free_only,
    old.vegetarian_only, old.vegan_only, old.gf_dedicated_fryer, old.gf_separate_prep,
    old.gf_trained_staff, old.verified_at, old.closed_at, old.verified_how, old.country)
    is distinct from (
    new.name, new.cuisine_type, new.is_gluten_free, new.is_dairy_free, new.is_vegetarian,
    new.is_vegan, new.address, new.city, new.state, new.zip_code, new.phone_number,
    new.email_address, new.website_url, new.menu_url, new.hours_of_operation, new.description,
    new.latitude, new.longitude, new.created_at, new.gluten_free_only, new.dairy_free_only,
    new.vegetarian_only, new.vegan_only, new.gf_dedicated_fryer, new.gf_separate_prep,
    new.gf_trained_staff, new.verified_at, new.closed_at, new.verified_how, new.country))
  execute function public.restaurants_bump_version();
