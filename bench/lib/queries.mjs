// The fixed mix of searches the benchmark replays at every size, as the search URL would
// state them (the app's Search, app/lib/search/search-url.ts). The location box goes through the app's own place
// lookup first, as in the Worker: a known ZIP, "City, ST" or a place found in one state gives
// a centre (a distance search, joined with the box's own text rule); anything else is the
// text rule alone. The mix's distance searches are around the densest city of the generated
// data (New York, about 8% of all restaurants since generator 5 put 30% abroad) and around a point in rural Nevada.

/** The generator's New York (bench/lib/words.mjs) and a point with no city within 100 miles. */
const NYC = { lat: 40.71, lng: -74.01 };
const RURAL = { lat: 39.5, lng: -116.9 };

/**
 * The moment the open=now searches ask about (fixed, so that runs compare and the reference
 * can check them): a Tuesday, 6 pm in New York, 3 pm in Portland.
 */
const OPEN_AT = new Date("2026-11-24T23:00:00Z");

/** kind: what the query exercises. criteria: as a Search, defaults left out. */
export const QUERY_MIX = [
  { label: "default list", kind: "default", criteria: {} },
  { label: "q=pho (3 chars)", kind: "short term", criteria: { query: "pho" } },
  { label: "q=tha (3 chars)", kind: "short term", criteria: { query: "tha" } },
  { label: "q=bar (3 chars)", kind: "short term", criteria: { query: "bar" } },
  { label: "q=kitchen", kind: "common word", criteria: { query: "kitchen" } },
  { label: "q=golden lotus", kind: "long term", criteria: { query: "golden lotus" } },
  { label: "q=dumpling house", kind: "long term", criteria: { query: "dumpling house" } },
  { label: "q=mediterranean", kind: "long term", criteria: { query: "mediterranean" } },
  { label: "q=smokehouse", kind: "long term", criteria: { query: "smokehouse" } },
  { label: "location=10019 (zip)", kind: "zip (a centre)", criteria: { location: "10019" } },
  { label: "location=97742 (small-town zip)", kind: "zip", criteria: { location: "97742" } },
  { label: "location=Portland, OR", kind: "city, state (a centre)", criteria: { location: "Portland, OR" } },
  { label: "location=san antonio, tx", kind: "city, state (a centre)", criteria: { location: "san antonio, tx" } },
  { label: "location=chicago", kind: "a place in one state", criteria: { location: "chicago" } },
  { label: "location=ville", kind: "city or state text", criteria: { location: "ville" } },
  { label: "q=kitchen, diet=vegan", kind: "term + diet", criteria: { query: "kitchen", diets: ["vegan"] } },
  {
    label: "q=bistro, gluten-free+dairy-free (all)",
    kind: "term + diets all",
    criteria: { query: "bistro", diets: ["gluten-free", "dairy-free"], match: "all" },
  },
  {
    label: "location=Chicago, gluten-free|vegan (any)",
    kind: "place + diets any",
    criteria: { location: "Chicago", diets: ["gluten-free", "vegan"] },
  },
  {
    label: "cuisine=Thai, location=Seattle, WA",
    kind: "cuisine + place",
    criteria: { cuisine: "Thai", location: "Seattle, WA" },
  },
  {
    label: "q=curry, New York, NY, vegetarian",
    kind: "term + place + diet",
    criteria: { query: "curry", location: "New York, NY", diets: ["vegetarian"] },
  },
  {
    label: "q=taqueria, cuisine=Mexican, 78253",
    kind: "term + cuisine + zip",
    criteria: { query: "taqueria", cuisine: "Mexican", location: "78253" },
  },
  { label: "cuisine=Italian", kind: "cuisine only", criteria: { cuisine: "Italian" } },
  { label: "diet=vegan|vegetarian (any)", kind: "diets only", criteria: { diets: ["vegetarian", "vegan"] } },
  { label: "q=ox (2 chars)", kind: "short term", criteria: { query: "ox" } },
  { label: "q=bar, page 40", kind: "deep page", criteria: { query: "bar", page: 40 } },
  { label: "near New York, 5 mi", kind: "distance, dense", criteria: { coords: NYC, radius: 5 } },
  { label: "near New York, 50 mi", kind: "distance, dense", criteria: { coords: NYC, radius: 50 } },
  { label: "near rural Nevada, 5 mi", kind: "distance, rural", criteria: { coords: RURAL, radius: 5 } },
  { label: "near rural Nevada, 50 mi", kind: "distance, rural", criteria: { coords: RURAL, radius: 50 } },
  // Trust (docs/search-url.md): '100%' places and confirmed kitchen practices.
  { label: "dedicated=1 (any diet)", kind: "trust only", criteria: { dedicated: true } },
  {
    label: "diet=gluten-free, dedicated=1",
    kind: "diet + trust",
    criteria: { diets: ["gluten-free"], dedicated: true },
  },
  { label: "kitchen=dedicated-fryer", kind: "trust only", criteria: { kitchen: ["dedicated-fryer"] } },
  {
    label: "kitchen=all three, page 3",
    kind: "trust, deep page",
    criteria: { kitchen: ["dedicated-fryer", "separate-prep", "trained-staff"], page: 3 },
  },
  {
    label: "Portland, OR, gluten-free, dedicated fryer",
    kind: "place + diet + trust",
    criteria: { location: "Portland, OR", diets: ["gluten-free"], kitchen: ["dedicated-fryer"] },
  },
  {
    label: "q=kitchen, dedicated=1, trained staff",
    kind: "term + trust",
    criteria: { query: "kitchen", dedicated: true, kitchen: ["trained-staff"] },
  },
  {
    label: "near New York, 5 mi, vegan, dedicated=1",
    kind: "distance + trust",
    criteria: { coords: NYC, radius: 5, diets: ["vegan"], dedicated: true },
  },
  {
    label: "near rural Nevada, 50 mi, gluten-free, dedicated=1",
    kind: "distance, rural + trust",
    criteria: { coords: RURAL, radius: 50, diets: ["gluten-free"], dedicated: true },
  },
  { label: "open=now", kind: "open now", criteria: { open: true } },
  { label: "open=now, q=kitchen", kind: "open now + term", criteria: { open: true, query: "kitchen" } },
  {
    label: "open=now, location=chicago, vegan",
    kind: "open now + place + diet",
    criteria: { open: true, location: "chicago", diets: ["vegan"] },
  },
  {
    label: "open=now, near New York, 5 mi",
    kind: "open now + distance",
    criteria: { open: true, coords: NYC, radius: 5 },
  },
  { label: "open=now, page 40", kind: "open now, deep page", criteria: { open: true, page: 40 } },
  // Confirmed by diners (docs/decisions/0022-confirmations-from-diners.md), alone and with the heaviest filters.
  { label: "confirmed=1", kind: "confirmed only", criteria: { confirmed: true } },
  {
    label: "diet=gluten-free, confirmed=1",
    kind: "diet + confirmed",
    criteria: { diets: ["gluten-free"], confirmed: true },
  },
  {
    label: "q=kitchen, vegan, confirmed=1",
    kind: "term + diet + confirmed",
    criteria: { query: "kitchen", diets: ["vegan"], confirmed: true },
  },
  {
    label: "q=curry, New York, NY, vegetarian, confirmed=1",
    kind: "term + place + diet + confirmed",
    criteria: { query: "curry", location: "New York, NY", diets: ["vegetarian"], confirmed: true },
  },
  {
    label: "q=taqueria, cuisine=Mexican, 78253, confirmed=1",
    kind: "term + cuisine + zip + confirmed",
    criteria: { query: "taqueria", cuisine: "Mexican", location: "78253", confirmed: true },
  },
  {
    label: "Portland, OR, gluten-free, dedicated fryer, confirmed=1",
    kind: "place + diet + trust + confirmed",
    criteria: { location: "Portland, OR", diets: ["gluten-free"], kitchen: ["dedicated-fryer"], confirmed: true },
  },
  {
    label: "near New York, 5 mi, gluten-free, confirmed=1",
    kind: "distance + diet + confirmed",
    criteria: { coords: NYC, radius: 5, diets: ["gluten-free"], confirmed: true },
  },
  {
    label: "near New York, 5 mi, vegan, dedicated=1, confirmed=1",
    kind: "distance + trust + confirmed",
    criteria: { coords: NYC, radius: 5, diets: ["vegan"], dedicated: true, confirmed: true },
  },
  {
    label: "near rural Nevada, 50 mi, gluten-free, dedicated=1, confirmed=1",
    kind: "distance, rural + trust + confirmed",
    criteria: { coords: RURAL, radius: 50, diets: ["gluten-free"], dedicated: true, confirmed: true },
  },
  {
    label: "open=now, near New York, 5 mi, confirmed=1",
    kind: "open now + distance + confirmed",
    criteria: { open: true, coords: NYC, radius: 5, confirmed: true },
  },
  {
    label: "kitchen=all three, confirmed=1, page 3",
    kind: "trust + confirmed, deep page",
    criteria: { kitchen: ["dedicated-fryer", "separate-prep", "trained-staff"], confirmed: true, page: 3 },
  },
  { label: "confirmed=1, page 40", kind: "confirmed, deep page", criteria: { confirmed: true, page: 40 } },
];

