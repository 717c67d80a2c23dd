import { expect, test } from "@playwright/test";
import { stateName, type StateCode } from "~/lib/places/places";
import { samplePhotos, sampleRestaurants } from "./support";

function newestPhotos(id: number) {
  return samplePhotos
    .filter((p) => p.restaurant_id === id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .slice(0, 5)
    .map((p) => p.url);
}

test.describe("restaurant detail", () => {
  test("shows everything: photos newest first, hours one per line, contact, about", async ({ page }) => {
    const r = sampleRestaurants.find(
      (x) => samplePhotos.filter((p) => p.restaurant_id === x.id).length > 5 && x.menu_url && x.website_url,
    )!;
    const response = await page.goto(`/restaurant/${r.id}`);
    expect(response?.status()).toBe(200);
    // The spec's "Home / Restaurant", with the restaurant's state and city pages between.
    const trail = ["Home", stateName(r.state as StateCode), r.city!, "Restaurant"];
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(
      new RegExp(`^${trail.join("\\s*/\\s*")}$`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.name);
    await expect(page.getByTestId("detail-cuisine")).toHaveText(r.cuisine_type!);

    const images = page.getByTestId("photo-grid").locator("img");
    await expect(images).toHaveCount(5);
    const sources = await images.evaluateAll((els) => els.map((el) => el.getAttribute("src")));
    expect(sources).toEqual(newestPhotos(r.id));
    await expect(images.first()).toHaveAttribute("width", "800");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");

    const hours = r.hours_of_operation!.split(",").map((s) => s.trim());
    // Today's lines also say 'Today' (tests/e2e/opening-hours.spec.ts).
    await expect(page.getByTestId("hours").getByRole("listitem")).toHaveText(
      hours.map((line) => new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( Today)?$`)),
    );

    await expect(page.getByRole("heading", { name: "Dietary Accommodations" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contact Information" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `About ${r.name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Visit Website" })).toHaveAttribute(
      "href",
      new URL(r.website_url!).href,
    );
    await expect(page.getByRole("link", { name: "View Menu" })).toHaveCount(2);
    const directions = await page.getByRole("link", { name: "Get Directions" }).getAttribute("href");
    expect(new URL(directions!).searchParams.get("destination")).toContain(r.address!);
  });

  test("'No photos available for this restaurant' when there are none", async ({ page }) => {
    const r = sampleRestaurants.find((x) => !samplePhotos.some((p) => p.restaurant_id === x.id))!;
    await page.goto(`/restaurant/${r.id}`);
    await expect(page.getByText("No photos available for this restaurant")).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
  });

  test("without website or menu: no such buttons", async ({ page }) => {
    const r = sampleRestaurants.find((x) => !x.website_url && !x.menu_url)!;
    await page.goto(`/restaurant/${r.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.name);
    await expect(page.getByRole("link", { name: "Visit Website" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "View Menu" })).toHaveCount(0);
  });

  for (const path of [
    "/restaurant/999999",
    "/restaurant/abc",
    "/restaurant/0",
    "/restaurant/-1",
    "/restaurant/1.5",
    "/restaurant/99999999999999999999",
  ]) {
    test(`'Restaurant Not Found' with 404 for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Restaurant Not Found" })).toBeVisible();
      await expect(
        page.getByText("The restaurant you are looking for may have been removed or doesn't exist."),
      ).toBeVisible();
      await page.getByRole("link", { name: "Return to Homepage" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});
