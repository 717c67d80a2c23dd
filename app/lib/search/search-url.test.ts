import { describe, expect, it } from "vitest";
import {
  EMPTY_SEARCH,
  isEmptySearch,
  isSearched,
  parseSearchParams,
  resultsTitle,
  searchDescription,
  searchHref,
  serialiseSearch,
} from "./search-url";
import { searchAsked } from "../../../tests/fixtures/reference-search";

/** The kitchen practices of docs/search-url.md, in the order the app writes them. */
const KITCHEN_PRACTICES = ["dedicated-fryer", "separate-prep", "trained-staff"] as const;

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("reads a full search", () => {
    expect(
      parse(
        "q=thai&location=Portland%2C+OR&radius=10&cuisine=Thai&diet=vegan&diet=gluten-free&match=all&page=3&lat=45.5&lng=-122.6",
      ),
    ).toEqual({
      query: "thai",
      location: "Portland, OR",
      radius: 10,
      cuisine: "Thai",
      diets: ["gluten-free", "vegan"],
      match: "all",
      dedicated: false,
      kitchen: [],
      open: false,
      confirmed: false,
      page: 3,
      coords: { lat: 45.5, lng: -122.6 },
      near: false,
      submitted: true,
    });
  });

  // The switches: the URLs that turn each on, and those that leave it off.
  it.each([
    {
      title: "reads near=me (any case, spaces trimmed) and ignores any other value",
      key: "near",
      on: ["near=me", "near=%20ME%20", "near=me&near=x"],
      off: ["near=x", "near="],
    },
    {
      title: "reads dedicated=1 only; any other value is ignored, a repeat of 1 still counts",
      key: "dedicated",
      on: ["dedicated=1", "dedicated=%201%20", "dedicated=yes&dedicated=1", "dedicated=1&dedicated=1"],
      off: [
        ...["yes", "true", "0", "", "01", "1.0", "on", "<b>1</b>", "%3Cscript%3E"].map((v) => `dedicated=${v}`),
        "dedicated",
        "dedicated=0&dedicated=no",
      ],
    },
    {
      title: "reads open=now only (any case, spaces trimmed); any other value is ignored, a repeat still counts",
      key: "open",
      on: ["open=now", "open=%20NOW%20", "open=now&open=now", "open=later&open=now"],
      off: [
        ...["later", "1", "true", "", "nowish", "now,later", "%3Cb%3Enow%3C%2Fb%3E", "%3Cscript%3E"].map(
          (v) => `open=${v}`,
        ),
        "open",
      ],
    },
  ] as const)("$title", ({ key, on, off }) => {
    for (const query of on) expect(parse(query)[key], query).toBe(true);
    for (const query of off) expect(parse(query)[key], query).toBe(false);
  });

  it("writes open=now after the other filters, and every link keeps it", () => {
    const state = parse("q=thai&open=NOW&diet=vegan&page=2");
    expect(serialiseSearch(state)).toBe("q=thai&diet=vegan&open=now&page=2");
    expect(searchHref(state, { diets: [] })).toBe("/?q=thai&open=now");
    expect(searchHref(state, { open: false })).toBe("/?q=thai&diet=vegan");
    expect(serialiseSearch(parse("open=later"))).toBe("");
  });

  it("reads kitchen practices: known values only, deduplicated, in canonical order", () => {
    expect(parse("kitchen=trained-staff&kitchen=dedicated-fryer").kitchen).toEqual([
      "dedicated-fryer",
      "trained-staff",
    ]);
    expect(parse("kitchen=%20separate-prep%20").kitchen).toEqual(["separate-prep"]);
    expect(parse("kitchen=fryer&kitchen=Dedicated-Fryer&kitchen=&kitchen=%3Cscript%3E").kitchen).toEqual([]);
    expect(parse("kitchen=separate-prep&kitchen=separate-prep").kitchen).toEqual(["separate-prep"]);
    const fifty = Array.from({ length: 50 }, (_, i) => `kitchen=${KITCHEN_PRACTICES[i % 3]}`).join("&");
    expect(parse(fifty).kitchen).toEqual([...KITCHEN_PRACTICES]);
    const junk = Array.from({ length: 50 }, (_, i) => `kitchen=x${i}`).join("&");
    expect(parse(junk).kitchen).toEqual([]);
  });

  it("every combination of kitchen values reads as the set of the known ones", () => {
    const values = [...KITCHEN_PRACTICES, "unknown", "dedicated_fryer"];
    for (let mask = 0; mask < 2 ** values.length; mask++) {
      const chosen = values.filter((_, i) => mask & (1 << i));
      const query = chosen.map((v) => `kitchen=${v}`).join("&");
      expect(parse(query).kitchen).toEqual(KITCHEN_PRACTICES.filter((p) => chosen.includes(p)));
    }
  });

  it("gives the defaults for an empty URL", () => {
    // docs/search-url.md's defaults, as the reference states them; a URL without q or location was not sent by the form.
    expect(parse("")).toEqual({ ...searchAsked(), near: false, submitted: false });
  });

  it("trims q and location and cuts them to 200 characters", () => {
    const state = parse(`q=${encodeURIComponent("  pizza  ")}&location=${"x".repeat(250)}`);
    expect(state.query).toBe("pizza");
    expect(state.location).toHaveLength(200);
  });

  it("cuts on whole code points (no lone surrogate)", () => {
    const state = parse(`q=${encodeURIComponent("a" + "😀".repeat(250))}`);
    expect(Array.from(state.query)).toHaveLength(200);
    expect(state.query).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("turns control characters into spaces and NFC-normalises", () => {
    expect(parse("q=a%00b%0Ac").query).toBe("a b c");
    expect(parse(`q=${encodeURIComponent("Cafe\u0301")}`).query).toBe("Café");
  });

  it.each(["", "0", "7", "25.0", "abc", "-5", "100", " 10x"])("radius %j becomes 25", (radius) => {
    expect(parse(`radius=${encodeURIComponent(radius)}`).radius).toBe(25);
  });

  it.each([
    ["5", 5],
    ["10", 10],
    ["25", 25],
    ["50", 50],
    [" 50 ", 50],
  ] as const)("radius %j is kept", (raw, radius) => {
    expect(parse(`radius=${encodeURIComponent(raw)}`).radius).toBe(radius);
  });

  it("ignores unknown diets and duplicates, keeps a canonical order", () => {
    expect(parse("diet=vegan&diet=paleo&diet=vegan&diet=all&diet=dairy-free").diets).toEqual(["dairy-free", "vegan"]);
    expect(parse("diet=VEGAN").diets).toEqual([]);
  });

  it.each(["", "ALL", "none", "any"])("match %j is any", (match) => {
    expect(parse(`diet=vegan&match=${match}`).match).toBe("any");
  });

  it.each([
    ["", 1],
    ["0", 1],
    ["-2", 1],
    ["1.5", 1],
    ["abc", 1],
    ["2", 2],
    ["007", 7],
    // Clamped to a million: past the end of any directory.
    ["99999999999999999999999", 1_000_000],
    ["1000001", 1_000_000],
  ] as const)("page %j becomes %i", (raw, page) => {
    expect(parse(`page=${raw}`).page).toBe(page);
  });

  it.each([
    "lat=91&lng=0",
    "lat=0&lng=181",
    "lat=abc&lng=1",
    "lat=1",
    "lng=1",
    "lat=1e2&lng=1",
    "lat=NaN&lng=1",
    "lat=Infinity&lng=0",
  ])("ignores bad coordinates %s", (query) => {
    expect(parse(query).coords).toBeNull();
  });

  it("keeps good coordinates, and 'Current Location' is no typed location", () => {
    const state = parse("location=Current+Location&lat=-33.8688&lng=151.2093");
    expect(state.coords).toEqual({ lat: -33.8688, lng: 151.2093 });
    expect(state.location).toBe("");
    expect(isSearched(state)).toBe(true);
  });

  it("takes the first of repeated single-valued parameters", () => {
    expect(parse("q=one&q=two&radius=10&radius=50").query).toBe("one");
  });
});