/** Reported beside the mix, not in it: harder combinations, to say where the bounds bend. */
export const EXTRA_QUERIES = [
  {
    label: "near New York, 5 mi, vegan",
    kind: "distance + diet",
    criteria: { coords: NYC, radius: 5, diets: ["vegan"] },
  },
  {
    label: "near New York, 25 mi, q=curry",
    kind: "distance + term",
    criteria: { coords: NYC, radius: 25, query: "curry" },
  },
  {
    label: "near New York, 5 mi, page 40",
    kind: "distance, deep page",
    criteria: { coords: NYC, radius: 5, page: 40 },
  },
  { label: "default list, page 40", kind: "deep page", criteria: { page: 40 } },
];

/**
 * Searches beyond the US (issue 41), reported beside the mix, each run as the home page runs it
 * through the app's own D1 adapter (the US and world place lookups included, then the page):
 * a city with its country, a bare name in several countries, a country alone (with a diet, and
 * deep), a city by its own-language name with its country's, and a postal code abroad. The
 * target: at most 5,000 rows read per page view and p95 at most 25 ms.
 */
export const WORLD_QUERIES = [
  { label: "location=Toronto, Canada", kind: "city, country (a centre)", criteria: { location: "Toronto, Canada" } },
  { label: "location=London", kind: "a name in several countries", criteria: { location: "London" } },
  { label: "location=Italy", kind: "country alone", criteria: { location: "Italy" } },
  {
    label: "location=Italy, gluten-free",
    kind: "country + diet",
    criteria: { location: "Italy", diets: ["gluten-free"] },
  },
  { label: "location=Italy, page 40", kind: "country, deep page", criteria: { location: "Italy", page: 40 } },
  {
    label: "location=München, Deutschland, vegan",
    kind: "own-language names + diet",
    criteria: { location: "München, Deutschland", diets: ["vegan"] },
  },
  { label: "location=SW1A 1AA, UK", kind: "postal code abroad", criteria: { location: "SW1A 1AA, UK" } },
];

