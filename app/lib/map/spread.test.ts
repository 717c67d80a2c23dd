import { describe, expect, it } from "vitest";
import { spreadPins } from "./spread";

const area = { left: 22, top: 22, right: 458, bottom: 378 };

describe("spreadPins", () => {
  it("leaves pins that do not touch where they are", () => {
    const points = [
      { x: 100, y: 100 },
      { x: 200, y: 100 },
    ];
    expect(spreadPins(points, 44, area)).toEqual(points);
  });

  it("moves pins on one spot apart, the first staying, none over another, all inside the area", () => {
    const points = Array.from({ length: 8 }, () => ({ x: 240, y: 200 }));
    const placed = spreadPins(points, 44, area);
    expect(placed[0]).toEqual({ x: 240, y: 200 });
    for (let i = 0; i < placed.length; i++) {
      const a = placed[i]!;
      expect(a.x >= area.left && a.x <= area.right && a.y >= area.top && a.y <= area.bottom).toBe(true);
      for (let j = i + 1; j < placed.length; j++) {
        const b = placed[j]!;
        expect(Math.abs(a.x - b.x) >= 44 || Math.abs(a.y - b.y) >= 44).toBe(true);
      }
    }
  });

  it("keeps a pin that finds no room on its own point", () => {
    const tiny = { left: 0, top: 0, right: 10, bottom: 10 };
    expect(
      spreadPins(
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
        44,
        tiny,
      ),
    ).toEqual([
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ]);
  });
});
