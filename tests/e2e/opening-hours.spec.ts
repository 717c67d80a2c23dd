// Open now on cards and the detail page, today's lines, structured data and the short cache
// of pages that show an open state. Expected states come from the reference statement of the
// hours rules (tests/fixtures/reference-hours.ts) at the moment of the test.
import { expect, test } from "@playwright/test";
import { referenceLocalTime, referenceOpenNow } from "../fixtures/reference-hours";
import { expectedNames, sampleRestaurants, unfold } from "./support";

const byId = (id: number) => sampleRestaurants.find((r) => r.id === id)!;
// Open around the clock; lunch and dinner with a closed Sunday; hours outside the grammar.
const ALWAYS = byId(13);
const LUNCH_AND_DINNER = byId(2);
const UNKNOWN = byId(17);

/** Whether the state could change within a minute of now (then the test does not assert it). */
function settled(r: (typeof sampleRestaurants)[number]) {
  const now = Date.now();
  const states = [now - 90_000, now, now + 90_000].map((t) =>
    referenceOpenNow(r.hours_of_operation, r.latitude, r.longitude, new Date(t)),
  );
  return states.every((state) => state === states[0]);
}

test.describe("opening hours", () => {
  test("a detail page says 'Open now' and marks today's line", async ({ page }) => {
    await page.goto(`/restaurant/${ALWAYS.id}`);
    await expect(page.getByTestId("open-state")).toHaveText("Open now");
    const today = page.getByTestId("hours").locator('li[aria-current="date"]');
    await expect(today).toHaveText(`${ALWAYS.hours_of_operation} Today`);
  });

  test("lunch and dinner: the state at this moment and today's lines in the restaurant's zone", async ({ page }) => {
    const r = LUNCH_AND_DINNER;
    await page.goto(`/restaurant/${r.id}`);
    if (settled(r)) {
      const open = referenceOpenNow(r.hours_of_operation, r.latitude, r.longitude, new Date());
      await expect(page.getByTestId("open-state")).toContainText(open ? "Open now" : "Closed now");
      await expect(page.getByTestId("open-state")).toContainText(/ · (closes|opens) /);
    }
    // "Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 12pm-10pm, Sun closed", Portland, OR.
    const { weekday } = referenceLocalTime(r.latitude, r.longitude, new Date())!;
    const marked = weekday <= 4 ? [0, 1] : weekday === 5 ? [2] : [3];
    const lines = page.getByTestId("hours").getByRole("listitem");
    await expect(lines).toHaveCount(4);
    for (let index = 0; index < 4; index++) {
      if (marked.includes(index)) await expect(lines.nth(index)).toHaveAttribute("aria-current", "date");
      else await expect(lines.nth(index)).not.toHaveAttribute("aria-current");
    }
  });

  test("hours outside the grammar: shown as written, no state, no mark, no structured hours", async ({ page }) => {
    await page.goto(`/restaurant/${UNKNOWN.id}`);
    await expect(page.getByTestId("hours").getByRole("listitem")).toHaveText(
      UNKNOWN.hours_of_operation!.split(",").map((s) => s.trim()),
    );
    await expect(page.getByTestId("open-state")).toHaveCount(0);
    await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("\n")).not.toContain("openingHoursSpecification");
  });

  test("structured data carries openingHoursSpecification for understood hours", async ({ page }) => {
    await page.goto(`/restaurant/${ALWAYS.id}`);
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { "@type": string; openingHoursSpecification?: unknown[] },
    );
    const restaurant = data.find((d) => d["@type"] === "Restaurant")!;
    expect(restaurant.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "00:00", closes: "23:59" }),
    ]);
  });

  test("cards say it too", async ({ page }) => {
    await page.goto(`/?q=${encodeURIComponent(ALWAYS.name)}`);
    const card = page.getByTestId("restaurant-card").filter({ hasText: ALWAYS.name });
    await expect(card.getByTestId("open-state")).toHaveText("Open now");
  });
});

test.describe("cache lifetimes @js", () => {
  test("a page that shows an open state is kept at most 60 s, stale-while-revalidate included", async ({ request }) => {
    const lifetime = (cacheControl: string) => {
      const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1] ?? 0);
      return seconds("s-maxage") + seconds("stale-while-revalidate") + seconds("max-age");
    };
    // Remix's data requests carry the route's own Cache-Control (HTML leaves private).
    for (const path of [`/restaurant/${ALWAYS.id}.data`, `/_root.data?q=${encodeURIComponent(ALWAYS.name)}`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl, path).toMatch(/s-maxage=/);
      expect(lifetime(cacheControl), path).toBeLessThanOrEqual(60);
    }
  });
});

test.describe("the 'Open now' toggle", () => {
  test("a link that adds open=now and keeps every other parameter, and back", async ({ page }) => {
    await page.goto("/?q=a&diet=vegetarian&location=Portland%2C%20OR&radius=50");
    await unfold(page, "filters");
    const toggle = page.getByTestId("toggle-open-now");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(page).toHaveURL(/[?&]open=now/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("a");
    expect(url.searchParams.getAll("diet")).toEqual(["vegetarian"]);
    expect(url.searchParams.get("location")).toBe("Portland, OR");
    expect(url.searchParams.get("radius")).toBe("50");
    await expect(page.getByTestId("toggle-open-now")).toHaveAttribute("aria-pressed", "true");

    // Every card shown is open now (unless a state changed during the test), and the list is
    // what the reference rules give at this moment.
    // Retried while the page may still be rendering.
    const options = { query: "a", diets: ["vegetarian" as const], location: "Portland, OR", radius: 50 as const };
    await expect(async () => {
      const before = expectedNames({ ...options, open: true });
      const names = await page.getByTestId("restaurant-card").locator("h3").allInnerTexts();
      const after = expectedNames({ ...options, open: true });
      if (JSON.stringify(before) !== JSON.stringify(after)) return;
      expect(names).toEqual(before.names.slice(0, 25));
      for (const state of await page.getByTestId("restaurant-card").getByTestId("open-state").allInnerTexts()) {
        expect(state).toMatch(/^Open now/);
      }
    }).toPass({ timeout: 10_000 });

    await unfold(page, "filters");
    await page.getByTestId("toggle-open-now").click();
    await expect(page).not.toHaveURL(/open=/);
    await expect(page.getByTestId("toggle-open-now")).toHaveAttribute("aria-pressed", "false");
  });
});
