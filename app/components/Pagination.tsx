import { Link } from "@remix-run/react";
import { type Search, pageCount, searchHref } from "~/lib/search/search-url";

/** Page numbers to show: first, last, and two either side of the current page. */
function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push("gap");
    items.push(page);
  });
  return items;
}

/** A page link (component classes of app/tailwind.css): the current page's, or another's. */
const item = (current: boolean) => `page-link ${current ? "is-on" : "is-off"}`;

export function Pagination({
  search,
  total,
  hrefFor = (page) => searchHref(search, { page }),
}: {
  search: Search;
  total: number;
  /** The link to a page (a landing page keeps its own path). */
  hrefFor?: (page: number) => string;
}) {
  const last = pageCount(total);
  if (last <= 1 && search.page <= 1) return null;
  const current = search.page;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {current > 1 ? (
        <Link to={hrefFor(Math.min(current - 1, last))} className={item(false)} rel="prev">
          Previous
        </Link>
      ) : null}
      {pageWindow(Math.min(current, last), last).map((entry, index) =>
        entry === "gap" ? (
          <span key={`gap-${index}`} className="px-1 text-slate-600" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={entry}
            to={hrefFor(entry)}
            aria-label={`Page ${entry}`}
            aria-current={entry === current ? "page" : undefined}
            className={item(entry === current)}
          >
            {entry}
          </Link>
        ),
      )}
      {current < last ? (
        <Link to={hrefFor(current + 1)} className={item(false)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * Pages of a list that is not counted (a state's cities, a listing's history): 'previous' past
 * the first page, 'next' when the loader found more, nothing when there is one page.
 */
export function PreviousNext({
  hrefFor,
  page,
  hasNext,
  label,
  previousText,
  nextText,
  className,
  linkClassName,
}: {
  /** The link to a page; page 1's has no number. */
  hrefFor: (page: number) => string;
  page: number;
  hasNext: boolean;
  /** The navigation landmark's name. */
  label: string;
  previousText: string;
  nextText: string;
  className: string;
  linkClassName: string;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className={className}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClassName} rel="prev">
          {previousText}
        </Link>
      ) : null}
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={linkClassName} rel="next">
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}
