// A restaurant outside the US reads its country's way (CONTRACTS section 14, "How it reads";
// docs/decisions/0032-international-formatting.md): its address in the country's order with the
// country's name, its phone number in international form with an E.164 tel: link, its hours on
// the country's clock, its distance in kilometres where the country uses them. With
// JavaScript on and off. The rows are the sample data's (data/sample-data.mjs).
import { expect, test } from "@playwright/test";

const PAGES = [
  {
    country: "United Kingdom",
    id: 121,
    name: "The Crumbless Bakery",
    address: "14 Pemberly Yard, London, WC2H 9JQ, United Kingdom",
    phone: "+44 20 7946 0101",
    tel: "tel:+442079460101",
    hours: "Mon-Sat 08:00-18:00",
  },
  {
    country: "Canada",
    id: 112,
    name: "Maple & Millet",
    address: "88 Tamarack Row, Toronto, ON M5V 2T6, Canada",
    phone: "+1 416 555 0161",
    tel: "tel:+14165550161",
    // Canada tells the time on a 12-hour clock: the hours as written.
    hours: "Mon-Fri 8am-4pm",
  },
  {
    country: "Japan",
    id: 165,
    name: "Kome Kome Shokudo",
    address: "4-2-9 Momijidai, Tokyo, 150-0002, Japan",
    phone: "+81 3 5550 0111",
    tel: "tel:+81355500111",
    hours: "Mon-Sat 17:30-22:00",
  },
];

for (const place of PAGES) {
  test(`a restaurant in ${place.country}: its country, the address in the country's order, the international phone`, async ({
    page,
  }) => {
    await page.goto(`/restaurant/${place.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(place.name);
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    const address = header.getByRole("link", { name: place.address });
    await expect(address).toBeVisible();
    await expect(address).toHaveAttribute(
      "href",
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.address)}`,
    );
    await expect(page.getByRole("link", { name: "Get Directions" })).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(place.address)}`,
    );
    const contact = page.getByRole("region", { name: "Contact Information" });
    await expect(contact).toContainText(place.address);
    await expect(contact.getByRole("link", { name: place.phone })).toHaveAttribute("href", place.tel);
    await expect(page.getByTestId("hours")).toContainText(place.hours);
  });
}

test("a card abroad names the country, gives the international phone and the distance in kilometres", async ({
  page,
}) => {
  // A position in Toronto: the nearest cards are Toronto's.
  await page.goto("/?lat=43.6446&lng=-79.3949&radius=5");
  const card = page.getByTestId("restaurant-card").filter({ hasText: "Maple & Millet" });
  await expect(card).toContainText("88 Tamarack Row, Toronto, ON M5V 2T6, Canada");
  await expect(card.getByRole("link", { name: "+1 416 555 0161" })).toHaveAttribute("href", "tel:+14165550161");
  await expect(card.getByTestId("distance")).toHaveText(/^Distance: (< 0\.1|\d+\.\d) km$/);
  const lantern = page.getByTestId("restaurant-card").filter({ hasText: "Lantern Noodle House" });
  await expect(lantern.getByTestId("distance")).toHaveText("Distance: 2.0 km");
});

test("a card in the US reads as it always has", async ({ page }) => {
  await page.goto("/?q=French&location=Portland%2C%20OR");
  const card = page.getByTestId("restaurant-card").filter({ hasText: "Café Ünïcode" });
  await expect(card).toContainText("273 Bellwether Avenue, Portland, OR 97205");
  await expect(card).not.toContainText("United States");
  await expect(card.getByRole("link", { name: "(503) 555-0100" })).toHaveAttribute("href", "tel:(503)555-0100");
});
