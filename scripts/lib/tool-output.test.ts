import { describe, expect, it } from "vitest";
import { appliedMigrations, causeOf, isNoise, lineSplitter, stripAnsi } from "./tool-output.mjs";

// As wrangler 3.114 prints them (colours included).
const OUT_OF_DATE = [
  "",
  " ⛅️ wrangler 3.114.17 (update available 4.164.0)",
  "------------------------------------------------",
  "",
  "\u001b[33m▲ \u001b[43;33m[\u001b[43;30mWARNING\u001b[43;33m]\u001b[0m \u001b[1mThe version of Wrangler you are using is now out-of-date.\u001b[0m",
  "",
  "  Please update to the latest version to prevent critical errors.",
  "  Run `npm install --save-dev wrangler@4` to update to the latest version.",
  "  After installation, run Wrangler with `npx wrangler`.",
  "",
  "\u001b[33m▲ \u001b[43;33m[\u001b[43;30mWARNING\u001b[43;33m]\u001b[0m \u001b[1mProcessing wrangler.toml configuration:\u001b[0m",
  "",
  '    - "unsafe" fields are experimental and may change or break at any time.',
  "",
];

describe("stripAnsi", () => {
  it("removes colours and leaves the text", () => {
    expect(
      stripAnsi("\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mboom\u001b[0m"),
    ).toBe("✘ [ERROR] boom");
  });
});

describe("isNoise", () => {
  it("knows wrangler's banner, its out-of-date advice and the unsafe-binding warning", () => {
    expect(OUT_OF_DATE.filter((line) => !isNoise(line))).toEqual([]);
  });

  it("keeps errors, request lines and the worker's own output", () => {
    for (const line of [
      '✘ [ERROR] near "INSRT": syntax error at offset 0: SQLITE_ERROR',
      "\u001b[31m✘ [ERROR] Uncaught Error: Network connection lost.\u001b[0m",
      "[wrangler:inf] GET / 200 OK (66ms)",
      "Loaded 40979 ZIP codes and 29542 places (GeoNames, CC BY 4.0) in 3.7 s.",
      "│ 0001_schema.sql        │ ✅     │",
    ]) {
      expect(isNoise(line), line).toBe(false);
    }
  });
});

describe("causeOf", () => {
  it("starts at wrangler's error, without the noise", () => {
    const output = [
      ...OUT_OF_DATE,
      "🌀 Executing on local database DB (00000000-0000-4000-8000-000000000000) from .wrangler/state/v3/d1:",
      "🌀 To execute on your remote database, add a --remote flag to your wrangler command.",
      "",
      "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mno such table: restaurant: SQLITE_ERROR\u001b[0m",
      "",
      '🪵  Logs were written to "/root/.config/.wrangler/logs/wrangler.log"',
      "",
    ].join("\n");
    expect(causeOf(output)).toEqual([
      "✘ [ERROR] no such table: restaurant: SQLITE_ERROR",
      '🪵  Logs were written to "/root/.config/.wrangler/logs/wrangler.log"',
    ]);
  });

  it("starts at the build's first error and leaves out stack frames", () => {
    const output = [
      "vite v6.4.6 building for production...",
      "transforming...",
      "✓ 1 modules transformed.",
      "✗ Build failed in 48ms",
      "[vite:esbuild] Transform failed with 1 error:",
      '/app/routes/$.tsx:20:22: ERROR: Unexpected ";"',
      "20 |  export const broken = ;",
      "   |                        ^",
      "    at failureErrorWithLog (/node_modules/esbuild/lib/main.js:1467:15)",
      "    at /node_modules/esbuild/lib/main.js:736:50",
      "  errors: [Getter/Setter],",
    ].join("\n");
    expect(causeOf(output, 5)).toEqual([
      "✗ Build failed in 48ms",
      "[vite:esbuild] Transform failed with 1 error:",
      '/app/routes/$.tsx:20:22: ERROR: Unexpected ";"',
      "20 |  export const broken = ;",
      "   |                        ^",
    ]);
  });

  it("without an error line, gives the last `max` lines", () => {
    const output = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\r\n");
    expect(causeOf(output, 3)).toEqual(["line 28", "line 29", "line 30"]);
  });
});

describe("appliedMigrations", () => {
  const table = (marks: string[]) =>
    [
      "┌────────────────────────┬────────┐",
      "│ name                   │ status │",
      ...marks.flatMap((mark, i) => [
        "├────────────────────────┼────────┤",
        `│ 000${i + 1}_x.sql             │ ${mark}     │`,
      ]),
      "└────────────────────────┴────────┘",
    ].join("\n");

  it("reads the names marked ✅ in wrangler's tables, each once", () => {
    const output = [table(["✅", "🕒️", "🕒️"]), table(["✅", "✅", "🕒️"]), table(["✅", "✅", "✅"])].join("\n");
    expect(appliedMigrations(output)).toEqual(["0001_x.sql", "0002_x.sql", "0003_x.sql"]);
  });

  it("is empty when there was nothing to apply", () => {
    expect(appliedMigrations("✅ No migrations to apply!")).toEqual([]);
  });
});

describe("lineSplitter", () => {
  it("gives whole lines across chunks and the rest at the end", () => {
    const lines = lineSplitter();
    expect(lines.push("GET / 2")).toEqual([]);
    expect(lines.push("00 OK\nGET /a")).toEqual(["GET / 200 OK"]);
    expect(lines.push(" 404\n\nx")).toEqual(["GET /a 404", ""]);
    expect(lines.flush()).toEqual(["x"]);
    expect(lines.flush()).toEqual([]);
  });
});
