-- The suggestion form's country (CONTRACTS.md section 14, docs/decisions/0033-suggestion-form-countries.md):
-- a listing's country is one of its columns, so a change of it bumps the listing's version like
-- any other (LISTING_COLUMNS in app/lib/directory/submission-store.ts): the trigger of
-- 0009_review_loop.sql again, with country last. The review queue reads and writes country with
-- the other columns it edits (the D1 adapter names them from WRITABLE_COLUMNS).
DROP TRIGGER restaurants_version;

CREATE TRIGGER restaurants_version
AFTER UPDATE OF name, cuisine_type, is_gluten_free, is_dairy_free, is_vegetarian, is_vegan, address, city,
  state, zip_code, phone_number, email_address, website_url, menu_url, hours_of_operation,
  description, latitude, longitude, created_at, gluten_free_only, dairy_free_only,
  vegetarian_only, vegan_only, gf_dedicated_fryer, gf_separate_prep, gf_trained_staff,
  verified_at, closed_at, verified_how, country
ON restaurants
WHEN new.name IS NOT old.name
  OR new.cuisine_type IS NOT old.cuisine_type
  OR new.is_gluten_free IS NOT old.is_gluten_free
  OR new.is_dairy_free IS NOT old.is_dairy_free
  OR new.is_vegetarian IS NOT old.is_vegetarian
  OR new.is_vegan IS NOT old.is_vegan
  OR new.address IS NOT old.address
  OR new.city IS NOT old.city
  OR new.state IS NOT old.state
  OR new.zip_code IS NOT old.zip_code
  OR new.phone_number IS NOT old.phone_number
  OR new.email_address IS NOT old.email_address
  OR new.website_url IS NOT old.website_url
  OR new.menu_url IS NOT old.menu_url
  OR new.hours_of_operation IS NOT old.hours_of_operation
  OR new.description IS NOT old.description
  OR new.latitude IS NOT old.latitude
  OR new.longitude IS NOT old.longitude
  OR new.created_at IS NOT old.created_at
  OR new.gluten_free_only IS NOT old.gluten_free_only
  OR new.dairy_free_only IS NOT old.dairy_free_only
  OR new.vegetarian_only IS NOT old.vegetarian_only
  OR new.vegan_only IS NOT old.vegan_only
  OR new.gf_dedicated_fryer IS NOT old.gf_dedicated_fryer
  OR new.gf_separate_prep IS NOT old.gf_separate_prep
  OR new.gf_trained_staff IS NOT old.gf_trained_staff
  OR new.verified_at IS NOT old.verified_at
  OR new.closed_at IS NOT old.closed_at
  OR new.verified_how IS NOT old.verified_how
  OR new.country IS NOT old.country
BEGIN
  UPDATE restaurants SET version = version + 1 WHERE id = new.id;
END;
