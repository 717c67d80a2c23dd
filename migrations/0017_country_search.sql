-- A country alone or a postal code in one in the location box (issue 41: 'Italy',
-- 'SW1A 1AA, UK'; app/lib/directory/d1/country-order.ts): the open restaurants of a country in
-- name order, and those with a postal code in a country, each through an index, so that a page
-- view reads at most the page's offset plus 25 rows, and the count at most 1,001.
CREATE INDEX restaurants_country_name_idx ON restaurants (country, name COLLATE NOCASE, id) WHERE closed_at IS NULL;
CREATE INDEX restaurants_country_zip_idx ON restaurants (country, zip_code) WHERE closed_at IS NULL;