describe("searched and empty search", () => {
  it("searched means q, location, cuisine or coordinates", () => {
    for (const query of ["q=x", "location=97201", "cuisine=Thai", "lat=1&lng=2"]) {
      expect(isSearched(parse(query)), query).toBe(true);
    }
    for (const query of ["", "diet=vegan&page=2&radius=5"]) expect(isSearched(parse(query)), query).toBe(false);
  });

  it("an empty search carries q or location, both blank, and no cuisine", () => {
    for (const query of ["q=&location=", "q=+++&radius=25", "location="]) {
      expect(isEmptySearch(parse(query)), query).toBe(true);
    }
    for (const query of ["q=&location=&cuisine=Thai", "q=&location=Current+Location&lat=1&lng=2", "", "diet=vegan"]) {
      expect(isEmptySearch(parse(query)), query).toBe(false);
    }
  });
});

describe("serialising", () => {
  it("drops defaults and round-trips", () => {
    const query =
      "q=thai&location=Portland%2C+OR&radius=10&cuisine=Thai&diet=gluten-free&diet=vegan&match=all&page=3&lat=45.5&lng=-122.6";
    expect(serialiseSearch(parse(query))).toBe(query);
    expect(serialiseSearch(parse("radius=25&match=any&page=1"))).toBe("");
  });

  it("writes dedicated and kitchen after match, and round-trips them", () => {
    const query = "q=thai&diet=vegan&match=all&dedicated=1&kitchen=dedicated-fryer&kitchen=trained-staff&page=2";
    expect(serialiseSearch(parse(query))).toBe(query);
    expect(serialiseSearch(parse("kitchen=trained-staff&dedicated=yes&kitchen=dedicated-fryer&kitchen=nope"))).toBe(
      "kitchen=dedicated-fryer&kitchen=trained-staff",
    );
    expect(searchHref(parse("dedicated=1&kitchen=separate-prep&page=3"), { diets: ["vegan"] })).toBe(
      "/?diet=vegan&dedicated=1&kitchen=separate-prep",
    );
  });

  it("dedicated and kitchen alone do not make a search", () => {
    expect(isSearched(parse("dedicated=1&kitchen=separate-prep"))).toBe(false);
    expect(resultsTitle(parse("dedicated=1&kitchen=separate-prep"))).toBe("Featured Restaurants");
  });

  it("drops match=all without diets", () => {
    expect(serialiseSearch(parse("match=all"))).toBe("");
  });

  it("normalises equivalent URLs to one", () => {
    expect(serialiseSearch(parse("diet=vegan&q=+thai+&diet=gluten-free&page=01"))).toBe(
      serialiseSearch(parse("q=thai&diet=gluten-free&diet=vegan")),
    );
  });

  it("builds links that keep the other parameters and reset the page", () => {
    const state = parse("q=thai&diet=vegan&page=4&radius=50");
    expect(searchHref(state, { cuisine: "Thai" })).toBe("/?q=thai&radius=50&cuisine=Thai&diet=vegan");
    expect(searchHref(state, { page: 5 })).toBe("/?q=thai&radius=50&diet=vegan&page=5");
    expect(searchHref(EMPTY_SEARCH)).toBe("/");
  });

  it("never emits an empty-search marker", () => {
    expect(searchHref(parse("q=&location=&diet=vegan"))).toBe("/?diet=vegan");
  });
});

