// /saved.gpx?ids=… (or the visitor's own list): GPX 1.1 waypoints (docs/saved.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { savedFile } from "~/lib/saved/saved-file.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => savedFile("gpx", request, context);
