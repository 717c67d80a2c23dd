// Text that is what it looks like (docs/routes.md, "What people type into the forms"): the
// rules every form field and every edit of the review queue follows, and the one URL rule
// that the forms, the queue and the tables' checks share. Pure: the forms' schemas, the
// queue's edits and the tests use it.

/**
 * Characters a single-line field refuses: control characters (tabs and line breaks included),
 * zero-width characters (U+200B-U+200D, U+2060, U+FEFF) and bidirectional overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069). Each can make a name look like another one: a
 * second 'Portland' city page, a name shown reversed in a title.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u;

export const TEXT_MESSAGES = {
  hidden: "Please remove invisible, control or text-direction characters.",
  state: "Please enter a US state or its two-letter code.",
  website: "Please enter a website address starting with http:// or https://.",
  menu: "Please enter a menu address starting with http:// or https://.",
} as const;

export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

/** A single-line value as kept: trimmed, Unicode NFC (whether it may be kept: hasHiddenCharacter). */
export function singleLine(text: string): string {
  return text.normalize("NFC").trim();
}

/** A multi-line value as kept: Unicode NFC, every line end as LF, trimmed; paragraphs stay. */
export function multiLine(text: string): string {
  return text.normalize("NFC").replace(/\r\n?/g, "\n").trim();
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
