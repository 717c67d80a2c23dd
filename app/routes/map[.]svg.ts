// /map.svg?pins=lat,lng;…: the static map's basemap, drawn under a result page's pins (app/lib/map/static-map.server.ts, docs/routes.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { basemapResponse } from "~/lib/map/static-map.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return basemapResponse(context.cloudflare.env, request);
}
