-- The cities and states the database counts (restaurant_cities, restaurant_states: landing
-- pages, sitemaps, 'Did you mean') keyed by country (CONTRACTS.md section 14), so that a US
-- state never meets another country's subdivision of the same code (Washington, WA and
-- Western Australia, WA). A US restaurant counts under its state as before ('WA'); a
-- restaurant elsewhere under its country and subdivision joined by a hyphen ('AU-WA', 'GB-ENG'),
-- or its country and a hyphen alone when it has no subdivision ('SG-'). No US state code holds
-- a hyphen, and every reader of these tables that serves the US keeps to US_STATES
-- (app/routes/us._index.tsx, _index.tsx, sitemaps.$file.ts), so the US pages are as they were.
-- Same rule on Postgres: supabase/migrations/20250101000017_cities_by_country.sql.
--
-- The view restaurant_city_slugs as migrations/0004_trust.sql made it, with the state so keyed;
-- the two triggers that move a restaurant between cities as 0004 made them, now also on a
-- change of country. Every row so far is in the US (restaurants.country arrived with
-- migrations/0013_country.sql, defaulting to 'US'), so no count changes.

DROP VIEW restaurant_city_slugs;
CREATE VIEW restaurant_city_slugs AS
SELECT
  r.id,
  CASE WHEN r.country = 'US' THEN upper(trim(r.state))
    ELSE r.country || '-' || upper(trim(coalesce(r.state, ''))) END AS state,
  replace(replace(replace(lower(trim(r.city)), ' ', '-'), '.', ''), '''', '') AS slug,
  trim(r.city) AS city,
  r.is_gluten_free AS gluten_free,
  r.is_dairy_free AS dairy_free,
  r.is_vegetarian AS vegetarian,
  r.is_vegan AS vegan,
  r.gluten_free_only,
  r.dairy_free_only,
  r.vegetarian_only,
  r.vegan_only
FROM restaurants AS r
WHERE trim(coalesce(r.city, '')) <> '' AND (r.country <> 'US' OR trim(coalesce(r.state, '')) <> '')
  AND r.closed_at IS NULL;

DROP TRIGGER restaurants_cities_leave;
CREATE TRIGGER restaurants_cities_leave
BEFORE UPDATE OF city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at ON restaurants BEGIN
  UPDATE restaurant_cities SET
    restaurants = restaurants - 1,
    gluten_free = gluten_free - old.is_gluten_free,
    dairy_free = dairy_free - old.is_dairy_free,
    vegetarian = vegetarian - old.is_vegetarian,
    vegan = vegan - old.is_vegan,
    gluten_free_only = gluten_free_only - old.gluten_free_only,
    dairy_free_only = dairy_free_only - old.dairy_free_only,
    vegetarian_only = vegetarian_only - old.vegetarian_only,
    vegan_only = vegan_only - old.vegan_only
  WHERE (state, slug) = (SELECT state, slug FROM restaurant_city_slugs WHERE id = old.id);
END;

DROP TRIGGER restaurants_cities_enter;
CREATE TRIGGER restaurants_cities_enter
AFTER UPDATE OF city, state, country, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan,
  gluten_free_only, dairy_free_only, vegetarian_only, vegan_only, closed_at ON restaurants BEGIN
  INSERT INTO restaurant_cities (state, slug, city, restaurants, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only)
  SELECT state, slug, city, 1, gluten_free, dairy_free, vegetarian, vegan,
    gluten_free_only, dairy_free_only, vegetarian_only, vegan_only
  FROM restaurant_city_slugs WHERE id = new.id
  ON CONFLICT (state, slug) DO UPDATE SET
    restaurants = restaurants + 1,
    gluten_free = gluten_free + excluded.gluten_free,
    dairy_free = dairy_free + excluded.dairy_free,
    vegetarian = vegetarian + excluded.vegetarian,
    vegan = vegan + excluded.vegan,
    gluten_free_only = gluten_free_only + excluded.gluten_free_only,
    dairy_free_only = dairy_free_only + excluded.dairy_free_only,
    vegetarian_only = vegetarian_only + excluded.vegetarian_only,
    vegan_only = vegan_only + excluded.vegan_only;
END;
