// The app's own modules that the benchmark replays, in one place: the D1 statements
// (app/lib/directory/d1/), the Postgres function's arguments (supabase/directory.server.ts), the place
// lookup, the sitemaps' statements and partitioning, the open-hours derivation, a published
// confirmation's columns, and the reference statement of the rules that checks the results. bench/lib/app-sql.mjs imports
// this file through tsx, so the benchmark runs exactly what the Worker runs; `npm run
// typecheck` sees it, so a renamed export fails there rather than in a benchmark run.
export { nameOrderStatements } from "~/lib/directory/d1/name-order";
export { distanceStatements } from "~/lib/directory/d1/distance-order";
export { nearestBeyondStatement } from "~/lib/directory/d1/nearest-walk";
export { distanceSql } from "~/lib/directory/d1/circles";
export { placeStatement } from "~/lib/directory/d1/place-lookups";
export { ZONES_SQL, zoneRowOf, openZonesAt } from "~/lib/directory/d1/open-zones";
export { searchArgs } from "~/lib/directory/supabase/directory.server";
export { placeArgs } from "~/lib/directory/supabase/place-lookups";
export { LAST_PAGE, MAX_COUNTED, PAGE_SIZE, searchOf } from "~/lib/search/search-url";
export { referenceDirectorySearch } from "../../tests/fixtures/reference-search";
export { loadPlaceData, renderPlacesSql } from "../../scripts/generate-places";
export { loadPlacesIntoD1 } from "../../scripts/load-places";
export { loadWorldPlacesIntoD1 } from "../../scripts/load-world-places";
export * as sitemapSql from "~/lib/directory/d1/landing";
export * as sitemap from "~/lib/seo/sitemap";
export { US_STATES, parseLocationRule, placeLookupOf, searchScope } from "~/lib/places/places";
export { openKeysAt, deriveOpenHours } from "~/lib/hours/open-slots";
export { openSlotsText, deriveOpenHoursD1 } from "~/lib/directory/d1/open-hours.server";
export { deriveOpenHoursPostgres } from "~/lib/directory/supabase/open-hours.server";
export { mergeSearchIndexD1, searchIndexSegments, SEARCH_INDEXES } from "~/lib/directory/d1/search-index-merge.server";
export { createD1Directory } from "~/lib/directory/d1/directory.server";
export { runSearch } from "~/lib/directory/index.server";
export { searchHintsFor } from "~/lib/hints/search-hints";
export { CONFIRMATION_COLUMNS } from "~/lib/directory/confirmation-rows";
export { confirmationColumnsD1 } from "./confirmation-columns";
