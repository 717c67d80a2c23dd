// A seeded fuzz test: thousands of generated hostile URLs against the built app under
// `wrangler dev`. Zero 5xx, no reflected markup, no backend detail leaked, never more
// results than the database holds. Deterministic: the seed (in the title; override with
// FUZZ_SEED, and the count with FUZZ_COUNT) reproduces every URL of a failing run.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { restaurants } from "../../data/sample-data.mjs";
import { mulberry32 } from "../../scripts/lib/random.mjs";

const SEED = Number(process.env.FUZZ_SEED ?? 0x5afeb17e);
const COUNT = Number(process.env.FUZZ_COUNT ?? 2100);
const CONCURRENCY = 8;
/** Closed restaurants are in no count. */
const DATABASE_SIZE = restaurants.filter((r) => r.closed_at === null).length;
const PAGE_SIZE = 25;

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';

/** Text payloads (encoded with encodeURIComponent before use). */
const TEXT_PAYLOADS = [
  // PostgREST and SQL metacharacters
  `,()*%_\\"'`,
  "x),or(id.gt.0",
  "x),or(name.ilike.*",
  "*,restaurant_photos(*)",
  "name.eq.x&select=*",
  ";--",
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  "1; DROP TABLE restaurants; --",
  "%",
  "_",
  "\\",
  "\\%",
  "50% Off",
  "Under_score",
  "' UNION SELECT sqlite_version() --",
  "') OR ('a'='a",
  // FTS5 syntax
  "NEAR(",
  "NEAR(a b, 2)",
  "*",
  "^",
  '"',
  '""',
  'a" OR "b',
  "pizza*",
  "^pizza",
  "name:pizza",
  "{name cuisine_type}: x",
  "a AND b OR NOT c",
  "(((",
  ")))",
  "-pizza",
  "+",
  // markup
  SCRIPT,
  IMG,
  `${SCRIPT}${IMG}`,
  "<svg onload=alert(1)>",
  "javascript:alert(1)",
  "</title><script>alert(1)</script>",
  "</textarea><script>alert(1)</script>",
  "{{7*7}}",
  "${7*7}",
  // unicode oddities
  "Café Ünïcode",
  "ÜNÏ",
  "🍕🍕🍕",
  "\u202Eevil\u202C",
  "\u200B\u200B\u200B",
  "e\u0301\u0301\u0301",
  "\uFEFFpizza",
  "\u2028\u2029",
  "Ｐｉｚｚａ",
  // ordinary values, so that some URLs find something
  "pizza",
  "thai",
  "vegan",
  "Portland, OR",
  "Springfield",
  "97201",
  "Green Fork",
  "Mama's Kitchen",
  "Comma, Please",
  "",
  " ",
];

/** Already percent-encoded fragments: control characters, lone surrogates, invalid UTF-8. */
const RAW_PAYLOADS = [
  "%00",
  "%01%02%03",
  "%0A%0D",
  "%09",
  "%1F",
  "%7F",
  "%0D%0ASet-Cookie:%20x=1",
  "%ED%A0%80",
  "%ED%BF%BF",
  "%ED%A0%80%ED%B0%80",
  "%FF",
  "%FE%FF",
  "%C0%AF",
  "%C0%80",
  "%E2%82",
  "%F4%90%80%80",
  "%",
  "%%",
  "%zz",
  "%2",
  "%25%32%35",
  "%u0041",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
  "a+b",
  "+++",
  "&&&",
  "===",
  "#frag",
];

const NUMBERISH = [
  "0",
  "1",
  "2",
  "3",
  "-1",
  "-0",
  "00",
  "01",
  "1.5",
  "1e3",
  "1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "9007199254740993",
  "99999999999999999999999",
  "2147483648",
  " 2 ",
  "２",
  "1,2",
  "5",
  "10",
  "25",
  "50",
  "45.5231",
  "-122.6765",
  "90.0000001",
  "-180",
  "181",
  "12.345678901234567",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
];

