-- GENERATED FILE: do not edit by hand. Regenerate with `npm run schema:snapshot`
-- (scripts/schema-snapshot.ts); tests/integration/schema-snapshot.test.ts fails when it is stale.
--
-- The place data's objects of the Postgres schema, made as schema/postgres.sql is (which has the rest
-- and pg_dump's settings): the tables the place lookups read (us_zip_codes and us_places for the
-- US, the world_* tables beyond it) with their constraints, indexes, triggers, policies and grants,
-- and the functions resolve_place, resolve_world_place, nearest_place, us_zip_codes_place_restaurants, in pg_dump's order.

--
-- Name: nearest_place(double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.nearest_place(p_lat double precision, p_lng double precision) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_jsonb(p) from (
    select pl.name, pl.state, pl.slug, 'US' as country, null::text as subdivision, 0 as population,
      pl.latitude as lat, pl.longitude as lng
    from public.us_places as pl
    where floor((pl.latitude + 90) * 4)::integer = any (array[
        floor((p_lat + 90) * 4)::integer - 1, floor((p_lat + 90) * 4)::integer, floor((p_lat + 90) * 4)::integer + 1])
      and floor((pl.longitude + 180) * 4)::integer = any (array[
        floor((p_lng + 180) * 4)::integer - 1, floor((p_lng + 180) * 4)::integer, floor((p_lng + 180) * 4)::integer + 1])
    union all
    select w.name, null, null, w.country, w.subdivision, w.population, w.latitude, w.longitude
    from public.world_places as w
    where floor((w.latitude + 90) * 4)::integer = any (array[
        floor((p_lat + 90) * 4)::integer - 1, floor((p_lat + 90) * 4)::integer, floor((p_lat + 90) * 4)::integer + 1])
      and floor((w.longitude + 180) * 4)::integer = any (array[
        floor((p_lng + 180) * 4)::integer - 1, floor((p_lng + 180) * 4)::integer, floor((p_lng + 180) * 4)::integer + 1])
  ) as p
  order by (p.lat - p_lat) * (p.lat - p_lat)
      + ((p.lng - p_lng) * cos(radians(p_lat))) * ((p.lng - p_lng) * cos(radians(p_lat))),
    p.country collate "C", p.name collate "C"
  limit 1
$$;


--
-- Name: resolve_place(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.resolve_place(p_zip text DEFAULT NULL::text, p_key text DEFAULT NULL::text, p_state text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.ord), '[]'::jsonb) from (
    select z.place_name as name, z.state, null::text as slug, z.zip, z.latitude as lat, z.longitude as lng, 1 as ord
    from public.us_zip_codes as z
    where coalesce(p_zip, '') <> '' and z.zip = p_zip
    union all
    select pl.name, pl.state, pl.slug, null, pl.latitude, pl.longitude, 1
    from public.us_places as pl
    where coalesce(p_zip, '') = '' and p_state is not null and pl.key = p_key and pl.state = p_state
    union all
    select * from (
      select pl.name, pl.state, pl.slug, null, pl.latitude, pl.longitude,
        row_number() over (
          order by coalesce((select sum(c.restaurants) from public.restaurant_cities as c
                             where c.place_key = pl.key and c.state = pl.state), 0) desc,
            pl.zip_count desc, pl.name collate "C", pl.state collate "C")
      from public.us_places as pl
      where coalesce(p_zip, '') = '' and p_state is null and pl.key = p_key
      order by 7
      limit 6
    ) as candidates
  ) as p
$$;


--
-- Name: resolve_world_place(text, text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.resolve_world_place(p_key text, p_country text DEFAULT NULL::text, p_subdivision text DEFAULT NULL::text, p_limit integer DEFAULT 6) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.population desc, p.id), '[]'::jsonb) from (
    select pl.id, pl.name, pl.country, pl.subdivision, pl.population, pl.latitude as lat, pl.longitude as lng
    from public.world_places as pl
    where pl.id in (
        select w.id from public.world_places as w where w.key = p_key
        union all
        select a.place_id from public.world_place_aliases as a where a.key = p_key)
      and (p_country is null or pl.country = p_country)
      and (p_subdivision is null or exists (
        select 1 from public.world_subdivision_keys as s
        where s.key = p_subdivision and s.country = pl.country and s.code = pl.subdivision))
    order by pl.population desc, pl.id
    limit least(greatest(p_limit, 1), 6)
  ) as p
$$;


