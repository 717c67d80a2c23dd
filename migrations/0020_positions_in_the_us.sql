-- A restaurant without coordinates of its own takes the centre of its ZIP code only in the US:
-- a postal code of another country that is also five digits (Berlin's 10115, Rome's 00153) is
-- no US ZIP code, and such a row has no position (it is found by its text, never placed in
-- New York). The view the position triggers read gains the country condition; a change of
-- country places the row again; rows abroad placed at a US ZIP centre before lose it.

DROP VIEW restaurant_positions;

CREATE VIEW restaurant_positions AS
SELECT
  r.id,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.latitude ELSE z.latitude END AS lat,
  CASE WHEN r.latitude BETWEEN -90 AND 90 AND r.longitude BETWEEN -180 AND 180 THEN r.longitude ELSE z.longitude END AS lng
FROM restaurants AS r
LEFT JOIN us_zip_codes AS z
  ON r.country = 'US'
  AND z.zip = substr(trim(r.zip_code), 1, 5)
  AND (length(trim(r.zip_code)) = 5 OR substr(trim(r.zip_code), 6, 1) = '-');

DROP TRIGGER restaurants_position_update;

CREATE TRIGGER restaurants_position_update AFTER UPDATE OF latitude, longitude, zip_code, country ON restaurants BEGIN
  UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = new.id)
  WHERE id = new.id;
END;

UPDATE restaurants SET (geo_lat, geo_lng) = (SELECT lat, lng FROM restaurant_positions WHERE id = restaurants.id)
WHERE country <> 'US' AND geo_lat IS NOT NULL
  AND NOT coalesce(latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180, 0);
