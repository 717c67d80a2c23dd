// /saved.kml and /saved.gpx: the list a request names (saved-page.server.ts), as a file for a
// maps app. It varies with the cookie when it has no `ids`, so it is never kept by a cache.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { EDGE_POLICY } from "../web/cache-control";
import { requestedList, savedEntries } from "./saved-page.server";
import { savedGpx, savedKml } from "./saved-export";

const FORMATS = {
  kml: { type: "application/vnd.google-earth.kml+xml; charset=utf-8", render: savedKml },
  gpx: { type: "application/gpx+xml; charset=utf-8", render: savedGpx },
} as const;

export async function savedFile(format: keyof typeof FORMATS, request: Request, context: AppLoadContext) {
  const { ids } = requestedList(request);
  const entries = await savedEntries(context, ids);
  const restaurants = entries.flatMap(({ restaurant }) => (restaurant ? [restaurant] : []));
  const { type, render } = FORMATS[format];
  return new Response(render(restaurants, new URL(request.url).origin), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="safebites-saved.${format}"`,
      "Cache-Control": EDGE_POLICY.never,
    },
  });
}