const DIETS = [
  "gluten-free",
  "dairy-free",
  "vegetarian",
  "vegan",
  "GLUTEN-FREE",
  "vegan ",
  "all",
  "meat",
  "vegan,vegetarian",
];
const MATCHES = ["any", "all", "ALL", "none", "all ", "1"];
const DEDICATED = ["1", "yes", "true", "0", "%201%20", "01", "on", "", "1%3Cscript%3E", "-1"];
const KITCHEN = [
  "dedicated-fryer",
  "separate-prep",
  "trained-staff",
  "Dedicated-Fryer",
  "fryer",
  "dedicated_fryer",
  "dedicated-fryer,separate-prep",
  "%3Cb%3Etrained-staff%3C%2Fb%3E",
];
const OPEN = ["now", "NOW", " now ", "later", "", "1", "now%3Cscript%3E", "%3Cb%3Enow%3C%2Fb%3E", "now,later"];
const KNOWN_KEYS = [
  "q",
  "location",
  "radius",
  "cuisine",
  "diet",
  "match",
  "page",
  "lat",
  "lng",
  "dedicated",
  "kitchen",
  "open",
];
const UNKNOWN_KEYS = [
  "_data",
  "index",
  "select",
  "order",
  "or",
  "and",
  "limit",
  "offset",
  "__proto__",
  "constructor",
  "q[]",
  "q[0]",
  "%FF",
  "%00",
  "utm_source",
  "callback",
  "_",
];
const STATIC_PATHS = ["/our-mission", "/contact-us", "/privacy-policy", "/terms-of-service", "/submit-restaurant"];

type Rng = () => number;

function makeGenerator(rng: Rng) {
  const int = (n: number) => Math.floor(rng() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => rng() < p;

  /** One encoded value: a text payload, a raw fragment, a mix, or something very long. */
  function value(): string {
    const roll = rng();
    if (roll < 0.4) return encodeURIComponent(pick(TEXT_PAYLOADS));
    if (roll < 0.6) return pick(RAW_PAYLOADS);
    if (roll < 0.75) return pick(NUMBERISH).replace(/ /g, "%20");
    if (roll < 0.9) {
      // A mix of pieces.
      return Array.from({ length: 2 + int(4) }, () =>
        chance(0.5) ? encodeURIComponent(pick(TEXT_PAYLOADS)) : pick(RAW_PAYLOADS),
      ).join("");
    }
    if (roll < 0.97) {
      // Very long: 10,000 characters of one piece.
      const piece = chance(0.5)
        ? "a"
        : pick(["%FF", "%ED%A0%80", encodeURIComponent("é"), "%25", encodeURIComponent("<")]);
      return piece.repeat(Math.ceil(10_000 / piece.length)).slice(0, 10_000 - (10_000 % piece.length));
    }
    // Raw unencoded characters a client might send as is.
    return pick(["'", '"', "(", ")", "*", ",", ";", "!", "~", "|", "^", "`", "{", "}", "[", "]", "<", ">"]);
  }

  function paramValue(key: string): string {
    if (chance(0.5)) {
      if (key === "diet") return pick(DIETS);
      if (key === "match") return pick(MATCHES);
      if (key === "dedicated") return pick(DEDICATED);
      if (key === "kitchen") return pick(KITCHEN);
      if (key === "open") return pick(OPEN);
      if (key === "page" || key === "radius" || key === "lat" || key === "lng")
        return pick(NUMBERISH).replace(/ /g, "%20");
    }
    return value();
  }

  function query(): string {
    const pairs: string[] = [];
    const n = int(7);
    for (let i = 0; i < n; i++) {
      const key = chance(0.8) ? pick(KNOWN_KEYS) : pick(UNKNOWN_KEYS);
      pairs.push(chance(0.05) ? key : `${key}=${paramValue(key)}`);
      // Repeated parameters.
      if (chance(0.15))
        for (let r = 0, times = 1 + int(chance(0.1) ? 300 : 4); r < times; r++) pairs.push(`${key}=${paramValue(key)}`);
    }
    if (chance(0.05)) pairs.push(...Array.from({ length: 200 }, (_, i) => `x${i}=${i}`));
    return pairs.join(chance(0.05) ? "&&" : "&");
  }

  function path(): string {
    const roll = rng();
    if (roll < 0.5) return "/";
    if (roll < 0.7) {
      const id = chance(0.3) ? pick(NUMBERISH).replace(/ /g, "%20") : value();
      return `/restaurant/${chance(0.2) ? String(1 + int(DATABASE_SIZE + 5)) : id}`;
    }
    if (roll < 0.8) return pick(STATIC_PATHS);
    if (roll < 0.85) {
      // Landing pages, the '100%' ones, and segments that are none of them.
      const diet = pick(DIETS);
      return `/us/${pick(["or", "tx", "OR", "zz", value()])}/${pick(["portland", "austin", value()])}/${diet}/${pick(["dedicated", "Dedicated", "only", value()])}`;
    }
    // Random paths.
    const segments = Array.from({ length: 1 + int(3) }, () =>
      chance(0.3)
        ? pick(["..", ".", "%2e%2e", "%2F", "assets", "photos", "restaurant", ".data", "index.data"])
        : value(),
    );
    return `/${segments.join("/")}`.slice(0, 12_000);
  }

  return function url(): string {
    const p = path();
    const q = chance(0.85) ? query() : "";
    return q ? `${p}?${q}` : p;
  };
}

/** The URLs of one run: the same seed, the same list. */
function hostileUrls(seed: number, count: number): string[] {
  const next = makeGenerator(mulberry32(seed));
  return Array.from({ length: count }, next);
}

type Failure = { index: number; url: string; problem: string };

/** What an error page must never show: database errors, stack frames. */
const BACKEND_DETAILS =
  /SQLITE_|D1_ERROR|fts5:|no such (?:column|table)|unrecognized token|\bat (?:async )?[\w.$<>]+ \([^)]*:\d+:\d+\)|PGRST\d/;

