// Command-line options for the project's scripts (npm start, the benchmark, the generators):
// each script declares its options once, node:util's parseArgs reads them, and the same table
// gives `--help` and the message for a mistyped flag.
import { parseArgs } from "node:util";

/**
 * @typedef {object} OptionSpec
 * @property {"string" | "boolean"} type
 * @property {string} [description] shown by --help
 * @property {string} [value] the value's name in --help (e.g. "N", "DIR")
 * @property {boolean} [multiple] repeatable; the value is an array
 * @property {string | boolean | string[]} [default]
 */

/** The usage text of a script: its synopsis, then one line an option. */
function usage(synopsis, options) {
  const lines = Object.entries(options).map(([name, spec]) => {
    const flag = `--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`;
    const fallback =
      spec.default === undefined || spec.default === false || Array.isArray(spec.default)
        ? ""
        : ` (default ${spec.default})`;
    return `  ${flag.padEnd(22)} ${spec.description ?? ""}${fallback}`;
  });
  return [`usage: ${synopsis}`, ...lines].join("\n");
}

/**
 * Parses `args` (default: this process's arguments) against `options`; prints the usage and
 * exits on --help (0) or on an unknown or incomplete option (2).
 * @param {Record<string, OptionSpec>} options
 * @param {{ synopsis: string, args?: string[], positionals?: boolean }} how
 * @returns {{ values: Record<string, any>, positionals: string[] }}
 */
export function readOptions(options, { synopsis, args = process.argv.slice(2), positionals = false }) {
  const all = { ...options, help: { type: "boolean", description: "show this text" } };
  const text = usage(synopsis, all);
  let parsed;
  try {
    parsed = parseArgs({ args, options: all, allowPositionals: positionals, strict: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${text}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(text);
    process.exit(0);
  }
  return parsed;
}

/** A positive number from an option's text, or exit 2 naming the option. */
export function positiveNumber(name, text) {
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) {
    console.error(`--${name} takes a positive number, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}
