-- Restaurants beyond the United States (CONTRACTS.md section 14): the country, ISO 3166-1
-- alpha-2 in upper case. Every row so far is in the US, and an insert that names only the US
-- columns keeps meaning the US. For other countries `state` holds the ISO 3166-2 subdivision
-- code without the country prefix ('ON', 'ENG', 'BY') and `zip_code` the postal code as the
-- country writes it; both may be null there.
ALTER TABLE restaurants ADD COLUMN country TEXT NOT NULL DEFAULT 'US'
  CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*');
