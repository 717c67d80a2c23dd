// 'Save' on a result card and a restaurant page (docs/saved.md).
// Without JavaScript a form that posts the place to /saved (which answers 303 to the list);
// with JavaScript the same button toggles in place (aria-pressed), kept in the browser's copy
// of the list and its cookie (app/lib/saved/saved-store.ts, loaded after hydration). Pages never vary with the list:
// the server always renders 'Save'. On the list itself (SavedListContext) its 'Remove' is the
// control, and this renders nothing.
import { createContext, useContext, useState } from "react";
import { loadSavedStore, useSavedIds } from "~/lib/saved/saved-ids";

/** true inside the saved list's page. */
export const SavedListContext = createContext(false);

export function SaveControl({ id, name, className }: { id: number; name: string; className?: string }) {
  const saved = useSavedIds().includes(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (useContext(SavedListContext)) return null;
  const label = saved ? "Saved" : "Save";
  // Without JavaScript the button posts its own name and value (add={id}): no hidden field.
  // Its name says which place, as the card's 'View Details' does (aria-label, not a hidden span).
  return (
    <form
      method="post"
      action="/saved"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void loadSavedStore().then((store) => setRefusal(store.toggleSaved(id)));
      }}
    >
      <button
        name={saved ? "remove" : "add"}
        value={id}
        aria-pressed={saved}
        aria-label={`${label} ${name}`}
        className="save-btn"
      >
        {label}
      </button>
      {refusal ? (
        <span role="status" className="ml-2 text-sm text-red-800">
          {refusal}
        </span>
      ) : null}
    </form>
  );
}
