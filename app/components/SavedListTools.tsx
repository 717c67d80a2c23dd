// Beside a saved list: its link ('Share this list' copies it with JavaScript; without, the
// link itself is there to copy or bookmark) and the list for maps apps (KML, GPX).
import { useState } from "react";
import { savedListHref } from "~/lib/saved/saved-list";
import { useHydrated } from "~/lib/web/hydrated";
import { secondaryButton, textLink } from "./ui/styles";

export function SavedListTools({ ids }: { ids: readonly number[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const href = savedListHref(ids);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm print:hidden">
      {hydrated ? (
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(new URL(href, location.href).href)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          Share this list
        </button>
      ) : null}
      <a href={href} className={textLink} data-testid="saved-link">
        Link to this list
      </a>
      <a href={savedListHref(ids, "/saved.kml")} className={textLink}>
        KML (Organic Maps, Google My Maps)
      </a>
      <a href={savedListHref(ids, "/saved.gpx")} className={textLink}>
        GPX
      </a>
      {copied ? <span role="status">Link copied</span> : null}
    </div>
  );
}
