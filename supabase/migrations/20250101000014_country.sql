-- Restaurants beyond the United States (CONTRACTS.md section 14): the country, ISO 3166-1
-- alpha-2 in upper case; as migrations/0013_country.sql for D1. Every row so far is in the US,
-- and an insert that names only the US columns keeps meaning the US.
alter table public.restaurants
  add column country text not null default 'US' check (country ~ '^[A-Z]{2}$');
