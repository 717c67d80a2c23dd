// What npm start shows of the tools it runs (the build, wrangler, workerd): nothing while a
// step works (all of it goes to the start's log file, ./transcript.mjs), the lines that give
// the cause when a step fails, and, once the server answers, what it says about requests and
// errors without wrangler's banners. Pure functions, tested in tool-output.test.ts.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g;

/** `text` without terminal colours and cursor movements. */
export function stripAnsi(text) {
  return text.replace(ANSI, "");
}

/**
 * Lines wrangler prints on every run that say nothing about this run: its banner, the
 * "out-of-date" advice (wrangler 4 needs Node 22, docs/decisions), the warning about the
 * `unsafe` rate-limit binding in wrangler.toml, the hints after each D1 command, and the
 * frames of its tables. Compared after stripAnsi and trim.
 */
const NOISE = [
  /^\u26C5\uFE0F? wrangler \d/,
  /^-{8,}$/,
  /^▲ \[WARNING\] The version of Wrangler you are using is now out-of-date\.$/,
  /^Please update to the latest version to prevent critical errors\.$/,
  /^Run `npm install --save-dev wrangler@\d+` to update to the latest version\.$/,
  /^After installation, run Wrangler with `npx wrangler`\.$/,
  /^▲ \[WARNING\] Processing wrangler\.toml configuration:$/,
  /^- "unsafe" fields are experimental and may change or break at any time\.$/,
  /^🌀 To execute on your remote database, add a --remote flag to your wrangler command\.$/,
  /^\[mf:inf\] ✨ Parsed \d+ valid header rules\.$/,
  /^✘ \[ERROR\] stack: \S+@\w+ /,
  /^[┌├└│─┬┼┴┐┤┘\s]+$/,
];

/** Whether one line (as printed, colours and all) is one of wrangler's routine lines, or blank. */
export function isNoise(line) {
  const text = stripAnsi(line).trim();
  return text === "" || NOISE.some((pattern) => pattern.test(text));
}

/** A line that reports an error: wrangler's ✘ [ERROR], Vite's ✗ and ERROR:, Node's Error:, tsc's. */
const ERROR_LINE = /✘ \[ERROR\]|^✗ |\bERROR: |^\w*Error: |\berror TS\d+|^npm (ERR!|error) /;
/** A stack frame. */
const FRAME = /^\s+at \S/;

/**
 * What a failed step prints as its cause, at most `max` lines of its output: from the first
 * line that reports an error if there is one, else the last lines; without colours, blank
 * lines, stack frames or wrangler's routine lines.
 */
export function causeOf(text, max = 12) {
  const lines = stripAnsi(text)
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => !isNoise(line) && !FRAME.test(line));
  const first = lines.findIndex((line) => ERROR_LINE.test(line.trim()));
  return first === -1 ? lines.slice(-max) : lines.slice(first, first + max);
}

/**
 * What `wrangler d1 migrations apply` did, from its output: the names of the migrations it
 * applied (the rows of its last table marked ✅), or [] when there were none to apply.
 */
export function appliedMigrations(output) {
  const text = stripAnsi(output);
  if (/No migrations to apply/.test(text)) return [];
  const applied = new Set();
  for (const match of text.matchAll(/│\s*(\S+\.sql)\s*│\s*✅/g)) applied.add(match[1]);
  return [...applied];
}

/**
 * Splits a stream's chunks into whole lines: push() each chunk, get the lines it completed;
 * flush() returns what is left at the end.
 */
export function lineSplitter() {
  let pending = "";
  return {
    push(chunk) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      return lines;
    },
    flush() {
      const rest = pending;
      pending = "";
      return rest === "" ? [] : [rest];
    },
  };
}
