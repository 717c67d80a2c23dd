// The browser's copy of the saved list (with JavaScript): local storage, kept the same as the
// `saved` cookie, which the no-JavaScript flow and /saved read (saved-list.ts). The cookie wins
// when both are there (a list changed without JavaScript, or on /saved); with no cookie (cleared
// by the browser) the local copy fills it again. Components read it with useSavedIds.
import { useSyncExternalStore } from "react";
import { addSaved, parseSavedIds, removeSaved, savedCookie, savedIdsFromCookie, serialiseSavedIds } from "./saved-list";

const STORAGE_KEY = "saved";
const CHANGED = "saved-change";
const NONE: number[] = [];

let current: { text: string; ids: number[] } = { text: "", ids: NONE };

function localCopy(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(ids: readonly number[]) {
  try {
    localStorage.setItem(STORAGE_KEY, serialiseSavedIds(ids));
  } catch {
    // Storage refused (private mode, full): the cookie still keeps the list.
  }
  document.cookie = savedCookie(ids, location.protocol === "https:");
}

/** The list as the browser keeps it now (the same array while it has not changed). */
function snapshot(): number[] {
  const fromCookie = savedIdsFromCookie(document.cookie);
  const ids = fromCookie ?? parseSavedIds(localCopy());
  if (fromCookie === null && ids.length > 0) write(ids);
  const text = serialiseSavedIds(ids);
  if (text !== current.text) current = { text, ids };
  return current.ids;
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The saved ids; empty on the server and while the page hydrates (pages never vary with the list). */
export const useSavedIds = () => useSyncExternalStore(subscribe, snapshot, () => NONE);

/**
 * Saves or unsaves a place; false when the list is full (nothing lost). The first place saved
 * asks the browser to keep its storage (navigator.storage.persist).
 */
export function toggleSaved(id: number): boolean {
  const ids = snapshot();
  const saved = ids.includes(id);
  const next = saved ? { ids: removeSaved(ids, id), full: false } : addSaved(ids, id);
  if (next.full) return false;
  write(next.ids);
  if (!saved && ids.length === 0) void navigator.storage?.persist?.().catch(() => false);
  window.dispatchEvent(new Event(CHANGED));
  return true;
}