--
-- Name: us_zip_codes_place_restaurants(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.us_zip_codes_place_restaurants() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  update public.restaurants set zip_code = zip_code
  where zip_code = new.zip or (zip_code > new.zip || '-' and zip_code < new.zip || '.');
  return null;
end
$$;


--
-- Name: us_places; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.us_places (
    id integer NOT NULL,
    state text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL COLLATE pg_catalog."C",
    key text NOT NULL COLLATE pg_catalog."C",
    slug text NOT NULL COLLATE pg_catalog."C",
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    zip_count integer NOT NULL,
    CONSTRAINT us_places_key_not_empty CHECK ((key <> ''::text)),
    CONSTRAINT us_places_latitude CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT us_places_longitude CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT us_places_slug_not_empty CHECK ((slug <> ''::text)),
    CONSTRAINT us_places_state_code CHECK ((state ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT us_places_zip_count_positive CHECK ((zip_count > 0))
);


--
-- Name: us_zip_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.us_zip_codes (
    zip text NOT NULL,
    place_name text NOT NULL,
    state text NOT NULL,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    CONSTRAINT us_zip_codes_latitude CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT us_zip_codes_longitude CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT us_zip_codes_state_code CHECK ((state ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT us_zip_codes_zip_digits CHECK ((zip ~ '^[0-9]{5}$'::text))
);


--
-- Name: world_place_aliases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.world_place_aliases (
    key text NOT NULL COLLATE pg_catalog."C",
    place_id integer NOT NULL,
    CONSTRAINT world_place_aliases_key_not_empty CHECK ((key <> ''::text))
);


--
-- Name: world_places; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.world_places (
    id integer NOT NULL,
    country text NOT NULL COLLATE pg_catalog."C",
    subdivision text COLLATE pg_catalog."C",
    name text NOT NULL COLLATE pg_catalog."C",
    key text NOT NULL COLLATE pg_catalog."C",
    slug text NOT NULL COLLATE pg_catalog."C",
    population integer NOT NULL,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    CONSTRAINT world_places_country_code CHECK (((country ~ '^[A-Z]{2}$'::text) AND (country <> 'US'::text))),
    CONSTRAINT world_places_key_not_empty CHECK ((key <> ''::text)),
    CONSTRAINT world_places_latitude CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT world_places_longitude CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT world_places_population CHECK ((population >= 0)),
    CONSTRAINT world_places_slug_not_empty CHECK ((slug <> ''::text)),
    CONSTRAINT world_places_subdivision_not_empty CHECK ((subdivision <> ''::text))
);


--
-- Name: world_subdivision_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.world_subdivision_keys (
    key text NOT NULL COLLATE pg_catalog."C",
    country text NOT NULL COLLATE pg_catalog."C",
    code text NOT NULL COLLATE pg_catalog."C",
    CONSTRAINT world_subdivision_keys_key_not_empty CHECK ((key <> ''::text))
);


--
-- Name: world_subdivisions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.world_subdivisions (
    country text NOT NULL COLLATE pg_catalog."C",
    code text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL COLLATE pg_catalog."C",
    CONSTRAINT world_subdivisions_code_not_empty CHECK ((code <> ''::text)),
    CONSTRAINT world_subdivisions_country_code CHECK ((country ~ '^[A-Z]{2}$'::text))
);


--
-- Name: us_places us_places_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.us_places
    ADD CONSTRAINT us_places_pkey PRIMARY KEY (id);


--
-- Name: us_zip_codes us_zip_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.us_zip_codes
    ADD CONSTRAINT us_zip_codes_pkey PRIMARY KEY (zip);


--
-- Name: world_place_aliases world_place_aliases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_place_aliases
    ADD CONSTRAINT world_place_aliases_pkey PRIMARY KEY (key, place_id);


--
-- Name: world_places world_places_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_places
    ADD CONSTRAINT world_places_pkey PRIMARY KEY (id);


--
-- Name: world_subdivision_keys world_subdivision_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_subdivision_keys
    ADD CONSTRAINT world_subdivision_keys_pkey PRIMARY KEY (key, country, code);


--
-- Name: world_subdivisions world_subdivisions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_subdivisions
    ADD CONSTRAINT world_subdivisions_pkey PRIMARY KEY (country, code);


--
-- Name: us_places_cell_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX us_places_cell_idx ON public.us_places USING btree (((floor(((latitude + (90)::double precision) * (4)::double precision)))::integer), ((floor(((longitude + (180)::double precision) * (4)::double precision)))::integer));


--
-- Name: us_places_key_state_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX us_places_key_state_idx ON public.us_places USING btree (key, state);


--
-- Name: us_places_state_slug_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX us_places_state_slug_idx ON public.us_places USING btree (state, slug);


--
-- Name: world_place_aliases_key_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX world_place_aliases_key_trgm_idx ON public.world_place_aliases USING gin (key extensions.gin_trgm_ops);


--
-- Name: world_place_aliases_place_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX world_place_aliases_place_idx ON public.world_place_aliases USING btree (place_id);


--
-- Name: world_places_cell_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX world_places_cell_idx ON public.world_places USING btree (((floor(((latitude + (90)::double precision) * (4)::double precision)))::integer), ((floor(((longitude + (180)::double precision) * (4)::double precision)))::integer));


--
-- Name: world_places_country_slug_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX world_places_country_slug_idx ON public.world_places USING btree (country, subdivision, slug);


--
-- Name: world_places_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX world_places_key_idx ON public.world_places USING btree (key, population DESC);


--
-- Name: us_zip_codes us_zip_codes_place_restaurants; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER us_zip_codes_place_restaurants AFTER INSERT OR UPDATE ON public.us_zip_codes FOR EACH ROW EXECUTE FUNCTION public.us_zip_codes_place_restaurants();


--
-- Name: world_place_aliases world_place_aliases_place_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_place_aliases
    ADD CONSTRAINT world_place_aliases_place_id_fkey FOREIGN KEY (place_id) REFERENCES public.world_places(id) ON DELETE CASCADE;


--
-- Name: world_subdivision_keys world_subdivision_keys_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.world_subdivision_keys
    ADD CONSTRAINT world_subdivision_keys_country_code_fkey FOREIGN KEY (country, code) REFERENCES public.world_subdivisions(country, code) ON DELETE CASCADE;


--
-- Name: us_places Places are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Places are readable by everyone" ON public.us_places FOR SELECT TO anon, authenticated USING (true);


--
-- Name: world_subdivision_keys Subdivision names are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Subdivision names are readable by everyone" ON public.world_subdivision_keys FOR SELECT TO anon, authenticated USING (true);


--
-- Name: world_subdivisions Subdivisions are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Subdivisions are readable by everyone" ON public.world_subdivisions FOR SELECT TO anon, authenticated USING (true);


--
-- Name: world_place_aliases World place aliases are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "World place aliases are readable by everyone" ON public.world_place_aliases FOR SELECT TO anon, authenticated USING (true);


--
-- Name: world_places World places are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "World places are readable by everyone" ON public.world_places FOR SELECT TO anon, authenticated USING (true);


--
-- Name: us_zip_codes ZIP codes are readable by everyone; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "ZIP codes are readable by everyone" ON public.us_zip_codes FOR SELECT TO anon, authenticated USING (true);


--
-- Name: us_places; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.us_places ENABLE ROW LEVEL SECURITY;

--
-- Name: us_zip_codes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.us_zip_codes ENABLE ROW LEVEL SECURITY;

--
-- Name: world_place_aliases; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.world_place_aliases ENABLE ROW LEVEL SECURITY;

--
-- Name: world_places; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.world_places ENABLE ROW LEVEL SECURITY;

--
-- Name: world_subdivision_keys; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.world_subdivision_keys ENABLE ROW LEVEL SECURITY;

--
-- Name: world_subdivisions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.world_subdivisions ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION nearest_place(p_lat double precision, p_lng double precision); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.nearest_place(p_lat double precision, p_lng double precision) FROM PUBLIC;
GRANT ALL ON FUNCTION public.nearest_place(p_lat double precision, p_lng double precision) TO service_role;
GRANT ALL ON FUNCTION public.nearest_place(p_lat double precision, p_lng double precision) TO anon;
GRANT ALL ON FUNCTION public.nearest_place(p_lat double precision, p_lng double precision) TO authenticated;


--
-- Name: FUNCTION resolve_place(p_zip text, p_key text, p_state text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.resolve_place(p_zip text, p_key text, p_state text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resolve_place(p_zip text, p_key text, p_state text) TO service_role;
GRANT ALL ON FUNCTION public.resolve_place(p_zip text, p_key text, p_state text) TO anon;
GRANT ALL ON FUNCTION public.resolve_place(p_zip text, p_key text, p_state text) TO authenticated;


--
-- Name: FUNCTION resolve_world_place(p_key text, p_country text, p_subdivision text, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.resolve_world_place(p_key text, p_country text, p_subdivision text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resolve_world_place(p_key text, p_country text, p_subdivision text, p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.resolve_world_place(p_key text, p_country text, p_subdivision text, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.resolve_world_place(p_key text, p_country text, p_subdivision text, p_limit integer) TO authenticated;


--
-- Name: FUNCTION us_zip_codes_place_restaurants(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.us_zip_codes_place_restaurants() FROM PUBLIC;
GRANT ALL ON FUNCTION public.us_zip_codes_place_restaurants() TO service_role;


--
-- Name: TABLE us_places; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.us_places TO service_role;
GRANT SELECT ON TABLE public.us_places TO anon;
GRANT SELECT ON TABLE public.us_places TO authenticated;


--
-- Name: TABLE us_zip_codes; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.us_zip_codes TO service_role;
GRANT SELECT ON TABLE public.us_zip_codes TO anon;
GRANT SELECT ON TABLE public.us_zip_codes TO authenticated;


--
-- Name: TABLE world_place_aliases; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.world_place_aliases TO service_role;
GRANT SELECT ON TABLE public.world_place_aliases TO anon;
GRANT SELECT ON TABLE public.world_place_aliases TO authenticated;


--
-- Name: TABLE world_places; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.world_places TO service_role;
GRANT SELECT ON TABLE public.world_places TO anon;
GRANT SELECT ON TABLE public.world_places TO authenticated;


--
-- Name: TABLE world_subdivision_keys; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.world_subdivision_keys TO service_role;
GRANT SELECT ON TABLE public.world_subdivision_keys TO anon;
GRANT SELECT ON TABLE public.world_subdivision_keys TO authenticated;


--
-- Name: TABLE world_subdivisions; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.world_subdivisions TO service_role;
GRANT SELECT ON TABLE public.world_subdivisions TO anon;
GRANT SELECT ON TABLE public.world_subdivisions TO authenticated;
