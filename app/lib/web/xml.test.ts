import { describe, expect, it } from "vitest";
import { xmlEscape } from "./xml";

describe("xmlEscape", () => {
  it("escapes the five characters XML reserves", () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("leaves other text as it is", () => {
    expect(xmlEscape("Café Tandoor, 12 Main St")).toBe("Café Tandoor, 12 Main St");
  });
});
