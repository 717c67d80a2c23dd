// Small helpers shared by the benchmark scripts.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DATA_DIR = join(ROOT, "bench", ".data");

/** Progress goes to stderr; tables go to stdout. */
export function log(...parts) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${parts.join(" ")}\n`);
}

/** Nearest-rank percentile of an unsorted array of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return "–";
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}

export function fmtRatio(x) {
  if (!Number.isFinite(x)) return "–";
  return x >= 10 ? `${x.toFixed(0)}x` : `${x.toFixed(1)}x`;
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows, align) {
  const al = align ?? header.map((_, i) => (i === 0 ? "l" : "r"));
  const sep = al.map((a) => (a === "r" ? "---:" : "---"));
  return [header, sep, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}
