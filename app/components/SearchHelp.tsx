// What the page offers beside the spec's results (docs/search-url.md "What people type"): the
// search with its filter words turned into filters, 'Did you mean' for a misspelt place or
// cuisine, and the filters whose removal would find something. Plain links to search URLs,
// each with the count the loader found for it (app/lib/hints/search-hints.ts).
import { Link } from "@remix-run/react";
import { countText, restaurantsText } from "~/lib/search/result-count";
import type { HintLink, SearchHints } from "~/lib/hints/search-hints";
import { textLink } from "./ui/styles";

/** 'Show gluten-free restaurants matching "pizza" in Seattle, WA (6)'. */
export function FilterWordsLink({ link, className = "" }: { link: HintLink | null; className?: string }) {
  if (!link) return null;
  return (
    <p className={`text-sm text-slate-800 ${className}`} data-testid="filter-words">
      <Link to={link.href} className={`${textLink} font-semibold break-words`}>
        {link.label} ({countText(link.count, link.capped)})
      </Link>
    </p>
  );
}

/** 'Did you mean: Portland, OR (16), Portland, ME (4)?' */
function SpellingHints({ links }: { links: HintLink[] }) {
  return (
    <p className="mt-4 text-slate-800" data-testid="spelling-suggestions">
      Did you mean:{" "}
      {links.map((link, index) => (
        <span key={link.href}>
          {index > 0 ? ", " : null}
          <Link to={link.href} className={`${textLink} break-words`}>
            {link.label}
          </Link>{" "}
          <span className="text-slate-700">({countText(link.count, link.capped)})</span>
        </span>
      ))}
      ?
    </p>
  );
}

/** 'Without "Open now": 6 restaurants', one link a line. */
function WithoutFilters({ links }: { links: HintLink[] }) {
  return (
    <div className="mt-4" data-testid="without-filters">
      <p className="text-sm font-semibold text-slate-800">Try without one filter:</p>
      <ul className="mt-2 flex flex-col items-center gap-1.5">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={`${textLink} break-words`}>
              {link.label}: {restaurantsText(link.count, link.capped)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The suggestions inside an empty state, after the spec's texts: those the loader found, if any. */
export function EmptyStateHelp({ suggestions }: { suggestions: SearchHints }) {
  const { filterWords, didYouMean, withoutFilters } = suggestions;
  return (
    <>
      <FilterWordsLink link={filterWords} className="mt-4" />
      {didYouMean.length > 0 ? <SpellingHints links={didYouMean} /> : null}
      {withoutFilters.length > 0 ? <WithoutFilters links={withoutFilters} /> : null}
    </>
  );
}
