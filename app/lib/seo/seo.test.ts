import { describe, expect, it } from "vitest";
import { restaurantRowSchema } from "../directory/restaurant-rows";
import { openingHoursSpecification } from "../hours/hours";
import { absoluteUrl, breadcrumbJsonLd, jsonLdText, landingMeta, originOf, pageMeta, restaurantJsonLd } from "./seo";

const matches = [{ id: "root", data: { siteName: "SafeBites", origin: "https://safebites.example" } }];

describe("jsonLdText: JSON that cannot end its script element", () => {
  const hostile = [
    "</script><script>alert(1)</script>",
    "</SCRIPT >",
    "<!--<script>",
    "a & b > c",
    "line\u2028separator\u2029",
    '"quotes" \\ backslash',
    "emoji 🍜 and ünïcode",
  ];

  it.each(hostile)("%j round-trips through JSON.parse", (text) => {
    const json = jsonLdText({ name: text, nested: [{ text }] });
    expect(JSON.parse(json)).toEqual({ name: text, nested: [{ text }] });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("escapes as \\u sequences", () => {
    expect(jsonLdText("</script>")).toBe('"\\u003c/script\\u003e"');
    expect(jsonLdText("&")).toBe('"\\u0026"');
  });
});

describe("absolute URLs", () => {
  it("a path of this site, or an http(s) URL; nothing else", () => {
    expect(originOf(matches)).toBe("https://safebites.example");
    expect(originOf([])).toBe("");
    expect(absoluteUrl("https://safebites.example", "/photos/a.svg")).toBe("https://safebites.example/photos/a.svg");
    expect(absoluteUrl("https://safebites.example", "https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
    for (const bad of ["//evil.example/x", "javascript:alert(1)", "data:image/png;base64,AA", "photos/a.svg"]) {
      expect(absoluteUrl("https://safebites.example", bad), bad).toBeNull();
    }
  });
});

describe("pageMeta", () => {
  const meta = (extra: Partial<Parameters<typeof pageMeta>[1]> = {}) =>
    pageMeta(matches, { title: "Portland | SafeBites", description: "Places.", path: "/us/or/portland", ...extra });

  it("canonical, Open Graph and Twitter card, absolute", () => {
    const tags = meta({ image: "/photos/a.svg", imageAlt: "A photo" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://safebites.example/us/or/portland",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://safebites.example/us/or/portland" });
    expect(tags).toContainEqual({ property: "og:title", content: "Portland | SafeBites" });
    expect(tags).toContainEqual({ property: "og:description", content: "Places." });
    expect(tags).toContainEqual({ property: "og:site_name", content: "SafeBites" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://safebites.example/photos/a.svg" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://safebites.example/photos/a.svg" });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });

  it("noindex, follow for arbitrary searches; no image, a summary card", () => {
    const tags = meta({ noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.some((t) => "property" in t && t.property === "og:image")).toBe(false);
  });

  it("an image that is not http(s) is left out", () => {
    expect(meta({ image: "javascript:alert(1)" }).some((t) => "property" in t && t.property === "og:image")).toBe(
      false,
    );
  });
});

const row = {
  id: 7,
  name: "</script><script>alert(1)</script>",
  cuisine_type: "Thai",
  is_gluten_free: true,
  is_dairy_free: false,
  is_vegetarian: true,
  is_vegan: false,
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  zip_code: "97201",
  phone_number: "(503) 555-0100",
  email_address: null,
  website_url: "https://green.example/",
  menu_url: "https://green.example/menu",
  hours_of_operation: null,
  description: "Soups.",
  latitude: 45.5,
  longitude: -122.6,
};

describe("landingMeta", () => {
  it("the heading with the site's name as the title, and the page's other tags", () => {
    const page = { description: "Places.", path: "/us/or/portland", noindex: true };
    expect(landingMeta(matches, { heading: "Portland", ...page })).toEqual(
      pageMeta(matches, { title: "Portland | SafeBites", ...page }),
    );
  });

  it("without data (a 404): only the 'Page Not Found' title", () => {
    expect(landingMeta(matches, undefined)).toEqual([{ title: "Page Not Found | SafeBites" }]);
  });
});

describe("restaurantJsonLd", () => {
  it("a schema.org Restaurant with every field it has", () => {
    const restaurant = restaurantRowSchema.parse(row);
    const data = restaurantJsonLd("https://safebites.example", restaurant, {
      path: "/restaurant/7",
      photos: ["/photos/a.svg", "https://cdn.example/b.jpg"],
    });
    expect(JSON.parse(jsonLdText(data))).toEqual({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      "@id": "https://safebites.example/restaurant/7#restaurant",
      name: row.name,
      url: "https://green.example/",
      mainEntityOfPage: "https://safebites.example/restaurant/7",
      description: "Soups.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "1 Main St",
        addressLocality: "Portland",
        addressRegion: "OR",
        postalCode: "97201",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: 45.5, longitude: -122.6 },
      telephone: "(503) 555-0100",
      servesCuisine: "Thai",
      hasMenu: "https://green.example/menu",
      image: ["https://safebites.example/photos/a.svg", "https://cdn.example/b.jpg"],
    });
  });

  it("names the row's country in the address", () => {
    const restaurant = restaurantRowSchema.parse({ ...row, country: "GB", state: "ENG", zip_code: "WC2H 9JQ" });
    const data = restaurantJsonLd("https://safebites.example", restaurant, { path: "/restaurant/7", photos: [] });
    expect(JSON.parse(jsonLdText(data)).address).toMatchObject({ addressCountry: "GB", postalCode: "WC2H 9JQ" });
  });

  it("only http(s) URLs; absent values left out", () => {
    const restaurant = restaurantRowSchema.parse({
      ...row,
      website_url: "javascript:alert(1)",
      menu_url: "data:text/html,x",
      latitude: null,
      longitude: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      phone_number: null,
      cuisine_type: null,
      description: null,
    });
    const data = JSON.parse(
      jsonLdText(
        restaurantJsonLd("https://safebites.example", restaurant, {
          path: "/restaurant/7",
          photos: ["//evil.example/x.png"],
        }),
      ),
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      "@id": "https://safebites.example/restaurant/7#restaurant",
      name: row.name,
      url: "https://safebites.example/restaurant/7",
      mainEntityOfPage: "https://safebites.example/restaurant/7",
    });
  });
});

describe("restaurantJsonLd: openingHoursSpecification", () => {
  const specOf = (hours: string | null) =>
    (
      JSON.parse(
        jsonLdText(
          restaurantJsonLd(
            "https://safebites.example",
            restaurantRowSchema.parse({ ...row, hours_of_operation: hours }),
            {
              path: "/restaurant/7",
              photos: [],
              openingHours: openingHoursSpecification(hours),
            },
          ),
        ),
      ) as { openingHoursSpecification?: unknown }
    ).openingHoursSpecification;
  const day = (name: string) => `https://schema.org/${name}`;

  it("understood hours: one item per range with its days; past midnight closes the next day", () => {
    expect(specOf("Mon-Fri 11am-2:30pm, Mon-Fri 5pm-9pm, Sat 5pm-2am, Sun closed")).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map(day),
        opens: "11:00",
        closes: "14:30",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map(day),
        opens: "17:00",
        closes: "21:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: [day("Saturday")], opens: "17:00", closes: "02:00" },
    ]);
  });

  it("a whole day and a close at midnight end at 23:59", () => {
    expect(specOf("Daily 24 hours")).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map(day),
        opens: "00:00",
        closes: "23:59",
      },
    ]);
    expect(specOf("Fri 6pm-midnight")).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: [day("Friday")], opens: "18:00", closes: "23:59" },
    ]);
  });

  it("none for unknown hours, no hours, or never open", () => {
    expect(specOf("By appointment </script>")).toBeUndefined();
    expect(specOf(null)).toBeUndefined();
    expect(specOf("Daily closed")).toBeUndefined();
  });
});

describe("breadcrumbJsonLd", () => {
  it("a BreadcrumbList of absolute URLs, numbered from 1", () => {
    expect(
      breadcrumbJsonLd("https://safebites.example", [
        { name: "Home", path: "/" },
        { name: "Oregon", path: "/us/or" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://safebites.example/" },
        { "@type": "ListItem", position: 2, name: "Oregon", item: "https://safebites.example/us/or" },
      ],
    });
  });
});
