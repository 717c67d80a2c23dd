-- restaurant_cities and restaurant_states keyed by country (CONTRACTS.md section 14), as
-- migrations/0015_cities_by_country.sql does for D1: a US restaurant counts under its state as
-- before ('WA'); one elsewhere under its country and subdivision joined by a hyphen ('AU-WA'),
-- or its country and a hyphen alone without a subdivision ('SG-'). restaurants_count_cities as
-- 20250101000002_search.sql defined it, with the state so keyed (city_state), and its trigger
-- also on a change of country. Every row so far is in the US: no count changes.

-- The state a restaurant's city is counted under in restaurant_cities.
create function public.city_state(p_country text, p_state text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_country = 'US' then upper(trim(p_state))
    else p_country || '-' || upper(trim(coalesce(p_state, ''))) end
$$;

revoke all on function public.city_state(text, text) from public, anon, authenticated;
grant execute on function public.city_state(text, text) to service_role;

create or replace function public.restaurants_count_cities()
returns trigger
language plpgsql
set search_path = ''
as $$
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

drop trigger restaurants_count_cities on public.restaurants;
create trigger restaurants_count_cities
  after insert or delete or update of city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at
  on public.restaurants
  for each row execute function public.restaurants_count_cities();
