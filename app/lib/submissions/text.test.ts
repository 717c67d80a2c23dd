// The text rules and the URL rule, restated from the contract (section 3, "Abuse"): what a
// single-line field refuses, what every field keeps, and which addresses are links.
import { describe, expect, it } from "vitest";
import { hasHiddenCharacter, isHttpUrl, multiLine, singleLine } from "./text";

describe("hidden characters", () => {
  const refused = [
    ["a zero-width space", "Port\u200Bland"],
    ["a zero-width non-joiner", "Port\u200Cland"],
    ["a zero-width joiner", "Port\u200Dland"],
    ["a word joiner", "Port\u2060land"],
    ["a byte-order mark inside", "Port\uFEFFland"],
    ["a left-to-right embedding", "\u202AThai"],
    ["a right-to-left override", "\u202Enaht"],
    ["a pop directional formatting", "Thai\u202C"],
    ["a left-to-right isolate", "\u2066Thai"],
    ["a first-strong isolate", "\u2068Thai"],
    ["a pop directional isolate", "Thai\u2069"],
    ["a tab", "Green\tLeaf"],
    ["a line break", "Green\nLeaf"],
    ["a NUL", "Green\u0000Leaf"],
    ["a C1 control", "Green\u0085Leaf"],
  ];
  it.each(refused)("%s is refused", (_label, text) => {
    expect(hasHiddenCharacter(text)).toBe(true);
  });

  it.each(["Portland", "Café Ünïcode", "Phở 24", "北京饭店", "مطعم", "O'Brien's — Deli & Co.", "Zoë’s"])(
    "%s is plain text",
    (text) => {
      expect(hasHiddenCharacter(text)).toBe(false);
    },
  );
});

describe("what is kept", () => {
  it("single-line: NFC and trimmed", () => {
    expect(singleLine("  Cafe\u0301  ")).toBe("Café");
    expect(singleLine("  Cafe\u0301  ").length).toBe(4);
  });

  it("multi-line: NFC, LF line ends, paragraphs kept", () => {
    expect(multiLine(" First.\r\n\r\nSecond\u0301.\rThird. ")).toBe("First.\n\nSecond\u0301.\nThird.".normalize("NFC"));
  });
});

describe("the URL rule", () => {
  it.each([
    "https://example.com",
    "http://example.com/menu?x=1#top",
    "HTTPS://Example.com",
    "https://café.example/",
    "https://127.0.0.1:8080/x",
    "https://[2001:db8::1]/",
    "https://user@example.com/",
  ])("%s is a link", (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each([
    ["no slashes (the URL parser takes it)", "https:example.com"],
    ["one slash", "https:/example.com"],
    ["three slashes", "https:///example.com"],
    ["no host", "https://"],
    ["a path for a host", "https:///"],
    ["a backslash", "https:\\\\example.com"],
    ["a port without a host", "https://:80"],
    ["an empty user", "https://@example.com"],
    ["a query for a host", "https://?x"],
    ["a script", "javascript:alert(1)"],
    ["data", "data:text/html,x"],
    ["ftp", "ftp://files.example"],
    ["protocol-relative", "//example.com"],
    ["a space inside", "https://exa mple.com"],
    ["a tab inside", "https://exa\tmple.com"],
    ["a leading space", " https://example.com"],
    ["a quote breaking out", 'https://ok.example" onmouseover="alert(1)'],
    ["plain words", "example.com"],
  ])("%s: %j is not", (_label, url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});
