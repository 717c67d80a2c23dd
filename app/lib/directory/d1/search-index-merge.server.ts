// The D1 side of the search index merge (the job: app/lib/jobs/search-index-merge.server.ts):
// keep the search indexes (FTS5: restaurant_search, and confirmed_search
// for confirmed=1) in few segments. Every write adds a small segment to an index, and FTS5's own merging on write keeps a few per
// level, a dozen or more after a bulk load. A search looks up each of its terms in every
// segment, and the searches that join place, filters and map cells look up dozens of terms:
// merged into one segment, they take far less time (docs/decisions/0019-search-index-merge.md).
// A merge rewrites the whole index, so a tick starts one only past MAX_SEGMENTS: new writes
// add small segments, cheap to look in, and a full merge then follows about every sixty
// write transactions or more, rather than every few (docs/decisions/0019-search-index-merge.md).
// Postgres keeps its own indexes (GIN's pending list is merged by autovacuum): nothing to do.

/** More segments than this and the tick merges them (into one, over as many ticks as it takes). */
const MAX_SEGMENTS = 8;
/** Pages written per merge statement (FTS5 'merge', about 4 KB each). */
const MERGE_PAGES = 2000;
const TIME_BUDGET_MS = 10_000;

/**
 * The D1 search indexes: every search's, and the one confirmed=1 reads (the restaurants with a
 * diners' confirmation tag; migrations/0012_confirmed_search.sql). Writes add segments to both.
 */
export const SEARCH_INDEXES = ["restaurant_search", "confirmed_search"] as const;
export type SearchIndexName = (typeof SEARCH_INDEXES)[number];

/**
 * How many segments an index has. FTS5 keeps each segment's pages in <index>_data
 * under the rowids segment id << 37 and up (fts5_index.c, FTS5_SEGMENT_ROWID), so a skip from one
 * segment's first page to the next reads one row per segment, never the index.
 */
export async function searchIndexSegments(
  db: D1Database,
  index: SearchIndexName = "restaurant_search",
): Promise<number> {
  const row = await db
    .prepare(
      "WITH RECURSIVE seg(id, n) AS (" +
        `SELECT (SELECT min(rowid) FROM ${index}_data WHERE rowid >= 1 << 37) >> 37, 0 ` +
        `UNION ALL SELECT (SELECT min(rowid) FROM ${index}_data WHERE rowid >= (seg.id + 1) << 37) >> 37, n + 1 ` +
        "FROM seg WHERE seg.id IS NOT NULL AND n < 1000) " +
        "SELECT count(id) AS segments FROM seg",
    )
    .first<{ segments: number }>();
  return row?.segments ?? 0;
}

/**
 * One tick of one index: when it has more than `maxSegments` segments (or a merge is under way),
 * merge, MERGE_PAGES pages per statement, until FTS5 has nothing left to merge or the tick's
 * budget is spent; the next tick goes on where this one stopped. A negative page count merges
 * every segment, whatever its level, into one (https://sqlite.org/fts5.html, the 'merge'
 * command). Returns the segments left.
 */
export async function mergeSearchIndexD1(
  db: D1Database,
  {
    maxSegments = MAX_SEGMENTS,
    budgetMs = TIME_BUDGET_MS,
    index = "restaurant_search",
  }: { maxSegments?: number; budgetMs?: number; index?: SearchIndexName } = {},
): Promise<number> {
  const started = Date.now();
  const segments = await searchIndexSegments(db, index);
  if (segments <= maxSegments) return segments;
  while (Date.now() - started < budgetMs) {
    const result = await db
      .prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`)
      .bind(-MERGE_PAGES)
      .run();
    // Fewer than two changes: there was nothing to merge (the FTS5 documentation's test).
    if ((result.meta.changes ?? 0) < 2) break;
  }
  return searchIndexSegments(db, index);
}
