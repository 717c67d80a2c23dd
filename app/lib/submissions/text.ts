// Text that is what it looks like (docs/routes.md, "What people type into the forms"): the
// rules every form field and every edit of the review queue follows, and the one URL rule
// that the forms, the queue and the tables' checks share. Pure (no zod: the review queue's
// components use it in the browser too); the forms' schemas (./schema-parts.ts), the queue's
// edits (./decisions.ts, ./confirmation-decisions.ts) and the tests use it.
//
// One order everywhere: normalise first (trim, Unicode NFC, line ends as LF), then measure
// and check what is kept. NFC can lengthen a text (U+0958 becomes two characters), so a
// length measured before it is not the length stored.

/**
 * Characters a single-line field refuses: control characters (C0 and C1, tabs and line breaks
 * included), zero-width characters (U+200B-U+200D, U+2060, U+FEFF), bidirectional overrides
 * and isolates (U+202A-U+202E, U+2066-U+2069), and lone surrogates (no character at all).
 * Each can make a name look like another one: a second 'Portland' city page, a name shown
 * reversed in a title.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cs}\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters a multi-line field (a note, a report's details, a description) refuses: control
 * characters other than the line break and the tab, bidirectional overrides and isolates,
 * and lone surrogates. Zero-width joiners stay: emoji and several scripts need them.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const HIDDEN_IN_PARAGRAPHS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

export const TEXT_MESSAGES = {
  hidden: "Please remove invisible, control or text-direction characters.",
  state: "Please enter a US state or its two-letter code.",
  website: "Please enter a website address starting with http:// or https://.",
  menu: "Please enter a menu address starting with http:// or https://.",
} as const;

/**
 * The most bytes one character of a text takes in a url-encoded body: a three-byte UTF-8
 * character, each byte written as `%XX` (a four-byte one is two UTF-16 units: six a unit).
 * The forms' body limits leave room for every text at its limit in such characters.
 */
export const WORST_BYTES_PER_CHARACTER = 9;

/** The message for a value longer than `max` characters (after normalising). */
export const tooLong = (max: number) => `Please keep this under ${max} characters.`;

export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

/** Whether a multi-line value holds a character it refuses (HIDDEN_IN_PARAGRAPHS). */
function hasHiddenInParagraphs(text: string): boolean {
  return HIDDEN_IN_PARAGRAPHS.test(text);
}

/**
 * NFC, trimmed, NFC again: trimming can leave a combining mark first, and NFC can turn a
 * space into another space; the result is both trimmed and NFC.
 */
function trimmedNfc(text: string): string {
  return text.normalize("NFC").trim().normalize("NFC");
}

/** A single-line value as kept: trimmed, Unicode NFC (whether it may be kept: textProblem). */
export function singleLine(text: string): string {
  return trimmedNfc(text);
}

/** A multi-line value as kept: Unicode NFC, every line end as LF, trimmed; paragraphs stay. */
export function multiLine(text: string): string {
  return trimmedNfc(text.replace(/\r\n?/g, "\n"));
}

export type TextShape = "line" | "paragraphs";

/** A value as kept, one line or paragraphs. */
export function keptText(text: string, shape: TextShape): string {
  return shape === "line" ? singleLine(text) : multiLine(text);
}

/**
 * Why a kept value (keptText) cannot be stored in a field of at most `max` characters, or
 * null when it can: a refused character, or too long. Every form field and every reviewer's
 * edit asks this, after normalising.
 */
export function textProblem(kept: string, shape: TextShape, max: number): string | null {
  if (shape === "line" ? hasHiddenCharacter(kept) : hasHiddenInParagraphs(kept)) return TEXT_MESSAGES.hidden;
  if (kept.length > max) return tooLong(max);
  return null;
}

/**
 * The URL rule (one for the forms, the review queue's edits and the tables' checks): the
 * literal `http://` or `https://` (in any case), then a host: the character after the two
 * slashes is none of `/ \ ? # @ :`, nothing in it is a space or a control character, and the
 * URL parser finds a host name. The tables check the same prefix, first host character and
 * characters (migrations/0009_review_loop.sql, supabase/migrations/20250101000010_review_loop.sql),
 * so that a value this accepts is never refused by the database; the URL parser alone accepts
 * `https:example.com`, which the tables refuse.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\?#@:]/i.test(value) || /[\s\p{Cc}]/u.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}
