import { describe, expect, it } from "vitest";
import {
  MAX_SAVED,
  addSaved,
  parseSavedIds,
  removeSaved,
  savedCookie,
  savedIdsFromCookie,
  savedListHref,
} from "./saved-list";

describe("a saved list's ids", () => {
  it("keeps the saved order, dropping duplicates and non-integers", () => {
    expect(parseSavedIds("12,45,12,x,0,-3,4.5,78, 45,1e3,")).toEqual([12, 45, 78]);
    expect(parseSavedIds(null)).toEqual([]);
    expect(parseSavedIds("99999999999999999")).toEqual([]);
  });

  it(`drops every id past the ${MAX_SAVED}th`, () => {
    const written = Array.from({ length: 120 }, (_, i) => i + 1).join(",");
    const ids = parseSavedIds(written);
    expect(ids).toHaveLength(MAX_SAVED);
    expect(ids.at(-1)).toBe(MAX_SAVED);
  });

  it("adds once, refuses the 101st and loses nothing, removes", () => {
    expect(addSaved([1, 2], 3)).toEqual({ ids: [1, 2, 3], full: false });
    expect(addSaved([1, 2], 2)).toEqual({ ids: [1, 2], full: false });
    const full = Array.from({ length: MAX_SAVED }, (_, i) => i + 1);
    expect(addSaved(full, 500)).toEqual({ ids: full, full: true });
    expect(removeSaved([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it("round-trips through the cookie, a year, SameSite=Lax", () => {
    const header = savedCookie([12, 45, 78], true);
    expect(header).toBe("saved=12%2C45%2C78; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
    expect(savedIdsFromCookie(`other=1; ${header.split(";")[0]}`)).toEqual([12, 45, 78]);
    expect(savedIdsFromCookie("saved=12,45")).toEqual([12, 45]);
    expect(savedIdsFromCookie("saved=%E0%A4%A")).toEqual([]);
    expect(savedIdsFromCookie(null)).toBeNull();
    expect(savedIdsFromCookie("other=1")).toBeNull();
    expect(savedCookie([], false)).toBe("saved=; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(savedIdsFromCookie("saved=")).toEqual([]);
  });

  it("is a link", () => {
    expect(savedListHref([12, 45])).toBe("/saved?ids=12,45");
    expect(savedListHref([], "/saved.kml")).toBe("/saved.kml");
  });
});
