// Stored XSS with JavaScript off (issue "Hold up under hostile input"): rows whose website,
// menu, email, phone and photo hold each hostile URL form, and whose name and description
// hold markup, render no live `javascript:`/`data:`/`vbscript:` link, no event handler and
// no markup, in a real browser with JavaScript disabled (where such a link would be live).
//
// The rows get past the schema's CHECK constraints with `PRAGMA ignore_check_constraints`,
// and past the URL rule's triggers (migrations/0009_review_loop.sql) by dropping them, as rows
// from before the rules, or from a backend without them, would. They live
// in a database of their own, served by a second `wrangler dev` that this file starts
// (tests/e2e/own-server.ts), so that the shared e2e database keeps exactly the sample data
// the other specs count on.
// "@js" keeps the file to one project; the pages are opened in contexts made here.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { query } from "../../scripts/lib/server.mjs";
import { hostileColumns } from "../fixtures/hostile-rows";
import { ownServer } from "./own-server";

const HOSTILE_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "\tjavascript:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  'https://ok.example" onmouseover="alert(1)',
  "//evil.example/x",
];
const FIRST_ID = 1;

const sql = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`;

function hostileSql(): string {
  const lines = [
    "PRAGMA ignore_check_constraints = ON;",
    "DROP TRIGGER restaurants_website_url_rule_insert;",
    "DROP TRIGGER restaurants_menu_url_rule_insert;",
  ];
  HOSTILE_URLS.forEach((url, index) => {
    const id = FIRST_ID + index;
    const row = {
      id,
      // `</script>` and `<!--` also try to break out of the page's structured data (JSON-LD).
      name: `</script><script>alert(1)</script><!-- Hostile ${index}`,
      is_vegan: 1,
      address: '1 Main St"><img src=x onerror=alert(1)>',
      ...hostileColumns(url),
    };
    lines.push(
      `INSERT INTO restaurants (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(sql).join(", ")});`,
    );
    lines.push(`INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (${id}, ${id}, ${sql(url)});`);
    lines.push(
      `INSERT INTO restaurant_photos (id, restaurant_id, url) VALUES (${id + 100}, ${id}, '/photos/soup-1.svg');`,
    );
  });
  lines.push("PRAGMA ignore_check_constraints = OFF;");
  return lines.join("\n");
}

/** What the browser sees: every URL-bearing attribute resolved, handlers, markup, rel. */
async function hostileThings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const live = /^(javascript|data|vbscript):/i;
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) problems.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
      for (const name of ["href", "src", "action", "formaction", "poster", "data", "xlink:href"]) {
        const raw = element.getAttribute(name);
        if (raw === null) continue;
        // Resolved as the browser would follow it.
        let resolved: URL;
        try {
          resolved = new URL(raw, document.baseURI);
        } catch {
          continue;
        }
        if (live.test(resolved.protocol)) problems.push(`<${element.localName} ${name}="${raw}">`);
        if ((resolved.protocol === "http:" || resolved.protocol === "https:") && resolved.host === "evil.example")
          problems.push(`<${element.localName} ${name}="${raw}"> (another host)`);
      }
      if (
        element.localName === "a" &&
        element.getAttribute("target") === "_blank" &&
        element.getAttribute("rel") !== "noopener noreferrer"
      ) {
        problems.push(`<a target=_blank rel="${element.getAttribute("rel")}">`);
      }
    }
    for (const script of Array.from(document.scripts)) {
      if (script.text.includes("<script>alert(1)")) problems.push("markup inside a script");
      if (script.type === "application/ld+json") {
        try {
          JSON.parse(script.text);
        } catch {
          problems.push(`structured data that does not parse: ${script.text.slice(0, 80)}`);
        }
      } else if (script.text.trim() === "alert(1)") {
        // (The page's own data scripts hold the stored text too, escaped, among other things.)
        problems.push("stored text became a script element");
      }
    }
    const thai = Array.from(document.querySelectorAll("b")).some((b) => b.textContent === "Thai");
    if (thai || document.querySelector("img[src='x'], svg[onload]")) problems.push("stored markup became elements");
    return problems;
  });
}

test.describe("stored XSS in a real browser @js", () => {
  test.describe.configure({ mode: "serial" });
  const server = ownServer({
    name: "xss",
    what: "the hostile rows",
    sql: hostileSql,
    prepared: (persistTo) => {
      const stored = query("SELECT website_url FROM restaurants ORDER BY id", { persistTo });
      expect(stored.map((row: { website_url: string }) => row.website_url)).toEqual(HOSTILE_URLS);
    },
  });

  async function openPages(browser: Browser, javaScriptEnabled: boolean) {
    const { context, page } = await server.newPage(browser, javaScriptEnabled);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    return { context, page, dialogs };
  }

  test("JavaScript off: no live script link, handler or markup on any hostile page", async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await openPages(browser, false);
    // The checker sees what it looks for.
    await page.setContent(
      '<a href=" JaVa&#x53;cript:alert(1)">x</a><p onclick="x">y</p><a href="https://ok.example/" target="_blank">z</a>' +
        '<script type="application/ld+json">{"name":"</script><script>alert(1)</script>',
    );
    expect(await hostileThings(page)).toHaveLength(5);
    const paths = [
      "/",
      "/?q=hostile",
      "/us/or",
      "/us/or/portland",
      "/us/or/portland/vegan",
      ...HOSTILE_URLS.map((_, index) => `/restaurant/${FIRST_ID + index}`),
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await hostileThings(page), path).toEqual([]);
    }
    // The stored text is shown, as text.
    await page.goto(`/restaurant/${FIRST_ID}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "</script><script>alert(1)</script><!-- Hostile 0",
    );
    // The structured data carries the same name, read back exactly.
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(structured.map((text) => JSON.parse(text) as { "@type": string; name?: string })[0]).toMatchObject({
      "@type": "Restaurant",
      name: "</script><script>alert(1)</script><!-- Hostile 0",
    });
    await expect(page.getByRole("link", { name: "Visit Website" })).toHaveCount(0);
    // The safe photo shows, the hostile one does not.
    await expect(page.locator("img")).toHaveCount(1);
    await page.goto("/?q=hostile");
    await expect(page.getByTestId("restaurant-card")).toHaveCount(HOSTILE_URLS.length);
    await context.close();
  });

  test("JavaScript on: no dialog while loading or pointing at every link", async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page, dialogs } = await openPages(browser, true);
    for (const path of ["/?q=hostile", `/restaurant/${FIRST_ID}`, `/restaurant/${FIRST_ID + 7}`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await hostileThings(page), path).toEqual([]);
      for (const link of await page.locator("main a").all())
        await link.hover({ timeout: 2_000 }).catch(() => undefined);
    }
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
