// /saved.kml?ids=… (or the visitor's own list): KML 2.2 for Organic Maps, Google My Maps and others (docs/saved.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { savedFile } from "~/lib/saved/saved-file.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => savedFile("kml", request, context);
