// Checks the promises data/sample-data.mjs makes to the rest of the project (coverage of
// cities, cuisines and diets, fictional contact details, photo files) and that the committed
// seed files are exactly what the generator produces.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { confirmations, cuisines, photos, restaurants } from "../data/sample-data.mjs";
import { RESTAURANT_COLUMNS } from "../app/lib/directory/columns";
import { loadPlaceData } from "./generate-places";
import { distanceMiles } from "../app/lib/places/geometry";
import { type LatLng, US_STATES, placeKey } from "../app/lib/places/places";
import { D1_SEED_PATH, POSTGRES_SEED_PATH, renderSeeds } from "./generate-seed";
import { parseHours, timeZoneAt } from "../app/lib/hours/hours";
import { checkState } from "../app/lib/submissions/address-rules";
import { EVERY_CONDITION, EVERY_OUTCOME } from "../tests/fixtures/reference-search";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PHOTO_DIR = `${ROOT}public/photos/`;

/** The columns of the data port: every sample row carries exactly these. */
const COLUMNS: readonly string[] = RESTAURANT_COLUMNS;

const photosOf = (id: number) => photos.filter((p) => p.restaurant_id === id);
const place = (r: { city: string; state: string }) => `${r.city}, ${r.state}`;
const isFictionalHost = (host: string) => host.endsWith(".example") || host.endsWith(".test");
/** The US rows, which every US promise below is about; the rows abroad have their own. */
const us = restaurants.filter((r) => r.country === "US");
const abroad = restaurants.filter((r) => r.country !== "US");
const groupBy = <T>(rows: readonly T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

describe("sample restaurants", () => {
  it("has enough restaurants, cities, states and cuisines", () => {
    expect(restaurants.length).toBeGreaterThanOrEqual(64);
    expect(new Set(restaurants.map(place)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(restaurants.map((r) => r.state)).size).toBeGreaterThanOrEqual(8);
    expect(cuisines.length).toBeGreaterThanOrEqual(12);
  });

  it("has exactly the restaurants columns, with unique positive ids", () => {
    for (const r of restaurants) expect(Object.keys(r).sort()).toEqual([...COLUMNS].sort());
    const ids = restaurants.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
  });

  it("stores booleans as booleans and required text as non-empty strings", () => {
    for (const r of restaurants) {
      for (const key of ["is_gluten_free", "is_dairy_free", "is_vegetarian", "is_vegan"] as const) {
        expect(typeof r[key]).toBe("boolean");
      }
      for (const key of ["name", "cuisine_type", "address", "city", "state"] as const) {
        expect(typeof r[key] === "string" && r[key].trim() !== "").toBe(true);
      }
    }
    for (const r of us) expect(r.zip_code === null || /^\d{5}$/.test(r.zip_code), String(r.id)).toBe(true);
    // One deliberate row without a ZIP code (a food cart).
    expect(restaurants.filter((r) => r.zip_code === null)).toHaveLength(1);
  });

  it("uses only cuisines from the list, and uses nearly all of them", () => {
    expect(new Set(cuisines).size).toBe(cuisines.length);
    for (const r of restaurants) expect(cuisines).toContain(r.cuisine_type);
    const unused = cuisines.filter((c) => !restaurants.some((r) => r.cuisine_type === c));
    expect(unused.length).toBeLessThanOrEqual(2);
  });

  it("covers every combination of the four diets at least twice", () => {
    const counts = new Map<string, number>();
    for (const r of restaurants) {
      const key = [r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan].map(Number).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(16);
    for (const [key, count] of counts) expect(count, key).toBeGreaterThanOrEqual(2);
  });

  it("has cities of the same name in different states", () => {
    const places = new Set(restaurants.map(place));
    for (const p of ["Portland, OR", "Portland, ME", "Springfield, IL", "Springfield, MA"]) expect(places).toContain(p);
  });

  it("uses two-letter states and gives coordinates in pairs, inside the continental US", () => {
    for (const r of us) {
      expect(Object.keys(US_STATES)).toContain(r.state);
      expect(r.latitude === null, String(r.id)).toBe(r.longitude === null);
      if (r.latitude === null || r.longitude === null) continue;
      expect(r.latitude > 24 && r.latitude < 50, String(r.id)).toBe(true);
      expect(r.longitude > -125 && r.longitude < -66, String(r.id)).toBe(true);
    }
  });

  it("uses only fictional phone numbers, emails and websites", () => {
    for (const r of restaurants) {
      if (r.phone_number !== null && (r.country === "US" || r.country === "CA"))
        expect(r.phone_number).toMatch(/^\(\d{3}\) 555-01\d\d$/);
      if (r.email_address !== null) {
        expect(r.email_address).toMatch(/^[a-z0-9.+-]+@[a-z0-9.-]+$/);
        expect(isFictionalHost(r.email_address.split("@")[1] ?? ""), r.email_address).toBe(true);
      }
      for (const url of [r.website_url, r.menu_url]) {
        if (url === null) continue;
        const parsed = new URL(url);
        expect(["https:", "http:"]).toContain(parsed.protocol);
        expect(isFictionalHost(parsed.hostname), url).toBe(true);
      }
    }
  });

  it("includes rows with missing optional details", () => {
    const count = (pick: (r: (typeof restaurants)[number]) => unknown) =>
      restaurants.filter((r) => pick(r) === null).length;
    expect(count((r) => r.website_url)).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.email_address)).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.menu_url)).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.description)).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.hours_of_operation)).toBeGreaterThanOrEqual(2);
  });

  it("writes hours as comma-separated parts, in the grammar but for a few deliberate exceptions", () => {
    const outside: string[] = [];
    for (const r of restaurants) {
      if (r.hours_of_operation === null) continue;
      if (!parseHours(r.hours_of_operation)) outside.push(r.hours_of_operation);
    }
    // docs/opening-hours.md: text outside the grammar is shown as written, with no open state.
    expect(outside.length).toBeGreaterThanOrEqual(3);
    expect(outside.length).toBeLessThanOrEqual(5);
    expect(restaurants.some((r) => (r.hours_of_operation ?? "").includes(","))).toBe(true);
  });

  it("has hours for lunch and dinner, late nights past midnight and 24 hours, in several time zones", () => {
    const schedules = restaurants.flatMap((r) => {
      const schedule = parseHours(r.hours_of_operation);
      return schedule ? [{ r, schedule }] : [];
    });
    // Two ranges on one day; a range that ends the next day; a whole day.
    expect(schedules.some(({ schedule }) => schedule.days.some((ranges) => ranges.length >= 2))).toBe(true);
    expect(
      schedules.filter(({ schedule }) => schedule.days.some((ranges) => ranges.some(([, end]) => end > 1440))).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      schedules.some(({ schedule }) => schedule.days.some((ranges) => ranges.some(([s, e]) => s === 0 && e === 1440))),
    ).toBe(true);
    const zones = new Set(schedules.map(({ r }) => timeZoneAt(r.latitude, r.longitude)).filter(Boolean));
    expect([...zones].sort()).toEqual(
      expect.arrayContaining(["America/Chicago", "America/Denver", "America/Los_Angeles", "America/New_York"]),
    );
  });

  it("keeps names unique except for a chain in different cities", () => {
    const byName = new Map<string, string[]>();
    for (const r of restaurants) byName.set(r.name, [...(byName.get(r.name) ?? []), place(r)]);
    for (const [name, places] of byName) expect(new Set(places).size, name).toBe(places.length);
  });

  it("contains the fixed names the tests rely on", () => {
    const find = (name: string) => restaurants.find((r) => r.name === name);
    expect(find("Café Ünïcode")).toMatchObject({
      cuisine_type: "French",
      city: "Portland",
      state: "OR",
    });
    expect(find("50% Off Tacos")).toMatchObject({ cuisine_type: "Mexican" });
    expect(["Japanese", "Chinese"]).toContain(find("Under_score Noodle Bar")?.cuisine_type);
    expect(find("Mama's Kitchen")).toMatchObject({ cuisine_type: "Italian" });
    expect(find("Comma, Please")).toMatchObject({ cuisine_type: "American" });
    const backslash = find("Back\\Slash Bistro");
    expect(backslash).toBeDefined();
    expect(backslash?.name.split("\\").length).toBe(2);
  });
});