describe("results title (docs/search-url.md)", () => {
  it("names the query after a search with one", () => {
    expect(resultsTitle(parse("q=Thai+Orchid&diet=vegan"))).toBe('Search Results for "Thai Orchid"');
  });
  it("is 'Featured Restaurants' when the dietary filter is All", () => {
    expect(resultsTitle(parse(""))).toBe("Featured Restaurants");
    expect(resultsTitle(parse("location=Austin"))).toBe("Featured Restaurants");
  });
  it("is 'Filtered Restaurants' otherwise", () => {
    expect(resultsTitle(parse("diet=vegan"))).toBe("Filtered Restaurants");
    expect(resultsTitle(parse("location=Austin&diet=vegan&diet=dairy-free"))).toBe("Filtered Restaurants");
  });
  it("describes a search by query, location, cuisine or coordinates", () => {
    expect(searchDescription(parse("q=a&location=b"))).toBe("a");
    expect(searchDescription(parse("location=b&cuisine=c"))).toBe("b");
    expect(searchDescription(parse("cuisine=c"))).toBe("c");
    expect(searchDescription(parse("lat=1&lng=1"))).toBe("Current Location");
  });
});

describe("confirmed=1 (confirmed by diners)", () => {
  it("reads 1 only (spaces trimmed); any other value is ignored, a repeat of 1 still counts", () => {
    expect(parse("confirmed=1").confirmed).toBe(true);
    expect(parse("confirmed=%201%20").confirmed).toBe(true);
    for (const value of ["0", "true", "yes", "", "2", "11"])
      expect(parse(`confirmed=${value}`).confirmed, value).toBe(false);
    expect(parse("confirmed").confirmed).toBe(false);
    expect(parse("confirmed=yes&confirmed=1").confirmed).toBe(true);
  });

  it("writes confirmed=1 after open=now, every link keeps it, and it alone is no search", () => {
    const search = parse("open=now&q=thai&confirmed=1&diet=vegan&page=2");
    expect(serialiseSearch(search)).toBe("q=thai&diet=vegan&open=now&confirmed=1&page=2");
    expect(searchHref(search, { diets: [] })).toBe("/?q=thai&open=now&confirmed=1");
    expect(searchHref(search, { confirmed: false })).toBe("/?q=thai&diet=vegan&open=now");
    expect(isSearched(parse("confirmed=1"))).toBe(false);
    expect(resultsTitle(parse("confirmed=1"))).toBe("Featured Restaurants");
  });
});
