// The statement that names a search's coordinates (app/lib/places/nearest-place.ts): the US
// places and the world's places in the nine quarter-degree cells around the point, each cell an
// index lookup (migrations/0019_place_cells.sql), nearest first. The same rows and order as
// public.nearest_place on Postgres.
import { nearCells } from "../../places/nearest-place";
import type { LatLng } from "../../places/places";
import type { SqlStatement } from "./fts-query";

const ROW = "CAST((latitude + 90) * 4 AS INTEGER)";
const COLUMN = "CAST((longitude + 180) * 4 AS INTEGER)";
const IN_CELLS = `${ROW} IN (?1, ?2, ?3) AND ${COLUMN} IN (?4, ?5, ?6)`;

export function nearestPlaceStatement(coords: LatLng): SqlStatement {
  const { rows, columns, cos } = nearCells(coords);
  return {
    sql:
      "SELECT name, state, slug, country, subdivision, population, lat, lng FROM (" +
      "SELECT name, state, slug, 'US' AS country, NULL AS subdivision, 0 AS population, " +
      `latitude AS lat, longitude AS lng FROM us_places WHERE ${IN_CELLS} ` +
      "UNION ALL SELECT name, NULL, NULL, country, subdivision, population, latitude, longitude " +
      `FROM world_places WHERE ${IN_CELLS}) ` +
      "ORDER BY (lat - ?7) * (lat - ?7) + ((lng - ?8) * ?9) * ((lng - ?8) * ?9), country, name LIMIT 1",
    params: [...rows, ...columns, coords.lat, coords.lng, cos],
  };
}