/** The problems with one response (pure, so that the checker itself can be tested). */
function inspect(status: number, contentType: string, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (!contentType.startsWith("text/html")) return problems;
  if (body.includes(SCRIPT)) problems.push("reflected <script>alert(1)</script>");
  if (body.includes("onerror=alert(1)>")) problems.push("reflected onerror=alert(1)>");
  if (/<svg onload=/i.test(body)) problems.push("reflected <svg onload=");
  const leak = BACKEND_DETAILS.exec(body);
  if (leak) problems.push(`backend detail in the page: ${leak[0]}`);
  // (React separates adjacent text with <!-- --> in server-rendered HTML.)
  const count = /data-testid="results-count"[^>]*>((?:[^<]|<!-- -->)*)</.exec(body)?.[1]?.replaceAll("<!-- -->", "");
  if (count) {
    const showing = /Showing (\d+)–(\d+) of (\d+) restaurants?/.exec(count);
    const beyond = /there (?:is|are) (\d+) restaurants?/.exec(count);
    const total = Number(showing?.[3] ?? beyond?.[1] ?? NaN);
    if (!Number.isFinite(total)) problems.push(`unreadable count ${JSON.stringify(count)}`);
    else if (total > DATABASE_SIZE)
      problems.push(`count ${total} exceeds the ${DATABASE_SIZE} restaurants in the database`);
    if (showing && (Number(showing[1]) > Number(showing[2]) || Number(showing[2]) > total))
      problems.push(`inconsistent count ${count}`);
  }
  const cards = body.match(/data-testid="restaurant-card"/g)?.length ?? 0;
  if (cards > PAGE_SIZE) problems.push(`${cards} cards on one page`);
  return problems;
}

async function check(request: APIRequestContext, url: string, baseURL: string): Promise<string[]> {
  // Absolute, so that a generated path starting with `//` is not read as another host.
  const response = await request.get(new URL(baseURL).origin + url, {
    maxRedirects: 0,
    failOnStatusCode: false,
    timeout: 20_000,
    headers: { "Accept-Encoding": "identity" },
  });
  const type = response.headers()["content-type"] ?? "";
  return inspect(response.status(), type, type.startsWith("text/html") ? await response.text() : "");
}

