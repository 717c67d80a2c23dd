import { expect, test } from "@playwright/test";

const STATIC_PAGES = [
  { path: "/our-mission", heading: "Our Mission", link: "Our Mission" },
  { path: "/contact-us", heading: "Contact Us", link: "Contact Us" },
  { path: "/privacy-policy", heading: "Privacy Policy", link: "Privacy Policy" },
  { path: "/terms-of-service", heading: "Terms of Service", link: "Terms of Service" },
];

test.describe("shared frame and static pages", () => {
  test("the top bar and footer", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByText("SafeBites")).toBeVisible();
    await expect(banner.getByText("Find Food That Won't Fight Back")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getUTCFullYear()} SafeBites`);
    await expect(footer.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Legal" })).toBeVisible();
  });

  for (const { path, heading, link } of STATIC_PAGES) {
    test(`${path} from the footer`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.getByRole("banner").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("privacy and terms: last updated May 4, 2025; terms promise 30 days' notice", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByText("Last updated: May 4, 2025")).toBeVisible();
    await page.goto("/terms-of-service");
    await expect(page.getByText("Last updated: May 4, 2025")).toBeVisible();
    await expect(page.locator("main")).toContainText("30 days");
  });

  test("contact: details from the settings, and 'Send Message' sends nothing", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.getByRole("link", { name: "support@safebites.example" })).toHaveAttribute(
      "href",
      "mailto:support@safebites.example",
    );
    await expect(page.getByRole("link", { name: "(555) 010-0199" })).toHaveAttribute("href", "tel:(555)010-0199");
    await expect(page.locator("main")).toContainText("Mon-Fri 9am-5pm PST");
    await page.getByLabel("Name", { exact: true }).fill("Pat");
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() !== "GET") posted = true;
    });
    const send = page.getByRole("button", { name: "Send Message" });
    // A button of type "button" submits no form, with or without JavaScript: nothing can be
    // sent, so no waiting is needed to see that nothing was.
    await expect(send).toHaveAttribute("type", "button");
    await send.click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Pat");
    await expect(page).toHaveURL(/\/contact-us$/);
    expect(posted).toBe(false);
  });

  test("'Page Not Found' with 404 and a link home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
