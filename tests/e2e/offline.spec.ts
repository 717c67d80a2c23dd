// Offline and installable (docs/saved.md "Offline", contract section 13), with the service
// worker allowed (the other specs block it: playwright.config.ts). Save three places, then stop
// the server for real (its process ended, the connection refused, no emulated offline flag): the
// list and each saved page open from the browser's copy with 'You are offline. Saved …', any
// other page answers the offline page listing them; started again, the live list. Also: Chromium
// finds the site installable, and the manifest and the worker are served as what they are.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";
import { prepare, serve, type Server } from "../../scripts/lib/server.mjs";
import { openRestaurants } from "./support";

test.use({ serviceWorkers: "allow" });

/** The second port this spec may listen on (its own server, stopped and started again on the same origin). */
const OWN_PORT = Number(process.env.E2E_OFFLINE_PORT ?? Number(process.env.E2E_PORT ?? 8788) + 6);
const START_TIMEOUT_MS = 300_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const day = (at: Date) => `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;

/** Whether the worker has kept each of `paths` (in any of its caches), asked in the page. */
function keptAll(page: Page, paths: string[]): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const names = await caches.keys();
    const found = await Promise.all(
      wanted.map(async (path) => {
        for (const name of names) if (await (await caches.open(name)).match(path)) return true;
        return false;
      }),
    );
    return found.every(Boolean);
  }, paths);
}

test.describe("with no connection @js", () => {
  test.describe.configure({ mode: "serial" });
  let server: Server | undefined;
  let dir = "";
  const start = () => serve({ port: OWN_PORT, persistTo: dir, timeoutMs: START_TIMEOUT_MS });

  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 120_000);
    dir = mkdtempSync(join(tmpdir(), "safebites-offline-"));
    prepare({ persistTo: dir, build: "if-missing", log: () => {} });
    server = await start();
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("saved places open from the browser's copy once the server is gone; back, the live list", async ({
    browser,
  }) => {
    test.setTimeout(START_TIMEOUT_MS + 120_000);
    const origin = server!.origin;
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: "allow" });
    const page = await context.newPage();
    const policyErrors: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
    });

    // Save three places from a results page.
    await page.goto("/");
    const cards = page.getByTestId("restaurant-card");
    await expect(cards.first()).toBeVisible();
    const saved: { id: number; name: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const link = cards.nth(i).getByRole("heading").getByRole("link");
      const name = await link.innerText();
      const id = Number(/\/restaurant\/(\d+)$/.exec((await link.getAttribute("href")) ?? "")?.[1]);
      saved.push({ id, name });
      await cards
        .nth(i)
        .getByRole("button", { name: `Save ${name}`, exact: true })
        .click();
      await expect(cards.nth(i).getByRole("button", { name: `Saved ${name}`, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
    await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (3)");
    await page.reload();
    await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (3)");
    await page.goto("/saved");
    await expect(page.getByTestId("saved-entry").getByRole("heading")).toHaveText(saved.map((s) => s.name));

    // The worker keeps each place's page, the list page and its map image.
    const pages = [...saved.map(({ id }) => `/restaurant/${id}`), "/saved"];
    const before = day(new Date());
    await expect.poll(() => keptAll(page, pages), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (
              await Promise.all(
                (await caches.keys()).map(async (n) =>
                  (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname),
                ),
              )
            )
              .flat()
              .includes("/map.svg"),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    // The server stops: its process ends, and the port refuses connections.
    await server!.stop();
    await expect(page.request.get(`${origin}/our-mission`)).rejects.toThrow();

    const notice = page.getByTestId("offline-notice");
    const noticeText = () => new RegExp(`^You are offline\\. Saved (${before}|${day(new Date())})\\.$`);

    // A link followed in the live page (its data request refused): the page's copy, not an error.
    await page
      .getByTestId("saved-entry")
      .nth(2)
      .getByRole("heading")
      .getByRole("link", { name: saved[2]!.name })
      .click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${saved[2]!.id}$`));
    await expect(notice).toHaveText(noticeText());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(saved[2]!.name);

    await page.goto("/saved");
    await expect(notice).toHaveText(noticeText());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved places");
    await expect(page.getByTestId("saved-entry").getByRole("heading")).toHaveText(saved.map((s) => s.name));
    await expect(page.getByTestId("static-map")).toBeVisible();
    // The copy is script-free: its policy allows none, and none is there.
    await expect(page.locator("script")).toHaveCount(0);

    for (const { id, name } of saved) {
      await page.goto(`/restaurant/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(notice).toHaveText(noticeText());
    }

    // A page it has no copy of: the offline page, listing the saved places, each a link to its copy.
    const unsaved = openRestaurants.find((r) => !saved.some((s) => s.id === r.id))!;
    await page.goto(`/restaurant/${unsaved.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    const list = page.getByTestId("offline-saved");
    await expect(list.getByRole("listitem")).toHaveText(saved.map((s) => s.name));
    await list.getByRole("link", { name: saved[1]!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${saved[1]!.id}$`));
    await expect(notice).toBeVisible();
    await page.goto("/?q=pizza");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(list.getByRole("link", { name: "Your saved places" })).toHaveAttribute("href", "/saved");
    expect(policyErrors).toEqual([]);

    // Back online: the live list (the page's own scripts, its 'Remove' buttons), no notice.
    server = await start();
    await page.goto("/saved");
    await expect(page.getByTestId("saved-entry").getByRole("heading")).toHaveText(saved.map((s) => s.name));
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId("saved-link-header")).toHaveText("Saved (3)");
    await expect(page.getByRole("button", { name: `Remove ${saved[0]!.name}`, exact: true })).toBeVisible();
    await context.close();
  });
});

test("Chromium finds the site installable @js", async ({ baseURL }, testInfo) => {
  // A profile on disk: Chromium installs nothing from an off-the-record one ("in-incognito"),
  // which every Playwright context but a persistent one is.
  const profile = mkdtempSync(join(tmpdir(), "safebites-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    const cdp = await context.newCDPSession(page);
    // The manifest is fetched as the page loads; ask until Chromium has read it.
    await expect
      .poll(async () => (await cdp.send("Page.getAppManifest")).url ?? "", { timeout: 15_000 })
      .toMatch(/\/manifest\.webmanifest$/);
    await expect
      .poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("the manifest, the worker and the offline page are served as what they are", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "SafeBites", start_url: "/", display: "standalone" });
  const icons = body.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.headers()["content-type"]).toBe("image/png");
  }

  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
  // A worker runs under the policy its script came with: it may fetch the site, nothing else.
  expect(worker.headers()["content-security-policy"]).toBe("default-src 'none'; connect-src 'self'");

  const offline = await request.get("/offline");
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain("You are offline");
});

test("every page links the manifest", async ({ page }) => {
  for (const path of ["/", "/our-mission", "/saved", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  }
});
