-- 'Did you mean' ranks the places a bare name finds in several states by how many
-- restaurants each has. The places are GeoNames' ('Saint Louis', slug saint-louis); the
-- restaurants' cities are as people write them ('St. Louis', slug st-louis; 'Cañon City',
-- slug cañon-city), so joining the two slugs counted such cities 0. Both sides now meet on
-- the place key (app/lib/places.ts placeKey: accents and case folded, punctuation and spaces
-- gone, St/Ste/Ft/Mt/Pt and a leading N/S/E/W spelt out), which us_places already keeps and
-- restaurant_cities now keeps too, as a generated column. tests/integration/place-keys.test.ts
-- checks that place_key() and placeKey agree on every GeoNames place name and Latin letter.

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

revoke all on function public.place_key(text) from public, anon, authenticated;
grant execute on function public.place_key(text) to anon, authenticated, service_role;

alter table public.restaurant_cities
  add column place_key text generated always as (public.place_key(city)) stored;

-- 'Did you mean': a candidate place's restaurants, summed over the spellings of its city.
create index restaurant_cities_place_key_idx on public.restaurant_cities (place_key, state) include (restaurants);

create or replace function public.resolve_place(p_zip text default null, p_key text default null, p_state text default null)
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
