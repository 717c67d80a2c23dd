// What entry.server.tsx hands the document: the CSP nonce of this response and the inlined
// stylesheet.
//
// The nonce goes to the document's <Scripts> and <ScrollRestoration>; in the browser it is an
// empty string.
//
// The whole stylesheet inlined in every page's <head>, so that the HTML alone can paint: no
// second, render-blocking request on a slow connection. The stylesheet is small (docs/layout.md
// gives its size) and a client-side navigation keeps the document, so it costs little
// (docs/decisions/0008-static-files-and-the-stylesheet.md).
//
// entry.server.tsx provides the CSS text (not on the dev server); the browser bundle never
// holds it. In the browser the component renders what the server sent (text and nonce, read
// from the document once), so hydration matches and a client re-render keeps the same,
// still-allowed element.
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

const StylesheetContext = createContext<string | null>(null);

/** Given the CSS text by entry.server.tsx. */
export const StylesheetProvider = StylesheetContext.Provider;

const ELEMENT_ID = "app-stylesheet";

const rendered = typeof document === "undefined" ? null : document.getElementById(ELEMENT_ID);

/** Nothing on the dev server, which links the stylesheet instead (app/root.tsx). */
export function InlineStylesheet({ nonce }: { nonce: string }) {
  const css = useContext(StylesheetContext) ?? rendered?.textContent ?? "";
  if (!css) return null;
  // The browser hides a nonce attribute from the DOM, but keeps it in the `nonce` property.
  const elementNonce = nonce || rendered?.nonce || undefined;
  return <style id={ELEMENT_ID} nonce={elementNonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
