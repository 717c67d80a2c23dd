// Markup the server renders into a page that the page's hydration data does not carry (the
// static map's SVG: app/components/map/StaticMap.tsx), so that it is sent once, not twice. A
// loader keeps it in its request's load context (./server-markup.server.ts keepServerMarkup)
// and hands the page a short key for it; entry.server.tsx gives the request's markup to the
// document (ServerMarkupProvider); <ServerMarkup> inserts it, in an element marked with the
// key. In the browser, on hydration, <ServerMarkup> reads back what the server rendered from
// that element (as InlineStylesheet does with the stylesheet) and keeps it for later renders.
// After a client-side navigation there was no server render: a key the browser has not seen
// gives an empty element (the static map's box, which the interactive map covers).
import { createContext, useContext } from "react";

const ServerMarkupContext = createContext<ReadonlyMap<string, string> | null>(null);

/** Given this request's markup by entry.server.tsx. */
export const ServerMarkupProvider = ServerMarkupContext.Provider;

/** What the browser has read back from server-rendered pages, by key. */
const read = new Map<string, string>();

/** The markup kept under `key`, or null when this render has none. */
function useServerMarkup(key: string): string | null {
  const kept = useContext(ServerMarkupContext);
  if (kept || typeof document === "undefined") return kept?.get(key) ?? null;
  let html = read.get(key);
  if (html === undefined) {
    // (A key is letters and digits: keepServerMarkup.)
    const element = document.querySelector(`[data-markup="${key}"]`);
    if (!element) return null;
    html = element.innerHTML;
    read.set(key, html);
  }
  return html;
}

/** A <div> with the markup kept under `markup`; empty (and unmarked) when there is none. */
export function ServerMarkup({ markup, className }: { markup: string; className: string }) {
  const html = useServerMarkup(markup);
  return html === null ? (
    <div className={className} />
  ) : (
    <div className={className} data-markup={markup} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
