#!/usr/bin/env node
// Deterministic generator of benchmark restaurants: the same seed and N give the same rows,
// byte for byte, on every machine. Row i depends only on (seed, i), so batches can be made in
// any order and nothing holds all N rows in memory.
//
//   import { generateBatches } from "./generate.mjs";
//   for (const rows of generateBatches(1_000_000, { batchSize: 1000 })) { ... }
//
//   node bench/generate.mjs 10k [--seed 42] [--format ndjson|csv]   # rows to stdout
//   node bench/generate.mjs 10k --stats                               # the spread, summarised
//
// The spread: 70% in the US, ~320 US cities in 50 states and DC with Zipf-like popularity (the
// n-th city gets weight 1/n^0.9), 1-8 five-digit zips per city; 30% abroad (version 5), in the
// world places the app loads (world_places: scripts/generate-world-places.ts, GeoNames towns
// of 15,000 people and more outside the US) weighted by population, `country` the place's
// ISO 3166-1 alpha-2 code, `state` its ISO 3166-2 subdivision (null where it has none),
// `zip_code` one of a few postal codes per place in the country's format (null in countries
// without one listed in POSTAL_FORMATS); 15 cuisines with uneven weights, names built from
// word lists (some with accented letters: Café, Crêperie, José, Zoë), diets at rates close to
// what US restaurant directories show, and hours text. Whether a row is abroad is drawn from a
// stream of its own, so a US row is the row version 4 made for its id.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { readOptions } from "../scripts/lib/cli.mjs";
import { mulberry32 } from "../scripts/lib/random.mjs";
import {
  ADJECTIVES,
  CITIES,
  CUISINES,
  DESCRIPTION_DIETS,
  DESCRIPTION_OPENERS,
  HOURS,
  NOUNS,
  OWNERS,
  PLACES,
  STREETS,
  STREET_SUFFIXES,
} from "./lib/words.mjs";
import { ROOT } from "./lib/util.mjs";

export const GENERATOR_VERSION = 5;
export const DEFAULT_SEED = 20251121;

