// The saved ids as the page's components read them (useSavedIds): what the browser's copy of
// the list holds, once ./saved-store.ts has read it. That module (local storage, the cookie,
// toggling) is its own chunk, loaded after the page has hydrated (loadSavedStore): the first
// visit's JavaScript carries only this and the event's name (./saved-event.ts).
import { useSyncExternalStore } from "react";
import { SAVED_CHANGE } from "./saved-event";

const NONE: number[] = [];
let ids: number[] = NONE;

// The store's answer (announceSavedIds): the list as the browser keeps it now.
if (typeof window !== "undefined") {
  window.addEventListener(SAVED_CHANGE, (event) => {
    ids = (event as CustomEvent<number[]>).detail;
  });
}

function subscribe(onChange: () => void) {
  window.addEventListener(SAVED_CHANGE, onChange);
  return () => window.removeEventListener(SAVED_CHANGE, onChange);
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