test.describe("hostile URLs @js", () => {
  test(`${COUNT} generated URLs (seed ${SEED}): no 5xx, no reflected markup, no more results than the database holds`, async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const urls = hostileUrls(SEED, COUNT);
    expect(urls.length).toBeGreaterThanOrEqual(2_000);
    // The generator really covers the classes it promises.
    const all = urls.join("\n");
    for (const needle of [
      "%ED%A0%80",
      "%FF",
      "%00",
      encodeURIComponent(SCRIPT),
      encodeURIComponent("x),or(id.gt.0"),
      encodeURIComponent("NEAR("),
      "/restaurant/",
      "aaaaaaaaaa".repeat(100),
    ]) {
      expect(all, `the generated URLs include ${needle.slice(0, 40)}`).toContain(needle);
    }

    const failures: Failure[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const index = next++;
        const url = urls[index]!;
        try {
          for (const problem of await check(request, url, baseURL!))
            failures.push({ index, url: url.slice(0, 300), problem });
        } catch (error) {
          failures.push({
            index,
            url: url.slice(0, 300),
            problem: `request failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures, `seed ${SEED}: rerun with FUZZ_SEED=${SEED} FUZZ_COUNT=${COUNT}`).toEqual([]);
  });

  test("trust parameters: repaired, never an error, never reflected", async ({ request, baseURL }) => {
    const fifty = Array.from({ length: 50 }, (_, i) => `kitchen=${KITCHEN[i % KITCHEN.length]}`).join("&");
    for (const url of [
      "/?dedicated=yes",
      "/?dedicated=1&dedicated=1&dedicated=yes",
      `/?${fifty}`,
      `/?dedicated=1&${fifty}&diet=vegan&match=all&q=${encodeURIComponent(SCRIPT)}`,
      `/?kitchen=${encodeURIComponent(SCRIPT)}&dedicated=${encodeURIComponent(IMG)}`,
      "/us/or/portland/gluten-free/dedicated?page=%3Cscript%3E",
    ]) {
      const response = await request.get(url, { failOnStatusCode: false });
      expect(response.status(), url).toBe(200);
      expect(await check(request, url, baseURL!), url).toEqual([]);
    }
  });

  test("open: repaired, never an error, never reflected", async ({ request, baseURL }) => {
    for (const url of [
      "/?open=later",
      "/?open=now&open=now",
      "/?open=now&open=later&open=NOW",
      `/?open=${encodeURIComponent(SCRIPT)}`,
      `/?open=${encodeURIComponent(IMG)}&q=${encodeURIComponent(SCRIPT)}`,
      `/?open=now&dedicated=1&kitchen=trained-staff&diet=vegan&match=all&location=97201&radius=50&page=2`,
      `/?open=${"now".repeat(3000)}`,
    ]) {
      const response = await request.get(url, { failOnStatusCode: false });
      expect(response.status(), url).toBe(200);
      expect(await check(request, url, baseURL!), url).toEqual([]);
    }
  });

  test("the checker catches what it looks for, and the generator is deterministic", async ({ request, baseURL }) => {
    const html = "text/html; charset=utf-8";
    expect(inspect(500, html, "")).toEqual(["status 500"]);
    expect(inspect(200, html, `<h1>${SCRIPT}</h1>`)).toHaveLength(1);
    expect(inspect(200, html, `<input value=""><img src=x onerror=alert(1)>">`)).toHaveLength(1);
    expect(
      inspect(200, html, `<p data-testid="results-count">Showing 1–25 of ${DATABASE_SIZE + 1} restaurants</p>`),
    ).toHaveLength(1);
    expect(
      inspect(200, html, '<p data-testid="results-count">No results on page 9: there are 700 restaurants.</p>'),
    ).toHaveLength(1);
    expect(inspect(200, html, "<p>SQLITE_ERROR: fts5: syntax error near</p>").length).toBeGreaterThan(0);
    expect(inspect(200, "text/x-script", `${SCRIPT}`)).toEqual([]);
    // The real page quotes q escaped, and passes.
    const escaped = await request.get(`/?q=${encodeURIComponent(SCRIPT + IMG)}`);
    expect(await escaped.text()).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(await check(request, `/?q=${encodeURIComponent(SCRIPT + IMG)}`, baseURL!)).toEqual([]);
    expect(hostileUrls(SEED, 50)).toEqual(hostileUrls(SEED, 50));
    expect(hostileUrls(SEED + 1, 50)).not.toEqual(hostileUrls(SEED, 50));
  });
});
