// How the saved list's store (./saved-store.ts, loaded after hydration) tells the page's
// components (./saved-ids.ts) the list: an event on the window carrying the ids. Its own
// module so that neither of the two imports the other.

export const SAVED_CHANGE = "saved-change";

/** The list as the browser keeps it now, for every component that shows it. */
export function announceSavedIds(ids: number[]) {
  window.dispatchEvent(new CustomEvent<number[]>(SAVED_CHANGE, { detail: ids }));
}
