// /tiles/{z}/{x}/{y}.mvt: one vector tile of the map's archive (app/lib/map/tiles.server.ts, docs/routes.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tileResponse } from "~/lib/map/tiles.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return tileResponse(context.cloudflare.env, request, params);
}
