import { describe, expect, it } from "vitest";
import { homeTitle, pageTitle, siteNameOf } from "./site";

describe("page titles from the configured site name", () => {
  const withName = (siteName: unknown) => [
    { id: "root", data: { siteName, year: 2025 } },
    { id: "routes/contact-us", data: { siteName: "not this one" } },
  ];

  it("reads the name from the root match only", () => {
    expect(siteNameOf(withName("Gluten Guide"))).toBe("Gluten Guide");
    expect(pageTitle(withName("Gluten Guide"), "Contact Us")).toBe("Contact Us | Gluten Guide");
    expect(homeTitle(withName("Gluten Guide"))).toBe("Gluten Guide – Find Food That Won't Fight Back");
  });

  it("falls back to SafeBites when the root data is missing or not a name", () => {
    expect(pageTitle([], "Our Mission")).toBe("Our Mission | SafeBites");
    expect(pageTitle([{ id: "root", data: undefined }], "Our Mission")).toBe("Our Mission | SafeBites");
    expect(siteNameOf(withName(""))).toBe("SafeBites");
    expect(siteNameOf(withName(42))).toBe("SafeBites");
    expect(siteNameOf([{ id: "routes/_index", data: { siteName: "Elsewhere" } }])).toBe("SafeBites");
  });
});
