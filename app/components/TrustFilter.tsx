// The '100% dedicated' toggle, the three kitchen-practice toggles and 'Confirmed by diners',
// beside the dietary buttons: links to search URLs that keep every other parameter (they work without
// JavaScript), announced as toggle buttons with their pressed state.
import { type Search, searchHref } from "~/lib/search/search-url";
import { KITCHEN_LABELS, KITCHEN_PRACTICES, toggleKitchen } from "~/lib/search/kitchen";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { ToggleLink } from "./ui/toggle";

export function TrustFilter({ search }: { search: Search }) {
  const toggles = [
    {
      to: searchHref(search, { dedicated: !search.dedicated }),
      pressed: search.dedicated,
      label: "100% dedicated",
      testId: "toggle-dedicated",
    },
    ...KITCHEN_PRACTICES.map((practice) => ({
      to: searchHref(search, { kitchen: toggleKitchen(search.kitchen, practice) }),
      pressed: search.kitchen.includes(practice),
      label: KITCHEN_LABELS[practice],
      testId: `toggle-${practice}`,
    })),
    {
      to: searchHref(search, { confirmed: !search.confirmed }),
      pressed: search.confirmed,
      label: CONFIRMATION_TEXT.filter,
      testId: "toggle-confirmed",
    },
  ];
  return (
    <nav aria-label="Safety filter" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Safety</h2>
      <ul className="flex flex-wrap gap-2">
        {toggles.map((toggle) => (
          <li key={toggle.testId}>
            <ToggleLink {...toggle} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
