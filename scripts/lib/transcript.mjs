// The log file of one `npm start`: everything the tools it runs print (the build, wrangler's
// answers, workerd), in order, under .wrangler/logs/, so that the terminal can show a short
// account and a failure can point at the whole story. The ten newest are kept.
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, writeSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * @typedef {object} Transcript
 * @property {string} path the file
 * @property {number} fd open for appending; a child process may write to it directly
 * @property {(text: string) => void} write
 * @property {() => number} mark where the file ends now
 * @property {(mark: number) => string} since what was written after `mark`
 * @property {() => void} close
 */

/** `2026-11-25T14-52-10`: a timestamp that sorts and fits in a file name. */
function stamp(date) {
  return date.toISOString().slice(0, 19).replaceAll(":", "-");
}

/**
 * Opens a new log file `<dir>/<name>-<timestamp>.log` and deletes all but the `keep` newest
 * of that name.
 * @returns {Transcript}
 */
export function openTranscript({ dir, name = "start", keep = 10, now = new Date() }) {
  mkdirSync(dir, { recursive: true });
  let path = join(dir, `${name}-${stamp(now)}.log`);
  let fd;
  try {
    fd = openSync(path, "wx+");
  } catch {
    // Two starts in the same second: the second one's file names its process.
    path = join(dir, `${name}-${stamp(now)}-${process.pid}.log`);
    fd = openSync(path, "a+");
  }
  const older = readdirSync(dir)
    .filter((file) => file.startsWith(`${name}-`) && file.endsWith(".log"))
    .sort()
    .reverse()
    .slice(keep);
  for (const file of older) rmSync(join(dir, file), { force: true });

  return {
    path,
    fd,
    write(text) {
      writeSync(fd, text);
    },
    mark() {
      return fstatSync(fd).size;
    },
    since(mark) {
      const length = Math.max(0, fstatSync(fd).size - mark);
      const buffer = Buffer.alloc(length);
      const read = length > 0 ? readSync(fd, buffer, 0, length, mark) : 0;
      return buffer.subarray(0, read).toString("utf8");
    },
    close() {
      closeSync(fd);
    },
  };
}

/** A path as a person would type it from `from` (the repository): relative when inside it. */
export function shownPath(path, from) {
  const inside = relative(from, path);
  return inside.startsWith("..") ? path : inside;
}
