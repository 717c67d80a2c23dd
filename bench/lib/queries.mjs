// The fixed mix of searches the benchmark replays at every size, as the search form would
// send them, turned into the app's SearchCriteria; and the plain-scan baseline
// (buildScanStatements), derived from the app's own statements.
//
// Terms are plain ASCII on purpose: the scan baseline folds ASCII case only (SQLite's
// lower() and LIKE), while the trigram index also folds accents, so 'cafe' would find 'Café'
// through the index and not through the scan. With ASCII terms both must return the same
// rows, and the benchmark asserts that at 10k.

/** kind: what the query exercises. q / location / cuisine / diets / match as in the URL. */
export const QUERY_MIX = [
  { label: "q=pho (3 chars)", kind: "short term", q: "pho" },
  { label: "q=tha (3 chars)", kind: "short term", q: "tha" },
  { label: "q=bar (3 chars)", kind: "short term", q: "bar" },
  { label: "q=kitchen", kind: "common word", q: "kitchen" },
  { label: "q=golden lotus", kind: "long term", q: "golden lotus" },
  { label: "q=dumpling house", kind: "long term", q: "dumpling house" },
  { label: "q=mediterranean", kind: "long term", q: "mediterranean" },
  { label: "q=smokehouse", kind: "long term", q: "smokehouse" },
  { label: "location=10019 (zip)", kind: "zip", location: "10019" },
  { label: "location=97742 (small-town zip)", kind: "zip", location: "97742" },
  { label: "location=Portland, OR", kind: "city, state", location: "Portland, OR" },
  { label: "location=san antonio, tx", kind: "city, state", location: "san antonio, tx" },
  { label: "location=chicago", kind: "city or state", location: "chicago" },
  { label: "location=ville", kind: "city or state", location: "ville" },
  { label: "q=kitchen, diet=vegan", kind: "term + diet", q: "kitchen", diets: ["vegan"] },
  { label: "q=bistro, gluten-free+dairy-free (all)", kind: "term + diets all", q: "bistro", diets: ["gluten-free", "dairy-free"], match: "all" },
  { label: "location=Chicago, gluten-free|vegan (any)", kind: "place + diets any", location: "Chicago", diets: ["gluten-free", "vegan"] },
  { label: "cuisine=Thai, location=Seattle, WA", kind: "cuisine + place", cuisine: "Thai", location: "Seattle, WA" },
  { label: "q=curry, New York, NY, vegetarian", kind: "term + place + diet", q: "curry", location: "New York, NY", diets: ["vegetarian"] },
  { label: "q=taqueria, cuisine=Mexican, 78253", kind: "term + cuisine + zip", q: "taqueria", cuisine: "Mexican", location: "78253" },
  { label: "cuisine=Italian", kind: "cuisine only", cuisine: "Italian" },
  { label: "diet=vegan|vegetarian (any)", kind: "diets only", diets: ["vegetarian", "vegan"] },
];

/** Reported beside the mix, not in it: terms under 3 characters scan by design (ADR 0002). */
export const EXTRA_QUERIES = [{ label: "q=ox (2 chars, LIKE fallback)", kind: "short fallback", q: "ox" }];

export const PAGE_SIZE = 25;

export function criteriaFor(query, { parseLocation }) {
  return {
    query: query.q ?? "",
    location: parseLocation(query.location ?? ""),
    cuisine: query.cuisine ?? null,
    diets: query.diets ?? [],
    match: query.match ?? "any",
    limit: PAGE_SIZE,
    offset: 0,
  };
}

const FTS_FRAGMENT = "r.id IN (SELECT rowid FROM restaurants_fts WHERE restaurants_fts MATCH ?)";

/** `{name cuisine_type} : "te""xt"` → { columns, text } (the app's ftsPhrase, reversed). */
function parsePhrase(phrase) {
  const match = /^\{([^}]*)\} : "(.*)"$/s.exec(phrase);
  if (!match) throw new Error(`buildScanStatements: unexpected FTS phrase ${JSON.stringify(phrase)}`);
  return { columns: match[1].split(" "), text: match[2].replace(/""/g, '"') };
}

function likePattern(text) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The plain-scan twin of an app statement: every FTS5 subquery becomes
 * `(lower(r.col) LIKE ? ESCAPE '\' OR ...)` over the same columns, with the term lowercased;
 * everything else (other conditions, ORDER BY, LIMIT) stays as the app wrote it.
 */
export function scanStatement({ sql, params }) {
  let out = "";
  const outParams = [];
  let paramIndex = 0;
  let i = 0;
  while (i < sql.length) {
    if (sql.startsWith(FTS_FRAGMENT, i)) {
      const { columns, text } = parsePhrase(params[paramIndex++]);
      out += `(${columns.map((c) => `lower(r.${c}) LIKE ? ESCAPE '\\'`).join(" OR ")})`;
      for (const _ of columns) outParams.push(likePattern(text));
      i += FTS_FRAGMENT.length;
      continue;
    }
    const ch = sql[i];
    if (ch === "?") outParams.push(params[paramIndex++]);
    out += ch;
    i++;
  }
  if (paramIndex !== params.length) throw new Error("buildScanStatements: parameter count mismatch");
  if (/restaurants_fts/.test(out)) throw new Error(`buildScanStatements: an FTS reference was left in: ${out}`);
  return { sql: out, params: outParams };
}

export function buildScanStatements(statements) {
  return { count: scanStatement(statements.count), page: scanStatement(statements.page) };
}

/** The Postgres function's named arguments for the same criteria. */
export function pgArgsFor(criteria) {
  const location = criteria.location;
  return {
    p_query: criteria.query || null,
    p_zip: location.kind === "zip" ? location.zip : null,
    p_city: location.kind === "cityState" ? location.city : null,
    p_state: location.kind === "cityState" ? location.state : null,
    p_city_or_state: location.kind === "cityOrState" ? location.text : null,
    p_cuisine: criteria.cuisine,
    p_diets: criteria.diets.length ? criteria.diets : null,
    p_match_all: criteria.match === "all",
    p_limit: criteria.limit,
    p_offset: criteria.offset,
  };
}