describe("sample restaurants and the place data (GeoNames)", () => {
  const zips = new Map(loadPlaceData().zips.map((z) => [z.zip, z]));
  const zipCentre = (zip: string | null): LatLng | null => {
    const z = zip === null ? undefined : zips.get(zip);
    return z ? { lat: z.latitude, lng: z.longitude } : null;
  };
  /** Where the distance search puts a restaurant: its coordinates, else its ZIP's centre. */
  const position = (r: (typeof restaurants)[number]): LatLng | null =>
    r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude } : zipCentre(r.zip_code);

  it("has city and state agreeing with the ZIP code", () => {
    for (const r of us) {
      const z = r.zip_code === null ? undefined : zips.get(r.zip_code);
      if (!z) continue;
      expect({ id: r.id, city: placeKey(r.city), state: r.state }).toEqual({
        id: r.id,
        city: placeKey(z.place_name),
        state: z.state,
      });
    }
  });

  it("puts coordinates inside the ZIP: within 250 m of its centre", () => {
    for (const r of us) {
      if (r.latitude === null || r.longitude === null) continue;
      const centre = zipCentre(r.zip_code);
      expect(centre, `${r.id} has coordinates and a known ZIP`).not.toBeNull();
      const metres = distanceMiles(centre!, { lat: r.latitude, lng: r.longitude }) * 1609.344;
      expect(metres, String(r.id)).toBeLessThan(250);
    }
  });

  it("has rows with a ZIP but no coordinates (two sharing one), and rows with no position at all", () => {
    const zipOnly = restaurants.filter((r) => r.latitude === null && zipCentre(r.zip_code) !== null);
    expect(zipOnly.length).toBeGreaterThanOrEqual(3);
    expect(new Set(zipOnly.map((r) => r.zip_code)).size).toBeLessThan(zipOnly.length);
    const nowhere = restaurants.filter((r) => position(r) === null);
    expect(nowhere.some((r) => r.zip_code === null)).toBe(true);
    expect(nowhere.some((r) => r.zip_code !== null && !zips.has(r.zip_code))).toBe(true);
    // Both are in Portland, OR, so the spec's text rule still finds them.
    for (const r of nowhere) expect(`${r.city}, ${r.state}`).toBe("Portland, OR");
  });

  describe.each([
    ["Portland, OR", "97201", 2, 1],
    ["Austin, TX", "78701", 1, 1],
    ["Seattle, WA", "98101", 1, 0],
  ])("around %s (ZIP %s)", (_metro, zip, perBand, beyond) => {
    const centre = zipCentre(zip)!;
    const distances = restaurants.flatMap((r) => {
      const at = position(r);
      return at ? [{ r, miles: distanceMiles(centre, at) }] : [];
    });

    it(`has at least ${perBand} restaurant(s) in every band: 0-5, 5-10, 10-25, 25-50 miles (${beyond} within 100 beyond)`, () => {
      const bands = [0, 5, 10, 25, 50];
      for (const [i, from] of bands.entries()) {
        const to = bands[i + 1] ?? 100;
        const inBand = distances.filter(({ miles }) => miles > from && miles <= to);
        expect(inBand.length, `${from}-${to} miles`).toBeGreaterThanOrEqual(i === 4 ? beyond : perBand);
      }
    });

    it("has nobody within a quarter mile of a radius, so every radius gives a clear answer", () => {
      for (const { r, miles } of distances) {
        for (const radius of [5, 10, 25, 50])
          expect(Math.abs(miles - radius), `${r.id}: ${miles} mi`).toBeGreaterThan(0.25);
      }
    });
  });

  it("has every diet combination and most cuisines within 50 miles of the metro centres", () => {
    const centres = ["97201", "78701", "98101"].map((zip) => zipCentre(zip)!);
    const near = restaurants.filter((r) => {
      const at = position(r);
      return at !== null && centres.some((c) => distanceMiles(c, at) <= 50);
    });
    const combos = new Set(
      near.map((r) => [r.is_gluten_free, r.is_dairy_free, r.is_vegetarian, r.is_vegan].map(Number).join("")),
    );
    expect(combos.size).toBe(16);
    expect(new Set(near.map((r) => r.cuisine_type)).size).toBeGreaterThanOrEqual(12);
  });
});

