// Vitest set-up: a test during which console.error is called fails (the Epic Stack's habit),
// since the app logs there only what went wrong. A test that expects an error replaces the
// spy for itself: `vi.spyOn(console, "error").mockImplementation(() => {})`, and usually
// asserts on what was logged.
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { format } from "node:util";

let unexpected: string[] = [];
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  unexpected = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(format(...args));
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (unexpected.length > 0) {
    const logged = unexpected.map((line) => `  ${line.slice(0, 2000)}`).join("\n");
    throw new Error(`console.error was called during this test, which does not expect it:\n${logged}`);
  }
});
