// How the lists say how many they hold: numbers as US English writes them, and the line above
// a page of results ('Showing 26–50 of 1,000+ restaurants'), whose total stops at MAX_COUNTED.
import { MAX_COUNTED, PAGE_SIZE } from "./search-url";

const numberFormat = new Intl.NumberFormat("en-US");

/** 1234 → '1,234'. */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** A capped count: '6', '1,000+'. */
export function countText(count: number, capped: boolean): string {
  return capped ? `${formatNumber(MAX_COUNTED)}+` : formatNumber(count);
}

/** '6 restaurants', '1 restaurant', '1,000+ restaurants'. */
export function restaurantsText(count: number, capped: boolean): string {
  return `${countText(count, capped)} ${count === 1 && !capped ? "restaurant" : "restaurants"}`;
}

/**
 * The results line for `page` of a search that found `total` (`capped`: the count stopped at
 * MAX_COUNTED); null when it found nothing.
 */
export function resultsCountText({ total, capped, page }: { total: number; capped: boolean; page: number }) {
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const count = countText(total, capped);
  const noun = total === 1 && !capped ? "restaurant" : "restaurants";
  return first > total
    ? `No results on page ${page}: there ${total === 1 ? "is" : "are"} ${count} ${noun}.`
    : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${count} ${noun}`;
}

/** Why a search stops at MAX_COUNTED results, and what to do about it. */
export function cappedText(): string {
  return `Only the first ${formatNumber(MAX_COUNTED)} results are listed. Add a word, a cuisine, a diet or a place to narrow the search.`;
}
