// Markup the server renders into a page that the page's hydration data does not carry (the
// static map's SVG: app/components/map/StaticMap.tsx), so that it is sent once, not twice. A
// loader keeps it in its request's load context (./server-markup.server.ts keepServerMarkup)
// and hands the page a short key for it; entry.server.tsx gives the request's markup to the
// document (ServerMarkupContext), and <ServerMarkup> inserts what is kept under the key.
//
// In the browser there is none: <ServerMarkup> renders empty inner HTML, and hydration leaves
// what the server rendered in place (React does not patch an element's inner HTML on
// hydration; a re-render with the same, empty, inner HTML does not touch it either). A new key
// (a client-side navigation to other results) is a new element, empty: there was no server
// render for it (the static map's box stays, and the interactive map covers it).
import { createContext, useContext } from "react";

/** Given this request's markup by entry.server.tsx (its Provider). */
export const ServerMarkupContext = createContext<ReadonlyMap<string, string> | null>(null);

/** A <div> with the markup kept under the key `markup`; empty when this render has none. */
export function ServerMarkup({ markup, className }: { markup: string; className: string }) {
  const html = useContext(ServerMarkupContext)?.get(markup) ?? "";
  return <div key={markup} className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
