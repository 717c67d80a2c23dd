// @vitest-environment node
// Stored text is untrusted (docs/schema.md): rows whose URLs, email, phone and
// photos are hostile render no live script link and no markup, on the result card and on
// the detail page (its real loader against a real local D1). And the D1 schema refuses
// those URLs in the first place. Hostile rows get past the CHECK constraints here only
// through `PRAGMA ignore_check_constraints`, as rows written before the constraints existed
// (or by a backend without them) would.
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { renderToString } from "react-dom/server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { RestaurantCard } from "~/components/RestaurantCard";
import { cardOf } from "~/lib/directory/card";
import { ToastProvider } from "~/components/ui/toast";
import { restaurantRowSchema } from "~/lib/directory/restaurant-rows";
import Home, { loader as homeLoader } from "~/routes/_index";
import RestaurantDetail, {
  ErrorBoundary as DetailErrorBoundary,
  loader as detailLoader,
} from "~/routes/restaurant.$id";
import { hostileColumns } from "../fixtures/hostile-rows";
import { useD1 } from "../support/d1";

/** Every form a stored URL takes in an attack (the brief's list, plus a few relatives). */
const HOSTILE_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "\tjavascript:alert(1)",
  "\njavascript:alert(1)",
  "java\tscript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  'https://ok.example" onmouseover="alert(1)',
  "https://ok.example' onmouseover='alert(1)",
  "//evil.example/x",
] as const;

const MARKUP_NAME = "<script>alert(1)</script>";

/** One restaurant per hostile URL: that value in every link-bearing column and photo. */
const HOSTILE_ROWS = HOSTILE_URLS.map((url, index) => ({
  id: 1000 + index,
  name: `${MARKUP_NAME} ${index}`,
  is_gluten_free: 1,
  is_dairy_free: 0,
  is_vegetarian: 1,
  is_vegan: 0,
  address: `1 Main St"><script>alert(1)</script>`,
  ...hostileColumns(url),
  photo_url: url,
}));

/** HTML attribute text as the browser reads it (entities decoded). */
function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** URL-bearing attributes whose value a browser would run as script or open as a document. */
function liveHostileUrls(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(
    /\s(href|src|action|formaction|xlink:href|srcset|poster|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
  )) {
    const raw = decodeAttribute(match[2] ?? match[3] ?? match[4] ?? "");
    // The URL parser drops leading/trailing C0 controls and spaces, and tabs and newlines anywhere.
    const seen = raw
      .replace(/[\t\n\r]/g, "")
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/^[\u0000-\u0020]+/, "")
      .toLowerCase();
    if (/^(javascript|data|vbscript):/.test(seen) || seen.startsWith("//")) found.push(`${match[1]}=${raw}`);
  }
  return found;
}

function expectInert(html: string) {
  expect(liveHostileUrls(html)).toEqual([]);
  expect(html).not.toMatch(/<script>alert/i);
  expect(html).not.toMatch(/<img src=x/i);
  // No event-handler attribute in any tag (React never writes one into server HTML).
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  for (const tag of html.match(/<a\s[^>]*>/gi) ?? []) {
    const href = decodeAttribute(/\shref="([^"]*)"/.exec(tag)?.[1] ?? "");
    if (/^https?:/i.test(href)) expect(tag, `external link ${tag}`).toMatch(/\srel="noopener noreferrer"/);
    if (/^mailto:/i.test(href)) expect(href).toMatch(/^mailto:[^?&%,\s"<>]+@[^?&%,\s"<>]+$/);
    if (/^tel:/i.test(href)) expect(href).toMatch(/^tel:[0-9+().-]+$/);
  }
}

describe("the checker itself", () => {
  it("flags live hostile links and missing rel", () => {
    expect(liveHostileUrls('<a href=" JaVa&#x53;cript:alert(1)">x</a>')).toHaveLength(1);
    expect(liveHostileUrls('<img src="da\tta:text/html,x">')).toHaveLength(1);
    expect(liveHostileUrls('<a href="https://ok.example/">x</a>')).toHaveLength(0);
    expect(() => expectInert('<a href="https://ok.example/">x</a>')).toThrow();
    expect(() => expectInert('<p onmouseover="x">y</p>')).toThrow();
  });
});

