-- public.search_restaurants again, same signature, result and semantics as
-- 20250101000001_search.sql, but in PL/pgSQL so every call is planned with its own values on
-- any Postgres. See docs/decisions/0003-search-as-a-sql-function.md.
--
-- Why: Postgres before 18 plans the statement of a SQL function once, without the values
-- (generic plan). The all-in-one WHERE (`coalesce($1, '') = '' or ...`) then cannot use the
-- trigram, zip or sort indexes, and `sb_contains_pattern($1)` is evaluated per row: on
-- PostgreSQL 15 with 50,000 restaurants a 'noodle' search took about 8 s, a "city, state"
-- about 5 s. Here the function adds only the conditions whose inputs are present and runs
-- the statement with EXECUTE ... USING, which plans it once per call with the USING values
-- as constants (the same custom plan Postgres 18 makes for the SQL function).
--
-- Safety: the statement text is made only of the fixed fragments below (format() with
-- fixed identifiers); every user value (the LIKE patterns, zip, cuisine, limit, offset)
-- travels as a USING parameter ($1..$8) and never becomes SQL text. The diets only choose
-- among four fixed column names.
--
-- Matching, exactly as before: a term of 3+ code points is matched with public.sb_fold on
-- both sides (the term side by public.sb_contains_pattern), a term of 1-2 with A-Z -> a-z
-- on both sides; zip and cuisine by equality; diets any (OR) or all (AND), unknown names
-- and nulls ignored. Order translate(name, A-Z, a-z) collate "C", id. Limit clamped to
-- 1..100, offset to >= 0. Absent parts are null or ''.

create or replace function public.search_restaurants(
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
language plpgsql
stable
security invoker
parallel safe
set search_path = ''
as $$
declare
  -- How a column is folded to be compared with a term's pattern, by the term's length
  -- (the same folding public.sb_contains_pattern gives the term).
  fold_long constant text := 'public.sb_fold(r.%I)';
  fold_short constant text := 'translate(r.%I, ''ABCDEFGHIJKLMNOPQRSTUVWXYZ'', ''abcdefghijklmnopqrstuvwxyz'')';
  conditions text[] := '{}';
  diet_columns text[] := '{}';
  page_limit integer := least(greatest(coalesce(p_limit, 25), 1), 100);
  page_offset integer := greatest(coalesce(p_offset, 0), 0);
  fold text;
  result jsonb;
begin
  -- query ($1): partial against name or cuisine_type
  if coalesce(p_query, '') <> '' then
    fold := case when char_length(p_query) >= 3 then fold_long else fold_short end;
    conditions := array_append(conditions,
      format('(%s like $1 or %s like $1)', format(fold, 'name'), format(fold, 'cuisine_type')));
  end if;

  -- location, zip ($2): exact
  if coalesce(p_zip, '') <> '' then
    conditions := array_append(conditions, 'r.zip_code = $2');
  end if;

  -- location, "city, state" ($3, $4): each part partial on its column
  if coalesce(p_city, '') <> '' then
    fold := case when char_length(p_city) >= 3 then fold_long else fold_short end;
    conditions := array_append(conditions, format('%s like $3', format(fold, 'city')));
  end if;
  if coalesce(p_state, '') <> '' then
    fold := case when char_length(p_state) >= 3 then fold_long else fold_short end;
    conditions := array_append(conditions, format('%s like $4', format(fold, 'state')));
  end if;

  -- location, anything else ($5): partial on city or state
  if coalesce(p_city_or_state, '') <> '' then
    fold := case when char_length(p_city_or_state) >= 3 then fold_long else fold_short end;
    conditions := array_append(conditions,
      format('(%s like $5 or %s like $5)', format(fold, 'city'), format(fold, 'state')));
  end if;

  -- cuisine ($6): exact, case-sensitive
  if coalesce(p_cuisine, '') <> '' then
    conditions := array_append(conditions, 'r.cuisine_type = $6');
  end if;

  -- diets: any (OR) or all (AND) of the selected ones; unknown names and nulls are ignored
  if coalesce('gluten-free' = any (p_diets), false) then
    diet_columns := array_append(diet_columns, 'r.is_gluten_free');
  end if;
  if coalesce('dairy-free' = any (p_diets), false) then
    diet_columns := array_append(diet_columns, 'r.is_dairy_free');
  end if;
  if coalesce('vegetarian' = any (p_diets), false) then
    diet_columns := array_append(diet_columns, 'r.is_vegetarian');
  end if;
  if coalesce('vegan' = any (p_diets), false) then
    diet_columns := array_append(diet_columns, 'r.is_vegan');
  end if;
  if cardinality(diet_columns) > 0 then
    conditions := array_append(conditions, format('(%s)',
      array_to_string(diet_columns, case when coalesce(p_match_all, false) then ' and ' else ' or ' end)));
  end if;

  execute format(
    $sql$
      with matched as not materialized (
        select
          r.id, r.name, r.cuisine_type, r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan,
          r.address, r.city, r.state, r.zip_code, r.phone_number, r.email_address, r.website_url,
          r.menu_url, r.hours_of_operation, r.description, r.latitude, r.longitude
        from public.restaurants as r
        %s
      ),
      page as (
        select m.*
        from matched as m
        order by translate(m.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') collate "C", m.id
        limit $7
        offset $8
      )
      select jsonb_build_object(
        'total', (select count(*) from matched),
        'restaurants', coalesce(
          (select jsonb_agg(to_jsonb(p) order by translate(p.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') collate "C", p.id) from page as p),
          '[]'::jsonb
        )
      )
    $sql$,
    case when cardinality(conditions) > 0 then 'where ' || array_to_string(conditions, ' and ') else '' end
  )
  into result
  using
    public.sb_contains_pattern(p_query),          -- $1
    p_zip,                                        -- $2
    public.sb_contains_pattern(p_city),           -- $3
    public.sb_contains_pattern(p_state),          -- $4
    public.sb_contains_pattern(p_city_or_state),  -- $5
    p_cuisine,                                    -- $6
    page_limit,                                   -- $7
    page_offset;                                  -- $8
  return result;
end
$$;

-- create or replace keeps the function's privileges; restated so this file says them too.
revoke all on function public.search_restaurants(text, text, text, text, text, text, text[], boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.search_restaurants(text, text, text, text, text, text, text[], boolean, integer, integer)
  to anon, authenticated, service_role;
