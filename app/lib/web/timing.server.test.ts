import { describe, expect, it } from "vitest";
import { createTiming } from "./timing.server";
import { timedMethods } from "../directory/index.server";

/** A clock that moves only when told. */
function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("Server-Timing", () => {
  it("adds up each name and writes the header in the order first seen", async () => {
    const clock = manualClock();
    const timing = createTiming(clock.now);
    await timing.time("db", async () => clock.advance(12.34));
    timing.describe("cache", 'MISS"');
    await timing.time("db", async () => clock.advance(0.5));
    timing.add("render", 3);
    expect(timing.total("db")).toBeCloseTo(12.84);
    expect(timing.header()).toBe('db;dur=12.8, cache;dur=0.0;desc="MISS", render;dur=3.0');
  });

  it("times work that fails, and passes the failure on", async () => {
    const clock = manualClock();
    const timing = createTiming(clock.now);
    await expect(
      timing.time("db", async () => {
        clock.advance(7);
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    expect(timing.total("db")).toBe(7);
  });

  it("timedMethods times every method of an object and keeps its results", async () => {
    const clock = manualClock();
    const timing = createTiming(clock.now);
    const backend = {
      label: "d1",
      async find(n: number) {
        clock.advance(n);
        return n * 2;
      },
    };
    const timed = timedMethods(backend, timing, "db");
    expect(timed.label).toBe("d1");
    expect(await timed.find(4)).toBe(8);
    expect(await timed.find(1)).toBe(2);
    expect(timing.total("db")).toBe(5);
  });
});
