// Table-driven cases the unit tests share.
import { expect, it } from "vitest";

/** One test per input, each expecting `parse` to refuse it (null). */
export function itRefuses<T>(parse: (input: T) => unknown, inputs: readonly T[]) {
  it.each(inputs)("refuses %j", (input) => {
    expect(parse(input)).toBeNull();
  });
}

/** One test per row `[input, expected]`, each expecting `read(input)` to be `expected`. */
export function itReads<T, R>(read: (input: T) => R, rows: readonly (readonly [T, R])[]) {
  it.each(rows.map(([input, expected]) => ({ input, expected })))("$input -> $expected", ({ input, expected }) => {
    expect(read(input)).toBe(expected);
  });
}
