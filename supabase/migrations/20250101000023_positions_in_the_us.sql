-- A restaurant without coordinates of its own takes the centre of its ZIP code only in the US:
-- a postal code of another country that is also five digits (Berlin's 10115, Rome's 00153) is
-- no US ZIP code, and such a row has no position (it is found by its text, never placed in
-- New York). The trigger passes the postal code only for a US row, and runs again when the
-- country changes; rows abroad placed at a US ZIP centre before lose it.

create or replace function public.restaurants_set_position()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  select p.lat, p.lng into new.geo_lat, new.geo_lng
  from public.restaurant_position(new.latitude, new.longitude, case when new.country = 'US' then new.zip_code end) as p;
  new.geo_band := case when new.geo_lat is null then null else floor((new.geo_lat + 90) * 100)::integer end;
  return new;
end
$$;

drop trigger restaurants_set_position on public.restaurants;

create trigger restaurants_set_position
  before insert or update of latitude, longitude, zip_code, country on public.restaurants
  for each row execute function public.restaurants_set_position();

update public.restaurants set zip_code = zip_code
where country <> 'US' and geo_lat is not null
  and not coalesce(latitude between -90 and 90 and longitude between -180 and 180, false);
