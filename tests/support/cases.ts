// Table-driven cases the unit tests share.
import { expect, it } from "vitest";

/** One test per input, each expecting `parse` to refuse it (null). */
export function itRefuses<T>(parse: (input: T) => unknown, inputs: readonly T[]) {
  it.each(inputs)("refuses %j", (input) => {
    expect(parse(input)).toBeNull();
  });
}
