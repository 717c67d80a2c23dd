// The 'Open now' toggle beside the other filters: a link to the search URL with `open=now`
// added or removed, keeping every other parameter (it works without JavaScript), announced as
// a toggle button with its pressed state.
import { Link } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import type { Search } from "~/lib/domain";
import { searchHref } from "~/lib/search-params";
import { pill } from "./ui/styles";

/** A toggle button answers Space as well as Enter (a link alone answers Enter). */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

export function OpenNowFilter({ state }: { state: Search }) {
  return (
    <nav aria-label="Opening hours filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Opening hours</h2>
      <p>
        <Link
          to={searchHref(state, { open: !state.open })}
          role="button"
          aria-pressed={state.open}
          className={pill(state.open)}
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
