// The Cache-Control routes ask for, and how the page cache (server.ts) takes it.
import { describe, expect, it } from "vitest";
import { mayStorePage } from "../../../server";
import { pagePolicy } from "./cache-control";

describe("pages that show an open state", () => {
  const seconds = (policy: string, name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(policy)?.[1] ?? 0);

  it("are kept at most 60 s in all, stale-while-revalidate included", () => {
    const policy = pagePolicy({ showsOpenState: true });
    expect(policy).toMatch(/^public, /);
    expect(seconds(policy, "s-maxage")).toBeGreaterThan(0);
    expect(
      seconds(policy, "s-maxage") + seconds(policy, "stale-while-revalidate") + seconds(policy, "max-age"),
    ).toBeLessThanOrEqual(60);
    expect(mayStorePage(new Response("x", { headers: { "Cache-Control": policy, "Content-Type": "text/html" } }))).toBe(
      true,
    );
  });

  it("other pages keep the search policy", () => {
    expect(pagePolicy({ showsOpenState: false })).toBe("public, s-maxage=60, stale-while-revalidate=600");
  });
});
