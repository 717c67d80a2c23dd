import { describe, expect, it } from "vitest";
import {
  displayUrl,
  formatAddress,
  hoursLines,
  mailtoHref,
  mapsSearchHref,
  safeHttpUrl,
  safeImageSrc,
  telHref,
} from "./links";
import { itReads, itRefuses } from "../../../tests/support/cases";

describe("safeHttpUrl", () => {
  it.each(["https://green.example", "http://green.example/menu?x=1", "HTTPS://GREEN.EXAMPLE/"])("allows %j", (url) => {
    expect(safeHttpUrl(url)).not.toBeNull();
  });

  itRefuses(safeHttpUrl, [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    " https://green.example",
    "https://green.example ",
    "//green.example",
    "/relative",
    "https://",
    "https://user:pw@green.example",
    "ftp://green.example",
    "",
    null,
  ]);
});

describe("safeImageSrc", () => {
  it("allows http(s) and root-relative paths", () => {
    expect(safeImageSrc("/photos/a.svg")).toBe("/photos/a.svg");
    expect(safeImageSrc("https://img.example/a.jpg")).toBe("https://img.example/a.jpg");
  });
  itRefuses(safeImageSrc, [
    "//evil.example/a.png",
    "/\\evil.example",
    "javascript:alert(1)",
    "data:image/svg+xml,<svg>",
    '/a" onerror="x',
  ]);
});

describe("telHref keeps only digits, + ( ) - and spaces", () => {
  itReads(telHref, [
    ["(503) 555-0123", "tel:(503)555-0123"],
    ["+1 503 555 0123", "tel:+15035550123"],
    ["503.555.0123 ext", "tel:503.555.0123"],
    ['<b>503</b>"555"', "tel:503555"],
    ["javascript:alert(1)", "tel:(1)"],
    ["call us", null],
  ]);
});

describe("mailtoHref", () => {
  it("allows one plain address", () => {
    expect(mailtoHref("hello@green.example")).toBe("mailto:hello@green.example");
  });
  itRefuses(mailtoHref, [
    "a@b.example?subject=x",
    "a@b.example&cc=c@d.example",
    "a@b.example,c@d.example",
    "a%40evil.example%2Cb@ok.example",
    "a%0Abcc@ok.example",
    "a b@c.example",
    "a@b.example\nbcc:c@d.example",
    "mailto:a@b.example",
    "not-an-email",
    "javascript:alert(1)@x.example",
  ]);
});

describe("maps and addresses", () => {
  it("encodes the whole address as one query value", () => {
    const href = mapsSearchHref({ address: "1 Main St & Co #2", city: "Portland", state: "OR", zipCode: "97201" });
    expect(href).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%20%26%20Co%20%232%2C%20Portland%2C%20OR%2097201",
    );
    expect(new URL(href!).searchParams.get("query")).toBe("1 Main St & Co #2, Portland, OR 97201");
  });
  it("formats partial addresses", () => {
    expect(formatAddress({ city: "Austin", state: "TX" })).toBe("Austin, TX");
    expect(mapsSearchHref({})).toBeNull();
  });
  it("shows a website without its scheme", () => {
    expect(displayUrl("https://green.example/")).toBe("green.example");
    expect(displayUrl("http://green.example/menu")).toBe("green.example/menu");
  });
});

describe("hoursLines", () => {
  it("splits on commas, one per line, trimmed", () => {
    expect(hoursLines("Mon-Fri 9am-5pm, Sat 10am-2pm,  Sun closed")).toEqual([
      "Mon-Fri 9am-5pm",
      "Sat 10am-2pm",
      "Sun closed",
    ]);
    expect(hoursLines(null)).toEqual([]);
    expect(hoursLines(" , ")).toEqual([]);
  });
});

describe("stored hostile URLs never become a live script link", () => {
  const HOSTILE = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\u0000javascript:alert(1)",
    "javascript://example.com/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    'https://ok.example" onmouseover="alert(1)',
    "http://javascript:alert(1)",
    "https:alert(1)",
    "https:/\\evil.example",
  ];
  it.each(HOSTILE)("safeHttpUrl and safeImageSrc refuse %j", (url) => {
    expect(safeHttpUrl(url)).toBeNull();
    expect(safeImageSrc(url)).toBeNull();
  });
  it("an accepted URL carries no double quote, angle bracket or space", () => {
    for (const url of ['https://ok.example/"onmouseover=alert(1)', "https://ok.example/a b<c>'d"]) {
      const safe = safeHttpUrl(url);
      expect(safe).not.toBeNull();
      expect(safe).not.toMatch(/["<> ]/);
    }
  });
  it.each(['/photos/a.svg"onerror="alert(1)', "/photos/<script>", "/\tjavascript:alert(1)", "//evil.example/x.svg"])(
    "safeImageSrc refuses %j",
    (src) => {
      expect(safeImageSrc(src)).toBeNull();
    },
  );
  it.each(HOSTILE)("telHref of %j is a tel: link or nothing", (value) => {
    const href = telHref(value);
    if (href !== null) expect(href).toMatch(/^tel:[0-9+().-]+$/);
  });
});
