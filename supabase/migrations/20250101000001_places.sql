-- US place data for the distance search: ZIP codes and place names with their centres, from
-- GeoNames (CC BY 4.0), and what places a restaurant from them. Mirrors
-- migrations/0002_places.sql and the position part of migrations/0003_search.sql (D1); the
-- rows are supabase/places.sql, written by scripts/generate-places.ts
-- (`npm run seed:generate`). docs/decisions/0006-place-data.md says how a place's centre is
-- computed.
--
-- Readable by everyone, like the directory tables: row-level security with a select-only
-- policy, and every other privilege revoked from the API roles.

create table public.us_zip_codes (
  zip text primary key constraint us_zip_codes_zip_digits check (zip ~ '^[0-9]{5}$'),
  place_name text not null,
  state text not null constraint us_zip_codes_state_code check (state ~ '^[A-Z]{2}$'),
  latitude double precision not null constraint us_zip_codes_latitude check (latitude between -90 and 90),
  longitude double precision not null constraint us_zip_codes_longitude check (longitude between -180 and 180)
);

-- One row per place name and state. `key` is placeKey(name) and `slug` placeSlug(name)
-- (app/lib/places.ts): the Worker computes the same from what a visitor typed or requested.
-- "C" collation: bytewise order, as D1 sorts.
create table public.us_places (
  id integer primary key,
  state text collate "C" not null constraint us_places_state_code check (state ~ '^[A-Z]{2}$'),
  name text collate "C" not null,
  key text collate "C" not null constraint us_places_key_not_empty check (key <> ''),
  slug text collate "C" not null constraint us_places_slug_not_empty check (slug <> ''),
  latitude double precision not null constraint us_places_latitude check (latitude between -90 and 90),
  longitude double precision not null constraint us_places_longitude check (longitude between -180 and 180),
  zip_count integer not null constraint us_places_zip_count_positive check (zip_count > 0)
);

-- "City, ST" looks up (key, state); a bare name looks up key alone (the same index's prefix).
create unique index us_places_key_state_idx on public.us_places (key, state);
-- A slug names one place in its state. (Landing pages take their slugs from
-- restaurant_cities instead: docs/decisions/0011-landing-pages-and-sitemaps.md.)
create unique index us_places_state_slug_idx on public.us_places (state, slug);

alter table public.us_zip_codes enable row level security;
alter table public.us_places enable row level security;

revoke all on table public.us_zip_codes, public.us_places from anon, authenticated;
grant select on table public.us_zip_codes, public.us_places to anon, authenticated;

create policy "ZIP codes are readable by everyone" on public.us_zip_codes
  for select to anon, authenticated using (true);
create policy "Places are readable by everyone" on public.us_places
  for select to anon, authenticated using (true);

-- A restaurant's position (restaurants.geo_lat, geo_lng, geo_band) ---------------------------

-- Its own coordinates when both are valid, else the centre of its ZIP code: the first five
-- characters of zip_code, when it is five characters or ZIP+4 ('97201-1234').
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

-- Kept by the database, whoever writes the row (a bulk import, the dashboard): a value written
-- to geo_lat, geo_lng or geo_band by hand is replaced on insert and on any change of the
-- coordinates or ZIP code.
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

-- Only the triggers use these: not callable through the API.
revoke all on function public.restaurant_position(double precision, double precision, text) from public, anon, authenticated;
revoke all on function public.restaurants_set_position() from public, anon, authenticated;
revoke all on function public.us_zip_codes_place_restaurants() from public, anon, authenticated;
