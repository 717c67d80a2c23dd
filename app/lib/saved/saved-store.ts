// The browser's copy of the saved list (with JavaScript): local storage, kept the same as the
// `saved` cookie, which the no-JavaScript flow and /saved read (saved-list.ts). The cookie wins
// when both are there (a list changed without JavaScript, or on /saved); with no cookie (cleared
// by the browser) the local copy fills it again. Loaded after hydration (saved-ids.ts), it
// tells the components the list (announceSavedIds in ./saved-event.ts) on load, on every change and on another tab's,
// and the service worker too, which keeps the saved pages for offline use (./offline-register.ts).
import { addSaved, parseSavedIds, removeSaved, savedCookie, savedIdsFromCookie, serialiseSavedIds } from "./saved-list";
import { announceSavedIds } from "./saved-event";
import { keepOffline } from "./offline-register";
import { SAVED_FULL } from "./saved-text";

const STORAGE_KEY = "saved";

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

/** The list as the browser keeps it now. */
function read(): number[] {
  const fromCookie = savedIdsFromCookie(document.cookie);
  const ids = fromCookie ?? parseSavedIds(localCopy());
  if (fromCookie === null && ids.length > 0) write(ids);
  return ids;
}

/** The list to everyone who shows or keeps it: the page's components and the service worker. */
function tell(ids: number[]) {
  announceSavedIds(ids);
  keepOffline(ids);
}

let current = read();
tell(current);
window.addEventListener("storage", (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = parseSavedIds(event.newValue);
  write(current);
  tell(current);
});

/**
 * Saves or unsaves a place; the notice when the list is full (nothing lost), else null. The
 * first place saved asks the browser to keep its storage (navigator.storage.persist).
 */
export function toggleSaved(id: number): string | null {
  const ids = read();
  const saved = ids.includes(id);
  const next = saved ? { ids: removeSaved(ids, id), full: false } : addSaved(ids, id);
  if (next.full) return SAVED_FULL;
  write(next.ids);
  if (!saved && ids.length === 0) void navigator.storage?.persist?.().catch(() => false);
  current = next.ids;
  tell(current);
  return null;
}