/**
 * What people type (docs/search-url.md): a misspelt place and queries with filter words, each
 * beside the same search spelt right (`right`: the search the suggestion leads to), run as the
 * home page runs them: the page, then its suggestions (a place lookup by spelling, the counts).
 * Reported beside the mix; the target is at most 2x the time of the search spelt right and at
 * most 5,000 rows read.
 */
export const SUGGESTION_QUERIES = [
  {
    label: "location=Portlnd, OR (misspelt)",
    kind: "misspelt place",
    criteria: { location: "Portlnd, OR" },
    right: { location: "Portland, OR" },
  },
  {
    label: "location=chicgo (misspelt)",
    kind: "misspelt place",
    criteria: { location: "chicgo" },
    right: { location: "chicago" },
  },
  {
    label: "q=gluten free kitchen, Portland, OR",
    kind: "filter words",
    criteria: { query: "gluten free kitchen", location: "Portland, OR" },
    right: { query: "kitchen", location: "Portland, OR", diets: ["gluten-free"] },
  },
  {
    label: "q=vegan curry",
    kind: "filter words",
    criteria: { query: "vegan curry" },
    right: { query: "curry", diets: ["vegan"] },
  },
];

/** A mix entry as the app's Search, with its location box read by the text rule (`app`: loadAppSql()'s modules). */
export function criteriaFor(app, query) {
  // `at`: the moment of an open=now search (the reference reads it too).
  const search = app.searchOf(query.criteria);
  const { locationRule, circles } = app.searchScope(search, null);
  return { ...search, locationRule, circles, at: OPEN_AT };
}
