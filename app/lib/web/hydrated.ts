// Whether this render runs in a browser that has hydrated the page. Controls that only work
// with JavaScript (e.g. 'Use My Location') render only then, so the server's HTML, and a
// browser without JavaScript, never shows a button that does nothing.
import { useSyncExternalStore } from "react";

// Nothing to subscribe to: the answer changes once, from the server snapshot to the client's.
export const subscribe = () => () => {};

/** false on the server and during hydration, true afterwards (and on client-side navigations). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
