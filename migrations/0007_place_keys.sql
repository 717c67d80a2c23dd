-- 'Did you mean' ranks the places a bare name finds in several states by how many
-- restaurants each has. The places are GeoNames' ('Saint Louis', slug saint-louis); the
-- restaurants' cities are as people write them ('St. Louis', slug st-louis; 'Cañon City',
-- slug cañon-city), so joining the two slugs counted such cities 0. Both sides now meet on
-- the place key (app/lib/places.ts placeKey: accents and case folded, punctuation and spaces
-- gone, St/Ste/Ft/Mt/Pt and a leading N/S/E/W spelt out), which us_places already keeps and
-- restaurant_cities now keeps too, computed here in SQL for any client's rows.
-- tests/integration/place-keys.test.ts checks that this SQL and placeKey agree on every
-- GeoNames place name and every Latin letter.

-- The letters of the Latin-1 Supplement and Latin Extended-A blocks as placeKey folds them
-- (what Unicode's decomposition leaves of each, in lower case; ß → ss, æ → ae, ...). Any other
-- character that is not an ASCII letter or digit separates words, as in placeKey.
CREATE TABLE place_key_letters (
  letter TEXT PRIMARY KEY,
  ascii TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO place_key_letters (letter, ascii) VALUES
  ('À', 'a'), ('Á', 'a'), ('Â', 'a'), ('Ã', 'a'), ('Ä', 'a'), ('Å', 'a'), ('Æ', 'ae'), ('Ç', 'c'),
  ('È', 'e'), ('É', 'e'), ('Ê', 'e'), ('Ë', 'e'), ('Ì', 'i'), ('Í', 'i'), ('Î', 'i'), ('Ï', 'i'),
  ('Ð', 'd'), ('Ñ', 'n'), ('Ò', 'o'), ('Ó', 'o'), ('Ô', 'o'), ('Õ', 'o'), ('Ö', 'o'), ('Ø', 'o'),
  ('Ù', 'u'), ('Ú', 'u'), ('Û', 'u'), ('Ü', 'u'), ('Ý', 'y'), ('Þ', 'th'), ('ß', 'ss'), ('à', 'a'),
  ('á', 'a'), ('â', 'a'), ('ã', 'a'), ('ä', 'a'), ('å', 'a'), ('æ', 'ae'), ('ç', 'c'), ('è', 'e'),
  ('é', 'e'), ('ê', 'e'), ('ë', 'e'), ('ì', 'i'), ('í', 'i'), ('î', 'i'), ('ï', 'i'), ('ð', 'd'),
  ('ñ', 'n'), ('ò', 'o'), ('ó', 'o'), ('ô', 'o'), ('õ', 'o'), ('ö', 'o'), ('ø', 'o'), ('ù', 'u'),
  ('ú', 'u'), ('û', 'u'), ('ü', 'u'), ('ý', 'y'), ('þ', 'th'), ('ÿ', 'y'), ('Ā', 'a'), ('ā', 'a'),
  ('Ă', 'a'), ('ă', 'a'), ('Ą', 'a'), ('ą', 'a'), ('Ć', 'c'), ('ć', 'c'), ('Ĉ', 'c'), ('ĉ', 'c'),
  ('Ċ', 'c'), ('ċ', 'c'), ('Č', 'c'), ('č', 'c'), ('Ď', 'd'), ('ď', 'd'), ('Đ', 'd'), ('đ', 'd'),
  ('Ē', 'e'), ('ē', 'e'), ('Ĕ', 'e'), ('ĕ', 'e'), ('Ė', 'e'), ('ė', 'e'), ('Ę', 'e'), ('ę', 'e'),
  ('Ě', 'e'), ('ě', 'e'), ('Ĝ', 'g'), ('ĝ', 'g'), ('Ğ', 'g'), ('ğ', 'g'), ('Ġ', 'g'), ('ġ', 'g'),
  ('Ģ', 'g'), ('ģ', 'g'), ('Ĥ', 'h'), ('ĥ', 'h'), ('Ĩ', 'i'), ('ĩ', 'i'), ('Ī', 'i'), ('ī', 'i'),
  ('Ĭ', 'i'), ('ĭ', 'i'), ('Į', 'i'), ('į', 'i'), ('İ', 'i'), ('ı', 'i'), ('Ĳ', 'ij'), ('ĳ', 'ij'),
  ('Ĵ', 'j'), ('ĵ', 'j'), ('Ķ', 'k'), ('ķ', 'k'), ('Ĺ', 'l'), ('ĺ', 'l'), ('Ļ', 'l'), ('ļ', 'l'),
  ('Ľ', 'l'), ('ľ', 'l'), ('Ŀ', 'l '), ('ŀ', 'l '), ('Ł', 'l'), ('ł', 'l'), ('Ń', 'n'), ('ń', 'n'),
  ('Ņ', 'n'), ('ņ', 'n'), ('Ň', 'n'), ('ň', 'n'), ('ŉ', ' n'), ('Ō', 'o'), ('ō', 'o'), ('Ŏ', 'o'),
  ('ŏ', 'o'), ('Ő', 'o'), ('ő', 'o'), ('Œ', 'oe'), ('œ', 'oe'), ('Ŕ', 'r'), ('ŕ', 'r'), ('Ŗ', 'r'),
  ('ŗ', 'r'), ('Ř', 'r'), ('ř', 'r'), ('Ś', 's'), ('ś', 's'), ('Ŝ', 's'), ('ŝ', 's'), ('Ş', 's'),
  ('ş', 's'), ('Š', 's'), ('š', 's'), ('Ţ', 't'), ('ţ', 't'), ('Ť', 't'), ('ť', 't'), ('Ũ', 'u'),
  ('ũ', 'u'), ('Ū', 'u'), ('ū', 'u'), ('Ŭ', 'u'), ('ŭ', 'u'), ('Ů', 'u'), ('ů', 'u'), ('Ű', 'u'),
  ('ű', 'u'), ('Ų', 'u'), ('ų', 'u'), ('Ŵ', 'w'), ('ŵ', 'w'), ('Ŷ', 'y'), ('ŷ', 'y'), ('Ÿ', 'y'),
  ('Ź', 'z'), ('ź', 'z'), ('Ż', 'z'), ('ż', 'z'), ('Ž', 'z'), ('ž', 'z'), ('ſ', 's');

-- A city's place key: letters folded and everything else a space (one character at a time),
-- abbreviations spelt out between spaces (twice, for 'St St'), a leading direction spelt out
-- when more words follow, then the spaces removed.
CREATE VIEW restaurant_city_place_keys AS
SELECT
  state,
  slug,
  replace(
    CASE
      WHEN words LIKE 'n %' THEN 'north' || substr(words, 2)
      WHEN words LIKE 's %' THEN 'south' || substr(words, 2)
      WHEN words LIKE 'e %' THEN 'east' || substr(words, 2)
      WHEN words LIKE 'w %' THEN 'west' || substr(words, 2)
      ELSE words
    END,
    ' ', '') AS place_key
FROM (
  SELECT
    state,
    slug,
    trim(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        ' ' || folded || ' ',
        ' st ', ' saint '), ' st ', ' saint '),
        ' ste ', ' sainte '), ' ste ', ' sainte '),
        ' ft ', ' fort '), ' ft ', ' fort '),
        ' mt ', ' mount '), ' mt ', ' mount '),
        ' pt ', ' point '), ' pt ', ' point ')
    ) AS words
  FROM (
    SELECT
      c.state,
      c.slug,
      (WITH RECURSIVE t(i, s) AS (
         SELECT 1, ''
         UNION ALL
         SELECT i + 1, s || coalesce(
           (SELECT l.ascii FROM place_key_letters AS l WHERE l.letter = substr(c.city, i, 1)),
           CASE
             WHEN substr(c.city, i, 1) GLOB '[a-z0-9]' THEN substr(c.city, i, 1)
             WHEN substr(c.city, i, 1) GLOB '[A-Z]' THEN lower(substr(c.city, i, 1))
             ELSE ' '
           END)
         FROM t WHERE i <= length(c.city))
       SELECT s FROM t ORDER BY i DESC LIMIT 1) AS folded
    FROM restaurant_cities AS c
  )
);

ALTER TABLE restaurant_cities ADD COLUMN place_key TEXT;

UPDATE restaurant_cities SET place_key = (
  SELECT k.place_key FROM restaurant_city_place_keys AS k
  WHERE k.state = restaurant_cities.state AND k.slug = restaurant_cities.slug
);

-- A city's row is made once, by the first restaurant there; its name never changes after.
CREATE TRIGGER restaurant_cities_place_key AFTER INSERT ON restaurant_cities BEGIN
  UPDATE restaurant_cities SET place_key = (
    SELECT k.place_key FROM restaurant_city_place_keys AS k WHERE k.state = new.state AND k.slug = new.slug
  )
  WHERE state = new.state AND slug = new.slug;
END;

-- 'Did you mean': a candidate place's restaurants, summed over the spellings of its city.
CREATE INDEX restaurant_cities_place_key_idx ON restaurant_cities (place_key, state, restaurants);
