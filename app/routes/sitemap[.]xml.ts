// /sitemap.xml: the sitemap index (docs/seo.md). It lists each state's landing files, those
// of the pages outside the US (world.xml, each subdivision's) and the restaurant files that
// hold a restaurant, read from the database in three bounded queries (restaurant_states' rows,
// then the outline), and is kept a day in the page cache.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { directoryFor, fileOrUnavailable } from "~/lib/directory/index.server";
import { EDGE_POLICY } from "~/lib/web/cache-control";
import { areaKeysAbroad, areaOfKey } from "~/lib/seo/world-landing.server";
import {
  IDS_PER_SITEMAP,
  MAX_RESTAURANT_SITEMAPS,
  sitemapIndexXml,
  sitemapPath,
  stateSitemapParts,
  type SitemapFile,
} from "~/lib/seo/sitemap";

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": EDGE_POLICY.sitemap };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return fileOrUnavailable(async () => {
    const { origin } = new URL(request.url);
    const directory = directoryFor(context);
    const abroad = areaKeysAbroad(await directory.listStates());
    const outline = await directory.sitemapOutline(IDS_PER_SITEMAP, MAX_RESTAURANT_SITEMAPS, abroad);
    const areas = (outline.areas ?? []).flatMap(({ state, cities }) => {
      const area = areaOfKey(state);
      return area ? [{ ...area, cities }] : [];
    });
    const files: SitemapFile[] = [
      // /us, the states' page, when any state has a landing page.
      ...(outline.states.length > 0 ? [{ kind: "states" } as const] : []),
      ...outline.states.flatMap(({ state, cities }) =>
        Array.from({ length: stateSitemapParts(cities) }, (_, index): SitemapFile => ({
          kind: "state",
          state,
          part: index + 1,
        })),
      ),
      // Outside the US: /countries, the countries' and subdivisions' pages, then each area's cities.
      ...(areas.length > 0 ? [{ kind: "world" } as const] : []),
      ...areas.flatMap(({ country, code, cities }) =>
        Array.from({ length: stateSitemapParts(cities) }, (_, index): SitemapFile => ({
          kind: "area",
          country,
          code,
          part: index + 1,
        })),
      ),
      ...outline.restaurantFiles.map((n): SitemapFile => ({ kind: "restaurants", n })),
    ];
    return new Response(sitemapIndexXml(files.map((file) => `${origin}${sitemapPath(file)}`)), {
      headers: XML_HEADERS,
    });
  });
}
