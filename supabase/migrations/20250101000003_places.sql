-- US place data for the distance search (CONTRACTS.md section 1): ZIP codes and place names
-- with their centres, from GeoNames (CC BY 4.0). Mirrors migrations/0002_places.sql; the rows
-- are supabase/places.sql, written by scripts/generate-places.ts (`npm run seed:generate`).
-- docs/decisions/0006-place-data.md says how a place's centre is computed.
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
-- Landing pages: /us/{st}/{slug}, and a state's places in slug order.
create unique index us_places_state_slug_idx on public.us_places (state, slug);

alter table public.us_zip_codes enable row level security;
alter table public.us_places enable row level security;

revoke all on table public.us_zip_codes, public.us_places from anon, authenticated;
grant select on table public.us_zip_codes, public.us_places to anon, authenticated;

create policy "ZIP codes are readable by everyone" on public.us_zip_codes
  for select to anon, authenticated using (true);
create policy "Places are readable by everyone" on public.us_places
  for select to anon, authenticated using (true);
