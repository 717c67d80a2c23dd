// /tiles.json: the map's TileJSON (app/lib/map/tiles.server.ts, docs/routes.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tileJsonResponse } from "~/lib/map/tiles.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return tileJsonResponse(context.cloudflare.env, request);
}