describe("RestaurantCard with hostile rows", () => {
  it.each(HOSTILE_ROWS.map((row) => [row.website_url, row] as const))("%j renders inert", (_url, row) => {
    const restaurant = restaurantRowSchema.parse({ ...row, latitude: null, longitude: null });
    const html = renderToString(
      <StaticRouter location="/">
        <RestaurantCard restaurant={cardOf(restaurant)} />
      </StaticRouter>,
    );
    expectInert(html);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("a good row still gets its links, with rel on the external ones", () => {
    const restaurant = restaurantRowSchema.parse({
      ...HOSTILE_ROWS[0],
      name: "Green Fork",
      phone_number: "(503) 555-0100",
      website_url: "https://green.example/",
    });
    const html = renderToString(
      <StaticRouter location="/">
        <RestaurantCard restaurant={cardOf(restaurant)} />
      </StaticRouter>,
    );
    expect(html).toContain('href="https://green.example/"');
    expect(html).toContain('href="tel:(503)555-0100"');
    expectInert(html);
  });
});

describe("D1 with hostile rows", () => {
  const d1 = useD1();
  let context: AppLoadContext;

  beforeAll(() => {
    context = { cloudflare: { env: { DB: d1.db } }, nonce: "" } as unknown as AppLoadContext;
  });

  describe("the schema refuses non-http(s) URLs", () => {
    const refused = HOSTILE_URLS.filter((url) => !/^https:\/\/ok\.example/.test(url));
    it.each(refused)("website_url, menu_url and photo url of %j", async (url) => {
      const db = d1.db;
      await expect(
        db.prepare("INSERT INTO restaurants (id, name, website_url) VALUES (?, 'x', ?)").bind(9000, url).run(),
      ).rejects.toThrow(/CHECK/i);
      await expect(
        db.prepare("INSERT INTO restaurants (id, name, menu_url) VALUES (?, 'x', ?)").bind(9001, url).run(),
      ).rejects.toThrow(/CHECK/i);
      await db.prepare("INSERT OR IGNORE INTO restaurants (id, name) VALUES (9002, 'photo owner')").run();
      await expect(
        db.prepare("INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (9000, 9002, ?)").bind(url).run(),
      ).rejects.toThrow(/CHECK/i);
    });

    it("and accepts http(s) and root-relative photo paths", async () => {
      const db = d1.db;
      await db
        .prepare(
          "INSERT INTO restaurants (id, name, website_url, menu_url) VALUES (9003, 'ok', 'https://ok.example/', 'HTTP://OK.EXAMPLE/menu')",
        )
        .run();
      await db
        .prepare("INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (9003, 9003, '/photos/a.svg')")
        .run();
      const stored = await db
        .prepare(
          "SELECT r.website_url, r.menu_url, p.url FROM restaurants AS r JOIN restaurant_photos AS p ON p.restaurant_id = r.id WHERE r.id = 9003",
        )
        .first();
      expect(stored).toEqual({
        website_url: "https://ok.example/",
        menu_url: "HTTP://OK.EXAMPLE/menu",
        url: "/photos/a.svg",
      });
      await db.prepare("DELETE FROM restaurants WHERE id IN (9002, 9003)").run();
    });
  });

  describe("pages render them inert", () => {
    beforeAll(async () => {
      const db = d1.db;
      // Rows from before the checks, or from a backend without them: the column CHECKs are
      // ignored and the URL rule's triggers (migrations/0009_review_loop.sql) are left out
      // while they are written, then put back.
      const { results: rules } = await db
        .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'restaurants_%_url_rule_%'")
        .all<{ name: string; sql: string }>();
      expect(rules.length).toBe(4);
      const statements = [
        db.prepare("PRAGMA ignore_check_constraints = ON"),
        ...rules.map((rule) => db.prepare(`DROP TRIGGER ${rule.name}`)),
      ];
      for (const { photo_url, ...row } of HOSTILE_ROWS) {
        const columns = Object.keys(row);
        statements.push(
          db
            .prepare(`INSERT INTO restaurants (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
            .bind(...Object.values(row)),
          db
            .prepare("INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (?, ?, ?)")
            .bind(row.id, row.id, photo_url),
          db
            .prepare("INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (?, ?, '/photos/soup-1.svg')")
            .bind(row.id + 500, row.id),
        );
      }
      statements.push(
        db.prepare("PRAGMA ignore_check_constraints = OFF"),
        ...rules.map((rule) => db.prepare(rule.sql)),
      );
      await db.batch(statements);
      const { results } = await db
        .prepare("SELECT website_url FROM restaurants WHERE id >= 1000 ORDER BY id")
        .all<{ website_url: string }>();
      expect(results.map((r) => r.website_url)).toEqual([...HOSTILE_URLS]);
    });

    async function render(path: string, route: Parameters<typeof createStaticHandler>[0][number]) {
      const handler = createStaticHandler([route]);
      const result = await handler.query(new Request(`https://safebites.example${path}`));
      if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
      const router = createStaticRouter(handler.dataRoutes, result);
      const html = renderToString(
        <ToastProvider>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </ToastProvider>,
      );
      return { html, status: result.statusCode };
    }

    it.each(HOSTILE_ROWS.map((row) => [row.website_url, row.id] as const))(
      "detail page of the row with %j",
      async (_url, id) => {
        const { html, status } = await render(`/restaurant/${id}`, {
          id: "routes/restaurant.$id",
          path: "/restaurant/:id",
          loader: (args) => detailLoader({ ...args, context }),
          Component: RestaurantDetail,
          ErrorBoundary: DetailErrorBoundary,
        });
        expect(status).toBe(200);
        expect(html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt; ${id - 1000}`);
        // The safe photo shows; the hostile one is dropped.
        expect(html).toContain('src="/photos/soup-1.svg"');
        expectInert(html);
      },
    );

    it("the result list (home, searched by city) with every hostile row", async () => {
      const { html, status } = await render("/?q=script", {
        id: "routes/_index",
        path: "/",
        loader: (args) => homeLoader({ ...args, context }),
        Component: Home,
      });
      expect(status).toBe(200);
      expect(html.match(/data-testid="restaurant-card"/g)).toHaveLength(HOSTILE_ROWS.length);
      expectInert(html);
    });
  });
});
