// The header's link to the saved list: 'Saved' as the server renders every page (no page
// varies with the list), 'Saved (N)' once the page runs JavaScript and has read a list of N
// places from the browser's copy.
// Every page has it: it loads the list's store once the page has hydrated.
import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { loadSavedStore, useSavedIds } from "~/lib/saved/saved-ids";

export function SavedLink() {
  const count = useSavedIds().length;
  useEffect(() => {
    void loadSavedStore();
  }, []);
  return (
    <Link to="/saved" className="save-btn ml-auto print:hidden" data-testid="saved-link-header">
      {count ? `Saved (${count})` : "Saved"}
    </Link>
  );
}
