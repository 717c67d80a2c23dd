// The saved list's words (docs/saved.md). SAVED_FULL stands alone: the first visit's 'Save'
// needs it and none of the rest.
import { MAX_SAVED } from "./saved-list";

export const SAVED_FULL = `Your list is full: it holds ${MAX_SAVED} places. Remove one to save another.`;

export const SAVED_TEXT = {
  empty: "Nothing saved yet. Choose 'Save' on a restaurant to keep it here for your trip.",
  browserCopy:
    "Your browser keeps this list, and a browser may clear its copy. The list's link keeps it: bookmark it or share it to open it on any device.",
  gone: "No longer listed",
} as const;
