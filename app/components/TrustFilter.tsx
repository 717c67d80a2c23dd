// The '100% dedicated' toggle, the three kitchen-practice toggles and 'Confirmed by diners',
// beside the dietary buttons: links to search URLs that keep every other parameter (they work without
// JavaScript), announced as toggle buttons with their pressed state.
import { Link } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { type Search, searchHref } from "~/lib/search/search-url";
import { KITCHEN_LABELS, KITCHEN_PRACTICES, toggleKitchen } from "~/lib/trust/trust";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { pill } from "./ui/styles";

/** A toggle button answers Space as well as Enter (a link alone answers Enter). */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

function Toggle({ to, pressed, label, testId }: { to: string; pressed: boolean; label: string; testId: string }) {
  return (
    <Link
      to={to}
      role="button"
      aria-pressed={pressed}
      className={pill(pressed)}
      preventScrollReset
      onKeyDown={pressOnSpace}
      data-testid={testId}
    >
      {label}
    </Link>
  );
}

export function TrustFilter({ search }: { search: Search }) {
  return (
    <nav aria-label="Safety filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Safety</h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Toggle
            to={searchHref(search, { dedicated: !search.dedicated })}
            pressed={search.dedicated}
            label="100% dedicated"
            testId="toggle-dedicated"
          />
        </li>
        {KITCHEN_PRACTICES.map((practice) => (
          <li key={practice}>
            <Toggle
              to={searchHref(search, { kitchen: toggleKitchen(search.kitchen, practice) })}
              pressed={search.kitchen.includes(practice)}
              label={KITCHEN_LABELS[practice]}
              testId={`toggle-${practice}`}
            />
          </li>
        ))}
        <li>
          <Toggle
            to={searchHref(search, { confirmed: !search.confirmed })}
            pressed={search.confirmed}
            label={CONFIRMATION_TEXT.filter}
            testId="toggle-confirmed"
          />
        </li>
      </ul>
    </nav>
  );
}
