-- The place named for a search's coordinates (issue 39: 'Within 50 miles of Bellevue, WA' for a
-- link with lat/lng; app/lib/places/nearest-place.ts, app/lib/directory/d1/nearest-place.ts):
-- the US places and the world's places by cells of a quarter degree (row from the south pole,
-- column from the antimeridian), so that the nine cells around a point are nine index lookups
-- that read the places in them only (a few hundred rows at most).
CREATE INDEX us_places_cell_idx ON us_places (CAST((latitude + 90) * 4 AS INTEGER), CAST((longitude + 180) * 4 AS INTEGER));
CREATE INDEX world_places_cell_idx ON world_places (CAST((latitude + 90) * 4 AS INTEGER), CAST((longitude + 180) * 4 AS INTEGER));
