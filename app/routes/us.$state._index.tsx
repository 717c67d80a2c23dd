// A state's landing page (/us/{st}): its cities that have restaurants, with how many, as links
// to their pages, CITIES_PER_PAGE a page (docs/seo.md; the page:
// app/components/landing/RegionLanding.tsx, its reads: app/lib/landing/region-page.server.ts). An
// unknown state, a state without restaurants or a page past the end: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RegionLanding } from "~/components/landing/RegionLanding";
import { loadRegionPage } from "~/lib/landing/region-page.server";
import { parseStateSegment, statePageSeo, usArea } from "~/lib/seo/landing";
import { landingMeta } from "~/lib/seo/seo";
import { loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(matches, data && statePageSeo(usArea(data.state), data.page));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const state = parseStateSegment(params.state);
  if (!state) notFound();
  const page = await loadRegionPage(usArea(state), request, context);
  return data({ ...page.data, state }, page.init ?? undefined);
}

export default function StatePage() {
  return <RegionLanding {...useLoaderData<typeof loader>()} />;
}
