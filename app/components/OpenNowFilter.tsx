// The 'Open now' toggle beside the other filters: a link to the search URL with `open=now`
// added or removed, keeping every other parameter (it works without JavaScript), announced as
// a toggle button with its pressed state.
import { type Search, searchHref } from "~/lib/search/search-url";
import { ToggleLink } from "./ui/toggle";

export function OpenNowFilter({ search }: { search: Search }) {
  return (
    <nav aria-label="Opening hours filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Opening hours</h2>
      <p>
        <ToggleLink
          to={searchHref(search, { open: !search.open })}
          pressed={search.open}
          label="Open now"
          testId="toggle-open-now"
        />
      </p>
    </nav>
  );
}
