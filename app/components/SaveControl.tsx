// 'Save' on a result card and a restaurant page (docs/saved.md).
// Without JavaScript a form that posts the place to /saved (which answers 303 to the list);
// with JavaScript the same button toggles in place (aria-pressed), kept in the browser's copy
// of the list and its cookie (app/lib/saved/saved-store.ts, loaded after hydration). Pages never vary with the list:
// the server always renders 'Save'. On the list itself (SavedListContext) its 'Remove' is the
// control, and this renders nothing. A result card's 'Save' has no form of its own: the grid of
// cards is one form (action /saved, as here) that every card's button posts (RestaurantGrid,
// app/components/Results.tsx).
import { createContext, useContext, useState } from "react";
import { loadSavedStore, useSavedIds } from "~/lib/saved/saved-ids";

/** true inside the saved list's page. */
export const SavedListContext = createContext(false);

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
  // Without JavaScript the button posts its own name and value (add={id}): no hidden field.
  // Its name says which place, as the card's 'View Details' does (aria-label, not a hidden span).
  // With JavaScript its click toggles in place instead (a form with no text field is submitted
  // by its button only, so the click is the one way in).
  const control = (
    <>
      <button
        name={saved ? "remove" : "add"}
        value={id}
        aria-pressed={saved}
        aria-label={`${label} ${name}`}
        className={inForm ? undefined : "save-btn"}
        onClick={(event) => {
          event.preventDefault();
          void loadSavedStore().then((store) => setRefusal(store.toggleSaved(id)));
        }}
      >
        {label}
      </button>
      {refusal ? (
        <span role="status" className={inForm ? "text-red-800" : "ml-2 text-sm text-red-800"}>
          {refusal}
        </span>
      ) : null}
    </>
  );
  return inForm ? (
    control
  ) : (
    <form method="post" action="/saved" className={className}>
      {control}
    </form>
  );
}
