-- What a new Supabase project has before any migration: the API roles, USAGE on public,
-- default privileges that grant ALL on new tables, functions and sequences to those roles
-- (which is why the migrations must revoke), and the `extensions` schema. Applied before
-- supabase/migrations by the tests (tests/support/pglite.ts) and the benchmark (bench/lib/pg.mjs).
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator noinherit login;
grant anon, authenticated, service_role to authenticator;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on tables to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to anon, authenticated, service_role;
