// 'Save' on a result card and a restaurant page (docs/saved.md).
// Without JavaScript a form that posts the place to /saved (which answers 303 to the list);
// with JavaScript the same button toggles in place (aria-pressed), kept in the browser's copy
// of the list and its cookie (app/lib/saved/saved-store.ts, loaded after hydration). Pages never vary with the list:
// the server always renders 'Save'. On the list itself (SavedListContext) its 'Remove' is the
// control, and this renders nothing. A result card's 'Save' has no form of its own: the grid of
// cards is one form that every card's button posts (SAVE_FORM, app/components/Results.tsx).
import { createContext, useContext, useState } from "react";
import { loadSavedStore, useSavedIds } from "~/lib/saved/saved-ids";

/** true inside the saved list's page. */
export const SavedListContext = createContext(false);

/** The form that posts a place to the list without JavaScript (a grid of cards is one). */
export const SAVE_FORM = { method: "post", action: "/saved" } as const;

/**
 * `inForm`: a result card's button, in its grid's form (and styled by the card, `.card > button`
 * in app/tailwind.css); otherwise the button in a form of its own.
 */
export function SaveControl({
  id,
  name,
  className,
  inForm = false,
}: {
  id: number;
  name: string;
  className?: string;
  inForm?: boolean;
}) {
  const saved = useSavedIds().includes(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (useContext(SavedListContext)) return null;
  const label = saved ? "Saved" : "Save";
  const toggle = () => void loadSavedStore().then((store) => setRefusal(store.toggleSaved(id)));
  // Without JavaScript the button posts its own name and value (add={id}): no hidden field.
  // Its name says which place, as the card's 'View Details' does (aria-label, not a hidden span).
  const button = (
    <button
      name={saved ? "remove" : "add"}
      value={id}
      aria-pressed={saved}
      aria-label={`${label} ${name}`}
      className={inForm ? undefined : "save-btn"}
      onClick={
        inForm
          ? (event) => {
              event.preventDefault();
              toggle();
            }
          : undefined
      }
    >
      {label}
    </button>
  );
  const status = refusal ? (
    <span role="status" className={inForm ? "text-red-800" : "ml-2 text-sm text-red-800"}>
      {refusal}
    </span>
  ) : null;
  if (inForm)
    return (
      <>
        {button}
        {status}
      </>
    );
  return (
    <form
      {...SAVE_FORM}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        toggle();
      }}
    >
      {button}
      {status}
    </form>
  );
}
