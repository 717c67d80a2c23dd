import { describe, expect, it } from "vitest";
import { parseLocation } from "./location";

describe("parseLocation (docs/search-url.md)", () => {
  it("is none when blank", () => {
    expect(parseLocation("")).toEqual({ kind: "none" });
    expect(parseLocation("   ")).toEqual({ kind: "none" });
  });

  it("treats exactly five digits as a zip", () => {
    expect(parseLocation("97201")).toEqual({ kind: "zip", zip: "97201" });
    expect(parseLocation(" 97201 ")).toEqual({ kind: "zip", zip: "97201" });
  });

  it.each(["9720", "972011", "97201-1234", "9720a", "９７２０１"])("%j is not a zip", (value) => {
    expect(parseLocation(value).kind).not.toBe("zip");
  });

  it("splits a value with a comma into trimmed city and state parts", () => {
    expect(parseLocation("  Portland ,  OR ")).toEqual({ kind: "cityState", city: "Portland", state: "OR" });
    expect(parseLocation("Springfield,")).toEqual({ kind: "cityState", city: "Springfield", state: "" });
    expect(parseLocation(", ME")).toEqual({ kind: "cityState", city: "", state: "ME" });
  });

  it("splits at the first comma", () => {
    expect(parseLocation("Portland, OR, USA")).toEqual({ kind: "cityState", city: "Portland", state: "OR, USA" });
  });

  it("matches anything else against city or state", () => {
    expect(parseLocation("Oregon")).toEqual({ kind: "cityOrState", text: "Oregon" });
    expect(parseLocation("97201 Portland")).toEqual({ kind: "cityOrState", text: "97201 Portland" });
  });
});
