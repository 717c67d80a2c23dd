// A result page's map as its loader hands it to the page: the static map's SVG kept for the
// server's render of the document, not in the page's data (app/lib/web/server-markup.tsx), so
// that the page's HTML carries it once. The pins and the centre stay: the interactive map
// draws them.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { keepServerMarkup } from "../web/server-markup.server";
import type { PageMapData, ResultsMapData } from "./pins";

export function pageMapOf(context: AppLoadContext, { staticMap, ...map }: ResultsMapData): PageMapData {
  return {
    ...map,
    staticMap: staticMap && { svg: keepServerMarkup(context, staticMap.svg), caption: staticMap.caption },
  };
}
