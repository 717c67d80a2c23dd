// The saved ids as the page's components read them (useSavedIds): what the browser's copy of
// the list holds, once ./saved-store.ts has read it. That module (local storage, the cookie,
// toggling) is its own chunk, loaded after the page has hydrated (loadSavedStore): the first
// visit's JavaScript carries only this.
import { useSyncExternalStore } from "react";

const CHANGED = "saved-change";
const NONE: number[] = [];
let ids: number[] = NONE;

/** The store's answer: the list as the browser keeps it now. */
export function setSavedIds(next: number[]) {
  ids = next;
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The saved ids; empty on the server, while the page hydrates and until the store has read them. */
export const useSavedIds = () =>
  useSyncExternalStore(
    subscribe,
    () => ids,
    () => NONE,
  );

/** The store, loaded once, after hydration (or on the first 'Save', whichever comes first). */
export const loadSavedStore = () => import("./saved-store");
