// The HTTP stage's URLs must state the very searches the D1 stage measures: the app's own
// parser reads each one back with nothing dropped or repaired. And the Server-Timing split it
// reports must be the figures the app's header carries.
import { describe, expect, it } from "vitest";
import { createTiming } from "~/lib/web/timing.server";
import { parseSearchParams, serialiseSearch } from "~/lib/search/search-url";
import { EXTRA_QUERIES, QUERY_MIX } from "./queries.mjs";
import { parseServerTiming, searchPath } from "./search-urls.mjs";

const sortedEntries = (query: string) => [...new URLSearchParams(query)].sort(([a], [b]) => a.localeCompare(b));

describe("searchPath", () => {
  it.each([...QUERY_MIX, ...EXTRA_QUERIES].map((q) => [q.label, q.criteria] as const))(
    "%s: the app reads back every parameter it wrote",
    (_label, criteria) => {
      const query = searchPath(criteria).replace(/^\/\??/, "");
      const canonical = serialiseSearch(parseSearchParams(new URLSearchParams(query)));
      expect(sortedEntries(canonical)).toEqual(sortedEntries(query));
    },
  );

  it("writes the empty search as the home page", () => {
    expect(searchPath({})).toBe("/");
  });
});

describe("parseServerTiming", () => {
  it("reads the app's header", () => {
    let clock = 0;
    const timing = createTiming(() => clock);
    timing.add("db", 12.5);
    timing.add("render", 3.25);
    timing.describe("cache", "MISS");
    timing.add("cache", 0.5);
    clock = 1;
    expect(parseServerTiming(timing.header())).toEqual({ db: 12.5, render: 3.3, cache: 0.5 });
  });

  it("counts an absent header or an unknown part as nothing", () => {
    expect(parseServerTiming(null)).toEqual({ db: 0, render: 0, cache: 0 });
    expect(parseServerTiming('edge;dur=9, db;desc="x"')).toEqual({ db: 0, render: 0, cache: 0 });
  });
});