/** "10k" → 10000, "1M" → 1000000, "2500" → 2500. */
export function parseSize(text) {
  const match = /^([0-9]+(?:\.[0-9]+)?)([kKmM]?)$/.exec(String(text).trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const factor = { "": 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6 }[match[2]];
  return Math.round(Number(match[1]) * factor);
}

/** 10000 → "10k", 1000000 → "1M". */
export function sizeLabel(n) {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return String(n);
}

/** splitmix32-style integer hash, used to derive each row's PRNG seed from (seed, i). */
function hash32(a, b) {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

function cumulative(weights) {
  const out = [];
  let sum = 0;
  for (const w of weights) out.push((sum += w));
  return out.map((c) => c / sum);
}

function pickWeighted(cdf, r) {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const CITY_CDF = cumulative(CITIES.map((_, rank) => 1 / Math.pow(rank + 1, 0.9)));
const CUISINE_CDF = cumulative(CUISINES.map(([, w]) => w));

/** Each city's zips: a fixed set per city (bigger cities have more), from its state's prefix. */
export const CITY_ZIPS = CITIES.map(([, , prefix], index) => {
  const rng = mulberry32(hash32(0xc17, index));
  const count = Math.max(1, Math.round(8 / Math.pow(index + 1, 0.35)));
  const zips = new Set();
  while (zips.size < count) zips.add(prefix + String(Math.floor(rng() * 100)).padStart(2, "0"));
  return [...zips];
});

/** The share of restaurants abroad. */
export const WORLD_SHARE = 0.3;

// The app's world places, as seed/world-places.sql loads them (the same module makes both).
const { loadWorldPlaceData } = await tsImport(pathToFileURL(join(ROOT, "scripts", "generate-world-places.ts")).href, {
  parentURL: import.meta.url,
  tsconfig: join(ROOT, "tsconfig.json"),
});
const WORLD_PLACES = loadWorldPlaceData().places;
const WORLD_CDF = cumulative(WORLD_PLACES.map((p) => p.population));

/** Postal code formats by country ('A' a letter, '9' a digit); countries not listed get none. */
const POSTAL_FORMATS = {
  GB: "AA9 9AA",
  CA: "A9A 9A9",
  NL: "9999 AA",
  JP: "999-9999",
  BR: "99999-999",
  PL: "99-999",
  PT: "9999-999",
  ...Object.fromEntries(["SE", "CZ", "SK", "GR"].map((c) => [c, "999 99"])),
  ...Object.fromEntries(
    ["DE", "FR", "IT", "ES", "MX", "TR", "FI", "UA", "MY", "TH", "ID", "KR", "PK", "EG", "MA", "DZ", "SA"].map((c) => [
      c,
      "99999",
    ]),
  ),
  ...Object.fromEntries(
    ["AU", "AT", "BE", "CH", "DK", "NO", "NZ", "ZA", "PH", "HU", "BG", "AR"].map((c) => [c, "9999"]),
  ),
  ...Object.fromEntries(["IN", "CN", "RU", "KZ", "SG", "VN", "CO", "NG"].map((c) => [c, "999999"])),
};
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** A place's postal codes: a fixed set per place (bigger places have more), in its country's format. */
const worldPostalCodes = new Map();
function postalCodesOf(index) {
  if (!worldPostalCodes.has(index)) {
    const place = WORLD_PLACES[index];
    const format = POSTAL_FORMATS[place.country];
    const codes = new Set();
    // London's first is Westminster's SW1A 1AA (the bench's postal search abroad).
    if (place.country === "GB" && place.name === "London") codes.add("SW1A 1AA");
    if (format) {
      const rng = mulberry32(hash32(0xb057, place.id));
      const count = Math.min(8, Math.max(1, Math.round(place.population / 250_000)));
      while (codes.size < count) {
        codes.add(
          format.replace(/[A9]/g, (c) => (c === "9" ? String(Math.floor(rng() * 10)) : pick(rng, [...LETTERS]))),
        );
      }
    }
    worldPostalCodes.set(index, [...codes]);
  }
  return worldPostalCodes.get(index);
}

function pick(rng, list) {
  return list[Math.floor(rng() * list.length)];
}

function restaurantName(rng, cuisine, city) {
  const r = rng();
  if (r < 0.3) return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)} ${pick(rng, PLACES)}`;
  if (r < 0.45) return `${pick(rng, OWNERS)}'s ${pick(rng, PLACES)}`;
  if (r < 0.58) return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)}`;
  if (r < 0.68) return `The ${pick(rng, NOUNS)} & ${pick(rng, NOUNS)}`;
  if (r < 0.78) return `${cuisine} ${pick(rng, PLACES)}`;
  if (r < 0.86) return `${city} ${pick(rng, PLACES)}`;
  if (r < 0.93) return `${pick(rng, PLACES)} ${pick(rng, OWNERS)}`;
  return `${pick(rng, NOUNS)} ${pick(rng, PLACES)} No. ${1 + Math.floor(rng() * 9)}`;
}

function slug(text) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Restaurant `id` (1-based) of the data set with this seed. */
export function generateRestaurant(id, seed = DEFAULT_SEED) {
  const rng = mulberry32(hash32(seed, id));
  const cityIndex = pickWeighted(CITY_CDF, rng());
  // Abroad (version 5): a world place instead of the US city, from a stream of the row's own.
  const worldRng = mulberry32(hash32(seed ^ 0x3017_0041, id));
  const world = worldRng() < WORLD_SHARE ? pickWeighted(WORLD_CDF, worldRng()) : null;
  const place = world === null ? null : WORLD_PLACES[world];
  const [city, state, , lat, lon] = place
    ? [place.name, place.subdivision, null, place.latitude, place.longitude]
    : CITIES[cityIndex];
  const zips = place ? postalCodesOf(world) : CITY_ZIPS[cityIndex];
  const cuisine = CUISINES[pickWeighted(CUISINE_CDF, rng())][0];
  const name = restaurantName(rng, cuisine, city);

  // Diets: vegan places are vegetarian and dairy-free; rates overall about
  // vegetarian 45%, vegan 12%, gluten-free 33%, dairy-free 27%.
  const vegan = rng() < 0.12;
  const vegetarian = vegan || rng() < 0.375;
  const dairyFree = vegan || rng() < 0.17;
  const glutenFree =
    rng() <
    (cuisine === "Japanese" || cuisine === "Thai" || cuisine === "Vietnamese" || cuisine === "Ethiopian" ? 0.45 : 0.3);
  const diets = [
    glutenFree && "gluten-free",
    dairyFree && "dairy-free",
    vegetarian && "vegetarian",
    vegan && "vegan",
  ].filter(Boolean);

  const domain = `${slug(name)}-${id}.example`;
  const hasSite = rng() < 0.7;
  const phone = `(${200 + Math.floor(rng() * 800)}) 555-${String(Math.floor(rng() * 10000)).padStart(4, "0")}`;
  const descriptionRoll = rng();
  const description =
    descriptionRoll < 0.2
      ? null
      : `${pick(rng, DESCRIPTION_OPENERS)} ${cuisine} food in ${city}.` +
        (diets.length ? ` Known for ${diets.map((d) => DESCRIPTION_DIETS[d]).join(" and ")}.` : "");
  const row = {
    id,
    name,
    cuisine_type: cuisine,
    is_gluten_free: glutenFree ? 1 : 0,
    is_dairy_free: dairyFree ? 1 : 0,
    is_vegetarian: vegetarian ? 1 : 0,
    is_vegan: vegan ? 1 : 0,
    address: `${1 + Math.floor(rng() * 9899)} ${pick(rng, STREETS)} ${pick(rng, STREET_SUFFIXES)}`,
    city,
    state,
    country: place ? place.country : "US",
    zip_code: zips.length ? pick(rng, zips) : (rng(), null),
    phone_number: rng() < 0.9 ? phone : null,
    email_address: hasSite && rng() < 0.6 ? `hello@${domain}` : null,
    website_url: hasSite ? `https://${domain}` : null,
    menu_url: hasSite && rng() < 0.5 ? `https://${domain}/menu` : null,
    hours_of_operation: rng() < 0.85 ? pick(rng, HOURS) : null,
    description,
    latitude: Math.round((lat + (rng() - 0.5) * 0.2) * 1e5) / 1e5,
    longitude: Math.round((lon + (rng() - 0.5) * 0.2) * 1e5) / 1e5,
  };
  // Trust facts (version 2), drawn after every other column so that those stay as version 1
  // made them: about 2% of restaurants 100% gluten-free, 2% 100% vegan, 1% 100% vegetarian
  // otherwise; each kitchen practice confirmed for 15-20% and confirmed not for 10%; 40%
  // verified within the last three years; 1% closed.
  const practice = (p) => {
    const r = rng();
    return r < p ? 1 : r < p + 0.1 ? 0 : null;
  };
  const day = () => {
    const d = new Date(Date.UTC(2024, 0, 1) + Math.floor(rng() * 1060) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const veganOnly = vegan && rng() < 0.15;
  Object.assign(row, {
    gluten_free_only: glutenFree && rng() < 0.06 ? 1 : 0,
    dairy_free_only: veganOnly ? 1 : 0,
    vegetarian_only: veganOnly || (vegetarian && rng() < 0.03) ? 1 : 0,
    vegan_only: veganOnly ? 1 : 0,
    gf_dedicated_fryer: practice(0.15),
    gf_separate_prep: practice(0.15),
    gf_trained_staff: practice(0.2),
    verified_at: rng() < 0.4 ? day() : null,
    closed_at: rng() < 0.01 ? day() : null,
  });
  return row;
}

/** A generated row as Postgres takes it: its flags as booleans (0/1 in the row; null stays null). */
export function postgresRow(r) {
  const flag = (v) => (v === null ? null : v === 1);
  return {
    ...r,
    is_gluten_free: r.is_gluten_free === 1,
    is_dairy_free: r.is_dairy_free === 1,
    is_vegetarian: r.is_vegetarian === 1,
    is_vegan: r.is_vegan === 1,
    gluten_free_only: r.gluten_free_only === 1,
    dairy_free_only: r.dairy_free_only === 1,
    vegetarian_only: r.vegetarian_only === 1,
    vegan_only: r.vegan_only === 1,
    gf_dedicated_fryer: flag(r.gf_dedicated_fryer),
    gf_separate_prep: flag(r.gf_separate_prep),
    gf_trained_staff: flag(r.gf_trained_staff),
  };
}

/** The month (UTC) a data set's confirmations are counted back from: the month it is built in. */
export function currentMonth(at = new Date()) {
  return at.toISOString().slice(0, 7);
}

/** The columns of a generated row, in insert order. */
export const COLUMNS = Object.keys(generateRestaurant(1));

// Diners' confirmations (docs/decisions/0022-confirmations-from-diners.md), about 1.03 per restaurant on average (so
// that 1M restaurants have more than 1M confirmations; version 4, from 0.95): 60% of
// restaurants have none, the rest 1 to 14, drawn from a stream of their own so that the
// restaurants stay as versions 1 and 2 made them. Visits are months back from `month` (the
// month the data set is built in: "the last 12 months" are the database's), up to 30 back, so
// that about 40% fall outside the 12 months the cards and confirmed=1 read.
const CONDITION_WEIGHTS = [
  ["celiac", 35],
  ["gluten-sensitive", 15],
  ["wheat-allergy", 5],
  ["dairy-allergy", 10],
  ["lactose-intolerant", 10],
  ["vegan", 12],
  ["vegetarian", 13],
];
const CONDITION_CDF = cumulative(CONDITION_WEIGHTS.map(([, w]) => w));
const SEEN = ["dedicated-fryer", "separate-prep", "gf-menu", "asked-about-allergies"];
const STAFF = ["knowledgeable", "unsure", "not-knowledgeable"];
/** Confirmations a restaurant may have: its id times this, plus its number. */
export const CONFIRMATIONS_PER_RESTAURANT = 16;

/** The month `back` months before `month` ('YYYY-MM'). */
function monthBack(month, back) {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The published confirmations of restaurant `id`, visits counted back from `month`. */
export function generateConfirmations(id, month, seed = DEFAULT_SEED) {
  const rng = mulberry32(hash32(seed ^ 0x5eed_c0f1, id));
  const roll = rng();
  const count = roll < 0.6 ? 0 : roll < 0.8 ? 1 : roll < 0.9 ? 2 : roll < 0.95 ? 3 : 5 + Math.floor(rng() * 10);
  const out = [];
  for (let k = 0; k < count; k++) {
    const outcomeRoll = rng();
    out.push({
      id: id * CONFIRMATIONS_PER_RESTAURANT + k,
      restaurant_id: id,
      condition: CONDITION_WEIGHTS[pickWeighted(CONDITION_CDF, rng())][0],
      visited: monthBack(month, Math.floor(rng() * 31)),
      outcome: outcomeRoll < 0.85 ? "ate-safely" : outcomeRoll < 0.91 ? "reacted" : "could-not-order",
      staff: rng() < 0.5 ? STAFF[Math.floor(rng() * STAFF.length)] : null,
      seen: SEEN.filter(() => rng() < 0.25),
      ordered: rng() < 0.3 ? "Today's special" : null,
      note: rng() < 0.1 ? "Asked for the allergen book." : null,
    });
  }
  return out;
}

/** Rows 1..n in arrays of `batchSize`. */
export function* generateBatches(n, { seed = DEFAULT_SEED, batchSize = 1000, start = 1 } = {}) {
  for (let first = start; first <= n; first += batchSize) {
    const last = Math.min(n, first + batchSize - 1);
    const rows = [];
    for (let id = first; id <= last; id++) rows.push(generateRestaurant(id, seed));
    yield rows;
  }
}

export const CUISINE_NAMES = CUISINES.map(([name]) => name).sort();

function csvField(value) {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (Postgres COPY ... CSV: empty unquoted field = NULL). */
export function csvLine(row, columns = COLUMNS) {
  return columns.map((c) => csvField(row[c])).join(",");
}

async function main() {
  const { values, positionals } = readOptions(
    {
      seed: { type: "string", value: "N", default: String(DEFAULT_SEED), description: "the data set's seed" },
      format: { type: "string", value: "ndjson|csv", default: "ndjson", description: "how rows are written" },
      stats: { type: "boolean", description: "print the spread instead of the rows" },
    },
    { synopsis: "node bench/generate.mjs [SIZE, default 10k] [options]", positionals: true },
  );
  const n = parseSize(positionals[0] ?? "10k");
  const seed = Number(values.seed);
  const format = values.format;
  if (values.stats) {
    const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
    const cities = new Map();
    const states = new Map();
    const countries = new Map();
    const cuisines = new Map();
    const diets = { is_gluten_free: 0, is_dairy_free: 0, is_vegetarian: 0, is_vegan: 0 };
    let accented = 0;
    for (const rows of generateBatches(n, { seed })) {
      for (const r of rows) {
        count(cities, `${r.city}, ${r.state}, ${r.country}`);
        count(states, `${r.country}-${r.state}`);
        count(countries, r.country);
        count(cuisines, r.cuisine_type);
        for (const k of Object.keys(diets)) diets[k] += r[k];
        if (/[^\p{ASCII}]/u.test(r.name)) accented++;
      }
    }
    const top = (map, k) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([key, v]) => `${key} ${((100 * v) / n).toFixed(1)}%`);
    console.log(
      `rows ${n}, countries ${countries.size}, cities ${cities.size}, states ${states.size}, accented names ${((100 * accented) / n).toFixed(1)}%`,
    );
    console.log(`top countries: ${top(countries, 12).join("; ")}`);
    console.log(`top cities: ${top(cities, 8).join("; ")}`);
    console.log(`cuisines: ${top(cuisines, 15).join("; ")}`);
    console.log(
      `diets: ${Object.entries(diets)
        .map(([k, v]) => `${k} ${((100 * v) / n).toFixed(1)}%`)
        .join("; ")}`,
    );
    return;
  }
  if (format === "csv") process.stdout.write(COLUMNS.join(",") + "\n");
  for (const rows of generateBatches(n, { seed })) {
    const text = rows.map((r) => (format === "csv" ? csvLine(r) : JSON.stringify(r))).join("\n") + "\n";
    if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
