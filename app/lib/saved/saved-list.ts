// A visitor's saved places (docs/saved.md): a list of restaurant ids
// in saved order, at most MAX_SAVED, kept in the `saved` cookie (read and set by /saved alone)
// and, with JavaScript, in the browser; `/saved?ids=…` is the same list as a link.

/** The most places a list holds; the next one is refused. */
export const MAX_SAVED = 100;

/** The cookie the no-JavaScript list lives in: ids only, comma-separated. */
const SAVED_COOKIE = "saved";

/** A year, in seconds: how long the cookie is kept. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const ID = /^[1-9][0-9]{0,15}$/;

/** One id as a list names it, or null (not a positive safe integer). */
export function parseSavedId(raw: string | null | undefined): number | null {
  const text = raw?.trim() ?? "";
  if (!ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The ids of a list as written (`12,45,78`): in order, duplicates and non-integers dropped,
 * and every id past the MAX_SAVED-th kept one.
 */
export function parseSavedIds(raw: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (raw ?? "").split(",")) {
    const id = parseSavedId(part);
    if (id !== null && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_SAVED) break;
  }
  return ids;
}

export const serialiseSavedIds = (ids: readonly number[]) => ids.join(",");

/** The list's own link: `/saved?ids=12,45,78` (the commas kept as they read). */
export const savedListHref = (ids: readonly number[], path = "/saved") =>
  ids.length > 0 ? `${path}?ids=${serialiseSavedIds(ids)}` : path;

/** The `saved` cookie's list in a Cookie header (or document.cookie); null when there is none. */
export function savedIdsFromCookie(header: string | null): number[] | null {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at === -1 || pair.slice(0, at).trim() !== SAVED_COOKIE) continue;
    let value = pair.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return [];
    }
    return parseSavedIds(value);
  }
  return null;
}

/**
 * The cookie that keeps this list: a year, SameSite=Lax, readable by the page's script (which
 * keeps its copy the same). An empty list is kept as an empty cookie, not removed: no cookie
 * means "not known here", and the browser's copy (saved-store.ts) then fills it again.
 */
export function savedCookie(ids: readonly number[], secure: boolean): string {
  return [
    `${SAVED_COOKIE}=${encodeURIComponent(serialiseSavedIds(ids))}`,
    `Max-Age=${COOKIE_MAX_AGE}`,
    "Path=/",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** What adding a place does to a list: `full` when it already holds MAX_SAVED (nothing lost). */
export function addSaved(ids: readonly number[], id: number): { ids: number[]; full: boolean } {
  if (ids.includes(id)) return { ids: [...ids], full: false };
  if (ids.length >= MAX_SAVED) return { ids: [...ids], full: true };
  return { ids: [...ids, id], full: false };
}

export const removeSaved = (ids: readonly number[], id: number) => ids.filter((kept) => kept !== id);
