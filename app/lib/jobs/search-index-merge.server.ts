// Scheduled (D1 only): merge the search indexes' segments when they are many (the statements
// and why: app/lib/directory/d1/search-index-merge.server.ts; docs/decisions/0019-search-index-merge.md).
// Postgres keeps its own indexes (GIN's pending list is merged by autovacuum): nothing to do.
import { getConfig } from "../web/config.server";
import { SEARCH_INDEXES, mergeSearchIndexD1 } from "../directory/d1/search-index-merge.server";
import type { ScheduledJob } from "./job";

export const searchIndexMergeJob: ScheduledJob = {
  name: "search-index merge",
  async run(env) {
    const { backend } = getConfig(env);
    if (backend.kind !== "d1") return;
    for (const index of SEARCH_INDEXES) await mergeSearchIndexD1(backend.db, { index });
  },
};
