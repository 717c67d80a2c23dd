-- The search (spec section 5) as one SQL function, called through PostgREST's rpc with typed
-- parameters: user input is only ever a bound value, never part of a filter string. It
-- answers the page and the total count in one round trip, with exactly the semantics of the
-- D1 adapter (app/lib/directory/sqlite-search.ts). See docs/decisions/0003-search-as-a-sql-function.md.
--
-- "Partial" matching of a term:
--   3 or more characters: case- and accent-insensitive (public.sb_fold on both sides), as
--   D1's FTS5 trigram index; the trigram GIN indexes on sb_fold(column) serve it.
--   1 or 2 characters: ASCII case only (translate A-Z to a-z on both sides), as SQLite's LIKE.
-- LIKE metacharacters of the term (\ % _) are escaped, so every character matches literally.
--
-- Functions run with an empty search_path: built-ins still resolve (pg_catalog is always
-- searched first), everything else is schema-qualified.
--
-- Absent parts are null or ''. Limit is clamped to 1..100, offset to >= 0. The default list
-- is this function with no terms (PostgREST cannot order by the sort expression).

-- The LIKE pattern that finds `term` anywhere in a text folded the same way as the term.
create function public.sb_contains_pattern(term text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(
    case when char_length(term) >= 3 then public.sb_fold(term) else translate(term, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') end,
    '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

create function public.search_restaurants(
  p_query text default null,
  p_zip text default null,
  p_city text default null,
  p_state text default null,
  p_city_or_state text default null,
  p_cuisine text default null,
  p_diets text[] default null,
  p_match_all boolean default false,
  p_limit integer default 25,
  p_offset integer default 0
)
returns jsonb
language sql
stable
security invoker
parallel safe
set search_path = ''
as $$
  with matched as not materialized (
    select
      r.id, r.name, r.cuisine_type, r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan,
      r.address, r.city, r.state, r.zip_code, r.phone_number, r.email_address, r.website_url,
      r.menu_url, r.hours_of_operation, r.description, r.latitude, r.longitude
    from public.restaurants as r
    where
      -- query: partial against name or cuisine_type
      (coalesce(p_query, '') = '' or case
        when char_length(p_query) >= 3 then
          public.sb_fold(r.name) like public.sb_contains_pattern(p_query)
          or public.sb_fold(r.cuisine_type) like public.sb_contains_pattern(p_query)
        else
          translate(r.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_query)
          or translate(r.cuisine_type, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_query)
      end)
      -- location, zip: exact
      and (coalesce(p_zip, '') = '' or r.zip_code = p_zip)
      -- location, "city, state": each part partial on its column
      and (coalesce(p_city, '') = '' or case
        when char_length(p_city) >= 3 then public.sb_fold(r.city) like public.sb_contains_pattern(p_city)
        else translate(r.city, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_city)
      end)
      and (coalesce(p_state, '') = '' or case
        when char_length(p_state) >= 3 then public.sb_fold(r.state) like public.sb_contains_pattern(p_state)
        else translate(r.state, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_state)
      end)
      -- location, anything else: partial on city or state
      and (coalesce(p_city_or_state, '') = '' or case
        when char_length(p_city_or_state) >= 3 then
          public.sb_fold(r.city) like public.sb_contains_pattern(p_city_or_state)
          or public.sb_fold(r.state) like public.sb_contains_pattern(p_city_or_state)
        else
          translate(r.city, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_city_or_state)
          or translate(r.state, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like public.sb_contains_pattern(p_city_or_state)
      end)
      -- cuisine: exact, case-sensitive
      and (coalesce(p_cuisine, '') = '' or r.cuisine_type = p_cuisine)
      -- diets: any (OR) or all (AND) of the selected ones; unknown names are ignored
      and case
        when coalesce(p_match_all, false) then
          (r.is_gluten_free or not coalesce('gluten-free' = any (p_diets), false))
          and (r.is_dairy_free or not coalesce('dairy-free' = any (p_diets), false))
          and (r.is_vegetarian or not coalesce('vegetarian' = any (p_diets), false))
          and (r.is_vegan or not coalesce('vegan' = any (p_diets), false))
        else
          not coalesce(p_diets && array['gluten-free', 'dairy-free', 'vegetarian', 'vegan']::text[], false)
          or (r.is_gluten_free and coalesce('gluten-free' = any (p_diets), false))
          or (r.is_dairy_free and coalesce('dairy-free' = any (p_diets), false))
          or (r.is_vegetarian and coalesce('vegetarian' = any (p_diets), false))
          or (r.is_vegan and coalesce('vegan' = any (p_diets), false))
      end
  ),
  page as (
    select m.*
    from matched as m
    order by translate(m.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') collate "C", m.id
    limit least(greatest(coalesce(p_limit, 25), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'restaurants', coalesce(
      (select jsonb_agg(to_jsonb(p) order by translate(p.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') collate "C", p.id) from page as p),
      '[]'::jsonb
    )
  )
$$;

revoke all on function public.sb_contains_pattern(text) from public, anon, authenticated;
grant execute on function public.sb_contains_pattern(text) to anon, authenticated, service_role;

revoke all on function public.search_restaurants(text, text, text, text, text, text, text[], boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.search_restaurants(text, text, text, text, text, text, text[], boolean, integer, integer)
  to anon, authenticated, service_role;