describe("sample restaurants beyond the United States (docs/decisions/0032-international-formatting.md)", () => {
  /** Each country's postal codes as it writes them, and the time zones of the cities used. */
  const COUNTRIES: Record<string, { postcode: RegExp; zones: string[] }> = {
    CA: { postcode: /^[A-Z]\d[A-Z] \d[A-Z]\d$/, zones: ["America/Toronto", "America/Vancouver"] },
    GB: { postcode: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/, zones: ["Europe/London"] },
    IE: { postcode: /^[A-Z]\d[\dW] [0-9ACDEFHKNPRTVWXY]{4}$/, zones: ["Europe/Dublin"] },
    IT: { postcode: /^\d{5}$/, zones: ["Europe/Rome"] },
    ES: { postcode: /^\d{5}$/, zones: ["Europe/Madrid"] },
    DE: { postcode: /^\d{5}$/, zones: ["Europe/Berlin"] },
    AU: { postcode: /^\d{4}$/, zones: ["Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane"] },
    JP: { postcode: /^\d{3}-\d{4}$/, zones: ["Asia/Tokyo"] },
    FR: { postcode: /^\d{5}$/, zones: ["Europe/Paris"] },
  };
  /**
   * The ranges each regulator keeps for films and drama, written down from its publication
   * (docs/decisions/0032-international-formatting.md), as the sample writes them: Ofcom's, ACMA's,
   * ARCEP's, the Bundesnetzagentur's, Ireland's 020 91x and North America's 555-01xx.
   */
  const FICTION_RANGES: Record<string, RegExp> = {
    CA: /^\(\d{3}\) 555-01\d\d$/,
    GB: /^(020 7946 0\d{3}|0113 496 0\d{3}|0131 496 0\d{3}|0161 496 0\d{3}|029 2018 0\d{3}|07700 900\d{3})$/,
    AU: /^(\(0[2378]\) (5550|7010) \d{4}|0491 570 15[6-9])$/,
    FR: /^(01 99 00|02 61 91|03 53 01|04 65 71|05 36 49|06 39 98) \d\d \d\d$/,
    DE: /^(030 23125|040 66969|069 90009|089 99998|0221 4710) \d{3}$/,
    IE: /^020 91\d \d{4}$/,
  };
  /** Countries whose regulator publishes no such range that we found: a made-up 555 01xx after a real area code. */
  const MADE_UP = /^\d{2,4}[ -]555\d?[ -]\d{3,4}$/;
  const COUNTRIES_WITHOUT_A_RANGE = ["IT", "ES", "JP"];

  it("has at least 60 restaurants in at least 8 countries, five or more in each, after the US rows", () => {
    expect(abroad.length).toBeGreaterThanOrEqual(60);
    const perCountry = groupBy(abroad, (r) => r.country);
    expect(perCountry.size).toBeGreaterThanOrEqual(8);
    for (const [country, rows] of perCountry) expect(rows.length, country).toBeGreaterThanOrEqual(5);
    expect(Math.min(...abroad.map((r) => r.id))).toBeGreaterThan(Math.max(...us.map((r) => r.id)));
  });

  it("writes the subdivision as its ISO 3166-2 code, never one a US state also has, and the country's postal code", () => {
    for (const r of abroad) {
      expect(Object.keys(COUNTRIES), String(r.id)).toContain(r.country);
      expect(r.state, String(r.id)).toMatch(/^[A-Z0-9]{1,3}$/);
      expect(Object.hasOwn(US_STATES, r.state), `${r.id} ${r.state}`).toBe(false);
      expect(r.zip_code, String(r.id)).toMatch(COUNTRIES[r.country]!.postcode);
    }
  });

  it("writes subdivisions the suggestion form takes, each as it is kept", () => {
    for (const r of abroad) expect(checkState(r.country, r.state), `${r.id}`).toEqual({ ok: true, value: r.state });
  });

  it("puts every row in its country's time zone, and a city's rows within 10 km of each other", () => {
    for (const r of abroad)
      expect(COUNTRIES[r.country]!.zones, String(r.id)).toContain(timeZoneAt(r.latitude, r.longitude));
    for (const rows of groupBy(abroad, (r) => `${r.country} ${r.city}`).values()) {
      for (const a of rows)
        for (const b of rows) {
          const km =
            distanceMiles({ lat: a.latitude!, lng: a.longitude! }, { lat: b.latitude!, lng: b.longitude! }) * 1.609344;
          expect(km, `${a.id}-${b.id}`).toBeLessThan(10);
        }
    }
  });

  it("uses the regulator's range for fiction where there is one, made-up numbers elsewhere, and hours in the grammar", () => {
    expect([...Object.keys(FICTION_RANGES), ...COUNTRIES_WITHOUT_A_RANGE].sort()).toEqual(
      Object.keys(COUNTRIES).sort(),
    );
    for (const r of abroad) {
      const pattern = FICTION_RANGES[r.country] ?? MADE_UP;
      if (r.phone_number !== null) expect(r.phone_number, String(r.id)).toMatch(pattern);
      expect(parseHours(r.hours_of_operation), String(r.id)).not.toBeNull();
    }
    // Each country with a range has phones in the sample, so the check above is not empty for it.
    for (const country of Object.keys(FICTION_RANGES))
      expect(abroad.filter((r) => r.country === country && r.phone_number !== null).length, country).toBeGreaterThan(0);
  });

  it("has phone numbers libphonenumber-js reads as valid for their country, as the app links them", () => {
    for (const r of abroad) {
      if (r.phone_number === null) continue;
      const parsed = parsePhoneNumberFromString(r.phone_number, r.country as CountryCode);
      expect(parsed?.isValid(), `${r.id} ${r.phone_number}`).toBe(true);
      expect(parsed?.country, `${r.id} ${r.phone_number}`).toBe(r.country);
    }
  });

  it("has trust facts and diners' confirmations abroad", () => {
    expect(abroad.filter((r) => r.gluten_free_only).length).toBeGreaterThanOrEqual(3);
    expect(abroad.filter((r) => r.verified_at !== null).length).toBeGreaterThanOrEqual(5);
    const ids = new Set(abroad.map((r) => r.id));
    expect(
      new Set(confirmations.filter((c) => ids.has(c.restaurant_id)).map((c) => c.restaurant_id)).size,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe("sample photos", () => {
  it("belong to existing restaurants and have unique ids", () => {
    const ids = new Set(restaurants.map((r) => r.id));
    for (const p of photos) expect(ids.has(p.restaurant_id)).toBe(true);
    expect(new Set(photos.map((p) => p.id)).size).toBe(photos.length);
    for (const p of photos) expect(Object.keys(p).sort()).toEqual(["created_at", "id", "restaurant_id", "url"]);
  });

  it("gives some restaurants none, some more than five, the rest one to five", () => {
    const counts = restaurants.map((r) => photosOf(r.id).length);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(10);
    expect(counts.filter((n) => n > 5).length).toBeGreaterThanOrEqual(4);
    for (const n of counts) expect(n).toBeLessThanOrEqual(8);
  });

  it("has ISO timestamps that are distinct within each restaurant", () => {
    for (const r of restaurants) {
      const times = photosOf(r.id).map((p) => p.created_at);
      for (const t of times) expect(new Date(t).toISOString()).toBe(t);
      expect(new Set(times).size).toBe(times.length);
    }
  });

  it("points at files this app serves from public/photos", () => {
    for (const p of photos) {
      expect(p.url).toMatch(/^\/photos\/[a-z0-9-]+\.svg$/);
      expect(existsSync(PHOTO_DIR + p.url.slice("/photos/".length)), p.url).toBe(true);
    }
  });
});

describe("photo files", () => {
  const files = readdirSync(PHOTO_DIR).filter((f) => f.endsWith(".svg"));

  it("are 24 to 32 small, self-contained SVGs", () => {
    expect(files.length).toBeGreaterThanOrEqual(24);
    expect(files.length).toBeLessThanOrEqual(32);
    for (const file of files) {
      expect(statSync(PHOTO_DIR + file).size, file).toBeLessThan(6 * 1024);
      const svg = readFileSync(PHOTO_DIR + file, "utf8");
      expect(svg).toContain('viewBox="0 0 800 600"');
      const withoutNamespace = svg.replace('xmlns="http://www.w3.org/2000/svg"', "");
      expect(withoutNamespace).not.toMatch(/<script|<text|<image|<foreignObject|href|http|\son[a-z]+=|@import/i);
      for (const ref of withoutNamespace.match(/url\([^)]*\)/g) ?? []) expect(ref).toMatch(/^url\(#[a-z]+\)$/);
    }
  });

  it("are distinct pictures", () => {
    const svgs = files.map((file) => readFileSync(PHOTO_DIR + file, "utf8"));
    expect(new Set(svgs).size).toBe(files.length);
  });
});

describe("seed files", () => {
  const seeds = renderSeeds();

  it("are up to date with the sample data (run `npm run seed:generate`)", () => {
    expect(readFileSync(ROOT + D1_SEED_PATH, "utf8")).toBe(seeds.d1);
    expect(readFileSync(ROOT + POSTGRES_SEED_PATH, "utf8")).toBe(seeds.postgres);
  });

  it("are deterministic", () => {
    expect(renderSeeds()).toEqual(seeds);
  });

  it("have no explicit transaction for D1 and a re-runnable shape for Postgres", () => {
    expect(seeds.d1.startsWith("-- Generated by scripts/generate-seed.ts from data/sample-data.mjs")).toBe(true);
    expect(seeds.postgres.startsWith("-- Generated by scripts/generate-seed.ts from data/sample-data.mjs")).toBe(true);
    expect(seeds.d1).not.toMatch(/^\s*(BEGIN|COMMIT)/im);
    expect(seeds.postgres).toContain(
      "truncate confirmations, restaurant_photos, restaurants, cuisine_types, hours_zones restart identity cascade;",
    );
    for (const table of ["restaurants", "cuisine_types", "restaurant_photos"]) {
      expect(seeds.postgres).toContain(
        `select setval(pg_get_serial_sequence('public.${table}', 'id'), (select max(id) from ${table}));`,
      );
    }
  });

  it("quote text the SQL way: quotes doubled, backslashes kept", () => {
    for (const sql of [seeds.d1, seeds.postgres]) {
      expect(sql).toContain("'Mama''s Kitchen'");
      expect(sql).toContain("'Back\\Slash Bistro'");
      expect(sql).toContain("'Café Ünïcode'");
    }
    expect(seeds.d1).toContain("(1, 'Café Ünïcode', 'French', 1, 0, 1, 0,");
    expect(seeds.postgres).toContain("(1, 'Café Ünïcode', 'French', true, false, true, false,");
  });

  it("insert every row, at most 20 per statement", () => {
    for (const sql of [seeds.d1, seeds.postgres]) {
      const statements = sql.split(/;\n/).filter((s) => /^\s*insert/im.test(s.replace(/^--.*$/gm, "")));
      let rows = 0;
      for (const statement of statements) {
        const n = statement.split("\n").filter((l) => l.startsWith("  (")).length;
        expect(n).toBeLessThanOrEqual(20);
        rows += n;
      }
      // And the time zones of the open intervals (as many as the sample hours span).
      const zones = new Set(restaurants.map((r) => timeZoneAt(r.latitude, r.longitude)).filter(Boolean)).size;
      expect(rows).toBe(cuisines.length + restaurants.length + photos.length + zones + confirmations.length);
    }
  });
});

describe("sample trust facts", () => {
  const open = restaurants.filter((r) => r.closed_at === null);

  it("has 100% gluten-free and 100% vegan places, each also flagged for its diet", () => {
    expect(open.filter((r) => r.gluten_free_only).length).toBeGreaterThanOrEqual(3);
    expect(open.filter((r) => r.vegan_only).length).toBeGreaterThanOrEqual(2);
    for (const r of restaurants) {
      if (r.gluten_free_only) expect(r.is_gluten_free, String(r.id)).toBe(true);
      if (r.dairy_free_only) expect(r.is_dairy_free, String(r.id)).toBe(true);
      if (r.vegetarian_only) expect(r.is_vegetarian, String(r.id)).toBe(true);
      if (r.vegan_only) expect(r.is_vegan, String(r.id)).toBe(true);
    }
  });

  it("knows each kitchen practice as yes, as no, and not at all", () => {
    for (const key of ["gf_dedicated_fryer", "gf_separate_prep", "gf_trained_staff"] as const) {
      expect(new Set(open.map((r) => r[key])), key).toEqual(new Set([true, false, null]));
    }
  });

  it("was verified recently, more than a year before 2026-11-24, and never; real days only", () => {
    const days = restaurants.flatMap((r) => [r.verified_at, r.closed_at]).filter((d) => d !== null);
    for (const day of days) expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
    const verified = open.map((r) => r.verified_at);
    expect(verified.filter((d) => d !== null && d >= "2026-01-01").length).toBeGreaterThanOrEqual(3);
    expect(verified.filter((d) => d !== null && d < "2025-11-24").length).toBeGreaterThanOrEqual(2);
    expect(verified.filter((d) => d === null).length).toBeGreaterThanOrEqual(3);
  });

  it("has exactly two closed restaurants", () => {
    expect(restaurants.filter((r) => r.closed_at !== null)).toHaveLength(2);
  });
});

describe("sample confirmations (docs/decisions/0022-confirmations-from-diners.md)", () => {
  const ids = new Set(restaurants.map((r) => r.id));
  const month = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

  it("are on at least ten restaurants, with a reaction, and visits older than 12 and 24 months", () => {
    expect(new Set(confirmations.map((c) => c.restaurant_id)).size).toBeGreaterThanOrEqual(10);
    expect(confirmations.some((c) => c.outcome === "reacted")).toBe(true);
    expect(confirmations.some((c) => c.outcome === "could-not-order")).toBe(true);
    // Against November 2026, when the sample was written: the 12 months run from 2025-11, the 24 from 2024-11.
    expect(confirmations.some((c) => c.visited < "2025-11")).toBe(true);
    expect(confirmations.some((c) => c.visited < "2024-11")).toBe(true);
    expect(confirmations.some((c) => c.visited === "2025-11")).toBe(true);
  });

  it("name known restaurants, conditions, outcomes and signs; unique ids; short texts", () => {
    expect(new Set(confirmations.map((c) => c.id)).size).toBe(confirmations.length);
    for (const c of confirmations) {
      expect(ids.has(c.restaurant_id), String(c.id)).toBe(true);
      expect(c.visited, String(c.id)).toMatch(month);
      expect(EVERY_CONDITION).toContain(c.condition);
      expect(EVERY_OUTCOME).toContain(c.outcome);
      expect([null, "knowledgeable", "unsure", "not-knowledgeable"]).toContain(c.staff);
      for (const sign of c.seen)
        expect(["dedicated-fryer", "separate-prep", "gf-menu", "asked-about-allergies"]).toContain(sign);
      expect((c.ordered ?? "").length).toBeLessThanOrEqual(140);
      expect((c.note ?? "").length).toBeLessThanOrEqual(1000);
      expect(new Date(c.published_at).toISOString()).toBe(c.published_at);
    }
  });
});
