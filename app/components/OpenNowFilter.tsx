// The 'Open now' toggle beside the other filters: a link to the search URL with `open=now`
// added or removed, keeping every other parameter (it works without JavaScript), announced as
// a toggle button with its pressed state.
import { Link } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { type Search, searchHref } from "~/lib/search/search-url";
import { pill } from "./ui/styles";

/** A toggle button answers Space as well as Enter (a link alone answers Enter). */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

export function OpenNowFilter({ search }: { search: Search }) {
  return (
    <nav aria-label="Opening hours filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Opening hours</h2>
      <p>
        <Link
          to={searchHref(search, { open: !search.open })}
          role="button"
          aria-pressed={search.open}
          className={pill(search.open)}
          preventScrollReset
          onKeyDown={pressOnSpace}
          data-testid="toggle-open-now"
        >
          Open now
        </Link>
      </p>
    </nav>
  );
}
