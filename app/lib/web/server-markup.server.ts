// The loaders' side of ./server-markup.tsx: markup kept for this request's document, under a
// key the page's data carries instead of the markup.
import type { AppLoadContext } from "@remix-run/cloudflare";

/** FNV-1a (32 bits) of the text, in base 36: a key of at most 7 letters and digits. */
function keyOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Keeps `html` for this request's document (the server renders it where the page names the
 * key; a `.data` request renders nothing, so it is dropped) and returns its key. The markup
 * is inserted as it is: whoever makes it escapes the text in it.
 */
export function keepServerMarkup(context: AppLoadContext, html: string): string {
  const key = keyOf(html);
  context.markup?.set(key, html);
  return key;
}
