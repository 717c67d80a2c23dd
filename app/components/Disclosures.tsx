// A phone's first screen shows results: the filter buttons fold behind 'Filters', which
// names the ones chosen, and after a search the search hero folds into one line that says
// what was searched ('"thai" · Portland, OR · 25 mi') and opens into the full form. Both are <details> elements, so they open and close without JavaScript
// (docs/layout.md).
import { useEffect, useRef, type ReactNode } from "react";
import { DIET_LABELS } from "~/lib/search/diet";
import type { Search } from "~/lib/search/search-url";
import { KITCHEN_LABELS } from "~/lib/search/kitchen";
import { CONFIRMATION_TEXT } from "~/lib/trust/confirmations";
import { focusRing } from "./ui/styles";
import { useCoordsOrigin } from "~/lib/map/map-area";
import { coordsName, type CoordsNaming, type CoordsOrigin } from "~/lib/places/nearest-place";

/**
 * What the search asked for: its words, its place and radius; for coordinates 'Your location',
 * 'This map area' (app/lib/map/map-area.ts) or the nearest place ('Bellevue, WA':
 * app/lib/places/nearest-place.ts).
 */
function searchSummaryParts(search: Search, origin: CoordsOrigin | null, naming: CoordsNaming): string[] {
  const parts: string[] = [];
  if (search.query) parts.push(`"${search.query}"`);
  const coords = search.coords ? coordsName(origin, naming.name) : "";
  const place = search.location || coords.charAt(0).toUpperCase() + coords.slice(1);
  if (place) parts.push(place, `${search.radius} mi`);
  return parts;
}

/** The diets chosen: 'Vegan', or with several 'Any of Gluten-Free, Vegan' / 'All of Gluten-Free, Vegan'. */
function dietSummary(search: Search): string[] {
  const labels = search.diets.map((diet) => DIET_LABELS[diet]);
  if (labels.length <= 1) return labels;
  return [`${search.match === "all" ? "All" : "Any"} of ${labels.join(", ")}`];
}

/** The filters chosen, by their button labels. */
export function activeFilterLabels(search: Search): string[] {
  return [
    ...dietSummary(search),
    ...(search.cuisine ? [search.cuisine] : []),
    ...(search.dedicated ? ["100% dedicated"] : []),
    ...search.kitchen.map((practice) => KITCHEN_LABELS[practice]),
    ...(search.confirmed ? [CONFIRMATION_TEXT.filter] : []),
    ...(search.open ? ["Open now"] : []),
  ];
}

/** 'A · B · C', read as a list ('A, B, C') by screen readers. */
function Joined({ parts }: { parts: string[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <span key={`${index}-${part}`}>
          {index > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
            </>
          ) : null}
          {part}
        </span>
      ))}
    </>
  );
}

function Chevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      fill="currentColor"
      className="shrink-0 group-open:rotate-180"
    >
      <path d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
    </svg>
  );
}

const summaryRow = `flex cursor-pointer list-none items-center gap-3 [&::-webkit-details-marker]:hidden ${focusRing}`;

/**
 * The search, folded: one line that opens into the form. `open` only as the page is first
 * rendered (a search sent blank, which needs the form). With JavaScript, a new search
 * folds it again, and focus moves from the form to the line.
 */
export function SearchDisclosure({
  search,
  naming,
  open,
  children,
}: {
  search: Search;
  naming: CoordsNaming;
  open: boolean;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const parts = searchSummaryParts(search, useCoordsOrigin(search.coords, naming.own), naming);
  const key = parts.join("\u0000");
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    const element = details.current;
    if (!element?.open) return;
    // The form remounts for a new search, so its focused field may be gone already (body).
    const focus = document.activeElement;
    const hadFocus = !focus || focus === document.body || element.contains(focus);
    element.open = false;
    if (hadFocus) element.querySelector("summary")?.focus();
  }, [key]);
  return (
    <details ref={details} open={open} className="group" data-testid="search-disclosure">
      <summary
        className={`${summaryRow} rounded-xl bg-white px-4 py-3 text-slate-900 shadow-lg ring-1 ring-slate-200`}
        data-testid="search-summary"
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="shrink-0 text-slate-600"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
        <span className="relative line-clamp-2 min-w-0 flex-1 font-medium break-words">
          <span className="sr-only">Your search: </span>
          {parts.length > 0 ? <Joined parts={parts} /> : "Every restaurant"}
        </span>
        <span className="shrink-0 text-sm font-semibold text-emerald-800 group-open:hidden">Change</span>
        <span className="hidden shrink-0 text-sm font-semibold text-emerald-800 group-open:inline">Close</span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/**
 * The filter buttons behind 'Filters', which names those chosen. From 1024 px wide they stay
 * open and the summary goes (the .filters-fold rules in app/tailwind.css: a screen that wide has
 * room for them above the results); a phone folds them.
 */
export function FiltersDisclosure({ active, children }: { active: string[]; children: ReactNode }) {
  return (
    <details className="filters-fold group rounded-2xl border border-slate-200 bg-slate-50" data-testid="filters">
      <summary className={`${summaryRow} rounded-2xl px-4 py-3 sm:px-6`} data-testid="filters-summary">
        <span className="font-semibold text-slate-900">Filters</span>
        {/* relative: the screen-reader-only separators inside are clipped with the line, not left
            to widen the page past a narrow screen. */}
        <span className="relative min-w-0 flex-1 truncate text-sm text-slate-700">
          {active.length > 0 ? (
            <>
              <span className="sr-only">: </span>
              <Joined parts={active} />
            </>
          ) : null}
        </span>
        <Chevron />
      </summary>
      <div className="grid gap-6 px-4 pt-1 pb-4 sm:px-6 sm:pb-6 lg:gap-4 lg:py-5">{children}</div>
    </details>
  );
}
